import CatalogKit
import CatalogTerminal

extension Demos {
    static let toggle = demo(
        "Toggle", in: ["Forms"], keywords: ["switch", "on", "off", "boolean", "settings"],
        summary: "On/off switches that Space flips"
    ) { ToggleDemo() }
}

/// A list of on/off switches: ↑/↓ move, Space or Enter flips the one under the cursor.
struct ToggleDemo: Screen {
    private(set) var switches: [(name: String, isOn: Bool)] = [
        ("Wi-Fi", true), ("Bluetooth", false), ("Airplane Mode", false), ("Do Not Disturb", true),
    ]
    private(set) var cursor = 0

    var title: String { "Toggle" }
    var lineHelp: [String] { ["<n>      flip switch n"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, switches.count - 1)
        case .enter, .character(" "): switches[cursor].isOn.toggle()
        default: break
        }
        return .none
    }

    func row(_ index: Int) -> String {
        DisplayWidth.pad(switches[index].name, to: 16) + (switches[index].isOn ? "( ●) on" : "(○ ) off")
    }

    func render(in size: Size) -> Frame {
        var lines = switches.indices.map { Line((cursor == $0 ? "› " : "  ") + row($0), cursor == $0 ? .bold : .plain) }
        lines += ["", Line("↑↓ move  Space flip", .dim)]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] { numbered(switches.indices.map(row), width: width) }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        guard command.word.isEmpty, let number = command.number, switches.indices.contains(number - 1) else {
            return .unknownCommand(line, hint: "Type a switch's number to flip it.")
        }
        cursor = number - 1
        switches[cursor].isOn.toggle()
        return .none
    }
}
