import CatalogKit

/// Draws a grouped hierarchy as text, with `├──`, `└──` and `│`.
public enum TreeText {
    /// The lines of the drawing, root first. Titles are not sanitized here; the writer does that.
    ///
    /// - Parameter hierarchy: The hierarchy.
    /// - Returns: One line per node.
    /// - Complexity: O(nodes), iteratively, so any depth is safe.
    public static func lines(_ hierarchy: Hierarchy) -> [String] {
        var lines = [hierarchy.title(of: hierarchy.root)]
        // Each frame: the remaining children (reversed) and the prefix drawn before them.
        var stack: [(pending: [Hierarchy.Node], prefix: String)] = [
            (hierarchy.children(of: hierarchy.root).reversed(), "")
        ]
        while !stack.isEmpty {
            guard let node = stack[stack.count - 1].pending.popLast() else {
                stack.removeLast()
                continue
            }
            let prefix = stack[stack.count - 1].prefix
            let last = stack[stack.count - 1].pending.isEmpty
            lines.append(prefix + (last ? "└── " : "├── ") + hierarchy.title(of: node))
            let children = hierarchy.children(of: node)
            if !children.isEmpty { stack.append((children.reversed(), prefix + (last ? "    " : "│   "))) }
        }
        return lines
    }
}
