/// The state of a check box in a tree.
public enum CheckState: Sendable, Hashable {
    /// Not checked; for a parent, none of its leaves is. Checked: all of them are. Mixed: some are.
    case unchecked, checked, mixed
}

/// Tri-state check boxes over a ``Tree``: leaves are checked or not, and groups follow their leaves.
///
/// A group is checked when all leaves below it are checked, unchecked when none are, and mixed otherwise. An
/// empty group behaves as a leaf. Toggling an unchecked node checks every leaf below it; toggling a checked or
/// mixed node unchecks them all. Each node keeps the count of its leaves and of its checked leaves, so a state
/// query is O(1).
public struct TriStateSelection<Node, ID: Hashable & Sendable> {
    /// The tree the selection belongs to.
    public let tree: Tree<Node, ID>
    private var checked: [Bool]
    private var leafCounts: [Int]
    private var checkedCounts: [Int]

    /// Creates a selection with the given leaves checked.
    ///
    /// - Parameters:
    ///   - tree: The tree.
    ///   - ids: Ids of leaves (or empty groups) to check; groups given here check their leaves.
    /// - Complexity: O(n).
    public init(tree: Tree<Node, ID>, checked ids: [ID] = []) {
        self.tree = tree
        checked = Array(repeating: false, count: tree.count)
        leafCounts = Array(repeating: 0, count: tree.count)
        checkedCounts = Array(repeating: 0, count: tree.count)
        for position in (0..<tree.count).reversed() {
            if actsAsLeaf(position) { leafCounts[position] = 1 }
            if let parent = tree.parent(of: position) { leafCounts[parent] += leafCounts[position] }
        }
        for id in ids where state(of: id) != .checked { toggle(id) }
    }

    private func actsAsLeaf(_ position: Int) -> Bool {
        tree.isLeaf(at: position) || tree.descendants(of: position).isEmpty
    }

    /// The state of the node at a position.
    ///
    /// - Complexity: O(1).
    public func state(at position: Int) -> CheckState {
        let total = leafCounts[position]
        let on = checkedCounts[position]
        return on == 0 ? .unchecked : on == total ? .checked : .mixed
    }

    /// The state of the node with an id; unchecked for an unknown id.
    public func state(of id: ID) -> CheckState {
        tree.position(of: id).map(state(at:)) ?? .unchecked
    }

    /// Toggles the node at a position: a checked node and everything below it become unchecked; an unchecked or
    /// mixed one becomes checked, with everything below it, as a mixed checkbox does on macOS and Windows.
    ///
    /// - Returns: The node's new state.
    /// - Complexity: O(subtree + depth).
    @discardableResult
    public mutating func toggle(at position: Int) -> CheckState {
        let target = state(at: position) != .checked
        var delta = 0
        for leaf in [position] + Array(tree.descendants(of: position)) where actsAsLeaf(leaf) && checked[leaf] != target
        {
            checked[leaf] = target
            delta += target ? 1 : -1
            checkedCounts[leaf] = target ? 1 : 0
        }
        // Groups inside the subtree: recount bottom-up; the subtree is one run, so reverse order is bottom-up.
        for inner in tree.descendants(of: position).reversed() where !actsAsLeaf(inner) {
            checkedCounts[inner] = target ? leafCounts[inner] : 0
        }
        if !actsAsLeaf(position) { checkedCounts[position] = target ? leafCounts[position] : 0 }
        var ancestor = tree.parent(of: position)
        while let current = ancestor {
            checkedCounts[current] += delta
            ancestor = tree.parent(of: current)
        }
        return state(at: position)
    }

    /// Toggles the node with an id; does nothing for an unknown id.
    @discardableResult
    public mutating func toggle(_ id: ID) -> CheckState {
        guard let position = tree.position(of: id) else { return .unchecked }
        return toggle(at: position)
    }

    /// The ids of checked leaves (and checked empty groups), in pre-order.
    public var checkedIDs: [ID] {
        (0..<tree.count).filter { checked[$0] }.map { tree.ids[$0] }
    }

    /// Checks the counts against a recount from scratch.
    ///
    /// - Throws: `InvariantViolation` naming the first node whose count is wrong.
    public func checkInvariants() throws {
        for position in (0..<tree.count).reversed() {
            var leaves = actsAsLeaf(position) ? 1 : 0
            var on = actsAsLeaf(position) && checked[position] ? 1 : 0
            for child in tree.children(of: position) {
                leaves += leafCounts[child]
                on += checkedCounts[child]
            }
            if leaves != leafCounts[position] || on != checkedCounts[position] {
                throw InvariantViolation(description: "counts are wrong at '\(tree.ids[position])'")
            }
        }
    }
}

extension TriStateSelection: Sendable where Node: Sendable {}

/// A broken invariant of a tree structure, naming where it was found.
package struct InvariantViolation: Swift.Error, CustomStringConvertible {
    public var description: String
}
