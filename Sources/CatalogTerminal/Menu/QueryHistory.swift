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
}
