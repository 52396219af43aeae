import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let gradients = demo(
        "Gradients & Styles", in: ["Color"], keywords: ["colour", "color", "truecolor", "256", "no_color", "gradient"],
        summary: "Colour gradients in true colour, 256 colours, or shade characters without colour",
        scenarios: [
            Scenario("true colour at 40 columns", size: Size(columns: 40, rows: 14)),
            Scenario("256-colour preview", size: Size(columns: 40, rows: 14), .press("m")),
            Scenario("no colour", size: Size(columns: 40, rows: 14), colorMode: ColorMode.none),
            Scenario("in German", locale: "de"),
        ]
    ) { GradientsDemo() }
}

/// Colour gradients and text styles, drawn for the colours the terminal has.
///
/// In colour the bars are cells of `█` in `.rgb` colours; the ``Renderer`` turns them into 256 or 16 colours when
/// that is all the terminal shows, and the 256 preview quantizes them here to show the difference. With no colour
/// (`NO_COLOR`, or F3) each cell becomes a shade character (`░▒▓█`) by its brightness, so the gradient still reads.
/// The preview starts in the colour mode the session says the terminal has, and `m` cycles it.
struct GradientsDemo: LocalizedDemo {
    /// A named gradient between colour stops.
    struct Gradient {
        /// Its name's key in the tables.
        var name: DemoWords
        var stops: [(UInt8, UInt8, UInt8)]
    }

    static let gradients = [
        Gradient(name: .sunset, stops: [(255, 94, 58), (255, 149, 0), (255, 219, 76)]),
        Gradient(name: .ocean, stops: [(0, 24, 72), (0, 122, 255), (90, 200, 250)]),
        Gradient(
            name: .rainbow,
            stops: [(255, 0, 0), (255, 255, 0), (0, 255, 0), (0, 255, 255), (0, 0, 255), (255, 0, 255)]),
        Gradient(name: .grey, stops: [(0, 0, 0), (255, 255, 255)]),
    ]

    static let modes: [ColorMode] = [.trueColor, .palette256, .none]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case cycle
    }

    /// The one binding: `m` cycles the preview, as a key and as a line command.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        Keymap([KeyBinding([.character("m")], .cycle, help: DemoWords.text(.cyclePreview, in: locale), line: "m")])
    }
    var locale = Locale(identifier: "en")

    /// The mode the bars are drawn for; the terminal's, as the environment says, until `m` cycles it.
    private(set) var mode = ColorMode.trueColor
    private(set) var glyphs = Glyphs.unicode
    /// The colour mode the environment last said, so a change of language leaves the cycled preview alone.
    private var toldMode: ColorMode?

    var title: String { "Gradients & Styles" }

    /// The preview's mode in a locale's language.
    func modeName(in locale: Locale) -> String {
        let key: DemoWords =
            switch mode {
            case .trueColor: .trueColour
            case .palette256: .colours256
            case .ansi16: .colours16
            case .none: .noColour
            }
        return DemoWords.text(key, in: locale)
    }

    mutating func adopt(_ environment: ScreenEnvironment) {
        glyphs = environment.glyphs
        locale = environment.locale
        guard environment.colorMode != toldMode else { return }
        toldMode = environment.colorMode
        mode = environment.colorMode
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        // With colour off (F3, NO_COLOR), any other mode would be a claim the terminal doesn't show.
        guard toldMode != ColorMode.none else {
            return .status(DemoWords.text(.colourIsOff, in: locale))
        }
        // The terminal's mode and the plainer ones: a richer one would be shown as the terminal's anyway, under a
        // name that says otherwise (true colour in a 256-colour tmux).
        let told = toldMode ?? .trueColor
        let cycle = [told] + Self.modes.filter { Self.richness($0) < Self.richness(told) }
        let index = cycle.firstIndex(of: mode) ?? 0
        mode = cycle[(index + 1) % cycle.count]
        // Line mode prints no colour, so say what a terminal would show.
        guard case .line = input else { return .none }
        return .status(DemoWords.text(.previewStatus, in: locale, ["mode": modeName(in: locale)]))
    }

    /// How many colours a mode shows, in order: none, 16, 256, true colour.
    static func richness(_ mode: ColorMode) -> Int {
        switch mode {
        case .none: 0
        case .ansi16: 1
        case .palette256: 2
        case .trueColor: 3
        }
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

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: context) }
        let labelWidth = Self.labelWidth(in: context.locale)
        let width = min(max(size.columns - labelWidth, 1), 64)
        var lines: [Line] = [
            Line(DemoWords.text(.previewMode, in: context, ["mode": modeName(in: context.locale)]), .bold), "",
        ]
        for gradient in Self.gradients {
            let bar = bar(gradient, width: width)
            lines.append(Line([Span(DisplayWidth.pad(words(gradient.name), to: labelWidth))] + bar.spans))
        }
        lines += [
            "",
            Line([
                Span(words(.bold), .bold), Span("  "), Span(words(.dim), .dim), Span("  "),
                Span(words(.underline), Style(underline: true)),
                Span("  "), Span(words(.reverse), .reverse), Span("  "),
                Span(words(.accent), Style(foreground: .rgb(10, 132, 255), bold: true)),
            ]),
            "",
            footer(in: context),
        ]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        // Line mode has no colour, so the bars are always shades.
        var plain = self
        plain.mode = .none
        let labelWidth = Self.labelWidth(in: context.locale)
        let barWidth = min(max(width - labelWidth, 1), 64)
        return Self.gradients.map {
            DisplayWidth.pad(DemoWords.text($0.name, in: context), to: labelWidth) + plain.bar($0, width: barWidth).text
        } + [DemoWords.text(.stylesLine, in: context)]
    }

    /// The width of the gradients' names column: 9, or the longest name and a space when a language's are longer.
    static func labelWidth(in locale: Locale) -> Int {
        max(9, (gradients.map { DisplayWidth.of(DemoWords.text($0.name, in: locale)) }.max() ?? 0) + 1)
    }
}
