extension Hierarchy {
    /// The nodes from the root down to an entry, both included, through the buckets that hold it. An entry shown
    /// in place of the groups of one above it ends the path there, right below the level that shows it.
    ///
    /// - Parameter record: The entry's record number.
    /// - Returns: The path, or `nil` when the record is not in the hierarchy.
    /// - Complexity: O(g · log s + log n + depth · maxChildren · c), with g the path's length, s the subgroups of
    ///   each group on it, and c as in ``children(of:)``.
    public func path(to record: UInt32) -> [Node]? {
        guard let group = group(of: record) else { return nil }
        var chain: [Int] = [group]
        while let last = chain.last, last != rootID {
            guard last != 0 else { return nil }
            chain.append(Int(groups.parents[last]))
        }
        chain.reverse()
        var nodes: [Node] = []
        for (depth, id) in chain.enumerated() {
            let target: Int
            if depth + 1 < chain.count {
                target = chain[depth + 1] - groups.subgroups(id).lowerBound
            } else {
                guard let position = position(of: record, in: id) else { return nil }
                target = groups.subgroups(id).count + position
            }
            let shown = child(id, target)
            var node = Node.group(id)
            nodes.append(node)
            while true {
                let next = children(of: node).first { candidate in
                    if case .bucket(_, let range) = candidate { return range.contains(target) }
                    return candidate == shown
                }
                guard let next else { return nil }
                if case .bucket = next {
                    nodes.append(next)
                    node = next
                } else if next == .entry(record) {
                    // The entry itself, or the group of one it is shown in place of.
                    return nodes + [next]
                } else {
                    break
                }
            }
        }
        return nil
    }

    /// Where an entry is among its group's entries: the own entry first, the others by rank.
    ///
    /// - Complexity: O(log k) for k entries.
    private func position(of record: UInt32, in id: Int) -> Int? {
        let range = groups.entryRange(id)
        if groups.hasOwn(id) && groups.entries[range.lowerBound] == record { return 0 }
        var low = range.lowerBound + (groups.hasOwn(id) ? 1 : 0)
        var high = range.upperBound
        let wanted = rank(of: record)
        while low < high {
            let middle = (low + high) / 2
            if rank(of: groups.entries[middle]) < wanted { low = middle + 1 } else { high = middle }
        }
        guard low < range.upperBound, groups.entries[low] == record else { return nil }
        return low - range.lowerBound
    }

    /// Whether an entry is one of a group's own entries (not one below a subgroup).
    ///
    /// - Complexity: O(log k) for k entries.
    func isEntry(_ record: UInt32, of id: Int) -> Bool { position(of: record, in: id) != nil }

    /// The group an entry belongs to: the group of its path less its title, or the group it is the own entry of.
    ///
    /// - Complexity: O(path length · log s), s the subgroups of each group on the path.
    func group(of record: UInt32) -> Int? { group(of: record, below: 0) }

    /// The group an entry belongs to, found from a group above it: its path's components up to that group are
    /// checked against the group's path, and the rest are walked.
    ///
    /// - Returns: The group, or `nil` when the entry is not below `top`.
    /// - Complexity: O(path length · log s), s the subgroups of each group walked.
    func group(of record: UInt32, below top: Int) -> Int? {
        guard Int(record) < table.count else { return nil }
        var above: [Int] = []
        var current = top
        while current != 0 {
            above.append(current)
            current = Int(groups.parents[current])
        }
        return table.withPathBytes(Int(record)) { path -> Int? in
            let title = table.titleRange(of: path)
            var group = 0
            var found = true
            forEachComponent(of: UnsafeBufferPointer(rebasing: path[..<title.lowerBound])) { name in
                guard found else { return }
                if let expected = above.popLast() {
                    found = withName(of: expected) { $0.count == name.count && $0.elementsEqual(name) }
                    group = expected
                } else if let next = subgroup(of: group, named: name) {
                    group = next
                } else {
                    found = false
                }
            }
            guard found else { return nil }
            let name = UnsafeBufferPointer(rebasing: path[title])
            if let own = above.isEmpty ? subgroup(of: group, named: name) : above.last,
                above.count <= 1, withName(of: own, { $0.count == name.count && $0.elementsEqual(name) }),
                groups.hasOwn(own), groups.entries[groups.entryRange(own).lowerBound] == record
            {
                return own
            }
            return above.isEmpty ? group : nil
        }
    }

    /// The group whose path is `path`, walked from group 0 one component at a time.
    ///
    /// - Complexity: O(path length · log s).
    private func walk(_ path: UnsafeBufferPointer<UInt8>) -> Int? {
        var current = 0
        var found = true
        forEachComponent(of: path) { name in
            guard found else { return }
            if let next = subgroup(of: current, named: name) { current = next } else { found = false }
        }
        return found ? current : nil
    }

    /// Calls `body` with each component of a group path as this hierarchy's table divides paths: a leading `/` is
    /// the root group even with nothing after it (the group path of `/x`), and empty and `.` components of a shell
    /// path are skipped.
    private func forEachComponent(of path: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        if table.shellPaths && path.first == 0x2F {
            body(UnsafeBufferPointer(rebasing: path[0..<1]))
            start = 1
        }
        for index in start...path.count where index == path.count || path[index] == 0x2F {
            let length = index - start
            if length > 0 && !(table.shellPaths && length == 1 && path[start] == 0x2E) {
                body(UnsafeBufferPointer(rebasing: path[start..<index]))
            }
            start = index + 1
        }
    }

    /// The subgroup of a group with a name: a scan of a few, or a bisection over their natural order.
    ///
    /// - Complexity: O(s) byte comparisons for up to 64 subgroups, O(log s) comparisons of sort keys for more.
    func subgroup(of id: Int, named name: UnsafeBufferPointer<UInt8>) -> Int? {
        let range = groups.subgroups(id)
        guard let first = name.first else { return nil }
        if range.count <= 64 {
            return range.first { other in
                withName(of: other) { $0.count == name.count && $0.first == first && $0.elementsEqual(name) }
            }
        }
        let key = Builder.sortKey(of: name)
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            let order = withName(of: middle) { other -> Int in
                let otherKey = Builder.sortKey(of: other)
                if otherKey != key { return otherKey.lexicographicallyPrecedes(key) ? -1 : 1 }
                return NaturalOrder.compare(other, name)
            }
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The full path of a group: its names from the root group joined by `/`, starting with `/` for a group under
    /// the root group of absolute paths (`/usr/share`); empty for group 0. ``group(atPath:)`` finds the group
    /// again, in this hierarchy or another one of a catalog that grew.
    ///
    /// - Complexity: O(depth + path length).
    func pathBytes(of id: Int) -> [UInt8] {
        var chain: [Int] = []
        var current = id
        while current != 0 {
            chain.append(current)
            current = Int(groups.parents[current])
        }
        var bytes: [UInt8] = []
        for group in chain.reversed() {
            withName(of: group) { name in
                if !bytes.isEmpty && bytes != [0x2F] { bytes.append(0x2F) }
                bytes.append(contentsOf: name)
            }
        }
        return bytes
    }

    /// The group whose full path (``pathBytes(of:)``) is `path`, if there is one.
    ///
    /// - Complexity: O(path length · log s).
    func group(atPath path: UnsafeBufferPointer<UInt8>) -> Int? {
        path.isEmpty ? 0 : walk(path)
    }
}

extension Hierarchy.Builder {
    /// The key siblings are ordered by: the natural-order key (``NaturalOrder``) of the folded name; names with
    /// equal keys are in byte order.
    static func sortKey(of name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var folder = Folder()
        var folded: [UInt8] = []
        if !folder.append(name, to: &folded) { folded = Array(name) }
        var key: [UInt8] = []
        var scratch: [UInt8] = []
        folded.withUnsafeBufferPointer { NaturalOrder.appendKey($0, to: &key, scratch: &scratch) }
        return key
    }
}
