import CatalogKit
import CatalogTerminal

extension Demos {
    static let progress = demo(
        "Progress", in: ["Indicators"], keywords: ["progress", "bar", "download", "percent", "loading"],
        summary: "A progress bar that fills on a clock, with pause and reset",
        scenarios: [
            Scenario("running for 1 s", .press(" "), .wait(.seconds(1))),
            Scenario("done after 2 s", .press(" "), .wait(.seconds(2))),
            Scenario("30% added by hand", .press("+", times: 3)),
        ]
    ) { ProgressDemo() }
}

/// A progress bar that gains 5% a tick while running; Space starts or pauses it, `+` adds 10%, r resets it.
struct ProgressDemo: KeymapScreen {
    static let interval = Duration.milliseconds(100)
    /// The percentages `+ n` may add at once.
    static let steps = 1...100

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case startOrPause, add, reset
    }

    /// The keys and line commands; `+` adds 10% as a key, and any amount as a line command.
    static let keymap = Keymap<Command>([
        KeyBinding([.character(" "), .enter], .startOrPause, label: "space", help: "start or pause"),
        KeyBinding([.character("+")], .add, help: "add 10% (or n%)", line: "+ [n]"),
        KeyBinding([.character("r")], .reset, help: "reset", line: "r"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var percent = 0
    private(set) var isRunning = false
    private(set) var tickPending = false
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Progress" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize, .finished: return .none
        case .environment(let environment):
            glyphs = environment.glyphs
            return .none
        case .tick:
            tickPending = false
            guard isRunning else { return .none }
            percent = min(percent + 5, 100)
            if percent == 100 {
                isRunning = false
                return .batch([.bell, .status("Done.")])
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
                return input.missingNumber(in: Self.steps, "a percentage")
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

    /// The bar, `width` cells of full and empty shades, and the percentage.
    func bar(width: Int) -> String {
        let cells = max(width - 5, 1)
        let full = cells * percent / 100
        let (on, off) = (glyphs.shades[glyphs.shades.count - 1], glyphs.shades[1])
        return String(repeating: on, count: full) + String(repeating: off, count: cells - full)
            + " \(String(repeating: " ", count: 3 - String(percent).count))\(percent)%"
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let lines = [
            Line(bar(width: min(size.columns, 60))), "",
            Line(isRunning ? "Running" : percent == 100 ? "Done" : "Paused"),
            footer,
        ]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { [bar(width: min(context.size.columns, 60))] }
}
