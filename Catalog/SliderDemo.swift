import CatalogKit
import CatalogTerminal

extension Demos {
    static let slider = demo(
        "Slider", in: ["Controls"], keywords: ["slider", "volume", "range", "value", "knob"],
        summary: "A value from 0 to 100 on a track, in steps of 5",
        scenarios: [
            Scenario("at 75", .press(.right, times: 5)),
            Scenario("at the top end", .press(.end)),
        ]
    ) { SliderDemo() }
}

/// A slider from 0 to 100: ←/→ move by 5, Home/End jump to the ends, and a typed number sets it.
struct SliderDemo: KeymapScreen {
    static let range = 0...100

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case decrease, increase, minimum, maximum, set
    }

    /// The keys and line commands.
    static let keymap = Keymap<Command>([
        KeyBinding([.left, .down], .decrease, label: "←→", help: "move by 5"),
        KeyBinding([.right, .up], .increase, help: "move up by 5", footer: false),
        KeyBinding([.home], .minimum, label: "home/end", help: "ends"),
        KeyBinding([.end], .maximum, help: "the top end", footer: false),
        KeyBinding([], .set, help: "set the value (0–100)", footer: false, line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var value = 50
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Slider" }

    mutating func adopt(_ environment: ScreenEnvironment) { glyphs = environment.glyphs }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .decrease: value = max(value - 5, Self.range.lowerBound)
        case .increase: value = min(value + 5, Self.range.upperBound)
        case .minimum: value = Self.range.lowerBound
        case .maximum: value = Self.range.upperBound
        case .set:
            guard let number = input.number(in: Self.range) else {
                return input.missingNumber(in: Self.range, "a value")
            }
            value = number
        }
        return .none
    }

    /// The track: 21 positions, the knob at the value.
    var track: String {
        let knob = value / 5
        let line = glyphs.horizontal
        let dot = glyphs == .ascii ? "O" : "●"
        return String(repeating: line, count: knob) + dot + String(repeating: line, count: 20 - knob)
    }

    var row: String { "Volume  \(track)  \(value)" }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        return Frame(lines: [Line(row), "", footer]).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { fitted([row], width: context.size.columns) }
}
