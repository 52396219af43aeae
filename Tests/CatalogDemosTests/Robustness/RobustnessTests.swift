import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogDemos

/// A screen the robustness test drives: every demo, opened through its factory, and the launcher's menu.
struct Subject: Sendable, CustomStringConvertible {
    /// The demo's path, or "Menu".
    var name: String
    /// The colour mode the renderer writes, so every mode's SGR is checked.
    var colorMode: ColorMode
    /// Whether keys include characters that join the one before them; see ``RandomInput/init(seed:joining:)``.
    var joining = true
    /// Makes the session's root.
    var makeRoot: @Sendable () throws -> any Screen

    var description: String { name }

    /// Every built-in demo, each under a ``Launchpad``, and the menu over the built-in registry.
    static let all: [Subject] =
        Demos.all.enumerated().map { index, entry in
            Subject(name: entry.path, colorMode: ColorMode.allCases[index % ColorMode.allCases.count]) {
                Launchpad(entry: entry)
            }
        } + [
            Subject(name: "Menu", colorMode: .trueColor) {
                let registry = Registry<any Screen>()
                try Demos.register(in: registry, environment: [:])
                return try MenuScreen(source: .registry(registry))
            }
        ]
}

/// The root under a demo, in the menu's place: a key or a line that reaches it opens the demo again through its
/// factory, so the demo is closed (Esc, `q`, `..`) and opened many times in one run.
struct Launchpad: Screen {
    let entry: Entry<any Screen>

    var title: String { "Launchpad" }
    var help: [HelpItem] { [HelpItem(keys: "", line: "<any>", help: "open the demo")] }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        event.key == nil ? .none : .push(try entry.make())
    }
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["Launchpad"]) }
    func lines(in context: ScreenContext) -> [String] { ["Launchpad"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .push(try entry.make()) }
}

/// Every screen takes 10,000 seeded random events without trapping, and everything it draws fits and is clean.
///
/// The events are keys of every kind, line commands, ticks, resizes from 1×1 to 300×100 and changes of environment,
/// in one seeded stream. Keys, ticks, resizes and environments go to a full-screen ``Session`` over the screen (so
/// screens are pushed and popped), with jobs run at once by ``InlineJobs``; line commands go to a ``LineDriver``
/// over another instance of it, whose printed lines must hold no control character. Of the 10,000, about 81% are
/// keys, 10% ticks, 5% line commands (each prints the whole screen, the dearest event in a debug build), 3%
/// environments and 0.8% resizes.
///
/// The full-screen frame, and the renderer's bytes for it, are checked at every resize, every ``checkEvery`` events
/// and after the last: drawing a frame of up to 300×100 and its bytes after each of 170,000 events takes minutes
/// in a debug build, and what happens between two checks is drawn at the next.
///
/// A failure names the screen, the seed and the event. To replay a run, set `CATALOG_ROBUSTNESS_SEED` to the seed
/// it printed; to find an event that traps, set `CATALOG_ROBUSTNESS_TRACE=1` too, and each event is printed before
/// it is handled.
@Suite("Robustness")
struct RobustnessTests {
    static let events = 10_000
    static let checkEvery = 500

    /// The base seed: `CATALOG_ROBUSTNESS_SEED` (decimal or 0x-hexadecimal), else a fixed one.
    static let baseSeed: UInt64 = {
        let text = ProcessInfo.processInfo.environment["CATALOG_ROBUSTNESS_SEED"] ?? ""
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        return parsed ?? 0xCA7A_1061_5EED
    }()

    static let trace = ProcessInfo.processInfo.environment["CATALOG_ROBUSTNESS_TRACE"] == "1"

    /// The seed of a screen's run: the base seed mixed with the screen's name by FNV-1a, so it is stable.
    static func seed(for subject: Subject) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in subject.name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return baseSeed ^ hash
    }

    @Test(arguments: Subject.all)
    func randomEvents(_ subject: Subject) throws {
        let seed = Self.seed(for: subject)
        // No settings location: the @AppStorage demo saves to memory, so the run writes no files.
        let failure = try Demos.$environmentOverride.withValue([:]) {
            var run = try RobustnessRun(subject: subject, seed: seed)
            return try run.run(events: Self.events, checkEvery: Self.checkEvery)
        }
        if let failure { Issue.record("\(subject), seed 0x\(String(seed, radix: 16)), \(failure)") }
    }

    @Test func theCheckerFindsWhatItLooksFor() {
        let size = Size(columns: 4, rows: 2)
        #expect(FrameCheck.problem(in: Frame(lines: ["abcd", ""]), size: size) == nil)
        #expect(FrameCheck.problem(in: Frame(lines: ["abcd"]), size: size) == "1 lines for 2 rows")
        #expect(FrameCheck.problem(in: Frame(lines: ["한글a", ""]), size: size)?.hasPrefix("line 0 is 5 cells") == true)
        #expect(FrameCheck.problem(in: Frame(lines: ["a\u{9B}", ""]), size: size)?.contains("U+9B") == true)
        #expect(FrameCheck.problem(in: Frame(lines: ["", "\u{7F}"]), size: size)?.contains("U+7F") == true)
        #expect(FrameCheck.problem(in: Frame(lines: ["", ""], cursor: (2, 0)), size: size) != nil)
        let own =
            "\u{1B}[?2026h\u{1B}[?25l\u{1B}[0m\u{1B}[1;1H\u{1B}[2K\u{1B}[0;1;38;2;1;2;3mab\u{1B}[0m\u{1B}[2;4H"
            + "\u{1B}[?25h\u{1B}[?2026l"
        #expect(FrameCheck.problem(inOutput: own, size: size) == nil)
        #expect(FrameCheck.problem(inOutput: "\u{1B}[3;1H", size: size) == "a cursor move CSI 3;1H outside 4×2")
        #expect(FrameCheck.problem(inOutput: "\u{1B}[2J", size: size) == "a foreign sequence CSI 2J")
        #expect(FrameCheck.problem(inOutput: "\u{1B}[?1049h", size: size) == "a foreign sequence CSI ?1049h")
        #expect(FrameCheck.problem(inOutput: "\u{1B}]0;x\u{7}", size: size) != nil)
        #expect(FrameCheck.problem(inOutput: "a\u{7}", size: size) != nil)
        #expect(FrameCheck.problem(inOutput: "a\u{85}", size: size) != nil)
        #expect(FrameCheck.problem(inOutput: "\u{1B}[", size: size) != nil)
    }
}

/// One screen's run: a full-screen session and a line-mode driver fed from one seeded stream of events.
struct RobustnessRun {
    let subject: Subject
    private var input: RandomInput
    private var session: Session
    private var driver: LineDriver
    private var renderer: Renderer
    private var size: Size
    private let jobs = InlineJobs()
    /// The virtual clock, and the ticks screens asked for on it.
    private var clock = Duration.zero
    private var ticks: [(due: Duration, owner: Session.ScreenID)] = []

    /// Opens the screen in both modes.
    ///
    /// - Parameters:
    ///   - subject: The screen.
    ///   - seed: The seed of the stream of events.
    /// - Throws: Whatever the subject's root throws while it is made.
    init(subject: Subject, seed: UInt64) throws {
        self.subject = subject
        input = RandomInput(seed: seed, joining: subject.joining)
        size = input.size()
        session = Session(root: try subject.makeRoot(), environment: input.environment())
        driver = LineDriver(session: Session(root: try subject.makeRoot(), environment: input.environment()))
        renderer = Renderer(colorMode: subject.colorMode)
    }

    /// Runs the events.
    ///
    /// - Parameters:
    ///   - events: How many.
    ///   - checkEvery: How often the frame is checked besides at every resize and after the last event.
    /// - Returns: The first problem, with the event that led to it, or `nil`.
    /// - Throws: Whatever the subject's root throws when line mode starts again after `q`.
    mutating func run(events: Int, checkEvery: Int) throws -> String? {
        schedule(session.settle(session.start(size: size), with: jobs))
        schedule(session.settle(session.handle(.key(.enter)), with: jobs))
        if let problem = Self.printedProblem(in: driver.start()) { return "line mode's start: \(problem)" }
        for index in 0..<events {
            if session.isFlashing, input.next(0..<2) == 0 { session.endFlash() }
            var check = index % checkEvery == 0 || index == events - 1
            let kind = input.next(0..<1000)
            let described: String
            switch kind {
            case 0..<50:
                let line = input.line(forms: driver.session.top.help.compactMap(\.line))
                described = "line \(line.debugDescription)"
                trace(index, described)
                if let problem = try command(line) { return "event \(index) (\(described)): \(problem)" }
                continue
            case 50..<58:
                size = input.size()
                described = "resize to \(size)"
                check = true
                trace(index, described)
                schedule(session.settle(session.handle(.resize(size)), with: jobs))
            case 58..<88:
                let environment = input.environment()
                described = "\(environment)"
                trace(index, described)
                schedule(session.settle(session.handle(.environment(environment)), with: jobs))
            case 88..<188:
                described = tick(index)
            default:
                let key = input.key()
                described = "key \(key)"
                trace(index, described)
                schedule(session.settle(session.handle(.key(key)), with: jobs))
            }
            if check, let problem = drawingProblem() { return "event \(index) (\(described)): \(problem)" }
        }
        return nil
    }

    private func trace(_ index: Int, _ event: String) {
        if RobustnessTests.trace { print("\(subject) #\(index): \(event)") }
    }

    /// Keeps the ticks the session asked for.
    private mutating func schedule(_ effects: [Session.Effect]) {
        for effect in effects {
            if case .tick(let delay) = effect.action { ticks.append((clock + delay, effect.owner)) }
        }
        ticks = Array(ticks.suffix(32))
    }

    /// Delivers the tick due first to the screen that asked for it; now and then a stray tick to the top screen.
    private mutating func tick(_ index: Int) -> String {
        var owner: Session.ScreenID?
        if let next = ticks.indices.min(by: { ticks[$0].due < ticks[$1].due }), input.next(0..<10) > 0 {
            clock = max(clock, ticks[next].due)
            owner = ticks.remove(at: next).owner
        } else {
            clock += .milliseconds(input.next(0..<300))
        }
        let described = "tick at \(clock)" + (owner == nil ? " to the top" : "")
        trace(index, described)
        schedule(session.settle(session.handle(.tick(now: clock), for: owner), with: jobs))
        return described
    }

    /// Gives a line to the line-mode driver and checks what it prints; `q` starts line mode again.
    private mutating func command(_ line: String) throws -> String? {
        if input.next(0..<10) == 0 { driver.width = input.size().columns }
        let (output, done) = driver.handle(line: line)
        if let problem = Self.printedProblem(in: output) { return problem }
        guard done || driver.isDone else { return nil }
        let width = driver.width
        driver = LineDriver(
            session: Session(root: try subject.makeRoot(), environment: input.environment()), width: width)
        return Self.printedProblem(in: driver.start()).map { "line mode's restart: \($0)" }
    }

    /// Checks the session's frame as the terminal shows it, and the renderer's bytes for it.
    private mutating func drawingProblem() -> String? {
        let frame = session.render(in: size)
        if frame.lines.count != size.rows { return "\(frame.lines.count) lines for \(size.rows) rows" }
        let shown = Renderer.visible(frame, size: size, colorMode: session.environment.colorMode)
        if let problem = FrameCheck.problem(in: shown, size: size) { return "frame at \(size): \(problem)" }
        if let problem = FrameCheck.problem(inOutput: renderer.render(frame, size: size), size: size) {
            return "bytes at \(size): \(problem)"
        }
        return nil
    }

    /// What is wrong with printed lines: a line break or other control character inside one.
    private static func printedProblem(in output: [String]) -> String? {
        for line in output {
            if let control = line.unicodeScalars.first(where: FrameCheck.isControl) {
                return "a printed line holds U+\(String(control.value, radix: 16, uppercase: true)): \(line)"
            }
        }
        return nil
    }
}
