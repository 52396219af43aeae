extension Hierarchy {
    /// Checks the hierarchy against its rules, level by level (a group's level is its children, through any
    /// buckets):
    ///
    /// - no node shows more than `maxChildren` children;
    /// - every group is split as ``segmentSizes(_:maxChildren:)`` says and every bucket as
    ///   ``bucketSizes(count:maxChildren:)`` says, its buckets covering the following children in order, so a
    ///   depth-first walk meets each child of a level once, in order;
    /// - no bucket holds children of two kinds: groups, the group's own entry, its other entries;
    /// - the depths of a level's children add up to the least its kinds allow (``segmentSizes(_:maxChildren:)``);
    /// - a group shown as a group does not hold exactly one entry, and an entry shown in place of its groups
    ///   names them: the level's group path and ``inlinedGroups(of:in:)`` make up the entry's group path;
    /// - within a level, groups (and entries in their place) come before the level's entries, which are in search
    ///   order, after the group's own entry (the one whose path is the group's) if it has one;
    /// - every entry appears exactly once.
    ///
    /// - Throws: `InvariantViolation` naming the first problem.
    /// - Complexity: O(nodes + total path length), iteratively, so any depth is safe.
    public func checkInvariants() throws {
        var seen = Set<UInt32>()
        // Each level: a group to show, and its group path below the root.
        var levels: [(node: Node, path: [String])] = [(root, rootPath)]
        while let (level, path) = levels.popLast() {
            let units = try walkLevel(level)
            var sawOwnEntry = false
            var lastRank: UInt32?
            for (unit, parent) in units {
                switch unit {
                case .group:
                    if entryCount(of: unit) == 1 {
                        throw InvariantViolation(description: "\(title(of: unit)) holds one entry but is not inlined")
                    }
                    if sawOwnEntry {
                        throw InvariantViolation(description: "\(title(of: level)) lists a group after an entry")
                    }
                    levels.append((unit, path + [title(of: unit)]))
                case .entry(let record):
                    guard seen.insert(record).inserted else {
                        throw InvariantViolation(description: "entry \(record) appears twice")
                    }
                    let inlined = inlinedGroups(of: unit, in: parent)
                    if isOwnEntry(record, of: level) {
                        // A group's own entry: its path is the group's, and it comes first. The line "/" is the
                        // root group's, named "∕".
                        let own = table.title(Int(record))
                        if groupNames(of: record) + [own == "/" ? "∕" : own] != path || sawOwnEntry {
                            throw InvariantViolation(description: "\(title(of: unit)) is not \(path)'s own entry")
                        }
                        sawOwnEntry = true
                        continue
                    }
                    if groupNames(of: record) != path + inlined {
                        throw InvariantViolation(
                            description: "\(title(of: unit)) is shown under \(path) standing in for \(inlined)")
                    }
                    if !inlined.isEmpty {
                        if sawOwnEntry {
                            throw InvariantViolation(description: "\(title(of: level)) lists a group after an entry")
                        }
                    } else {
                        if let lastRank, lastRank > rank(of: record) {
                            throw InvariantViolation(description: "entries of \(title(of: level)) are out of order")
                        }
                        lastRank = rank(of: record)
                        sawOwnEntry = true
                    }
                case .bucket:
                    throw InvariantViolation(description: "a bucket is counted as a child of \(title(of: level))")
                }
            }
        }
        if seen.count != table.count {
            throw InvariantViolation(description: "\(seen.count) of \(table.count) entries appear")
        }
    }

    /// The children of a group, in the order a depth-first walk through its buckets meets them, each with the node
    /// that shows it; checks the split of the group and of every bucket on the way.
    ///
    /// - Complexity: O(k · c) for a group of k children, c as in ``children(of:)``.
    private func walkLevel(_ level: Node) throws -> [(unit: Node, parent: Node)] {
        guard let (group, all) = run(of: level) else { return [] }
        var units: [(unit: Node, parent: Node)] = []
        var depthSum = 0
        // Nodes still to visit, with the node showing them and their depth below the level.
        var pending: [(node: Node, parent: Node, depth: Int)] = [(level, level, 0)]
        // The position of the next child; bucket ranges must follow on from it, so together they tile `all`.
        var next = all.lowerBound
        while let (node, parent, depth) = pending.popLast() {
            if depth > 0 && !isBucket(node) {
                units.append((node, parent))
                depthSum += depth
                next += 1
                continue
            }
            guard let (id, range) = run(of: node), id == group, range.lowerBound == next else {
                throw InvariantViolation(description: "\(title(of: node)) is out of place in \(title(of: level))")
            }
            let children = children(of: node)
            if children.count > maxChildren {
                throw InvariantViolation(description: "\(title(of: node)) has \(children.count) children")
            }
            let sizes = children.map { child -> Int in
                if case .bucket(_, let range) = child { return range.count }
                return 1
            }
            let expected =
                depth == 0
                ? wholeSizes(group)
                : Hierarchy.bucketSizes(count: range.count, maxChildren: maxChildren)
            if sizes != expected || zip(children, sizes).contains(where: { isBucket($0) && $1 < 2 }) {
                throw InvariantViolation(description: "\(title(of: node)) is split \(sizes), not \(expected)")
            }
            // No bucket holds children of two kinds (groups, the own entry, other entries).
            let kinds = segments(group)
            let bounds = [kinds[0], kinds[0] + kinds[1]]
            for child in children {
                if case .bucket(_, let range) = child,
                    bounds.contains(where: { range.lowerBound < $0 && $0 < range.upperBound })
                {
                    throw InvariantViolation(description: "\(title(of: child)) holds children of two kinds")
                }
            }
            pending.append(contentsOf: children.reversed().map { ($0, node, depth + 1) })
        }
        if next != all.upperBound {
            throw InvariantViolation(description: "\(title(of: level)) shows \(next) of \(all.count) children")
        }
        let least = Hierarchy.depthSum(parts: wholeSizes(group), maxChildren: maxChildren)
        if depthSum != least {
            throw InvariantViolation(
                description: "the children of \(title(of: level)) are \(depthSum) keys deep in all, not \(least)")
        }
        return units
    }

    /// An entry's group names, split at the slash bytes of its path as the table divides paths. (Split as a
    /// `String`, a slash followed by a combining mark is one `Character` with it, and no place to split.)
    private func groupNames(of record: UInt32) -> [String] {
        table.groups(Int(record))
    }

    private func isBucket(_ node: Node) -> Bool {
        if case .bucket = node { return true }
        return false
    }

    /// The hierarchy as indented text, one node a line, entries shown in place of groups followed by those
    /// groups: what tree tests compare against.
    ///
    /// - Complexity: O(nodes), iteratively.
    public func treeDescription() -> String {
        var lines = [title(of: root)]
        var stack: [(node: Node, parent: Node, depth: Int)] = children(of: root).reversed().map { ($0, root, 1) }
        while let (node, parent, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + title(of: node, in: parent))
            stack.append(contentsOf: children(of: node).reversed().map { ($0, node, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }
}
