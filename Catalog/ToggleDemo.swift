import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let toggle = demo(
        "Toggle", in: ["Forms"], keywords: ["switch", "on", "off", "boolean", "settings"],
        summary: "On/off switches that Space flips",
        scenarios: [
            Scenario("help overlay in German", locale: "de", .press("?")),
            Scenario("Bluetooth on", .press(.down), .press(" ")),
            Scenario("help overlay", .press("?")),
        ]
    ) { ToggleDemo() }
}

/// A list of on/off switches: ↑/↓ move, Space or Enter flips the one under the cursor, `<n>` flips switch n.
struct ToggleDemo: LocalizedDemo {
    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, flip
    }

    /// The keys and line commands.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up], .up, label: "↑↓", help: words(.move)),
            KeyBinding([.down], .down, help: words(.moveDown), footer: false),
            KeyBinding([.character(" "), .enter], .flip, label: "space/⏎", help: words(.flip), line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    /// The switches, each named by its key in the tables.
    private(set) var switches: [(name: DemoWords, toggle: Toggle)] = [
        (.wifi, Toggle(isOn: true)), (.bluetooth, Toggle()), (.airplaneMode, Toggle()),
        (.doNotDisturb, Toggle(isOn: true)),
    ]
    private(set) var cursor = 0

    var title: String { "Toggle" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, switches.count - 1)
        case .flip:
            guard let index = input.item(cursor: cursor, count: switches.count) else {
                return input.missingItem(
                    count: switches.count, DemoWords.text(.askSwitchNumber, in: locale), locale: locale)
            }
            cursor = index
            _ = switches[index].toggle.handle(.enter)
        }
        return .none
    }

    /// A switch's row: its name, then the switch, which the library's ``Toggle`` draws.
    func row(_ index: Int, in context: ScreenContext) -> Line {
        let focused = index == cursor
        let names = switches.map { DemoWords.text($0.name, in: context) }
        let width = max(16, (names.map(DisplayWidth.of).max() ?? 0) + 2)
        let name = Line(context.glyphs.marker(focused) + DisplayWidth.pad(names[index], to: width))
        // The rest of the row: "off" is "выкл." in Russian, and "オフ" two columns a character.
        let room = Size(columns: max(context.size.columns - DisplayWidth.of(name.text), 0), rows: 1)
        let knob = switches[index].toggle.render(in: room, focused: false, context: context)
        return Line((name.spans + (knob.first?.spans ?? [])).map { focused ? Span($0.text, .bold) : $0 })
    }

    func render(in context: ScreenContext) -> Frame {
        var lines = switches.indices.map { row($0, in: context) }
        lines += ["", footer(in: context)]
        return Frame(lines: lines).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] {
        numbered(
            switches.indices.map { String(row($0, in: context).text.dropFirst(2)) }, width: context.size.columns)
    }
}
