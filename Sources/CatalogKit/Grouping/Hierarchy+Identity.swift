/// What a node is across hierarchies of the same catalog: a group by its full path, so a menu can keep the user's
/// levels and highlight when the catalog is grouped again (a stream brings more lines, a registry gains entries).
extension Hierarchy {
    /// A group's full path from the top group, as ``pathBytes(of:)`` gives it; empty for the top group. `nil` for a
    /// node that is not a group.
    ///
    /// - Complexity: O(depth + path length).
    public func groupPath(of node: Node) -> [UInt8]? {
        guard case .group(let id) = node else { return nil }
        return pathBytes(of: id)
    }

    /// The group with a full path, as ``groupPath(of:)`` gives it.
    ///
    /// - Complexity: O(path length · log s), s the subgroups of each group on the way.
    public func group(atPath path: [UInt8]) -> Node? {
        path.withUnsafeBufferPointer { group(atPath: $0) }.map { .group($0) }
    }

    /// The nodes from the root down to a group, both included, through the buckets that hold it. A group shown as
    /// its one entry ends the path at that entry.
    ///
    /// - Parameter node: A group of this hierarchy.
    /// - Returns: The path, or `nil` when the group is not below the root (the root is deeper, or `node` is no
    ///   group of this hierarchy).
    /// - Complexity: O(depth · maxChildren · c), c as in ``children(of:)``.
    public func path(toGroup node: Node) -> [Node]? {
        guard case .group(let target) = node, target < groups.count else { return nil }
        var chain: [Int] = [target]
        while let last = chain.last, last != rootID {
            guard last != 0 else { return nil }
            chain.append(Int(groups.parents[last]))
        }
        chain.reverse()
        var nodes: [Node] = [.group(rootID)]
        for depth in 1..<chain.count {
            let parent = chain[depth - 1]
            let position = chain[depth] - groups.subgroups(parent).lowerBound
            let shown = child(parent, position)
            var current = Node.group(parent)
            while true {
                let next = children(of: current).first { candidate in
                    if case .bucket(_, let range) = candidate { return range.contains(position) }
                    return candidate == shown
                }
                guard let next else { return nil }
                nodes.append(next)
                if case .bucket = next {
                    current = next
                    continue
                }
                // A group of one is shown as its entry: the path ends there.
                if case .entry = next { return nodes }
                break
            }
        }
        return nodes
    }
}
