import CatalogKit
import CatalogTestSupport
import Dispatch
import Testing

@testable import CatalogTerminal

/// The event loop against the virtual terminal: keys, the Escape timeout, ticks, flashes, jobs, resizes and suspend,
/// all on a virtual clock, with no sleeps and no pseudo-terminal.
@Suite("Event loop")
struct EventLoopTests {
    let size = Size(columns: 40, rows: 10)

    func run(
        _ screen: some Screen, _ terminal: VirtualTerminal, jobs: any JobRunning = InlineJobs()
    ) throws -> (status: Int32, session: Session) {
        var loop = EventLoop(
            session: Session(root: screen), terminal: terminal, jobs: jobs, renderer: Renderer(colorMode: .none))
        let status = try loop.run()
        return (status, loop.session)
    }

    func host(_ session: Session) -> LoopHost? { session.stack.first as? LoopHost }

    @Test("it draws, takes keys in any script, and Ctrl-C ends it as interrupted with the terminal left once")
    func keysAndQuit() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type("아", at: .milliseconds(10))
        terminal.type("\u{1B}[A", at: .milliseconds(20))
        terminal.type([0x03], at: .milliseconds(30))
        let (status, session) = try run(LoopHost(), terminal)
        #expect(status == 130)
        #expect(host(session)?.keys == [.character("아"), .up])
        #expect(terminal.enterCount == 1 && terminal.leaveCount == 1 && !terminal.isEntered)
        #expect(terminal.frames.first?.hasPrefix("Host\nsize: 40×8") == true, "the screen is told its body size")
        #expect(terminal.screenText.contains("last: ↑"))
    }

    @Test("a lone Escape counts once the timeout passes with nothing after it, not before")
    func escapeTimeout() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type([0x1B], at: .milliseconds(5))
        terminal.type([0x1B], at: .milliseconds(100))
        terminal.type("[B", at: .milliseconds(110))  // within the timeout: the rest of an arrow key
        terminal.type([0x03], at: .milliseconds(200))
        let (_, session) = try run(LoopHost(), terminal)
        #expect(host(session)?.keys == [.escape, .down])
        let escape = terminal.writes.first { $0.bytes.contains("last: esc") }
        #expect(escape?.time == .milliseconds(5) + EventLoop.escapeTimeout)
        let down = terminal.writes.first { $0.bytes.contains("last: ↓") }
        #expect(down?.time == .milliseconds(110))
    }

    @Test("a tick arrives at its time on the virtual clock, and a bell is one BEL byte in the frame's write")
    func ticksAndBell() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type("t", at: .milliseconds(10))
        terminal.type("b", at: .milliseconds(100))
        terminal.type([0x03], at: .milliseconds(200))
        let (_, session) = try run(LoopHost(), terminal)
        #expect(host(session)?.tickTimes == [.milliseconds(30)])
        #expect(terminal.writes.filter { $0.bytes.contains("\u{07}") }.map(\.time) == [.milliseconds(100)])
    }

    @Test("a flash shows the frame reversed for its time, then plain again")
    func flash() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type("f", at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(500))
        _ = try run(LoopHost(), terminal)
        let reversed = terminal.writes.filter { $0.bytes.contains("\u{1B}[0;7m") }.map(\.time)
        #expect(reversed.first == .milliseconds(10))
        let plainAgain = terminal.writes.first { $0.time > .milliseconds(10) && !$0.bytes.contains("\u{1B}[0;7m") }
        #expect(plainAgain?.time == .milliseconds(10) + LoopHost.flashTime)
    }

    @Test("jobs: a newer job in a lane supersedes the waiting one, and only its result is delivered")
    func jobsSupersede() throws {
        let terminal = VirtualTerminal(size: size)
        let jobs = InlineJobs(timing: .whenTold)
        terminal.type("w", at: .milliseconds(10))
        terminal.type("아", at: .milliseconds(20))  // keys are taken while the jobs wait
        terminal.perform(at: .milliseconds(30)) { jobs.runWaiting() }
        terminal.type([0x03], at: .milliseconds(40))
        let (_, session) = try run(LoopHost(), terminal, jobs: jobs)
        #expect(host(session)?.results == ["second"])
        #expect(jobs.runCount == 1)
        #expect(host(session)?.keys.last == .character("아"))
    }

    @Test("without a wake-up pipe, the loop looks for finished jobs every 20 ms instead of waiting for ever")
    func jobsWithoutAPipe() throws {
        let terminal = VirtualTerminal(size: size)
        let jobs = JobRunner(makePipe: { nil })
        #expect(jobs.wakeDescriptor == nil)
        let gate = DispatchSemaphore(value: 0)
        terminal.type("g", at: .milliseconds(10))
        terminal.perform(at: .seconds(1)) { gate.signal() }
        terminal.type([0x03], at: .seconds(3600))
        let (_, session) = try run(LoopHost(gate: gate), terminal, jobs: jobs)
        #expect(host(session)?.results == ["opened"])
        // The result was drawn long before the next key: the loop kept looking while the job ran.
        let shown = try #require(terminal.writes.first { $0.bytes.contains("opened") })
        #expect(shown.time < .seconds(3600))
        #expect(terminal.waits.contains(EventLoop.jobPollInterval))
    }

    @Test("a resize tells the screen its new body size and redraws everything")
    func resize() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.resize(to: Size(columns: 30, rows: 6), at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(20))
        let (_, session) = try run(LoopHost(), terminal)
        #expect(host(session)?.size == Size(columns: 30, rows: 4))
        #expect(terminal.screenText.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        #expect(terminal.writes.last?.bytes.contains("\u{1B}[0m") == true, "a full redraw resets attributes")
    }

    @Test("Ctrl-Z suspends through the terminal and redraws in full when continued; SIGCONT re-enters")
    func suspendAndResume() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type([0x1A], at: .milliseconds(10))
        terminal.resume(at: .milliseconds(20))
        terminal.type([0x03], at: .milliseconds(30))
        _ = try run(LoopHost(), terminal)
        #expect(terminal.suspendCount == 1)
        #expect(terminal.enterCount == 3, "entered at start, after the suspend, and after the resume")
        let redraws = terminal.writes.filter { $0.bytes.contains("\u{1B}[0m\u{1B}[1;1H") }.map(\.time)
        #expect(redraws == [.zero, .milliseconds(10), .milliseconds(20)])
    }

    /// Catches the loop suspending when told not to (a picker that binds Ctrl-Z), or keeping the key from the screen.
    @Test("with suspends off, Ctrl-Z goes to the screen and nothing stops")
    func suspendKeyPassedOn() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type([0x1A], at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(20))
        var loop = EventLoop(
            session: Session(root: LoopHost()), terminal: terminal, jobs: InlineJobs(),
            renderer: Renderer(colorMode: .none))
        loop.suspends = false
        _ = try loop.run()
        #expect(terminal.suspendCount == 0)
        #expect(host(loop.session)?.keys == [.control("z")])
    }

    /// Catches Ctrl-L drawing only what changed (nothing), so a screen another program wrote over stays garbled.
    @Test("Ctrl-L draws the whole screen again, and still reaches the screen")
    func redraw() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type([0x0C], at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(20))
        let (_, session) = try run(LoopHost(), terminal)
        let redraws = terminal.writes.filter { $0.bytes.contains("\u{1B}[0m\u{1B}[1;1H") }.map(\.time)
        #expect(redraws == [.zero, .milliseconds(10)])
        #expect(host(session)?.keys.first == .control("l"))
    }

    @Test("a terminal that goes away ends the loop with status 1")
    func closed() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.close(at: .milliseconds(10))
        let (status, _) = try run(LoopHost(), terminal)
        #expect(status == 1)
        #expect(!terminal.isEntered)
    }
}

/// A screen for loop tests: records keys and when they came; `t` asks for a tick, `b` rings, `f` flashes, and `w`
/// starts two jobs in one lane, and `g` one that waits for its gate.
struct LoopHost: Screen {
    static let lane = JobLane<String>("host")
    static let flashTime = Duration.milliseconds(150)

    /// What a `g` job waits for before it returns "opened".
    var gate: DispatchSemaphore?

    var title: String { "Host" }
    var size = Size(columns: 0, rows: 0)
    var keys: [Key] = []
    var tickTimes: [Duration] = []
    var results: [String] = []

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize(let size):
            self.size = size
        case .environment:
            break
        case .tick(let now):
            tickTimes.append(now)
        case .finished(let result):
            if let value = result.value(of: Self.lane) { results.append(value) }
        case .key(let key):
            keys.append(key)
            switch key {
            case .character("t"): return .tick(after: .milliseconds(20))
            case .character("b"): return .bell
            case .character("f"): return .flash(Self.flashTime)
            case .character("g"):
                guard let gate else { break }
                return .run(
                    Job(Self.lane) { _ in
                        gate.wait()
                        return "opened"
                    })
            case .character("w"):
                let first = Job(Self.lane) { isCancelled in isCancelled() ? "cancelled" : "first" }
                return .batch([.run(first), .run(Job(Self.lane) { _ in "second" })])
            default: break
            }
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [
            Line("size: \(size)"), Line("last: \(keys.last.map { "\($0)" } ?? "none")"),
            Line("results: \(results.joined(separator: ","))"),
        ])
    }

    func lines(in context: ScreenContext) -> [String] { [] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

@Suite("Inline region")
struct InlineRegionTests {
    @Test("after a resize, an inline region is erased from where it began and made again at its new height")
    func resize() {
        let inline = Terminal.Mode.inline(height: .percent(40), mouse: true)
        #expect(inline.resizeSequence(rows: 3) == "\u{1B}8\u{1B}[J\n\n\u{1B}[2A\r\u{1B}7")
        #expect(inline.resizeSequence(rows: 1) == "\u{1B}8\u{1B}[J\r\u{1B}7")
        // Entering makes the same room, so a region made again starts where a new one would.
        #expect(inline.enterSequence(rows: 3).contains("\n\n\u{1B}[2A\r\u{1B}7"))
        #expect(Terminal.Mode.fullScreen(mouse: true).resizeSequence(rows: 24).isEmpty)
        // Where the terminal said the region went: cleared from that row, not the saved place.
        #expect(inline.resizeSequence(rows: 2, top: 12) == "\u{1B}[13;1H\u{1B}[J\n\u{1B}[1A\r\u{1B}7")
    }
}

/// A screen that leaves as soon as it is told a new size after it opened, as one might after Ctrl-Z and fg.
private struct QuitsOnResize: Screen {
    var resizes = 0
    var title: String { "Quits on resize" }
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        guard case .resize = event else { return .none }
        resizes += 1
        return resizes > 1 ? .quit : .none
    }
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["here"]) }
    func lines(in context: ScreenContext) -> [String] { ["here"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

@Suite("Event loop after a suspend")
struct SuspendQuitTests {
    @Test("a quit asked for on the resize after Ctrl-Z and fg ends the loop at once")
    func quitAfterSuspend() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type([0x1A], at: .milliseconds(10))
        terminal.type("x", at: .seconds(5))
        var loop = EventLoop(
            session: Session(root: QuitsOnResize()), terminal: terminal, jobs: InlineJobs(),
            renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 0, "the quit was carried out, not dropped until the terminal closed")
        #expect(terminal.suspendCount == 1)
        #expect(terminal.now < .seconds(5))
    }
}

/// Characters read in one go, a paste or typing faster than the menu draws, go into the filter as one edit: one
/// search for the lot, not one a character (a paste of 5,000 characters took seconds when each searched again).
@Suite("Event loop typing ahead")
struct TypeAheadTests {
    func loop(_ options: MenuScreen.Options, _ terminal: VirtualTerminal, _ jobs: InlineJobs) throws -> EventLoop {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("docs/readme.md\nsrc/main.swift\n".utf8))
        return EventLoop(
            session: Session(root: try MenuScreen(source: .fixed(snapshot), options: options)), terminal: terminal,
            jobs: jobs, renderer: Renderer(colorMode: .none))
    }

    @Test("a bracketed paste of 3,000 characters into the filter is searched once, and every character is typed")
    func pasteSearchesOnce() throws {
        let terminal = VirtualTerminal(size: .standard)
        let pasted = String(repeating: "main ", count: 600)
        terminal.type("s", at: .milliseconds(10))
        terminal.type("\u{1B}[200~" + pasted + "\u{1B}[201~", at: .milliseconds(20))
        terminal.type("q?", at: .milliseconds(30))
        terminal.type([0x03], at: .milliseconds(40))
        let jobs = InlineJobs()
        var loop = try loop(MenuScreen.Options(background: true), terminal, jobs)
        #expect(try loop.run() == 130)
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.filter?.text == "s" + pasted + "q?", "q and ? are text while filtering, typed ahead too")
        #expect(menu.filter?.caret == 1 + pasted.count + 2)
        #expect(jobs.runCount == 3, "one search for s, one for the paste, one for q?")
    }

    @Test("a bracketed paste that starts with a digit is text in the launcher, where a typed digit opens an item")
    func pastedDigitIsText() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("\u{1B}[200~2024 report\u{1B}[201~", at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(20))
        let registry = Registry<any Screen>()
        for title in ["Alpha", "Beta", "Gamma"] { try registry.register(title, in: ["Group \(title)"]) { LoopHost() } }
        var loop = EventLoop(
            session: Session(root: try MenuScreen(source: .registry(registry))), terminal: terminal, jobs: InlineJobs(),
            renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 130)
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(loop.session.stack.count == 1, "nothing was opened")
        #expect(menu.filter?.text == "2024 report")
    }

    @Test("a character a binding takes still acts, between the runs typed ahead around it")
    func boundCharacterActs() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("ma", at: .milliseconds(10))
        // "=" is bound to clear the query, as `--bind =:clear-query` binds it.
        terminal.type("in=src", at: .milliseconds(20))
        terminal.type([0x03], at: .milliseconds(30))
        var options = MenuScreen.Options(background: true)
        options.bindings = try MenuKeys.bindings("=:clear-query")
        var loop = try loop(options, terminal, InlineJobs())
        #expect(try loop.run() == 130)
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.filter?.text == "src")
    }
}
