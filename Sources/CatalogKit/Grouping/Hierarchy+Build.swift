#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Hierarchy {
    /// Groups a table's entries: one pass over the paths in file order, a sort of the distinct group names, and a
    /// counting sort of the entries.
    ///
    /// Each path's groups are found by walking its components from where it parts from the previous path, with a
    /// hash table of (parent, name) pairs, so a list in the order `find` or `git ls-files` prints it costs one
    /// lookup for each new directory and a comparison for the others. No string or array is made per group.
    ///
    /// Everything but placing the entries reads the table alone (``prepare()``), so it can run while the entries
    /// are sorted (``prepare(_:whileSorting:)``); placing them needs their search order
    /// (``finish(order:)``).
    struct Builder {
        let table: EntryTable
        /// Groups as found, before they are put in breadth-first order.
        private(set) var parents: [UInt32] = [0]
        private(set) var nameStarts: [UInt32] = [0]
        /// The (parent, name) table: the hash's low 32 bits and a group number plus one, 0 for an empty slot.
        private var slots = [UInt64](repeating: 0, count: 1 << 10)
        /// The group of each record's path less its title, in the numbers as found.
        var groupOf: [UInt32]
        /// Each record's title's ``filterKey(_:_:)``, kept while its line is at hand so that finding the groups'
        /// own entries reads again only the lines that pass the filter; without a ``depthLimit`` only.
        private var titleKeys: [UInt16]

        /// The groups in breadth-first order, with no entries placed yet: what ``prepare()`` makes.
        var prepared = Groups()
        var renumbered: [UInt32] = []
        var owners: [(record: UInt32, group: UInt32)] = []

        /// How a list kept as read (`--no-sort`, `--tac`) orders a level's groups: by the first line, or the last,
        /// that lies in each; `nil` for the natural order of their names.
        enum ReadOrder {
            case first, last
        }

        let readOrder: ReadOrder?
        /// The deepest groups made, counting `/` as one: a path's record counts in its group at this depth, and
        /// the groups below are left out (``Hierarchy/provisional(_:rootTitle:maxChildren:)``).
        let depthLimit: Int
        /// Records whose groups are all made, below ``depthLimit`` too, ascending: each the one entry of its group
        /// at the limit, which a level shows in that group's place with the groups it stands for (``walkWhole(_:)``).
        var walkedWhole: [UInt32] = []
        /// A record counted in each group, at the limit, by ``finishCounting()``: a group of one entry's entry.
        var samples: [UInt32] = []

        init(table: EntryTable, readOrder: ReadOrder? = nil, depthLimit: Int = .max) {
            self.table = table
            self.readOrder = readOrder
            self.depthLimit = depthLimit
            // With a limit, records are counted, not listed one by one: no array of every record.
            groupOf = depthLimit < .max ? [] : [UInt32](repeating: 0, count: table.count)
            titleKeys = depthLimit < .max ? [] : [UInt16](repeating: 0, count: table.count)
        }

        /// With a ``depthLimit``: the records each group holds at the limit and one of them, by the group's number
        /// as found; and the records that may be a group's own entry or are walked whole, with their groups.
        var counted: [UInt32] = []
        var sampled: [UInt32] = []
        var shallow: [(record: UInt32, group: UInt32)] = []

        /// Puts a record in its group: in ``groupOf``, or, with a limit, in the counts, and among ``shallow`` when
        /// its group lies above the limit (its line may be a group's own) or it is walked whole.
        @inline(__always)
        mutating func place(_ record: Int, in group: UInt32, depth: Int, whole: Bool) {
            guard depthLimit < .max else {
                groupOf[record] = group
                return
            }
            if counted.count < parents.count {
                counted += [UInt32](repeating: 0, count: parents.count - counted.count)
                sampled += [UInt32](repeating: 0, count: parents.count - sampled.count)
            }
            counted[Int(group)] += 1
            sampled[Int(group)] = UInt32(record)
            if whole || depth < depthLimit { shallow.append((UInt32(record), group)) }
        }

        /// Builds the groups.
        ///
        /// - Complexity: O(B) for B bytes of paths, O(g) expected lookups for g groups (more for a list in random
        ///   order: one a component), O(g) to number them after a radix sort of their d distinct names, and O(n) to
        ///   place n entries.
        consuming func build(order: [UInt32]) -> Groups {
            prepare()
            return finish(order: order)
        }

        /// Finds the groups, each group's own entry, and puts the groups in breadth-first order: all that reads
        /// the table alone.
        ///
        /// - Complexity: as ``build(order:)`` less placing the entries.
        mutating func prepare() {
            findGroups()
            prepareFound()
        }

        /// The rest of ``prepare()``, once the groups are found (and, counting, records walked whole).
        mutating func prepareFound() {
            owners = findOwnEntries()
            titleKeys = []
            let order: [UInt32]
            (order, renumbered) = breadthFirst()
            prepared.parents = order.map { $0 == 0 ? 0 : renumbered[Int(parents[Int($0)])] }
            prepared.nameStarts = order.map { nameStarts[Int($0)] }
            parents = []
            nameStarts = []
            slots = []
            prepared.childStarts = childStarts(prepared.parents)
        }

        /// Places the entries in the groups ``prepare()`` found, in search order.
        ///
        /// - Parameter order: The records in search order (``SearchIndex/order``).
        consuming func finish(order: [UInt32]) -> Groups {
            var groups = prepared
            prepared = Groups()
            placeEntries(&groups, renumbered: renumbered, owners: owners, order: order)
            return groups
        }

        // MARK: - Groups

        /// Finds the group of every record's path, making groups as they are first met.
        mutating func findGroups() {
            let shell = table.shellPaths
            table.withPathRanges { paths in
                let base = paths.text
                // The previous record's group path, and the groups of its components with where each ends.
                var previous = UnsafeBufferPointer<UInt8>(start: base, count: 0)
                var chain: [(next: Int, group: UInt32)] = []
                // Group paths met lately, by hash: a list in no order of directories (a catalog whose entries
                // are spread over a few thousand groups) finds most of its groups here with one comparison.
                var cache = KeyCache()
                for record in 0..<table.count {
                    let range = paths.range(record)
                    let start = range.lowerBound
                    let path = UnsafeBufferPointer(start: base + start, count: range.count)
                    let title = table.titleRange(of: path)
                    if depthLimit == .max {
                        titleKeys[record] = UInt16(
                            truncatingIfNeeded: Builder.filterKey(base + start + title.lowerBound, title.count))
                    }
                    var key = UnsafeBufferPointer(rebasing: path[..<title.lowerBound])
                    // Below the depth made, a path counts in its group at that depth: compared by that much.
                    if depthLimit < .max { key = Builder.truncated(key, toDepth: depthLimit, shell: shell) }
                    if key.count == previous.count
                        && (key.isEmpty || memcmp(key.baseAddress!, previous.baseAddress!, key.count) == 0)
                    {
                        place(record, in: chain.last?.group ?? 0, depth: chain.count, whole: false)
                        continue
                    }
                    // A path met lately: its group and depth from the cache, the chain left as the previous path's.
                    let hash = PathSet.hash(key.baseAddress, count: key.count)
                    if let (group, depth) = cache.find(hash, key, in: base) {
                        place(record, in: group, depth: depth, whole: false)
                        continue
                    }
                    // Keep the groups of the components the two group paths share whole: those ending with
                    // a "/" both have.
                    let common = Builder.commonPrefix(key, previous)
                    while let last = chain.last, last.next > common { chain.removeLast() }
                    var parent = chain.last?.group ?? 0
                    var componentStart = chain.last?.next ?? 0
                    if componentStart == 0 && shell && key.first == 0x2F {
                        // A path from the root: its first group is "/".
                        parent = child(of: 0, named: start, length: 1, in: base)
                        chain.append((1, parent))
                        componentStart = 1
                    }
                    var index = componentStart
                    while index < key.count {
                        if key[index] == 0x2F {
                            guard chain.count < depthLimit else { break }
                            let length = index - componentStart
                            let isDot = length == 1 && key[componentStart] == 0x2E
                            if length > 0 && !(shell && isDot) {
                                parent = child(of: parent, named: start + componentStart, length: length, in: base)
                                chain.append((index + 1, parent))
                            }
                            componentStart = index + 1
                        }
                        index += 1
                    }
                    place(record, in: parent, depth: chain.count, whole: false)
                    cache.insert(hash, start: start, count: key.count, group: parent, depth: chain.count)
                    previous = key
                }
            }
        }

        /// A direct-mapped table of group paths met lately: each slot a hash, a group with its depth (how many
        /// groups the path spells, as the walk counts them), and where a record spells the path. A slot's three
        /// words lie together, so a lookup waits for one cache line, not three.
        struct KeyCache {
            private var slots = [(hash: UInt64, place: UInt64, group: UInt64)](
                repeating: (0, 0, 0), count: 1 << 14)

            func find(
                _ hash: UInt64, _ key: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>
            ) -> (group: UInt32, depth: Int)? {
                let slot = slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)]
                guard slot.hash == hash, slot.place & 0xFFFF_FFFF == UInt64(key.count) else { return nil }
                let start = Int(slot.place >> 32)
                guard key.isEmpty || memcmp(base + start, key.baseAddress!, key.count) == 0 else { return nil }
                return (UInt32(truncatingIfNeeded: slot.group), Int(slot.group >> 32))
            }

            mutating func insert(_ hash: UInt64, start: Int, count: Int, group: UInt32, depth: Int) {
                slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)] = (
                    hash, UInt64(start) << 32 | UInt64(count), UInt64(depth) << 32 | UInt64(group)
                )
            }
        }

        /// The bytes two group paths share at their start.
        static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            let count = min(a.count, b.count)
            var index = 0
            while index + 8 <= count {
                let x = UnsafeRawPointer(a.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let y = UnsafeRawPointer(b.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if x != y { return index + (x ^ y).trailingZeroBitCount >> 3 }
                index += 8
            }
            while index < count && a[index] == b[index] { index += 1 }
            return index
        }

        /// The group named by `length` bytes at `start` under `parent`, made if it is new.
        ///
        /// A slot holds the low 32 bits of the (parent, name) hash beside the group, so a probe reads the text only
        /// when they agree, and growing the table hashes nothing again.
        mutating func child(
            of parent: UInt32, named start: Int, length: Int, in base: UnsafePointer<UInt8>
        ) -> UInt32 {
            let tag = UInt64(UInt32(truncatingIfNeeded: Builder.hash(parent, base + start, length)))
            let mask = slots.count - 1
            var slot = Int(tag) & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                let group = Int(entry & 0xFFFF_FFFF) - 1
                if entry >> 32 == tag && parents[group] == parent
                    && Builder.name(base, Int(nameStarts[group])) == length
                    && memcmp(base + Int(nameStarts[group]), base + start, length) == 0
                {
                    return UInt32(group)
                }
                slot = (slot + 1) & mask
            }
            let group = UInt32(parents.count)
            parents.append(parent)
            nameStarts.append(UInt32(start))
            slots[slot] = tag << 32 | UInt64(group + 1)
            if 2 * parents.count > slots.count { _ = Self.grow(&slots) }
            return group
        }

        /// Doubles an open-addressed table whose slots hold a 32-bit hash tag over a value (0 for empty), placing
        /// each entry again by its tag.
        ///
        /// - Returns: The new table's mask.
        /// - Complexity: O(n) in the table's slots.
        static func grow(_ slots: inout [UInt64]) -> Int {
            let old = slots
            slots = [UInt64](repeating: 0, count: 2 * old.count)
            let mask = slots.count - 1
            for entry in old where entry != 0 {
                var slot = Int(entry >> 32) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = entry
            }
            return mask
        }

        /// The group under `parent` named by `length` bytes at `start`, if there is one.
        private func existingChild(
            of parent: UInt32, named start: Int, length: Int, in base: UnsafePointer<UInt8>
        ) -> UInt32? {
            let tag = UInt64(UInt32(truncatingIfNeeded: Builder.hash(parent, base + start, length)))
            let mask = slots.count - 1
            var slot = Int(tag) & mask
            while slots[slot] != 0 {
                let entry = slots[slot]
                let group = Int(entry & 0xFFFF_FFFF) - 1
                if entry >> 32 == tag && parents[group] == parent
                    && Builder.name(base, Int(nameStarts[group])) == length
                    && memcmp(base + Int(nameStarts[group]), base + start, length) == 0
                {
                    return UInt32(group)
                }
                slot = (slot + 1) & mask
            }
            return nil
        }

        @inline(__always)
        private static func hash(_ parent: UInt32, _ name: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
            PathSet.hash(name, count: length) ^ (UInt64(parent) &* 0x9E37_79B9_7F4A_7C15)
        }

        /// The length of the name at `start`: up to the next `/`, or 1 for a root `/`.
        @inline(__always)
        static func name(_ base: UnsafePointer<UInt8>, _ start: Int) -> Int {
            if base[start] == 0x2F { return 1 }
            var end = start
            while base[end] != 0x2F { end += 1 }
            return end - start
        }

        // MARK: - Own entries

        /// The records whose path is a group's path (a directory that `find` lists besides what is in it), each
        /// with that group, in the numbers as found.
        ///
        /// - Complexity: O(n), with a lookup only for records that pass a filter on their title's length and
        ///   first and last bytes.
        private func findOwnEntries() -> [(record: UInt32, group: UInt32)] {
            var owners: [(record: UInt32, group: UInt32)] = []
            guard parents.count > 1 else { return owners }
            table.withPathRanges { paths in
                let base = paths.text
                var hasSubgroups = [Bool](repeating: false, count: parents.count)
                var filter = [UInt64](repeating: 0, count: 1 << 10)
                for group in 1..<parents.count {
                    hasSubgroups[Int(parents[group])] = true
                    let start = Int(nameStarts[group])
                    let key = Builder.filterKey(base + start, Builder.name(base, start))
                    filter[key >> 6] |= 1 << UInt64(key & 63)
                }
                // Counting, only the records whose group lies above the limit may be a group's own.
                let candidates = depthLimit < .max ? shallow.count : table.count
                for candidate in 0..<candidates {
                    let (record, parent) =
                        depthLimit < .max
                        ? (Int(shallow[candidate].record), shallow[candidate].group) : (candidate, groupOf[candidate])
                    guard hasSubgroups[Int(parent)] else { continue }
                    if !titleKeys.isEmpty {
                        let key = Int(titleKeys[record])
                        guard filter[key >> 6] & (1 << UInt64(key & 63)) != 0 else { continue }
                    }
                    let range = paths.range(record)
                    let start = range.lowerBound
                    let path = UnsafeBufferPointer(start: base + start, count: range.count)
                    let title = table.titleRange(of: path)
                    let key = Builder.filterKey(base + start + title.lowerBound, title.count)
                    guard filter[key >> 6] & (1 << UInt64(key & 63)) != 0,
                        let group = existingChild(
                            of: parent, named: start + title.lowerBound, length: title.count, in: base)
                    else { continue }
                    owners.append((UInt32(record), group))
                }
            }
            return owners
        }

        /// A 16-bit key of a name's length and first and last bytes.
        @inline(__always)
        private static func filterKey(_ name: UnsafePointer<UInt8>, _ count: Int) -> Int {
            guard count > 0 else { return 0 }
            return (count &* 0x9E37 ^ Int(name[0]) &* 0x3B ^ Int(name[count - 1]) &* 0x1F1) & 0xFFFF
        }

        // MARK: - Order

        /// The groups in breadth-first order, each group's subgroups in natural order of their names, and the new
        /// number of each group as found.
        ///
        /// - Complexity: O(g) after a radix sort of the distinct names' keys (``namesInOrder()``).
        private func breadthFirst() -> (order: [UInt32], renumbered: [UInt32]) {
            let count = parents.count
            // Every group's name in one natural order (or the order of their lines), and then each parent's
            // subgroups in that order.
            let byName = readOrder.map(inReadOrder) ?? namesInOrder()
            var firstChild = [UInt32](repeating: 0, count: count + 1)
            for group in 1..<count { firstChild[Int(parents[group]) + 1] += 1 }
            for group in 0..<count { firstChild[group + 1] += firstChild[group] }
            var children = [UInt32](repeating: 0, count: max(count - 1, 0))
            var next = firstChild
            for group in byName {
                let parent = Int(parents[Int(group)])
                children[Int(next[parent])] = group
                next[parent] += 1
            }
            var order: [UInt32] = [0]
            order.reserveCapacity(count)
            var renumbered = [UInt32](repeating: 0, count: count)
            var position = 0
            while position < order.count {
                let group = Int(order[position])
                for child in children[Int(firstChild[group])..<Int(firstChild[group + 1])] {
                    renumbered[Int(child)] = UInt32(order.count)
                    order.append(child)
                }
                position += 1
            }
            return (order, renumbered)
        }

        /// Every group but the root, ordered by the first line that lies in it, or by the last line last first
        /// (`--tac`): a list kept as read shows its directories in the order its lines name them, as fzf would.
        ///
        /// - Complexity: O(n + g log g) for n records and g groups; a group is found after its parent, so one pass
        ///   from the last group carries each group's line up to its parent.
        private func inReadOrder(_ order: ReadOrder) -> [UInt32] {
            let count = parents.count
            guard count > 1 else { return [] }
            let first = order == .first
            var line = [UInt32](repeating: first ? .max : 0, count: count)
            for (record, group) in groupOf.enumerated() {
                line[Int(group)] = first ? min(line[Int(group)], UInt32(record)) : max(line[Int(group)], UInt32(record))
            }
            for group in stride(from: count - 1, through: 1, by: -1) {
                let parent = Int(parents[group])
                line[parent] = first ? min(line[parent], line[group]) : max(line[parent], line[group])
            }
            return (1..<UInt32(count)).sorted { a, b in
                line[Int(a)] != line[Int(b)] ? (line[Int(a)] < line[Int(b)]) == first : a < b
            }
        }

        /// Where each group's subgroups start, from the parents of groups in breadth-first order.
        private func childStarts(_ parents: [UInt32]) -> [UInt32] {
            var starts = [UInt32](repeating: UInt32(parents.count), count: parents.count + 1)
            // In breadth-first order a parent's children follow its predecessors' children.
            var group = parents.count - 1
            while group >= 1 {
                starts[Int(parents[group])] = UInt32(group)
                group -= 1
            }
            // A group without subgroups starts where the next one's do.
            for index in stride(from: parents.count - 1, through: 0, by: -1) where starts[index] > starts[index + 1] {
                starts[index] = starts[index + 1]
            }
            return starts
        }
    }
}
