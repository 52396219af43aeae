import CatalogKit

extension MenuScreen {
    /// Whether a node is marked: an entry is or isn't; a group or bucket is when every entry under it is, and
    /// mixed when some are, as the tri-state checkbox tree shows its groups.
    ///
    /// - Complexity: O(1) for an entry; O(entries below) for a group or bucket.
    func markState(of item: Item) -> CheckState {
        if case .node(.entry(let record)) = item { return marked.contains(record) ? .checked : .unchecked }
        guard !marked.isEmpty else { return .unchecked }
        var count = 0
        forEachEntry(in: item) { if marked.contains($0) { count += 1 } }
        return count == 0 ? .unchecked : count == entryCount(of: item) ? .checked : .mixed
    }

    /// Marks an item, or unmarks it when it is wholly marked: a group marks or unmarks every entry under it.
    mutating func toggleMark(_ item: Item) {
        let mark = markState(of: item) != .checked
        var records: [UInt32] = []
        forEachEntry(in: item) { records.append($0) }
        if mark { marked.mark(records) } else { marked.unmark(records) }
    }

    /// fzf's `select-all`, `deselect-all` and `toggle-all`: every entry listed, the filter's hits while it filters,
    /// else the entries under the level's items, marked in the order shown, unmarked, or each flipped.
    ///
    /// - Complexity: O(n + marks) for the n entries listed.
    mutating func markAll(_ command: MenuKeys.Command) {
        var records: [UInt32] = []
        if let filter {
            records = filter.shown
        } else {
            for item in currentItems { forEachEntry(in: item) { records.append($0) } }
        }
        switch command {
        case .selectAll: marked.mark(records)
        case .deselectAll: marked.unmark(records)
        default:
            let wereMarked = Set(records.filter { marked.contains($0) })
            marked.unmark(wereMarked)
            marked.mark(records.filter { !wereMarked.contains($0) })
        }
    }

    /// Calls `body` with every entry of an item.
    func forEachEntry(in item: Item, _ body: (UInt32) -> Void) {
        switch item {
        case .shelf(let shelf): shelfRecords(shelf).forEach(body)
        case .node(let node): hierarchy.forEachEntry(under: node, body)
        }
    }

    /// The box before an item in `--multi`, or nothing.
    func markPrefix(_ item: Item) -> String {
        options.multi ? environment.glyphs.box(markState(of: item)) + " " : ""
    }
}
