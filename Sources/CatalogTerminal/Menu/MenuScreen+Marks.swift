import CatalogKit

extension MenuScreen {
    /// Whether a node is marked: an entry is or isn't; a group or bucket is when every entry under it is, and
    /// mixed when some are, as the tri-state checkbox tree shows its groups.
    ///
    /// - Complexity: O(1) for an entry; O(entries below) for a group or bucket.
    func markState(of node: Hierarchy.Node) -> CheckState {
        if case .entry(let record) = node { return marked.contains(record) ? .checked : .unchecked }
        guard !marked.isEmpty else { return .unchecked }
        var count = 0
        hierarchy.forEachEntry(under: node) { if marked.contains($0) { count += 1 } }
        return count == 0 ? .unchecked : count == hierarchy.entryCount(of: node) ? .checked : .mixed
    }

    /// Marks a node, or unmarks it when it is wholly marked: a group marks or unmarks every entry under it.
    mutating func toggleMark(_ node: Hierarchy.Node) {
        let mark = markState(of: node) != .checked
        var records: [UInt32] = []
        hierarchy.forEachEntry(under: node) { records.append($0) }
        if mark { marked.formUnion(records) } else { marked.subtract(records) }
    }

    /// The box before an item in `--multi`, or nothing.
    func markPrefix(_ node: Hierarchy.Node) -> String {
        options.multi ? environment.glyphs.box(markState(of: node)) + " " : ""
    }
}
