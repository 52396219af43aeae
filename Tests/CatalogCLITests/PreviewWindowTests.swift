import CatalogTerminal
import Testing

@testable import CatalogCommand

/// fzf's `--preview-window`, as far as catalog's pane goes: a place, a size, `hidden`; border options taken and
/// doing nothing; the rest refused by name.
@Suite("--preview-window")
struct PreviewWindowTests {
    @Test("a place, a size and hidden are read, in fzf's separators; borders change nothing")
    func reads() throws {
        #expect(try LaunchCommand.previewWindow("right:60%") == (.right, .percent(60)))
        #expect(try LaunchCommand.previewWindow("down,40%,border-top") == (.bottom, .percent(40)))
        #expect(try LaunchCommand.previewWindow("bottom:12") == (.bottom, .cells(12)))
        #expect(try LaunchCommand.previewWindow("hidden") == (.hidden, nil))
        #expect(try LaunchCommand.previewWindow("right,50%,hidden,rounded") == (.hidden, .percent(50)))
    }

    @Test(
        "what catalog's pane can't do is refused by name", arguments: ["up", "left:30%", "wrap", "follow", "0%", "+3"])
    func refuses(_ spec: String) {
        #expect(throws: Arguments.UsageError.self) { try LaunchCommand.previewWindow(spec) }
    }
}
