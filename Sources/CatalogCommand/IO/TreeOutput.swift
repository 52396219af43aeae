import CatalogKit
import CatalogTerminal

/// Writes a grouped hierarchy as text, with `├──`, `└──` and `│`, straight into the output's buffer: the lines
/// ``TreeText/lines(_:)`` gives, with no string made for a line, a prefix or an entry's title.
///
/// An entry shown in place of the groups of one above it is followed by those groups: `Greeting · Basics`.
enum TreeOutput {
    /// Writes the tree, root first.
    ///
    /// - Parameters:
    ///   - hierarchy: The hierarchy.
    ///   - out: Where the lines go; titles are sanitized as they are written.
    /// - Complexity: O(nodes + bytes written), iteratively, so any depth is safe.
    static func write(_ hierarchy: Hierarchy, to out: inout Output) {
        out.line(hierarchy.title(of: hierarchy.root))
        // The prefix of the lines being written: "│   " or "    " for each level above.
        var prefix: [UInt8] = []
        // Each frame: the node whose children are drawn, those still to draw (reversed), and the prefix's length
        // for them.
        var stack: [(parent: Hierarchy.Node, pending: [Hierarchy.Node], prefix: Int)] = [
            (hierarchy.root, hierarchy.children(of: hierarchy.root).reversed(), 0)
        ]
        let branch = Array("├── ".utf8)
        let corner = Array("└── ".utf8)
        let rule = Array("│   ".utf8)
        let blank = Array("    ".utf8)
        let separator = Array(" · ".utf8)
        let chevron = Array(" › ".utf8)
        while !stack.isEmpty {
            guard let node = stack[stack.count - 1].pending.popLast() else {
                stack.removeLast()
                continue
            }
            prefix.removeSubrange(stack[stack.count - 1].prefix...)
            let parent = stack[stack.count - 1].parent
            let last = stack[stack.count - 1].pending.isEmpty
            out.raw(prefix)
            out.raw(last ? corner : branch)
            hierarchy.withTitleBytes(of: node) { out.part(bytes: $0) }
            let inlined = hierarchy.inlinedGroups(of: node, in: parent)
            if !inlined.isEmpty {
                out.raw(separator)
                for (position, name) in inlined.enumerated() {
                    if position > 0 { out.raw(chevron) }
                    out.part(name)
                }
            }
            out.end()
            let children = hierarchy.children(of: node)
            if !children.isEmpty {
                prefix += last ? blank : rule
                stack.append((node, children.reversed(), prefix.count))
            }
        }
    }
}
