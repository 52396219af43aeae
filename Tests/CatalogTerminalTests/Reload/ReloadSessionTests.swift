import CatalogKit
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogTerminal

/// A watch whose news the virtual terminal brings: every wake is a change.
final class ScriptedSources: SourceWatching {
    var descriptor: Int32 { -1 }
    var isStale = false
    private(set) var takes = 0
    func take() -> Bool {
        takes += 1
        return true
    }
}

/// Live reload in a session on the event loop and the virtual terminal: the status line, the overlay, the handover.
@Suite("Live reload in a session")
struct ReloadSessionTests {
    let size = Size(columns: 70, rows: 12)

    /// A session with an entry open over a list, watching, and the loop that runs it.
    func run(
        _ terminal: VirtualTerminal, builds: RebuildTests.Builds, jobs: InlineJobs = InlineJobs(),
        sources: ScriptedSources = ScriptedSources()
    ) throws -> (status: Int32, session: Session) {
        var session = Session(root: ListScreen(title: "Menu", items: ["a"]))
        session.linkProgram = "tally"
        session.watch(builds.rebuild)
        let values = try ControlValues(CaptureTests.controls, setting: ["start": 7])
        session.openOnStart(
            EntryScreen(TickingScreen(values: values), id: "basics/tally", values: values) {
                TickingScreen(values: $0)
            }, title: "Tally")
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: jobs, renderer: Renderer(colorMode: .none),
            sources: sources)
        let status = try loop.run()
        return (status, loop.session)
    }

    @Test("saves in quick succession start one build; its errors show over the screen, which runs on after Esc")
    func failure() throws {
        let terminal = VirtualTerminal(size: size)
        let builds = RebuildTests.Builds([.failed(RebuildTests.failure)])
        let jobs = InlineJobs(timing: .whenTold)
        terminal.changeSources(at: .milliseconds(1000))
        terminal.changeSources(at: .milliseconds(1040))
        terminal.perform(at: .milliseconds(1400)) { jobs.runWaiting() }
        terminal.type("\u{1B}", at: .milliseconds(1500))
        terminal.type("x", at: .milliseconds(1600))
        terminal.close(at: .milliseconds(1700))
        let (status, session) = try run(terminal, builds: builds, jobs: jobs)
        #expect(status == 1 && session.reload == nil)
        #expect(builds.runs.load(ordering: .relaxed) == 1, "two saves, one build")
        let building = terminal.writes.first { $0.bytes.contains("Building tally…") }
        #expect(building?.time == .milliseconds(1000), "the status line says so at once")
        let spinning = terminal.writes.first { $0.bytes.contains("⠋ Building tally…") }
        #expect(spinning?.time == .milliseconds(1140), "the build starts 100 ms after the last save")
        let overlay = try #require(terminal.writes.first { $0.bytes.contains("tally did not build: 1 error") })
        #expect(overlay.time == .milliseconds(1400))
        #expect(overlay.bytes.contains("Sources/tally/Tally.swift:10:18: cannot convert value of type"))
        #expect(terminal.screenText.contains("start 7 ticks"), "Esc closed the overlay; the screen is back")
        #expect(terminal.screenText.contains("x@"), "and takes keys")
        #expect(!terminal.screenText.contains("Building"), "the status line has nothing to say")
    }

    @Test("a build that succeeds ends the loop with the entry's link, and leaves the terminal as it is")
    func success() throws {
        let terminal = VirtualTerminal(size: size)
        let builds = RebuildTests.Builds([.built(Rebuild.Build(duration: .milliseconds(2300), started: 1_700_000_000))])
        terminal.type("a", at: .milliseconds(50))
        terminal.changeSources(at: .milliseconds(300))
        terminal.close(at: .milliseconds(5000))
        let (status, session) = try run(terminal, builds: builds)
        #expect(status == 0)
        let reload = try #require(session.reload)
        #expect(reload.build == Rebuild.Build(duration: .milliseconds(2300), started: 1_700_000_000))
        #expect(reload.link?.id == "basics/tally")
        #expect(reload.link?.words.contains("start=7") == true, "the control values go along")
        #expect(
            reload.link?.words.last?.hasPrefix("a wait:") == true,
            "and the steps since it opened: \(reload.link?.words ?? [])")
        #expect(terminal.enterCount == 1 && terminal.leaveCount == 0, "the new binary takes the terminal as it is")
        #expect(reload.saved == false, "it saved nothing: its steps stand for its state")
    }

    @Test("with no entry open, the menu's filter and highlighted entry go along")
    func menuPlace() throws {
        let registry = Registry<any Screen>()
        for title in ["Alpha", "Counter", "Countdown"] {
            try registry.register(title, in: ["Basics"]) { ListScreen(title: title, items: []) }
        }
        let terminal = VirtualTerminal(size: size)
        terminal.type("count", at: .milliseconds(50))
        terminal.type("\u{1B}[B", at: .milliseconds(60))
        terminal.changeSources(at: .milliseconds(300))
        terminal.close(at: .milliseconds(5000))
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        session.watch(RebuildTests.Builds([]).rebuild)
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none),
            sources: ScriptedSources())
        _ = try loop.run()
        let menu = try #require(loop.session.reload?.menu)
        #expect(menu.query == "count")
        #expect(menu.entry == "basics/counter", "Countdown ranks first; ↓ moved onto Counter")
    }

    /// A screen that saves (a queued job) on `s`.
    struct SavingScreen: Screen {
        static let save = JobLane<Int>("save", policy: .queued)
        mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
            event.key == .character("s") ? .run(Job(Self.save) { _ in 1 }) : .none
        }
        func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("saving")]) }
    }

    @Test("an entry that saved something is handed over as one, so it reopens from its files")
    func saving() throws {
        let terminal = VirtualTerminal(size: size)
        terminal.type("s", at: .milliseconds(50))
        terminal.changeSources(at: .milliseconds(300))
        terminal.close(at: .milliseconds(5000))
        var session = Session(root: ListScreen(title: "Menu", items: ["a"]))
        session.linkProgram = "tally"
        session.watch(RebuildTests.Builds([]).rebuild)
        session.openOnStart(
            EntryScreen(SavingScreen(), id: "basics/saving", values: nil) { _ in SavingScreen() }, title: "Saving")
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none),
            sources: ScriptedSources())
        _ = try loop.run()
        #expect(loop.session.reload?.saved == true)
    }

    @Test("the overlay says how many errors it leaves out, in the screen's language")
    func moreErrors() throws {
        let terminal = VirtualTerminal(size: Size(columns: 70, rows: 14))
        let many = BuildReport(lines: (1...9).map { "/p/A.swift:\($0):1: error: bad \($0)" }, status: 1, root: "/p")
        terminal.changeSources(at: .milliseconds(100))
        terminal.close(at: .milliseconds(1000))
        _ = try run(terminal, builds: RebuildTests.Builds([.failed(many)]))
        #expect(terminal.screenText.contains("tally did not build: 9 errors"))
        #expect(terminal.screenText.contains("A.swift:5:1: bad 5"))
        #expect(terminal.screenText.contains("… and 4 more errors"), "\(terminal.screenText)")
    }

    @Test("sources newer than the program start a build as the loop starts, with no save")
    func staleAtStart() throws {
        let terminal = VirtualTerminal(size: size)
        let builds = RebuildTests.Builds([.failed(RebuildTests.failure)])
        let sources = ScriptedSources()
        sources.isStale = true
        terminal.close(at: .milliseconds(500))
        let (_, session) = try run(terminal, builds: builds, sources: sources)
        #expect(builds.runs.load(ordering: .relaxed) == 1)
        #expect(sources.takes == 0, "no change came in")
        #expect(terminal.writes.first { $0.bytes.contains("⠋ Building tally…") }?.time == .milliseconds(100))
        #expect(session.status == nil && terminal.screenText.contains("tally did not build: 1 error"))
    }

    @Test("without a watch, a change is nothing, and no status shows")
    func unwatched() throws {
        var session = Session(root: ListScreen(title: "Menu", items: ["a"]))
        #expect(session.sourcesChanged(at: .zero).isEmpty)
        #expect(session.status == nil)
    }
}
