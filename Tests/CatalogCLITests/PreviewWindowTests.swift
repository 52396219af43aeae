import CatalogTerminal
import Testing

@testable import CatalogCommand

/// fzf's `--preview-window`, as far as catalog's pane goes: a place, a size, `hidden`; border options taken and
/// doing nothing; the rest refused by name.
@Suite("--preview-window")
struct PreviewWindowTests {
    @Test("a place, a size and hidden are read, in fzf's separators; borders change nothing")
    func reads() throws {
        #expect(try LaunchCommand.previewWindow("right:60%") == (.right, false, .percent(60), nil))
        #expect(try LaunchCommand.previewWindow("down,40%,border-top") == (.bottom, false, .percent(40), nil))
        #expect(try LaunchCommand.previewWindow("bottom:12") == (.bottom, false, .cells(12), nil))
        #expect(try LaunchCommand.previewWindow("hidden") == (nil, true, nil, nil))
        // Hidden keeps its place and size, where F4 shows the pane.
        #expect(try LaunchCommand.previewWindow("down,40%,hidden") == (.bottom, true, .percent(40), nil))
        #expect(try LaunchCommand.previewWindow("right,50%,hidden,rounded") == (.right, true, .percent(50), nil))
        #expect(try LaunchCommand.previewWindow("hidden:nohidden:down") == (.bottom, false, nil, nil))
    }

    /// Catches an offset or a denominator lost or misread, or a base that is no number or placeholder taken.
    @Test("+SCROLL is read as fzf writes it: a number or a field, offsets, and -/DENOM")
    func scroll() throws {
        typealias Scroll = MenuScreen.PreviewScroll
        #expect(try LaunchCommand.previewWindow("+{2}").3 == Scroll(base: "{2}"))
        #expect(try LaunchCommand.previewWindow("right,+{2}-5").3 == Scroll(base: "{2}", offset: -5))
        #expect(try LaunchCommand.previewWindow("+{2}+3-1-/2").3 == Scroll(base: "{2}", offset: 2, denominator: 2))
        #expect(try LaunchCommand.previewWindow("+30:down").3 == Scroll(base: "30"))
        for bad in ["+", "+{2", "+{n}", "+{2}x", "+{2}+/2", "+{2}-/0", "+x", "+{x}", "+{+2}", "+{q}"] {
            #expect(throws: Arguments.UsageError.self, "\(bad)") { try LaunchCommand.previewWindow(bad) }
        }
    }

    @Test(
        "what catalog's pane can't do is refused by name", arguments: ["up", "left:30%", "wrap", "follow", "0%", "~3"])
    func refuses(_ spec: String) {
        #expect(throws: Arguments.UsageError.self) { try LaunchCommand.previewWindow(spec) }
    }
}
