import Testing

@testable import CatalogTerminal

/// fzf's query history, as a value: what Ctrl-P and Ctrl-N show.
@Suite("Query history")
struct QueryHistoryTests {
    /// Catches a step past either end, the typed text lost on the way back, or an edit of an old query dropped.
    @Test("steps back to the oldest and forward to the text being typed, keeping edits made on the way")
    func steps() {
        var history = QueryHistory(["a", "b"])
        #expect(history.next(leaving: "typed") == nil, "nothing after the text being typed")
        #expect(history.previous(leaving: "typed") == "b")
        #expect(history.previous(leaving: "b2") == "a", "b changed to b2 on the way")
        #expect(history.previous(leaving: "a") == nil, "nothing before the oldest")
        #expect(history.next(leaving: "a") == "b2")
        #expect(history.next(leaving: "b2") == "typed")
        #expect(history.entries == ["a", "b"], "the file's entries are not changed by edits")
    }
}
