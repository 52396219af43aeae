import CatalogKit
import Testing

@testable import CatalogTerminal

/// fzf's `--border`, which the loop draws around the session's frame.
@Suite("Border")
struct BorderTests {
    let frame = Frame(lines: [Line("ab"), Line("cdefghijkl")], cursor: (row: 1, column: 1))

    /// Catches a line too long or short for the width, the inside's size or the cursor not moved by the lines, or
    /// a frame's long row pushing the right-hand line out.
    @Test("a box: the frame inside, a space from each side, its rows cut to fit, the cursor moved with it")
    func box() {
        let border = Border(.rounded)
        let size = Size(columns: 10, rows: 5)
        #expect(border.inner(size) == Size(columns: 6, rows: 3))
        let framed = border.framed(frame, in: size, glyphs: .unicode)
        #expect(
            framed.lines.map(\.text) == [
                "╭────────╮", "│ ab     │", "│ cdefg… │", "│        │", "╰────────╯",
            ])
        #expect(framed.cursor?.row == 2 && framed.cursor?.column == 3)
        #expect(framed.lines.allSatisfy { $0.width == 10 })
    }

    /// Catches a side drawn that the style leaves out, or its room kept anyway.
    @Test("fzf's sides: horizontal rules above and below, or one line at the left, in sharp lines")
    func sides() {
        let size = Size(columns: 8, rows: 4)
        let horizontal = Border(.horizontal).framed(frame, in: size, glyphs: .unicode)
        #expect(horizontal.lines.map(\.text) == ["────────", "ab", "cdefghi…", "────────"])
        #expect(Border(.horizontal).inner(size) == Size(columns: 8, rows: 2))
        let left = Border(.left).framed(frame, in: size, glyphs: .unicode)
        #expect(left.lines.map(\.text) == ["│ ab", "│ cdefg…", "│ ", "│ "])
        #expect(left.cursor?.column == 3 && left.cursor?.row == 1)
        #expect(Border(.double).framed(frame, in: size, glyphs: .unicode).lines.first?.text == "╔══════╗")
        #expect(Border(.bold).framed(frame, in: size, glyphs: .ascii).lines.first?.text == "+------+")
    }

    /// Catches a border drawn where nothing would be left inside it, or `none` drawing one.
    @Test("no border where it would leave no row or column inside, or with none")
    func tooSmall() {
        #expect(Border(.rounded).framed(frame, in: Size(columns: 4, rows: 3), glyphs: .unicode) == frame)
        #expect(Border(.rounded).inner(Size(columns: 5, rows: 2)) == Size(columns: 5, rows: 2))
        #expect(Border(.none).framed(frame, in: Size(columns: 20, rows: 9), glyphs: .unicode) == frame)
    }

    /// Catches the session told the terminal's size (drawn over the lines), a click on a line reaching the screen,
    /// or a click inside reaching it at the terminal's column rather than the frame's.
    @Test("in the loop: the session draws inside the lines, and a click is moved inside them or dropped on them")
    func loop() throws {
        let terminal = VirtualTerminal(size: Size(columns: 40, rows: 10))
        terminal.type("\u{1B}[<0;1;1M", at: .milliseconds(10))  // the top left corner
        // Inside: row 5, column 10 of the window, column 8 of the inside.
        terminal.type("\u{1B}[<0;10;5M", at: .milliseconds(20))
        terminal.type([0x03], at: .milliseconds(30))
        var loop = EventLoop(
            session: Session(root: LoopHost()), terminal: terminal, jobs: InlineJobs(),
            renderer: Renderer(colorMode: .none))
        loop.border = Border(.rounded)
        _ = try loop.run()
        let host = try #require(loop.session.stack.first as? LoopHost)
        #expect(host.size.columns == 36, "the session's width is the inside's")
        let clicks = host.keys.compactMap { key -> Mouse? in if case .mouse(let mouse) = key { mouse } else { nil } }
        #expect(clicks.count == 1 && clicks.first?.column == 7, "\(clicks)")
        let screen = terminal.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen.first?.hasPrefix("╭───") == true && screen.last?.hasPrefix("╰───") == true)
    }
}
