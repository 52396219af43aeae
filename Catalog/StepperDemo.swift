import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let stepper = demo(
        "Stepper", in: ["Forms"], keywords: ["stepper", "increment", "decrement", "number", "quantity"],
        summary: "A number you step up and down within a range; the bell rings at the ends",
        scenarios: [
            Scenario("past the top end", .press(.up, times: 10)),
            Scenario("past the top end in Russian", locale: "ru", .press(.up, times: 10)),
        ]
    ) { StepperDemo() }
}

/// A quantity from 0 to 10: ↑/+ adds one, ↓/- takes one away, and the bell rings at either end.
struct StepperDemo: LocalizedDemo {
    static let range = 0...10

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case increment, decrement, set
    }

    /// The keys and line commands; `+` and `-` step as keys and as line commands alike.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .right, .character("+")], .increment, label: "↑/+", help: words(.more), line: "+"),
            KeyBinding([.down, .left, .character("-")], .decrement, label: "↓/-", help: words(.fewer), line: "-"),
            KeyBinding([], .set, help: words(.setQuantity), footer: false, line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var stepper = Stepper(value: 1, in: range)
    var value: Int { stepper.value }

    var title: String { "Stepper" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .increment: return step(.up)
        case .decrement: return step(.down)
        case .set:
            guard let number = input.number(in: Self.range) else {
                return input.missingNumber(in: Self.range, DemoWords.text(.askQuantity, in: locale), locale: locale)
            }
            stepper.set(number)
            return .none
        }
    }

    /// Steps one up or down; at either end the bell rings and the value stays.
    private mutating func step(_ key: Key) -> Action {
        guard stepper.handle(key).change != nil else {
            let range: [String: any Sendable] = ["low": Self.range.lowerBound, "high": Self.range.upperBound]
            return .batch([.bell, .status(DemoWords.text(.quantityRange, in: locale, range))])
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        let control = stepper.render(in: Size(columns: 20, rows: 1), focused: false, context: context)
        let label = DemoWords.text(.quantity, in: context)
        let row = Line(
            [Span(DisplayWidth.pad(label, to: max(DisplayWidth.of(label) + 3, 11)))] + (control.first?.spans ?? []))
        return Frame(lines: [row, "", footer(in: context)]).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let shown = value.formatted(.number.locale(context.environment.locale))
        return fitted(["\(DemoWords.text(.quantity, in: context)): \(shown)"], width: context.size.columns)
    }
}
