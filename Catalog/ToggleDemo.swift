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

    private(set) var switches: [(name: String, isOn: Bool)] = [
        ("Wi-Fi", true), ("Bluetooth", false), ("Airplane Mode", false), ("Do Not Disturb", true),
    ]
    private(set) var cursor = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Toggle" }

    mutating func adopt(_ environment: ScreenEnvironment) { glyphs = environment.glyphs }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, switches.count - 1)
        case .flip:
            guard let index = input.item(cursor: cursor, count: switches.count) else {
                return input.missingItem(count: switches.count, "a switch number")
            }
            cursor = index
            switches[index].isOn.toggle()
        }
        return .none
    }

    func row(_ index: Int) -> String {
        let knob = glyphs == .ascii ? ("( O) on", "(O ) off") : ("( ●) on", "(○ ) off")
        return DisplayWidth.pad(switches[index].name, to: 16) + (switches[index].isOn ? knob.0 : knob.1)
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = switches.indices.map { Line(glyphs.marker(cursor == $0) + row($0), cursor == $0 ? .bold : .plain) }
        lines += ["", footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        numbered(switches.indices.map(row), width: context.size.columns)
    }
}
