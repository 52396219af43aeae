import CatalogKit
import CatalogTerminal

extension Demos {
    static let gradients = demo(
        "Gradients & Styles", in: ["Color"], keywords: ["colour", "color", "truecolor", "256", "no_color", "gradient"],
        summary: "Colour gradients in true colour, 256 colours, or shade characters without colour"
    ) { GradientsDemo(mode: DemoEnvironment.colorMode, glyphs: DemoEnvironment.glyphs) }
}

/// Colour gradients and text styles, drawn for the colours the terminal has.
///
/// In colour the bars are cells of `█` in `.rgb` colours; the ``Renderer`` turns them into 256 or 16 colours when
/// that is all the terminal shows, and the 256 preview quantizes them here to show the difference. With no colour
/// (`NO_COLOR`) each cell becomes a shade character (`░▒▓█`) by its brightness, so the gradient still reads.
struct GradientsDemo: Screen {
    /// A named gradient between colour stops.
    struct Gradient {
        var name: String
        var stops: [(UInt8, UInt8, UInt8)]
    }

    static let gradients = [
        Gradient(name: "Sunset", stops: [(255, 94, 58), (255, 149, 0), (255, 219, 76)]),
        Gradient(name: "Ocean", stops: [(0, 24, 72), (0, 122, 255), (90, 200, 250)]),
        Gradient(
            name: "Rainbow",
            stops: [(255, 0, 0), (255, 255, 0), (0, 255, 0), (0, 255, 255), (0, 0, 255), (255, 0, 255)]),
        Gradient(name: "Grey", stops: [(0, 0, 0), (255, 255, 255)]),
    ]

    static let modes: [ColorMode] = [.trueColor, .palette256, .none]

    /// The mode the bars are drawn for; the terminal's at first, cycled with `m`.
    private(set) var mode: ColorMode
    let glyphs: Glyphs

    init(mode: ColorMode, glyphs: Glyphs = .unicode) {
        self.mode = mode
        self.glyphs = glyphs
    }

    var title: String { "Gradients & Styles" }
    var lineHelp: [String] { ["m        cycle the preview: true colour, 256 colours, no colour"] }

    var modeName: String {
        switch mode {
        case .trueColor: return "true colour"
        case .palette256: return "256 colours"
        case .ansi16: return "16 colours"
        case .none: return "no colour (shades)"
        }
    }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(.character("m")) = event else { return .none }
        cycle()
        return .none
    }

    private mutating func cycle() {
        let index = Self.modes.firstIndex(of: mode) ?? 0
        mode = Self.modes[(index + 1) % Self.modes.count]
    }

    /// The colour at a fraction of a gradient, interpolated between its stops.
    static func color(_ gradient: Gradient, at fraction: Double) -> (UInt8, UInt8, UInt8) {
        let scaled = min(max(fraction, 0), 1) * Double(gradient.stops.count - 1)
        let index = min(Int(scaled), gradient.stops.count - 2)
        let t = scaled - Double(index)
        let (a, b) = (gradient.stops[index], gradient.stops[index + 1])
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    /// The shade for a colour's brightness, darkest first.
    func shade(_ rgb: (UInt8, UInt8, UInt8)) -> String {
        let luma = (0.2126 * Double(rgb.0) + 0.7152 * Double(rgb.1) + 0.0722 * Double(rgb.2)) / 255
        let shades = glyphs.shades
        return shades[min(Int(luma * Double(shades.count)), shades.count - 1)]
    }

    /// One bar of a gradient, `width` cells wide.
    func bar(_ gradient: Gradient, width: Int) -> Line {
        let cells = max(width, 1)
        return Line(
            (0..<cells).map { cell in
                let rgb = Self.color(gradient, at: cells == 1 ? 0 : Double(cell) / Double(cells - 1))
                switch mode {
                case .none: return Span(shade(rgb))
                case .palette256: return Span("█", Style(foreground: .palette(Self.cubeIndex(rgb))))
                case .trueColor, .ansi16: return Span("█", Style(foreground: .rgb(rgb.0, rgb.1, rgb.2)))
                }
            })
    }

    /// The nearest colour of the 6×6×6 cube in the 256-colour palette.
    static func cubeIndex(_ rgb: (UInt8, UInt8, UInt8)) -> UInt8 {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : min((Int(v) - 35) / 40, 5) }
        return UInt8(16 + 36 * level(rgb.0) + 6 * level(rgb.1) + level(rgb.2))
    }

    func render(in size: Size) -> Frame {
        let labelWidth = 9
        let width = min(max(size.columns - labelWidth, 1), 64)
        var lines: [Line] = [Line("Preview: \(modeName)", .bold), ""]
        for gradient in Self.gradients {
            let bar = bar(gradient, width: width)
            lines.append(Line([Span(DisplayWidth.pad(gradient.name, to: labelWidth))] + bar.spans))
        }
        lines += [
            "",
            Line([
                Span("Bold", .bold), Span("  "), Span("Dim", .dim), Span("  "),
                Span("Underline", Style(underline: true)),
                Span("  "), Span("Reverse", .reverse), Span("  "),
                Span("Accent", Style(foreground: .rgb(10, 132, 255), bold: true)),
            ]),
            "",
            Line("m cycles the preview", .dim),
        ]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        // Line mode has no colour, so the bars are always shades.
        var plain = self
        plain.mode = .none
        let barWidth = min(max(width - 9, 1), 64)
        return Self.gradients.map { DisplayWidth.pad($0.name, to: 9) + plain.bar($0, width: barWidth).text }
            + ["Styles: bold, dim, underline, reverse (shown on a terminal)"]
    }

    mutating func handle(line: String) throws -> Action {
        guard LineCommand(line).word == "m" else { return .unknownCommand(line, hint: "Type m to cycle the preview.") }
        cycle()
        return .status("Preview: \(modeName). Line mode always prints shades.")
    }
}
