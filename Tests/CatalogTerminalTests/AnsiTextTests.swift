import CatalogKit
import CatalogTerminal
import Testing

/// A preview command's colours are shown as colours, as fzf shows them, and nothing else it writes reaches the
/// terminal.
@Suite("ANSI text")
struct AnsiTextTests {
    @Test("SGR codes become styles, tabs move to the next stop of eight, other escapes and controls are dropped")
    func parses() {
        let line = AnsiText.line("\u{1B}[31mred\u{1B}[0m plain\ttab \u{1B}[1;38;5;208mbold\u{1B}[22;39m end")
        #expect(line.text == "red plain       tab bold end")
        #expect(line.spans.first == Span("red", Style(foreground: .ansi(1))))
        #expect(line.spans.contains(Span("bold", Style(foreground: .palette(208), bold: true))))
        #expect(line.spans.last?.style == .plain)
        let rgb = AnsiText.line("\u{1B}[48;2;10;20;30mx\u{1B}[K\u{1B}]0;title\u{07}y\u{0}\u{8}z")
        #expect(rgb.text == "xyz", "the erase, the window title and the controls are gone")
        #expect(rgb.spans.first?.style.background == .rgb(10, 20, 30))
        #expect(
            AnsiText.line("\u{1B}[38;2;300;0;0mx\u{1B}[38;5mx").text == "xx", "bad colours are ignored, not trapped")
    }

    @Test("the preview pane shows a command's colours")
    func inThePane() throws {
        let session = try previewSession(command: "printf '\\033[32mgreen\\033[0m\\n'")
        let line = try #require(
            session.render(in: Size(columns: 120, rows: 30)).lines.first { $0.text.contains("green") })
        #expect(line.spans.contains { $0.text == "green" && $0.style.foreground == .ansi(2) })
    }

    func previewSession(command: String) throws -> Session {
        var options = MenuScreen.Options()
        options.previewCommand = command
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a.txt\n".utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: Size(columns: 120, rows: 30)), with: InlineJobs())
        return session
    }
}
