import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let progress = demo(
        "Progress", in: ["Indicators"], keywords: ["progress", "bar", "download", "percent", "loading"],
        summary: "A progress bar that fills on a clock, with pause and reset",
        controls: [.integer("percent", default: 0, in: 0...100)],
        scenarios: [
            Scenario("running for 1 s", .press(" "), .wait(.seconds(1))),
            Scenario("half done in German", locale: "de", controls: ["percent": 50]),
            Scenario("done after 2 s", .press(" "), .wait(.seconds(2))),
            Scenario("30% added by hand", .press("+", times: 3)),
            Scenario("started at 85%, 10% added", controls: ["percent": 85], .press("+")),
            Scenario("controls pane, set to 42", .press(.function(7)), .type("42"), .press(.enter)),
        ]
    ) { values in ProgressDemo(percent: values.integer("percent")) }
}

/// A progress bar that gains 5% a tick while running; Space starts or pauses it, `+` adds 10%, r resets it.
struct ProgressDemo: LocalizedDemo {
    static let interval = Duration.milliseconds(100)
    /// The percentages `+ n` may add at once.
    static let steps = 1...100

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case startOrPause, add, reset
    }

    /// The keys and line commands; `+` adds 10% as a key, and any amount as a line command.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.character(" "), .enter], .startOrPause, label: "space/⏎", help: words(.startOrPause)),
            KeyBinding([.character("+")], .add, help: words(.addPercent)),
            KeyBinding([], .add, help: words(.addAnyPercent), footer: false, line: "+ [n]"),
            KeyBinding([.character("r")], .reset, help: words(.reset), line: "r"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var percent: Int
    private(set) var isRunning = false
    private(set) var tickPending = false
    private(set) var glyphs = Glyphs.unicode

    /// A bar at a percentage, clamped to 0 through 100, paused.
    init(percent: Int = 0) { self.percent = min(max(percent, 0), 100) }

    var title: String { "Progress" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize, .finished: return .none
        case .environment(let environment):
            glyphs = environment.glyphs
            locale = environment.locale
            return .none
        case .tick:
            tickPending = false
            guard isRunning else { return .none }
            percent = min(percent + 5, 100)
            if percent == 100 {
                isRunning = false
                return .batch([.bell, .status(DemoWords.text(.doneMessage, in: locale))])
            }
            return requestTick()
        case .key(let key):
            return perform(key: key)
        }
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .startOrPause:
            if percent == 100 { percent = 0 }
            isRunning.toggle()
            return isRunning ? requestTick() : .none
        case .add:
            guard let amount = input.number(in: Self.steps, default: 10) else {
                return input.missingNumber(in: Self.steps, DemoWords.text(.askPercentage, in: locale), locale: locale)
            }
            percent = min(percent + amount, 100)
        case .reset:
            percent = 0
            isRunning = false
        }
        return .none
    }

    private mutating func requestTick() -> Action {
        guard !tickPending else { return .none }
        tickPending = true
        return .tick(after: Self.interval)
    }

    /// The bar, `width` cells of full and empty shades, and the percentage as the locale writes it ("50%",
    /// "50 %"), right-aligned to the width of 100%.
    func bar(width: Int, locale: Locale) -> String {
        func percentage(_ value: Int) -> String { (Double(value) / 100).formatted(.percent.locale(locale)) }
        let room = DisplayWidth.of(percentage(100))
        let cells = max(width - room - 1, 1)
        let full = cells * percent / 100
        let (on, off) = (glyphs.shades[glyphs.shades.count - 1], glyphs.shades[1])
        let text = percentage(percent)
        return String(repeating: on, count: full) + String(repeating: off, count: cells - full) + " "
            + String(repeating: " ", count: max(room - DisplayWidth.of(text), 0)) + text
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let lines = [
            Line(bar(width: min(size.columns, 60), locale: context.locale)), "",
            Line(DemoWords.text(isRunning ? .running : percent == 100 ? .done : .paused, in: context)),
            footer(in: context),
        ]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        [bar(width: min(context.size.columns, 60), locale: context.locale)]
    }
}
