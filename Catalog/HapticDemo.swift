import CatalogKit
import CatalogTerminal

extension Demos {
    static let haptic = demo(
        "Haptic View", in: ["Feedback"], keywords: ["bell", "flash", "haptics", "feedback", "vibrate"],
        summary: "The terminal's haptics: a bell and a brief flash of the screen",
        scenarios: [
            Scenario("heavy tap, flash over", .press("3"), .wait(.milliseconds(200))),
            Scenario("flashing mid-tap", .press("3"), .wait(.milliseconds(50))),
        ]
    ) { HapticDemo() }
}

/// Rings the bell and flashes the screen, as actions the shell carries out, so no terminal is needed to test it.
struct HapticDemo: KeymapScreen {
    /// A strength of feedback: how long the screen flashes.
    struct Style: Equatable {
        var name: String
        var flash: Duration
    }

    static let styles = [
        Style(name: "Light", flash: .milliseconds(40)), Style(name: "Medium", flash: .milliseconds(90)),
        Style(name: "Heavy", flash: .milliseconds(180)),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case previous, next, tap, tapStyle
    }

    /// The keys and line commands: a digit key and a typed number both tap that style.
    static let keymap = Keymap<Command>([
        KeyBinding([.up, .left], .previous, label: "↑↓", help: "choose"),
        KeyBinding([.down, .right], .next, help: "choose the next style", footer: false),
        KeyBinding([.enter, .character(" ")], .tap, label: "⏎", help: "tap"),
        KeyBinding(
            styles.indices.map { .character(Character(String($0 + 1))) }, .tapStyle, label: "1–\(styles.count)",
            help: "tap style n", line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var selected = 1
    private(set) var taps = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Haptic View" }

    mutating func adopt(_ environment: ScreenEnvironment) { glyphs = environment.glyphs }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .previous: selected = max(selected - 1, 0)
        case .next: selected = min(selected + 1, Self.styles.count - 1)
        case .tap: return tap()
        case .tapStyle:
            // A digit key names its style just as a typed number does.
            let typed: CommandInput
            if case .key(.character(let digit)) = input { typed = .line(String(digit)) } else { typed = input }
            guard let style = typed.item(cursor: selected, count: Self.styles.count) else {
                return typed.missingItem(count: Self.styles.count, "a style number")
            }
            selected = style
            return tap()
        }
        return .none
    }

    private mutating func tap() -> Action {
        taps += 1
        let style = Self.styles[selected]
        return .batch([.bell, .flash(style.flash), .status("\(style.name) tap (\(taps))")])
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = Self.styles.enumerated().map { index, style in
            let ms = style.flash.components.attoseconds / 1_000_000_000_000_000
            let text = glyphs.marker(index == selected) + "\(index + 1). \(style.name)  (flash \(ms) ms)"
            return Line(text, index == selected ? .reverse : .plain)
        }
        lines += ["", Line("Taps: \(taps)"), "", footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(Self.styles.map(\.name), width: width) + ["Taps: \(taps)"]
    }
}
