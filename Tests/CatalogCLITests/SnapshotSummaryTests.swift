import CatalogTerminal
import Testing

@testable import CatalogCommand

/// `catalog snapshot`'s last line counts what happened to the scenarios, in words that agree with the numbers.
@Suite("Snapshot summary")
struct SnapshotSummaryTests {
    /// Catches "4 error" (a count read with the status's own name) and the order of the counts changing.
    @Test("the counts come in a fixed order, and errors take a plural")
    func counts() {
        #expect(SnapshotCommand.countsText([.error: 4, .matched: 4]) == ["4 matched", "4 errors"])
        #expect(
            SnapshotCommand.countsText([.error: 1, .failed: 2, .recorded: 1]) == ["1 recorded", "2 failed", "1 error"])
        #expect(SnapshotCommand.countsText([:]).isEmpty)
    }
}
