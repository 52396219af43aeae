extension Hierarchy {
    /// Checks that no node shows more than `maxChildren` children, that buckets hold at least two children and
    /// their sizes differ by at most one, and that an in-order walk meets every entry exactly once, groups before
    /// entries within each group, in search order.
    ///
    /// - Throws: ``InvariantViolation`` naming the first problem.
    /// - Complexity: O(nodes), iteratively, so any depth is safe.
    public func checkInvariants() throws {
        var seen = Set<UInt32>()
        var stack: [Node] = [root]
        var walkedEntries: [UInt32] = []
        while let node = stack.popLast() {
            let children = children(of: node)
            if children.count > maxChildren {
                throw InvariantViolation(description: "\(title(of: node)) has \(children.count) children")
            }
            // Where a node is split, its parts (buckets, and single children shown as themselves) are balanced.
            let bucketSizes = children.compactMap { child -> Int? in
                if case .bucket(_, let range) = child { return range.count }
                return nil
            }
            let partSizes =
                bucketSizes.isEmpty
                ? []
                : children.map { child -> Int in
                    if case .bucket(_, let range) = child { return range.count }
                    return 1
                }
            if let smallest = partSizes.min(), let largest = partSizes.max(),
                largest - smallest > 1 || bucketSizes.contains(where: { $0 < 2 })
            {
                throw InvariantViolation(description: "\(title(of: node)) has unbalanced buckets \(bucketSizes)")
            }
            var sawEntry = false
            for child in children {
                if case .entry = child { sawEntry = true }
                if case .group = child, sawEntry {
                    throw InvariantViolation(description: "\(title(of: node)) lists a group after an entry")
                }
            }
            if case .entry(let record) = node {
                guard seen.insert(record).inserted else {
                    throw InvariantViolation(description: "entry \(record) appears twice")
                }
                walkedEntries.append(record)
            }
            stack.append(contentsOf: children.reversed())
        }
        if seen.count != table.count {
            throw InvariantViolation(description: "\(seen.count) of \(table.count) entries appear")
        }
        // Within one group, entries appear in search order.
        var lastRankInGroup: [String: UInt32] = [:]
        for record in walkedEntries {
            let path = table.path(Int(record))
            let group = path.utf8.lastIndex(of: 0x2F).map { String(path[..<$0]) } ?? ""
            let rank = rank(of: record)
            if let previous = lastRankInGroup[group], previous > rank {
                throw InvariantViolation(description: "entries of '\(group)' are out of order")
            }
            lastRankInGroup[group] = rank
        }
    }

    /// The hierarchy as indented text, one node a line: what tree tests compare against.
    ///
    /// - Complexity: O(nodes), iteratively.
    public func treeDescription() -> String {
        var lines: [String] = []
        var stack: [(Node, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + title(of: node))
            stack.append(contentsOf: children(of: node).reversed().map { ($0, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }
}
