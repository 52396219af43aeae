import CatalogKit
import CatalogTerminal

extension Demos {
    static let stepper = demo(
        "Stepper", in: ["Forms"], keywords: ["stepper", "increment", "decrement", "number", "quantity"],
        summary: "A number you step up and down within a range; the bell rings at the ends"
    ) { StepperDemo() }
}

/// A quantity from 0 to 10: ↑/+ adds one, ↓/- takes one away, and the bell rings at either end.
struct StepperDemo: Screen {
    static let range = 0...10

    private(set) var value = 1

    var title: String { "Stepper" }
    var lineHelp: [String] { ["+ / -    step up or down", "<n>      set the value (0–10)"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .up, .right, .character("+"): return step(1)
        case .down, .left, .character("-"): return step(-1)
        default: return .none
        }
    }

    private mutating func step(_ delta: Int) -> Action {
        guard Self.range.contains(value + delta) else { return .bell }
        value += delta
        return .none
    }

    var row: String { "Quantity   [ - ]  \(value)  [ + ]" }

    func render(in size: Size) -> Frame {
        clipped([Line(row), "", Line("↑/+ more  ↓/- fewer  (0–10)", .dim)], to: size)
    }

    func lines(width: Int) -> [String] { fitted(["Quantity: \(value)"], width: width) }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        switch (command.word, command.number) {
        case ("+", nil): return step(1)
        case ("-", nil): return step(-1)
        case ("", let number?) where Self.range.contains(number):
            value = number
            return .none
        case ("", let number?):
            return .status("\(number) is out of range; choose a value from 0 to 10.")
        default:
            return .unknownCommand(line, hint: "Type +, - or a value from 0 to 10.")
        }
    }
}
