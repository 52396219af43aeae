import CatalogKit
import CatalogTerminal

extension Demos {
    static let textStyles = demo(
        "Text Styles", in: ["Text"], keywords: ["bold", "underline", "font", "width", "korean", "emoji"],
        summary: "Bold, dim, underline and reverse text, and wide characters measured by cells"
    ) { TextStylesDemo() }
}

/// Samples of each text style, and of scripts whose characters take two cells, with their measured widths.
struct TextStylesDemo: Screen {
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

    private(set) var cursor = 0

    var title: String { "Text Styles" }
    var lineHelp: [String] { ["<n>      show sample n's width"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.samples.count - 1)
        default: break
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

    func render(in size: Size) -> Frame {
        var lines = Self.samples.indices.map { index in
            Line([Span(index == cursor ? "› " : "  ")] + row(index))
        }
        lines += ["", Line("↑↓ move", .dim)]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        numbered(Self.samples.indices.map { Line(row($0)).text }, width: width)
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        guard command.word.isEmpty, let number = command.number, Self.samples.indices.contains(number - 1) else {
            return .unknownCommand(line, hint: "Type a sample's number.")
        }
        cursor = number - 1
        let sample = Self.samples[cursor]
        return .status("\(sample.name): “\(sample.text)” takes \(DisplayWidth.of(sample.text)) cells.")
    }
}
