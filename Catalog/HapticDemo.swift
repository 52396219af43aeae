import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let haptic = demo(
        "Haptic View", in: ["Feedback"], keywords: ["bell", "flash", "haptics", "feedback", "vibrate"],
        summary: "The terminal's haptics: a bell and a brief flash of the screen",
        scenarios: [
            Scenario("heavy tap, flash over", .press("3"), .wait(.milliseconds(200))),
            Scenario("flashing mid-tap", .press("3")),
            Scenario("heavy tap in Russian", locale: "ru", .press("3"), .wait(.milliseconds(200))),
        ]
    ) { HapticDemo() }
}

/// Rings the bell and flashes the screen, as actions the shell carries out, so no terminal is needed to test it.
struct HapticDemo: LocalizedDemo {
    /// A strength of feedback: how long the screen flashes.
    struct Style: Equatable {
        /// Its name's key in the tables.
        var name: DemoWords
        var flash: Duration
    }

    static let styles = [
        Style(name: .light, flash: .milliseconds(40)), Style(name: .medium, flash: .milliseconds(90)),
        Style(name: .heavy, flash: .milliseconds(180)),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case previous, next, tap, tapStyle
    }

    /// The keys and line commands: a digit key and a typed number both tap that style.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .left], .previous, label: "↑↓", help: words(.choose)),
            KeyBinding([.down, .right], .next, help: words(.chooseNextStyle), footer: false),
            KeyBinding([.enter, .character(" ")], .tap, label: "⏎", help: words(.tap)),
            KeyBinding(
                styles.indices.map { .character(Character(String($0 + 1))) }, .tapStyle, label: "1–\(styles.count)",
                help: words(.tapStyle), line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var selected = 1
    private(set) var taps = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Haptic View" }

    mutating func adopt(_ environment: ScreenEnvironment) {
        glyphs = environment.glyphs
        locale = environment.locale
    }

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
                return typed.missingItem(
                    count: Self.styles.count, DemoWords.text(.askStyleNumber, in: locale), locale: locale)
            }
            selected = style
            return tap()
        }
        return .none
    }

    private mutating func tap() -> Action {
        taps += 1
        let style = Self.styles[selected]
        let name = DemoWords.text(style.name, in: locale)
        return .batch([
            .bell, .flash(style.flash), .status(DemoWords.text(.tapped, in: locale, ["style": name, "count": taps])),
        ])
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = Self.styles.enumerated().map { index, style in
            let ms = style.flash.components.attoseconds / 1_000_000_000_000_000
            let name = DemoWords.text(style.name, in: context)
            let row = DemoWords.text(.flashRow, in: context, ["name": name, "ms": Int(ms)])
            return Line(
                glyphs.marker(index == selected) + "\(index + 1). " + row, index == selected ? .reverse : .plain)
        }
        lines += ["", Line(DemoWords.text(.taps, in: context, ["count": taps])), "", footer(in: context)]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(Self.styles.map { DemoWords.text($0.name, in: context) }, width: width)
            + [DemoWords.text(.taps, in: context, ["count": taps])]
    }
}
