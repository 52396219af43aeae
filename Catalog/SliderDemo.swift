import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let slider = demo(
        "Slider", in: ["Controls"], keywords: ["slider", "volume", "range", "value", "knob"],
        summary: "A value from 0 to 100 on a track, in steps of 5",
        controls: [
            .integer("value", default: 50, in: 0...1000, atMost: "maximum"),
            .integer("maximum", default: 100, in: 10...1000),
        ],
        scenarios: [
            Scenario("at 75 in Korean", locale: "ko", .press(.right, times: 5)),
            Scenario("at 75", .press(.right, times: 5)),
            Scenario("at the top end", .press(.end)),
            Scenario("starting at 20, moved down", controls: ["value": 20], .press(.left)),
            Scenario("on a range to 400, at the top end", controls: ["maximum": 400], .press(.end)),
        ]
    ) { values in SliderDemo(value: values.integer("value"), maximum: values.integer("maximum")) }
}

/// A slider from 0 to a maximum (100 unless its control says otherwise): ←/→ move by 5, Home/End jump to the ends,
/// and a typed number sets it.
struct SliderDemo: LocalizedDemo {
    /// The values it takes.
    let range: ClosedRange<Int>

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case decrease, increase, minimum, maximum, set
    }

    /// The keys and line commands.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.left, .down], .decrease, label: "←→", help: words(.moveBy5)),
            KeyBinding([.right, .up], .increase, label: "↑↓", help: words(.moveBy5), footer: false),
            KeyBinding([.home], .minimum, label: "home/end", help: words(.ends)),
            KeyBinding([.end], .maximum, help: words(.topEnd), footer: false),
            KeyBinding([], .set, help: words(.setValue), footer: false, line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var slider: Slider
    var value: Int { slider.value }

    /// A slider at a value, clamped to its range, from 0 to `maximum`.
    init(value: Int = 50, maximum: Int = 100) {
        range = 0...max(maximum, 5)
        slider = Slider(value: value, in: range, step: 5)
    }

    var title: String { "Slider" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .decrease: _ = slider.handle(.left)
        case .increase: _ = slider.handle(.right)
        case .minimum: _ = slider.handle(.home)
        case .maximum: _ = slider.handle(.end)
        case .set:
            guard let number = input.number(in: range) else {
                return input.missingNumber(in: range, DemoWords.text(.askValue, in: locale), locale: locale)
            }
            slider.set(number)
        }
        return .none
    }

    /// The slider's row: 21 positions on the track (one per step of 5), then the value.
    func row(in context: ScreenContext) -> Line {
        let track = slider.render(in: Size(columns: 26, rows: 1), focused: false, context: context)
        let label = DemoWords.text(.volume, in: context)
        return Line(
            [Span(DisplayWidth.pad(label, to: max(DisplayWidth.of(label) + 2, 8)))] + (track.first?.spans ?? []))
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [row(in: context), "", footer(in: context)]).clipped(to: context.size)
    }

    func lines(in context: ScreenContext) -> [String] { fitted([row(in: context).text], width: context.size.columns) }
}
