import CatalogKit
import CatalogTerminal

extension Demos {
    static let toggle = demo(
        "Toggle", in: ["Forms"], keywords: ["switch", "on", "off", "boolean", "settings"],
        summary: "On/off switches that Space flips",
        scenarios: [
            Scenario("Bluetooth on", .press(.down), .press(" ")),
            Scenario("help overlay", .press("?")),
        ]
    ) { ToggleDemo() }
}

/// A list of on/off switches: ↑/↓ move, Space or Enter flips the one under the cursor, `<n>` flips switch n.
struct ToggleDemo: KeymapScreen {
    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, flip
    }

    /// The keys and line commands.
    static let keymap = Keymap<Command>([
        KeyBinding([.up], .up, label: "↑↓", help: "move"),
        KeyBinding([.down], .down, help: "move down", footer: false),
        KeyBinding([.character(" "), .enter], .flip, label: "space", help: "flip", line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var switches: [(name: String, toggle: Toggle)] = [
        ("Wi-Fi", Toggle(isOn: true)), ("Bluetooth", Toggle()), ("Airplane Mode", Toggle()),
        ("Do Not Disturb", Toggle(isOn: true)),
    ]
    private(set) var cursor = 0

    var title: String { "Toggle" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, switches.count - 1)
        case .flip:
            guard let index = input.item(cursor: cursor, count: switches.count) else {
                return input.missingItem(count: switches.count, "a switch number")
            }
            cursor = index
            _ = switches[index].toggle.handle(.enter)
        }
        return .none
    }

    /// A switch's row: its name, then the switch, which the library's ``Toggle`` draws.
    func row(_ index: Int, in context: ScreenContext) -> Line {
        let focused = index == cursor
        let knob = switches[index].toggle.render(in: Size(columns: 8, rows: 1), focused: false, context: context)
        let name = Line(context.glyphs.marker(focused) + DisplayWidth.pad(switches[index].name, to: 16))
        return Line((name.spans + (knob.first?.spans ?? [])).map { focused ? Span($0.text, .bold) : $0 })
    }

    func render(in context: ScreenContext) -> Frame {
        var lines = switches.indices.map { row($0, in: context) }
        lines += ["", footer]
        return Frame(lines: lines).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] {
        numbered(
            switches.indices.map { String(row($0, in: context).text.dropFirst(2)) }, width: context.size.columns)
    }
}
