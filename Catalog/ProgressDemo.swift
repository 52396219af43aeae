import CatalogKit
import CatalogTerminal

extension Demos {
    static let progress = demo(
        "Progress", in: ["Indicators"], keywords: ["progress", "bar", "download", "percent", "loading"],
        summary: "A progress bar that fills on a clock, with pause and reset"
    ) { ProgressDemo() }
}

/// A progress bar that gains 5% a tick while running; Space starts or pauses it, r resets it.
struct ProgressDemo: Screen {
    static let interval = Duration.milliseconds(100)

    private(set) var percent = 0
    private(set) var isRunning = false
    private(set) var tickPending = false
    let glyphs: Glyphs

    init(glyphs: Glyphs = DemoEnvironment.glyphs) { self.glyphs = glyphs }

    var title: String { "Progress" }
    var lineHelp: [String] { ["+ [n]    add n percent (default 10)", "r        reset"] }

    mutating func handle(_ event: Event) throws -> Action {
        switch event {
        case .resize, .finished, .environment: return .none
        case .tick:
            tickPending = false
            guard isRunning else { return .none }
            percent = min(percent + 5, 100)
            if percent == 100 {
                isRunning = false
                return .batch([.bell, .status("Done.")])
            }
            return requestTick()
        case .key(.character(" ")), .key(.enter):
            if percent == 100 { percent = 0 }
            isRunning.toggle()
            return isRunning ? requestTick() : .none
        case .key(.character("r")):
            percent = 0
            isRunning = false
            return .none
        case .key:
            return .none
        }
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

    func render(in size: Size) -> Frame {
        let lines = [
            Line(bar(width: min(size.columns, 60))), "",
            Line(isRunning ? "Running" : percent == 100 ? "Done" : "Paused"),
            Line("Space start/pause  r reset", .dim),
        ]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] { [bar(width: min(width, 60))] }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        switch command.word {
        case "+":
            guard let amount = command.argument.isEmpty ? 10 : command.number, (1...100).contains(amount) else {
                return .status("Give a percentage from 1 to 100, not “\(command.argument)”.")
            }
            percent = min(percent + amount, 100)
        case "r": percent = 0
        default: return .unknownCommand(line, hint: "Type + [n] or r.")
        }
        return .none
    }
}
