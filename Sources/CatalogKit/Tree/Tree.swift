/// An immutable index over any tree of values, for the questions tree widgets ask.
///
/// Give it root nodes, the key path to a node's id and the key path to its children: `nil` children make a leaf,
/// `[]` an empty group. The tree is flattened once, iteratively, into pre-order arrays, so every query is safe at
/// any depth (100,000 levels and more) and a node's descendants are one contiguous run.
public struct Tree<Node, ID: Hashable & Sendable> {
    /// A tree that cannot be built.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Two nodes share an id.
        case duplicateID(String)

        public var description: String {
            switch self {
            case .duplicateID(let id):
                return "Two nodes of the tree have the id '\(id)'. Every node needs its own id."
            }
        }
    }

    /// The nodes in pre-order.
    public let nodes: [Node]
    /// The ids in pre-order.
    public let ids: [ID]
    private let parents: [Int]
    private let depths: [Int]
    private let sizes: [Int]
    private let isGroup: [Bool]
    private let positions: [ID: Int]
    /// The positions of the roots.
    public let rootPositions: [Int]

    /// Indexes a tree given by key paths.
    ///
    /// - Parameters:
    ///   - roots: The top-level nodes.
    ///   - id: The key path to a node's unique id.
    ///   - children: The key path to a node's children: `nil` for a leaf, `[]` for an empty group.
    /// - Throws: ``Error/duplicateID(_:)`` when two nodes share an id.
    /// - Complexity: O(n), iteratively.
    public init(roots: [Node], id: KeyPath<Node, ID>, children: KeyPath<Node, [Node]?>) throws {
        var nodes: [Node] = []
        var parents: [Int] = []
        var depths: [Int] = []
        var isGroup: [Bool] = []
        // Each frame holds the children still to visit, reversed, and the parent's position.
        var stack: [(pending: [Node], parent: Int)] = [(Array(roots.reversed()), -1)]
        while !stack.isEmpty {
            guard let node = stack[stack.count - 1].pending.popLast() else {
                stack.removeLast()
                continue
            }
            let parent = stack[stack.count - 1].parent
            let position = nodes.count
            nodes.append(node)
            parents.append(parent)
            depths.append(parent < 0 ? 0 : depths[parent] + 1)
            let kids = node[keyPath: children]
            isGroup.append(kids != nil)
            if let kids, !kids.isEmpty { stack.append((Array(kids.reversed()), position)) }
        }
        try self.init(
            nodes: nodes, ids: nodes.map { $0[keyPath: id] }, parents: parents, depths: depths, isGroup: isGroup)
    }

    private init(nodes: [Node], ids: [ID], parents: [Int], depths: [Int], isGroup: [Bool]) throws {
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(ids.count)
        for (position, id) in ids.enumerated() where positions.updateValue(position, forKey: id) != nil {
            throw Error.duplicateID(String(describing: id))
        }
        // In pre-order a node's subtree ends where the next node at its depth or above begins.
        var sizes = [Int](repeating: 1, count: nodes.count)
        for position in nodes.indices.reversed() where parents[position] >= 0 {
            sizes[parents[position]] += sizes[position]
        }
        self.nodes = nodes
        self.ids = ids
        self.parents = parents
        self.depths = depths
        self.sizes = sizes
        self.isGroup = isGroup
        self.positions = positions
        self.rootPositions = parents.indices.filter { parents[$0] < 0 }
    }

    /// The number of nodes.
    public var count: Int { nodes.count }

    /// The position of the node with an id, in pre-order.
    public func position(of id: ID) -> Int? { positions[id] }

    /// The node with an id.
    public func node(_ id: ID) -> Node? { positions[id].map { nodes[$0] } }

    /// A node's depth: 0 for roots.
    public func depth(at position: Int) -> Int { depths[position] }

    /// Whether a node is a leaf (its children are `nil`); an empty group is not.
    public func isLeaf(at position: Int) -> Bool { !isGroup[position] }

    /// The position of a node's parent, or `nil` for a root.
    public func parent(of position: Int) -> Int? { parents[position] < 0 ? nil : parents[position] }

    /// The positions of a node's children, in order.
    ///
    /// - Complexity: O(children): each step skips a whole child subtree.
    public func children(of position: Int) -> [Int] {
        var result: [Int] = []
        var child = position + 1
        let end = position + sizes[position]
        while child < end {
            result.append(child)
            child += sizes[child]
        }
        return result
    }

    /// The positions of every node below a node, in pre-order: one contiguous run.
    ///
    /// - Complexity: O(1) to form the range.
    public func descendants(of position: Int) -> Range<Int> { (position + 1)..<(position + sizes[position]) }

    /// The ids of every node below the node with an id, in pre-order.
    ///
    /// - Complexity: O(size of the subtree).
    public func descendants(of id: ID) -> [ID] {
        guard let position = positions[id] else { return [] }
        return descendants(of: position).map { ids[$0] }
    }

    /// The ids of a node's ancestors from the root down, excluding the node: the groups to expand so it shows.
    ///
    /// - Complexity: O(depth).
    public func ancestors(of id: ID) -> [ID] {
        guard let position = positions[id] else { return [] }
        var result: [ID] = []
        var current = parents[position]
        while current >= 0 {
            result.append(ids[current])
            current = parents[current]
        }
        return result.reversed()
    }

    /// The ids from the root down to a node, both included.
    ///
    /// - Complexity: O(depth).
    public func path(to id: ID) -> [ID] {
        guard positions[id] != nil else { return [] }
        return ancestors(of: id) + [id]
    }

    /// The positions of the nodes that show when only the given groups are expanded, in display order.
    ///
    /// - Parameter expanded: The ids of expanded groups.
    /// - Returns: Positions, each with its depth via ``depth(at:)``.
    /// - Complexity: O(visible nodes + roots).
    public func visible(expanded: Set<ID>) -> [Int] {
        var result: [Int] = []
        var stack = Array(rootPositions.reversed())
        while let position = stack.popLast() {
            result.append(position)
            if expanded.contains(ids[position]) { stack.append(contentsOf: children(of: position).reversed()) }
        }
        return result
    }

    /// The tree as indented text, one `id` a line, for tests.
    public func treeDescription(_ label: (Node) -> String) -> String {
        nodes.indices.map { String(repeating: "  ", count: depths[$0]) + label(nodes[$0]) }.joined(separator: "\n")
    }
}

extension Tree {
    /// Indexes a tree given as a flat list of `(id, parent id)` pairs in pre-order, without nesting values.
    ///
    /// - Parameters:
    ///   - nodes: The nodes in pre-order: every parent before its children, siblings in order.
    ///   - id: The key path to a node's id.
    ///   - parent: The key path to the parent's id, `nil` for roots.
    ///   - isGroup: Whether a node is a group (may have children) rather than a leaf.
    /// - Throws: ``Error/duplicateID(_:)``.
    public init(
        preorder nodes: [Node], id: KeyPath<Node, ID>, parent: KeyPath<Node, ID?>, isGroup: (Node) -> Bool
    ) throws {
        var positions: [ID: Int] = [:]
        var parents: [Int] = []
        var depths: [Int] = []
        for (position, node) in nodes.enumerated() {
            let parentPosition = node[keyPath: parent].flatMap { positions[$0] } ?? -1
            parents.append(parentPosition)
            depths.append(parentPosition < 0 ? 0 : depths[parentPosition] + 1)
            positions[node[keyPath: id]] = position
        }
        try self.init(
            nodes: nodes, ids: nodes.map { $0[keyPath: id] }, parents: parents, depths: depths,
            isGroup: nodes.map(isGroup))
    }
}

extension Tree: Sendable where Node: Sendable {}
