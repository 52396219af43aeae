/// The filter's earlier queries (fzf's `--history FILE`): Ctrl-P steps back through them and Ctrl-N forward, to the
/// text being typed. A query stepped onto and changed keeps the change while the menu runs, as fzf's does, and the
/// file keeps only what was searched when a run ends.
package struct QueryHistory: Sendable, Equatable {
    /// The queries, oldest first.
    package private(set) var entries: [String]
    /// Where the filter stands: an entry, or `entries.count` for the text being typed.
    private var cursor: Int
    /// The texts as changed while standing on them, by place; the one being typed at `entries.count`.
    private var edited: [Int: String] = [:]

    /// - Parameter entries: The queries, oldest first, as the history file lists them.
    package init(_ entries: [String]) {
        self.entries = entries
        cursor = entries.count
    }

    /// Steps one query back, keeping `current` as the text of the place it leaves.
    ///
    /// - Returns: The text to show, or `nil` at the oldest query.
    package mutating func previous(leaving current: String) -> String? { step(-1, leaving: current) }

    /// Steps one query forward, towards the text being typed.
    ///
    /// - Returns: The text to show, or `nil` at the text being typed.
    package mutating func next(leaving current: String) -> String? { step(1, leaving: current) }

    private mutating func step(_ by: Int, leaving current: String) -> String? {
        let target = cursor + by
        guard (0...entries.count).contains(target) else { return nil }
        edited[cursor] = current
        cursor = target
        return edited[target] ?? (target < entries.count ? entries[target] : "")
    }

    /// A history file's entries after a run that searched for `query`: it is added last, unless empty or of more
    /// than one line (pasted), and the oldest are dropped past `limit`.
    ///
    /// - Complexity: O(entries).
    package static func adding(_ query: String, to entries: [String], limit: Int) -> [String] {
        guard !query.isEmpty, !query.contains(where: \.isNewline) else { return entries }
        return Array((entries + [query]).suffix(max(limit, 1)))
    }

    /// The entries of a history file's text: its lines, a trailing line end and blank lines left out.
    package static func entries(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The text of a history file holding `entries`, one a line.
    package static func text(of entries: [String]) -> String {
        entries.map { $0 + "\n" }.joined()
    }
}
