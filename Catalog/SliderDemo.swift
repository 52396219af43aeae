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

    private(set) var slider = Slider(value: 50, in: range, step: 5)
    var value: Int { slider.value }

    var title: String { "Slider" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .decrease: _ = slider.handle(.left)
        case .increase: _ = slider.handle(.right)
        case .minimum: _ = slider.handle(.home)
        case .maximum: _ = slider.handle(.end)
        case .set:
            guard let number = input.number(in: Self.range) else {
                return input.missingNumber(in: Self.range, "a value")
            }
            slider.set(number)
        }
        return .none
    }

    /// The slider's row: 21 positions on the track (one per step of 5), then the value.
    func row(in context: ScreenContext) -> Line {
        let track = slider.render(in: Size(columns: 26, rows: 1), focused: false, context: context)
        return Line([Span("Volume  ")] + (track.first?.spans ?? []))
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [row(in: context), "", footer]).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] { fitted([row(in: context).text], width: context.size.columns) }
}
