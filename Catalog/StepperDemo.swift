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

    private(set) var stepper = Stepper(value: 1, in: range)
    var value: Int { stepper.value }

    var title: String { "Stepper" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .increment: return step(.up)
        case .decrement: return step(.down)
        case .set:
            guard let number = input.number(in: Self.range) else {
                return input.missingNumber(in: Self.range, "a quantity")
            }
            stepper.set(number)
            return .none
        }
    }

    /// Steps one up or down; at either end the bell rings and the value stays.
    private mutating func step(_ key: Key) -> Action {
        guard stepper.handle(key).change != nil else { return .atEnd(of: Self.range, "The quantity") }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        let control = stepper.render(in: Size(columns: 20, rows: 1), focused: false, context: context)
        let row = Line([Span("Quantity   ")] + (control.first?.spans ?? []))
        return Frame(lines: [row, "", footer]).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] { fitted(["Quantity: \(value)"], width: context.size.columns) }
}
