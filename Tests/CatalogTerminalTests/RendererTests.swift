import CatalogTerminal
import Testing

@Suite("Renderer")
struct RendererTests {
    let esc = "\u{1B}"

    @Test func firstFrameIsDrawnInFull() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let frame = Frame(lines: ["hi", Line([Span("a", .bold), Span("b")])])
        let output = renderer.render(frame, size: Size(columns: 10, rows: 3))
        #expect(
            output
                == "\(esc)[?25l\(esc)[0m"
                + "\(esc)[1;1H\(esc)[2Khi"
                + "\(esc)[2;1H\(esc)[2K\(esc)[0;1ma\(esc)[0mb"
                + "\(esc)[3;1H\(esc)[2K")
    }

    @Test func synchronizedOutputWrapsTheFrame() {
        var renderer = Renderer(colorMode: .ansi16)
        let output = renderer.render(Frame(lines: ["x"]), size: Size(columns: 4, rows: 1))
        #expect(output == "\(esc)[?2026h\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2Kx\(esc)[?2026l")
    }

    @Test func onlyChangedLinesAreRedrawn() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let size = Size(columns: 10, rows: 3)
        _ = renderer.render(Frame(lines: ["one", "two", "three"]), size: size)
        let output = renderer.render(Frame(lines: ["one", "TWO", "three"]), size: size)
        #expect(output == "\(esc)[?25l\(esc)[2;1H\(esc)[2KTWO")
        #expect(renderer.render(Frame(lines: ["one", "TWO", "three"]), size: size) == "")
        // A line that disappears is erased.
        #expect(renderer.render(Frame(lines: ["one", "TWO"]), size: size) == "\(esc)[?25l\(esc)[3;1H\(esc)[2K")
    }

    @Test func invalidateAndResizeRedrawEverything() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let frame = Frame(lines: ["a", "b"])
        _ = renderer.render(frame, size: Size(columns: 5, rows: 2))
        renderer.invalidate()
        #expect(
            renderer.render(frame, size: Size(columns: 5, rows: 2))
                == "\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2Ka\(esc)[2;1H\(esc)[2Kb")
        #expect(
            renderer.render(frame, size: Size(columns: 6, rows: 1))
                == "\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2Ka")
    }

    @Test func cursorIsPlacedAndShown() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let size = Size(columns: 10, rows: 2)
        _ = renderer.render(Frame(lines: ["> ab"]), size: size)
        let output = renderer.render(Frame(lines: ["> ab"], cursor: (row: 0, column: 4)), size: size)
        #expect(output == "\(esc)[?25l\(esc)[1;5H\(esc)[?25h")
        // Moving the cursor alone redraws no line.
        let moved = renderer.render(Frame(lines: ["> ab"], cursor: (row: 1, column: 9)), size: size)
        #expect(moved == "\(esc)[?25l\(esc)[2;10H\(esc)[?25h")
        // A cursor outside the screen is hidden, as no cursor is.
        #expect(renderer.render(Frame(lines: ["> ab"], cursor: (row: 5, column: 40)), size: size) == "\(esc)[?25l")
        #expect(renderer.render(Frame(lines: ["> ab"]), size: size) == "")
    }

    @Test func linesAreCutToTheWidthByDisplayWidth() {
        var renderer = Renderer(colorMode: .none, synchronized: false)
        let output = renderer.render(
            Frame(lines: ["아프리카 여행", Line([Span("abc"), Span("defghijk", .bold)]), "exactly10!"]),
            size: Size(columns: 10, rows: 3))
        #expect(
            output
                == "\(esc)[?25l\(esc)[0m"
                + "\(esc)[1;1H\(esc)[2K아프리카 …"
                + "\(esc)[2;1H\(esc)[2Kabc\(esc)[0;1mdefghi…\(esc)[0m"
                + "\(esc)[3;1H\(esc)[2Kexactly10!")
    }

    @Test func hostileTextIsEscaped() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let output = renderer.render(
            Frame(lines: [Line([Span("\u{1B}]0;pwned\u{7}"), Span("\u{1B}[2J", .bold)])]),
            size: Size(columns: 40, rows: 1))
        #expect(
            output
                == "\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2K\\u{1B}]0;pwned\\u{7}\(esc)[0;1m\\u{1B}[2J\(esc)[0m")
        #expect(!output.contains("\u{7}"))
        #expect(!output.contains("\(esc)]"))
    }

    @Test(
        "colours are downgraded to the mode",
        arguments: [
            (ColorMode.trueColor, Color.rgb(255, 128, 0), "38;2;255;128;0"),
            (.palette256, .rgb(255, 128, 0), "38;5;208"),
            (.palette256, .rgb(128, 128, 128), "38;5;244"),
            (.ansi16, .rgb(250, 10, 10), "91"),
            (.ansi16, .rgb(0, 0, 0), "30"),
            (.ansi16, .palette(196), "91"),
            (.ansi16, .palette(4), "34"),
            (.palette256, .palette(33), "38;5;33"),
            (.trueColor, .ansi(2), "32"),
            (.ansi16, .ansi(12), "94"),
        ])
    func colors(mode: ColorMode, color: Color, parameters: String) {
        var renderer = Renderer(colorMode: mode, synchronized: false)
        let output = renderer.render(
            Frame(lines: [Line("x", Style(foreground: color))]), size: Size(columns: 5, rows: 1))
        #expect(output.contains("\(esc)[0;\(parameters)mx\(esc)[0m"))
    }

    @Test func backgroundColours() {
        var renderer = Renderer(colorMode: .trueColor, synchronized: false)
        let style = Style(foreground: .ansi(1), background: .rgb(1, 2, 3), bold: true, underline: true)
        let output = renderer.render(Frame(lines: [Line("x", style)]), size: Size(columns: 5, rows: 1))
        #expect(output.contains("\(esc)[0;1;4;31;48;2;1;2;3mx\(esc)[0m"))
    }

    @Test func noColorKeepsAttributesButDropsColours() {
        var renderer = Renderer(colorMode: .none, synchronized: false)
        let frame = Frame(lines: [
            Line([Span("a", Style(foreground: .rgb(1, 2, 3))), Span("b", Style(foreground: .ansi(1), reverse: true))])
        ])
        let output = renderer.render(frame, size: Size(columns: 5, rows: 1))
        #expect(output == "\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2Ka\(esc)[0;7mb\(esc)[0m")
    }

    @Test(
        "colour mode from the environment",
        arguments: [
            ([:], ColorMode.ansi16),
            (["TERM": "xterm"], .ansi16),
            (["TERM": "xterm-256color"], .palette256),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
            (["TERM": "xterm", "COLORTERM": "24bit"], .trueColor),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], .none),
            (["COLORTERM": "truecolor", "NO_COLOR": "yes please"], .none),
            (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),
            (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
        ])
    func detect(environment: [String: String], expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment) == expected)
    }

    @Test func degenerateSizesDoNotCrash() {
        var renderer = Renderer(colorMode: .ansi16, synchronized: false)
        let frame = Frame(lines: ["abc"], cursor: (row: 0, column: 0))
        #expect(renderer.render(frame, size: Size(columns: 0, rows: 0)) == "\(esc)[?25l\(esc)[0m")
        #expect(renderer.render(frame, size: Size(columns: -5, rows: -1)) == "\(esc)[?25l\(esc)[0m")
        #expect(
            renderer.render(frame, size: Size(columns: 1, rows: 1))
                == "\(esc)[?25l\(esc)[0m\(esc)[1;1H\(esc)[2K…\(esc)[1;1H\(esc)[?25h")
    }
}
