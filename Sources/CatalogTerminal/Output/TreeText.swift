import CatalogKit

/// Draws a grouped hierarchy as text, with `├──`, `└──` and `│`.
///
/// An entry shown in place of the groups of one above it is followed by those groups: `Greeting · Basics`.
package enum TreeText {
    /// The lines of the drawing, root first. Titles are not sanitized here; the writer does that.
    ///
    /// - Parameter hierarchy: The hierarchy.
    /// - Returns: One line per node.
    /// - Complexity: O(nodes + path length of the inlined entries), iteratively, so any depth is safe.
    public static func lines(_ hierarchy: Hierarchy) -> [String] {
        var lines = [hierarchy.title(of: hierarchy.root)]
        // Each frame: the node whose children are drawn, those still to draw (reversed), and the prefix before them.
        var stack: [(parent: Hierarchy.Node, pending: [Hierarchy.Node], prefix: String)] = [
            (hierarchy.root, hierarchy.children(of: hierarchy.root).reversed(), "")
        ]
        while !stack.isEmpty {
            guard let node = stack[stack.count - 1].pending.popLast() else {
                stack.removeLast()
                continue
            }
            let (parent, pending, prefix) = stack[stack.count - 1]
            let last = pending.isEmpty
            lines.append(prefix + (last ? "└── " : "├── ") + hierarchy.title(of: node, in: parent))
            let children = hierarchy.children(of: node)
            if !children.isEmpty { stack.append((node, children.reversed(), prefix + (last ? "    " : "│   "))) }
        }
        return lines
    }
}
