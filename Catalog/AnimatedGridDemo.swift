import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let animatedGrid = demo(
        "Animated Grid", in: ["Animation"], keywords: ["animation", "timer", "shuffle", "grid", "tick"],
        summary: "A grid of cells that shuffles on a clock; any key pauses it",
        controls: [.integer("cells", default: 24, in: 2...200), .decimal("speed", default: 1, in: 0.25...4)],
        scenarios: [
            Scenario("after 2 s", .wait(.seconds(2))),
            Scenario("paused after 1 s", .wait(.seconds(1)), .press("p")),
            Scenario("reflowed to 20 columns", .wait(.milliseconds(500)), .resize(Size(columns: 20, rows: 12))),
            Scenario("no colour", colorMode: ColorMode.none),
            Scenario("paused in German", locale: "de", .wait(.seconds(1)), .press("p")),
            Scenario("60 cells at double speed for 1 s", controls: ["cells": 60, "speed": 2], .wait(.seconds(1))),
        ]
    ) { values in
        AnimatedGridDemo(count: values.integer("cells"), interval: AnimatedGridDemo.interval / values.decimal("speed"))
    }
}

/// A grid of lettered cells that swaps two cells on every tick of a clock it is given.
///
/// Time only moves by ``Event/tick(now:)``: the screen asks for the next tick with ``Action/tick(after:)`` while it
/// runs, and never has more than one tick pending. It starts when it opens (its first size event). Any key pauses;
/// r and → also restore the order or step a frame, as they do while paused; Space or Enter plays again, and → (or
/// `s n` in line mode) steps while paused. A paused screen ignores a late tick
/// and asks for no more, so leaving it stops the clock cleanly.
struct AnimatedGridDemo: LocalizedDemo {
    static let interval = Duration.milliseconds(120)
    static let cellWidth = 4
    /// How many frames `s n` may step at once.
    static let steps = 1...1000

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case play, pause, step, reset
    }

    /// The keys and line commands. While the grid plays, every key pauses it, whatever it is bound to.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.character(" "), .enter], .play, label: "space", help: words(.play)),
            KeyBinding([.character("p")], .pause, label: words(.anyKey), help: words(.pause)),
            KeyBinding([.right], .step, help: words(.stepFrames), line: "s [n]"),
            KeyBinding([.character("r")], .reset, help: words(.restoreOrder), line: "r"),
        ])
    }
    var locale = Locale(identifier: "en")

    /// The cells' letters, in grid order.
    private(set) var cells: [Character]
    /// How many frames have been drawn.
    private(set) var step = 0
    /// Whether the grid animates.
    private(set) var isRunning = false
    /// Whether a tick was asked for and has not arrived.
    private(set) var tickPending = false
    /// The clock reading of the last tick.
    private(set) var lastTick: Duration?
    /// Whether the grid has started on its own, which it does once, when it opens.
    private(set) var started = false
    private var random: UInt64
    /// The time between frames.
    let interval: Duration

    init(count: Int = 24, seed: UInt64 = 0x5EED, interval: Duration = AnimatedGridDemo.interval) {
        self.interval = interval
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        cells = (0..<max(count, 2)).map { letters[$0 % letters.count] }
        random = seed
    }

    var title: String { "Animated Grid" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize:
            // The session tells a screen its size as it opens: start animating then, once.
            guard !started else { return .none }
            started = true
            return perform(.play, .key(.enter))
        case .finished: return .none
        case .environment(let environment):
            locale = environment.locale
            return .none
        case .tick(let now):
            tickPending = false
            guard isRunning else { return .none }
            // A tick that comes too soon belongs to a second chain (a stale tick from before a pause); dropping it
            // without asking for another lets that chain die, so the grid never speeds up.
            if let last = lastTick, now - last < interval / 2, now >= last { return .none }
            lastTick = now
            advance()
            return requestTick()
        case .key(let key):
            guard isRunning else { return perform(key: key) }
            let command = keymap.command(for: key)
            guard command == .step || command == .reset else { return perform(.pause, .key(key)) }
            // r and → pause the grid and then do what the footer says: restore the order, or step one frame.
            isRunning = false
            let done = perform(key: key)
            return .batch([done, .status(DemoWords.text(.pausedAt, in: locale, ["step": step]))])
        }
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .play:
            isRunning = true
            return requestTick()
        case .pause:
            guard isRunning else { return .none }
            isRunning = false
            return .status(DemoWords.text(.pausedAt, in: locale, ["step": step]))
        case .step:
            guard let count = input.number(in: Self.steps, default: 1) else {
                return input.missingNumber(in: Self.steps, DemoWords.text(.askFrameCount, in: locale), locale: locale)
            }
            for _ in 0..<count { advance() }
        case .reset:
            reset()
        }
        return .none
    }

    private mutating func requestTick() -> Action {
        guard !tickPending else { return .none }
        tickPending = true
        return .tick(after: interval)
    }

    /// Swaps two cells chosen by a seeded generator, so every run (and every test) sees the same frames.
    mutating func advance() {
        step += 1
        let a = Int(nextRandom() % UInt64(cells.count))
        let b = Int(nextRandom() % UInt64(cells.count))
        cells.swapAt(a, b == a ? (b + 1) % cells.count : b)
    }

    private mutating func reset() {
        cells.sort()
        step = 0
    }

    private mutating func nextRandom() -> UInt64 {
        // SplitMix64: small, seedable and good enough to look random.
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The grid's rows at a width: as many cells a row as fit, so the grid reflows when the terminal resizes.
    func gridRows(width: Int) -> [[Character]] {
        let perRow = max(min(width / Self.cellWidth, 8), 1)
        return stride(from: 0, to: cells.count, by: perRow).map { Array(cells[$0..<min($0 + perRow, cells.count)]) }
    }

    private func color(_ letter: Character) -> Color {
        let index = Int(letter.asciiValue ?? 65) - 65
        let hue = Double(index % 26) / 26
        return .rgb(
            UInt8(127 + 127 * Self.wave(hue)), UInt8(127 + 127 * Self.wave(hue + 1 / 3)),
            UInt8(127 + 127 * Self.wave(hue + 2 / 3)))
    }

    private static func wave(_ x: Double) -> Double {
        // A triangle wave in -1...1: cheap colour cycling without Foundation's sin.
        let t = x - x.rounded(.down)
        return t < 0.5 ? 4 * t - 1 : 3 - 4 * t
    }

    /// The frame and whether it plays, in a locale's language.
    func stateLine(in locale: Locale) -> String {
        DemoWords.text(isRunning ? .framePlaying : .framePaused, in: locale, ["step": step])
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = gridRows(width: size.columns).map { row in
            Line(row.map { Span(" \($0)  ", Style(foreground: color($0), bold: true)) })
        }
        lines += ["", Line(stateLine(in: context.locale)), footer(in: context)]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        // Line mode has no clock: frames move only with `s`.
        return gridRows(width: width).map { String($0) } + [
            DemoWords.text(.frameLine, in: context, ["step": step])
        ]
    }
}
