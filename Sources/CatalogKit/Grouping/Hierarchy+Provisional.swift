extension Hierarchy {
    /// The top level of a table's hierarchy, found before its entries are sorted: what a launcher shows while the
    /// sort and the whole grouping go on, so its menu is there sooner.
    ///
    /// It is made only when it is exactly the level the whole hierarchy shows: the root (below the chain of groups
    /// that hold everything, ``Hierarchy``) holds groups and at most its own entry, since its other entries would
    /// need the sort's order. A group of it that holds a single entry is shown as that entry with the groups it
    /// stands for, so that entry's groups are made whole, in a second pass. Its groups are the whole hierarchy's,
    /// with the same numbers and entry counts, so a menu moved from one to the other keeps its highlight; what lies
    /// below them is left out, and only the top level may be shown.
    ///
    /// - Parameters:
    ///   - table: The entries, in the order read.
    ///   - rootTitle: The title of the root node.
    ///   - maxChildren: The most children a node shows; at least 2.
    /// - Returns: The level, or `nil` when the whole hierarchy is needed to show it.
    /// - Complexity: O(B) for B bytes of paths, once for each group of the chain above the root that not every
    ///   path spells the same, plus one; no array of every record outlives it. A group of one entry costs that
    ///   entry's path alone.
    package static func provisional(_ table: EntryTable, rootTitle: String, maxChildren: Int) -> Hierarchy? {
        guard table.count > 0, maxChildren >= 2 else { return nil }
        var walkedWhole: [UInt32] = []
        // Below the groups every path lies in (`find /usr`'s `/` and `usr`): the root lies there or deeper.
        let shared = Builder.sharedGroups(table)
        var depth = shared + 1
        // The groups found at `depth`, before any record is walked whole: one pass over the paths a depth.
        var found: Builder?
        while depth <= shared + 8 {
            if found == nil {
                var builder = Builder(table: table, depthLimit: depth)
                builder.findGroups()
                found = builder
            }
            guard var builder = found else { return nil }
            builder.walkWhole(walkedWhole)
            builder.prepareFound()
            let groups = builder.finishCounting()
            // The root as the whole hierarchy finds it: down the chain of groups that hold nothing else.
            var root = 0
            var level = 0
            func direct(_ group: Int) -> Int {
                let below = groups.subgroups(group).reduce(0) { $0 + Int(groups.entryCounts[$1]) }
                return Int(groups.entryCounts[group]) - below - groups.entryRange(group).count
            }
            while groups.entryRange(root).isEmpty && direct(root) == 0 && groups.subgroups(root).count == 1 {
                root = groups.subgroups(root).lowerBound
                level += 1
            }
            // At the depth made, the root's groups may hold more below them: look one level deeper.
            guard level < depth else {
                depth += 1
                found = nil
                continue
            }
            guard direct(root) == 0 else { return nil }
            // A group of one entry shows that entry with the groups it stands for: its groups are made whole, once.
            let lone = groups.subgroups(root).filter {
                groups.entryCounts[$0] == 1 && groups.entryRange($0).isEmpty && groups.subgroups($0).isEmpty
            }
            guard lone.isEmpty else {
                guard walkedWhole.isEmpty else { return nil }
                walkedWhole = lone.map { builder.samples[$0] }.sorted()
                continue
            }
            return Hierarchy(
                table: table, ranks: [], groups: groups, rootTitle: rootTitle, maxChildren: maxChildren,
                entriesAsRead: false)
        }
        return nil
    }
}

extension Hierarchy.Builder {
    /// How many groups every record's group path starts with, byte for byte: what a list under a chain of
    /// directories shares, counted as the walk counts groups.
    ///
    /// - Complexity: O(n) for n records, each compared only as far as all of them agree; it stops at the first
    ///   record that shares no whole group with the first.
    static func sharedGroups(_ table: EntryTable) -> Int {
        guard table.count > 0 else { return 0 }
        return table.withPathRanges { paths in
            func key(_ record: Int) -> UnsafeBufferPointer<UInt8> {
                let range = paths.range(record)
                let path = UnsafeBufferPointer(start: paths.text + range.lowerBound, count: range.count)
                return UnsafeBufferPointer(rebasing: path[..<table.titleRange(of: path).lowerBound])
            }
            let first = key(0)
            guard let base = first.baseAddress else { return 0 }
            // Whole components only: up to the last `/` the keys share.
            var common = first.count
            var record = 1
            while common > 0 && record < table.count {
                let bytes = commonPrefix(UnsafeBufferPointer(rebasing: first[..<common]), key(record))
                common = ByteSearch.last(0x2F, in: base, count: bytes).map { $0 + 1 } ?? 0
                record += 1
            }
            return groups(in: UnsafeBufferPointer(rebasing: first[..<common]), upTo: .max, shell: table.shellPaths)
                .count
        }
    }

    /// Walks each of `records`, ascending, to its deepest group, after ``findGroups()`` counted it at the limit:
    /// each the one entry of its group there, which a level shows with the groups it stands for. It then counts
    /// where a pass without a limit counts it, and is placed there by ``finishCounting()``.
    ///
    /// - Complexity: O(length of the records' paths), whatever the table's size.
    mutating func walkWhole(_ records: [UInt32]) {
        walkedWhole = records
        let shell = table.shellPaths
        table.withPathRanges { paths in
            let base = paths.text
            for record in records {
                let range = paths.range(Int(record))
                let start = range.lowerBound
                let path = UnsafeBufferPointer(start: base + start, count: range.count)
                let end = table.titleRange(of: path).lowerBound
                // Its groups from the root, as the pass walks them, and the one it was counted in at the limit.
                var parent: UInt32 = 0
                var depth = 0
                var componentStart = 0
                if shell && end > 0 && path.first == 0x2F {
                    parent = child(of: 0, named: start, length: 1, in: base)
                    depth = 1
                    componentStart = 1
                }
                var atLimit = parent
                while let slash = ByteSearch.next(0x2F, in: base + start, from: componentStart, to: end) {
                    let length = slash - componentStart
                    if length > 0 && !(shell && length == 1 && path[componentStart] == 0x2E) {
                        parent = child(of: parent, named: start + componentStart, length: length, in: base)
                        depth += 1
                        if depth <= depthLimit { atLimit = parent }
                    }
                    componentStart = slash + 1
                }
                // Above the limit, the pass counted it where it lies, and kept it among the shallow records.
                guard depth >= depthLimit else { continue }
                counted[Int(atLimit)] -= 1
                place(Int(record), in: parent, depth: depth, whole: true)
            }
        }
    }

    /// Counts the entries at or below each group ``prepare()`` found, placing only the groups' own entries:
    /// what a level shows before the entries are sorted, with no array of every record (``Hierarchy/provisional(_:rootTitle:maxChildren:)``).
    mutating func finishCounting() -> Hierarchy.Groups {
        var groups = prepared
        prepared = Hierarchy.Groups()
        let count = groups.count
        groups.owns = [UInt64](repeating: 0, count: (count + 63) / 64)
        var own: [Int: UInt32] = [:]
        var owning: Set<UInt32> = []
        for (record, found) in owners {
            let group = Int(renumbered[Int(found)])
            guard !groups.hasOwn(group) else { continue }
            groups.owns[group >> 6] |= 1 << UInt64(group & 63)
            own[group] = record
            owning.insert(record)
        }
        var totals = [UInt32](repeating: 0, count: count)
        samples = [UInt32](repeating: 0, count: count)
        for found in counted.indices {
            totals[Int(renumbered[found])] += counted[found]
            samples[Int(renumbered[found])] = sampled[found]
        }
        // Own entries count in the group they own, not in the one their path is in; records walked whole are
        // placed in theirs.
        let whole = Set(walkedWhole)
        var placed: [Int: UInt32] = [:]
        for (record, found) in shallow {
            if owning.contains(record) {
                totals[Int(renumbered[Int(found)])] -= 1
            } else if whole.contains(record) {
                placed[Int(renumbered[Int(found)])] = record
            }
        }
        var starts = [UInt32](repeating: 0, count: count + 1)
        var entries: [UInt32] = []
        for group in 0..<count {
            starts[group] = UInt32(entries.count)
            if let record = own[group] {
                entries.append(record)
                totals[group] += 1
            }
            if let record = placed[group] { entries.append(record) }
        }
        starts[count] = UInt32(entries.count)
        for group in stride(from: count - 1, through: 1, by: -1) {
            totals[Int(groups.parents[group])] += totals[group]
        }
        groups.entryStarts = starts
        groups.entries = entries
        groups.entryCounts = totals
        (counted, sampled, shallow) = ([], [], [])
        return groups
    }

    /// A group path cut after its `depth`th group, counted as the walk above counts them: a leading `/` (in a
    /// shell path), then each component but empty ones and, in a shell path, `.`.
    static func truncated(
        _ key: UnsafeBufferPointer<UInt8>, toDepth depth: Int, shell: Bool
    ) -> UnsafeBufferPointer<UInt8> {
        let (count, end) = groups(in: key, upTo: depth, shell: shell)
        return count < depth ? key : UnsafeBufferPointer(rebasing: key[..<end])
    }

    /// How many groups a group path holds, up to `depth`, and where the last of them ends (after its `/`).
    @inline(__always)
    static func groups(in key: UnsafeBufferPointer<UInt8>, upTo depth: Int, shell: Bool) -> (count: Int, end: Int) {
        guard let base = key.baseAddress else { return (0, 0) }
        var groups = shell && key.first == 0x2F ? 1 : 0
        var componentStart = groups
        while groups < depth, let slash = ByteSearch.next(0x2F, in: base, from: componentStart, to: key.count) {
            let length = slash - componentStart
            if length > 0 && !(shell && length == 1 && key[componentStart] == 0x2E) { groups += 1 }
            componentStart = slash + 1
        }
        return (groups, componentStart)
    }
}
