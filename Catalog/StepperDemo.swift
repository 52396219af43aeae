import CatalogKit
import CatalogTerminal

extension Demos {
    static let stepper = demo(
        "Stepper", in: ["Forms"], keywords: ["stepper", "increment", "decrement", "number", "quantity"],
        summary: "A number you step up and down within a range; the bell rings at the ends",
        scenarios: [Scenario("past the top end", .press(.up, times: 10))]
    ) { StepperDemo() }
}

/// A quantity from 0 to 10: ↑/+ adds one, ↓/- takes one away, and the bell rings at either end.
struct StepperDemo: KeymapScreen {
    static let range = 0...10

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case increment, decrement, set
    }

    /// The keys and line commands; `+` and `-` step as keys and as line commands alike.
    static let keymap = Keymap<Command>([
        KeyBinding([.up, .right, .character("+")], .increment, label: "↑/+", help: "more", line: "+"),
        KeyBinding([.down, .left, .character("-")], .decrement, label: "↓/-", help: "fewer", line: "-"),
        KeyBinding([], .set, help: "set the quantity (0–10)", footer: false, line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var value = 1

    var title: String { "Stepper" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .increment: return step(up: true)
        case .decrement: return step(up: false)
        case .set:
            guard let number = input.number(in: Self.range) else {
                return input.missingNumber(in: Self.range, "a quantity")
            }
            value = number
            return .none
        }
    }

    /// Steps one up or down; at either end the bell rings and the value stays.
    private mutating func step(up: Bool) -> Action {
        guard let next = stepped(value, up: up, in: Self.range) else { return .atEnd(of: Self.range, "The quantity") }
        value = next
        return .none
    }

    var row: String { "Quantity   [ - ]  \(value)  [ + ]" }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        return Frame(lines: [Line(row), "", footer]).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { fitted(["Quantity: \(value)"], width: context.size.columns) }
}
