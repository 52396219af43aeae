import CatalogKit
import CatalogTerminal

extension Demos {
    static let textStyles = demo(
        "Text Styles", in: ["Text"], keywords: ["bold", "underline", "font", "width", "korean", "emoji"],
        summary: "Bold, dim, underline and reverse text, and wide characters measured by cells",
        scenarios: [
            Scenario("Korean measured", .press(.down, times: 5), .press(.enter)),
            Scenario("cut at 30 columns", size: Size(columns: 30, rows: 12)),
        ]
    ) { TextStylesDemo() }
}

/// Samples of each text style, and of scripts whose characters take two cells, with their measured widths.
struct TextStylesDemo: KeymapScreen {
    static let samples: [(name: String, style: Style, text: String)] = [
        ("Plain", .plain, "The quick brown fox"),
        ("Bold", .bold, "The quick brown fox"),
        ("Dim", .dim, "The quick brown fox"),
        ("Underline", Style(underline: true), "The quick brown fox"),
        ("Reverse", .reverse, "The quick brown fox"),
        ("Korean", .plain, "다람쥐 헌 쳇바퀴에 타고파"),
        ("Japanese", .plain, "いろはにほへと"),
        ("Emoji", .plain, "🦊 🐶 🇰🇷"),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, measure
    }

    /// The keys and line commands: Enter measures the sample under the cursor, `<n>` sample n.
    static let keymap = Keymap<Command>([
        KeyBinding([.up], .up, label: "↑↓", help: "move"),
        KeyBinding([.down], .down, help: "move down", footer: false),
        KeyBinding([.enter], .measure, label: "⏎", help: "show a sample's width", line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var cursor = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Text Styles" }

    mutating func adopt(_ environment: ScreenEnvironment) { glyphs = environment.glyphs }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.samples.count - 1)
        case .measure:
            guard let index = input.item(cursor: cursor, count: Self.samples.count) else {
                return input.missingItem(count: Self.samples.count, "a sample number")
            }
            cursor = index
            let sample = Self.samples[index]
            return .status("\(sample.name): “\(sample.text)” takes \(DisplayWidth.of(sample.text)) cells.")
        }
        return .none
    }

    /// A sample's text padded by display width, so the width column lines up for every script.
    func row(_ index: Int) -> [Span] {
        let sample = Self.samples[index]
        return [
            Span(DisplayWidth.pad(sample.name, to: 11)),
            Span(sample.text, sample.style),
            Span(String(repeating: " ", count: max(28 - DisplayWidth.of(sample.text), 1))),
            Span("\(DisplayWidth.of(sample.text)) cells, \(sample.text.count) characters", .dim),
        ]
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = Self.samples.indices.map { index in Line([Span(glyphs.marker(index == cursor))] + row(index)) }
        lines += ["", footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(Self.samples.indices.map { Line(row($0)).text }, width: width)
    }
}
