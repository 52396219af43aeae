import Testing

@testable import CatalogTerminal

/// The help overlay's rows at any width.
@Suite("Help overlay")
struct HelpOverlayTests {
    @Test("on a narrow terminal the help breaks a long list of keys after a /, rather than cutting it")
    func helpKeysWrap() {
        let rows = Chrome.helpRows(
            [HelpItem(keys: "↑/ctrl-p/ctrl-k", help: "move up"), HelpItem(keys: "F2", help: "next language")],
            width: 30
        ).map { $0.text }
        // The key column is a third of the width: 10 cells.
        #expect(rows == ["  ↑/ctrl-p/   move up", "  ctrl-k      ", "  F2          next language"])
        #expect(Chrome.keyLines("ctrl-alt-shift-x", width: 6) == ["ctrl-…"], "one key wider than the column is cut")
    }
}
