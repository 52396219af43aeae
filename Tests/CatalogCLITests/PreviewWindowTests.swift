import CatalogTerminal
import Testing

@testable import CatalogCommand

/// fzf's `--preview-window`, as far as catalog's pane goes: a place, a size, `hidden`; border options taken and
/// doing nothing; the rest refused by name.
@Suite("--preview-window")
struct PreviewWindowTests {
    @Test("a place, a size and hidden are read, in fzf's separators; borders change nothing")
    func reads() throws {
        typealias Window = LaunchCommand.PreviewWindow
        #expect(try LaunchCommand.previewWindow("right:60%") == Window(placement: .right, size: .percent(60)))
        #expect(
            try LaunchCommand.previewWindow("down,40%,border-top") == Window(placement: .bottom, size: .percent(40)))
        #expect(try LaunchCommand.previewWindow("bottom:12") == Window(placement: .bottom, size: .cells(12)))
        #expect(try LaunchCommand.previewWindow("hidden") == Window(hidden: true))
        // Hidden keeps its place and size, where F4 shows the pane.
        #expect(
            try LaunchCommand.previewWindow("down,40%,hidden")
                == Window(placement: .bottom, hidden: true, size: .percent(40)))
        #expect(
            try LaunchCommand.previewWindow("right,50%,hidden,rounded")
                == Window(placement: .right, hidden: true, size: .percent(50)))
        #expect(try LaunchCommand.previewWindow("hidden:nohidden:down") == Window(placement: .bottom))
        // fzf's wrap, as its users write it (`right:50%:wrap`); the last of wrap and nowrap decides.
        #expect(
            try LaunchCommand.previewWindow("right:50%:wrap")
                == Window(placement: .right, size: .percent(50), wraps: true))
        #expect(try LaunchCommand.previewWindow("wrap,nowrap") == Window())
    }

    /// Catches an offset or a denominator lost or misread, or a base that is no number or placeholder taken.
    @Test("+SCROLL is read as fzf writes it: a number or a field, offsets, and -/DENOM")
    func scroll() throws {
        typealias Scroll = MenuScreen.PreviewScroll
        #expect(try LaunchCommand.previewWindow("+{2}").scroll == Scroll(base: "{2}"))
        #expect(try LaunchCommand.previewWindow("right,+{2}-5").scroll == Scroll(base: "{2}", offset: -5))
        #expect(try LaunchCommand.previewWindow("+{2}+3-1-/2").scroll == Scroll(base: "{2}", offset: 2, denominator: 2))
        #expect(try LaunchCommand.previewWindow("+30:down").scroll == Scroll(base: "30"))
        for bad in ["+", "+{2", "+{n}", "+{2}x", "+{2}+/2", "+{2}-/0", "+x", "+{x}", "+{+2}", "+{q}"] {
            #expect(throws: Arguments.UsageError.self, "\(bad)") { try LaunchCommand.previewWindow(bad) }
        }
    }

    @Test(
        "what catalog's pane can't do is refused by name",
        arguments: ["up", "left:30%", "wrapped", "follow", "0%", "~3"])
    func refuses(_ spec: String) {
        #expect(throws: Arguments.UsageError.self) { try LaunchCommand.previewWindow(spec) }
    }
}
