import CatalogKit
import CatalogTestSupport
import Foundation
import Glibc
import Testing

@testable import CatalogTerminal

/// The defects of a menu whose catalog loads or streams in, each driven through the real event loop, the real job
/// runner and a stream on the virtual terminal: keys work while input loads, in order, and nothing moves under the
/// user when a late line arrives.
@Suite("Menu while input loads", .serialized)
struct MenuStreamingTests {
    /// `/usr/share/doc` as `find` prints it: forty packages of two files each, so the doc level has buckets.
    static let doc: [String] = (1...40).flatMap { number -> [String] in
        let package = "/usr/share/doc/pkg\(number < 10 ? "0" : "")\(number)"
        return ["\(package)/changelog.gz", "\(package)/copyright"]
    }

    /// Runs a menu on the virtual terminal with the real job runner until the script ends.
    func run(
        _ menu: MenuScreen, _ terminal: VirtualTerminal, runner: JobRunner
    ) throws -> (loop: EventLoop, menu: MenuScreen) {
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: runner, renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        return (loop, try #require(loop.session.stack.first as? MenuScreen))
    }

    /// At a virtual time, lets the work take its next step and waits for the runner's result, so the loop takes it
    /// then.
    func step(_ work: SteppedWork, at time: Duration, on terminal: VirtualTerminal, runner: JobRunner) {
        terminal.perform(at: time) {
            work.release()
            runner.waitForResult()
        }
    }

    func streaming(_ work: SteppedWork, query: String? = nil) throws -> MenuScreen {
        var options = MenuScreen.Options()
        options.query = query
        return try MenuScreen(streaming: "standard input", options: options) { try work.next() }
    }

    /// The title of the highlighted item.
    func highlightedTitle(_ menu: MenuScreen) -> String? { menu.highlighted.map { menu.title(of: $0) } }

    @Test("keys move the highlight while a stream is read, and Enter acts on the highlighted row")
    func navigationWhileStreaming() throws {
        let work = SteppedWork(steps: [Array(Self.doc.prefix(30)), Array(Self.doc.prefix(60)), Self.doc])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        for offset in 0..<5 { terminal.type("\u{1B}[B", at: .milliseconds(20 + offset)) }
        step(work, at: .milliseconds(50), on: terminal, runner: runner)
        step(work, at: .milliseconds(60), on: terminal, runner: runner)
        terminal.close(at: .milliseconds(70))
        let (_, menu) = try run(try streaming(work), terminal, runner: runner)
        #expect(menu.current.cursor == 5, "five downs moved five rows, and a step did not put them back")
        #expect(highlightedTitle(menu) == "pkg06")
        #expect(!terminal.screenText.contains("reading"), "the stream ended")
    }

    @Test("a late line leaves the open level, the highlight and its row where they were")
    func lateLineKeepsPlace() throws {
        let work = SteppedWork(steps: [Self.doc, Self.doc + ["/x/late"]])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        // Into doc's last bucket (pkg33 … pkg40), then two rows down.
        terminal.type("\u{1B}[F\r\u{1B}[B\u{1B}[B", at: .milliseconds(20))
        step(work, at: .milliseconds(50), on: terminal, runner: runner)
        terminal.close(at: .milliseconds(60))
        let (loop, menu) = try run(try streaming(work), terminal, runner: runner)
        let frames = terminal.frames
        let beforeLate = try #require(frames.last { $0.contains("reading standard input") })
        let afterLate = try #require(frames.last)
        // The root moved up from doc to ∕ (x is beside usr now), and doc's bucket is still open under it.
        #expect(loop.session.titles == ["Catalog › ∕ › usr › share › doc › pkg33 … pkg40"])
        #expect(menu.levels.count == 5, "∕, usr, share, doc and the bucket")
        #expect(highlightedTitle(menu) == "pkg35")
        let row = { (frame: String) in frame.split(separator: "\n").firstIndex { $0.contains("pkg35") } }
        #expect(row(beforeLate) != nil && row(beforeLate) == row(afterLate), "the same row on the screen")
    }

    @Test(
        "a filter on the first row keeps the best hit highlighted as lines stream in; once moved, it keeps the entry")
    func bestHitWhileStreaming() throws {
        // `(find /usr; sleep 5; echo …) | catalog --file -` with `sharedoc` typed: the better hit comes late.
        let early = ["/usr/share/vim/vim90/doc/help.txt", "/usr/share/vim/vim90/doc", "/usr/lib/x"]
        let late = early + ["/usr/share/doc"]
        for moves in [0, 1] {
            let work = SteppedWork(steps: [early, late])
            let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
            let runner = JobRunner()
            step(work, at: .milliseconds(10), on: terminal, runner: runner)
            terminal.type(String(repeating: "\u{1B}[B", count: moves), at: .milliseconds(20))
            step(work, at: .milliseconds(50), on: terminal, runner: runner)
            terminal.type("\r", at: .milliseconds(60))
            var options = MenuScreen.Options(fuzzy: true)
            options.query = "sharedoc"
            let menu = try MenuScreen(streaming: "standard input", options: options) { try work.next() }
            let (_, picked) = try run(menu, terminal, runner: runner)
            let early = try #require(terminal.frames.last { $0.contains("reading standard input") })
            let rows = early.split(separator: "\n").filter { $0.contains("vim90") }
            #expect(rows.count == 2, "\(early)")
            if moves == 0 {
                #expect(picked.pickedPath == "/usr/share/doc", "the best hit once the stream ended")
            } else {
                #expect(picked.pickedPath == "/usr/share/vim/vim90/doc/help.txt", "the hit moved onto stays")
            }
        }
    }

    @Test("at 40 columns, a filter over a stream still shows that input is read: the count is cut, not the spinner")
    func narrowStatusKeepsTheSpinner() throws {
        let work = SteppedWork(steps: [Self.doc, Self.doc + ["/x/late"]])
        let terminal = VirtualTerminal(size: Size(columns: 40, rows: 12))
        let runner = JobRunner()
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        terminal.type("changelog", at: .milliseconds(20))
        step(work, at: .milliseconds(50), on: terminal, runner: runner)
        terminal.close(at: .milliseconds(60))
        _ = try run(try streaming(work), terminal, runner: runner)
        // The frame of the filter's hits while the stream is read, on its status line (the one with "1/40").
        let status = { (frame: String) in frame.split(separator: "\n").first { $0.contains("1/40") }.map(String.init) }
        let reading = try #require(terminal.frames.compactMap(status).first { $0.contains("40 of 80") })
        #expect(Glyphs.spinner.contains { reading.contains($0) }, "the spinner stays: \(reading)")
        #expect(reading.hasSuffix("1/40 · exact"), "the place and the mode keep the right end: \(reading)")
        // Once the stream ends, the line has no spinner.
        let done = try #require(terminal.frames.compactMap(status).last)
        #expect(!Glyphs.spinner.contains { done.contains($0) }, "\(done)")
    }

    @Test("keys pressed while a file loads are replayed on it, in order: ↓ ↓ ⏎ picks the third entry")
    func keysDuringLoad() throws {
        let work = SteppedWork(steps: [["a/one", "b/two", "c/three", "d/four"]])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        terminal.type("\u{1B}[B\u{1B}[B\r", at: .milliseconds(10))
        step(work, at: .milliseconds(50), on: terminal, runner: runner)
        let menu = try MenuScreen(loading: "list.txt") { try work.next().snapshot }
        let (_, picked) = try run(menu, terminal, runner: runner)
        #expect(picked.pickedPath == "c/three")
        #expect(terminal.frames.first?.contains("Loading list.txt…") == true)
    }

    @Test("Enter before a stream's first line does not quit: the lines that come next can be picked")
    func enterBeforeTheFirstLine() throws {
        let work = SteppedWork(steps: [[], ["one", "two"]])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        terminal.type("\r", at: .milliseconds(20))
        step(work, at: .milliseconds(50), on: terminal, runner: runner)
        terminal.type("\r", at: .milliseconds(60))
        let (_, picked) = try run(try streaming(work), terminal, runner: runner)
        #expect(picked.pickedPath == "one", "the first Enter, on no entries yet, did not quit")
    }

    @Test("with --query on a stream, typing is never overwritten by a spinner tick or a step")
    func queryOnStream() throws {
        let work = SteppedWork(steps: [Self.doc, Self.doc + ["/x/foobar"]])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        terminal.type("b", at: .milliseconds(20))
        // Spinner ticks come every 125 ms; the next step comes after several.
        step(work, at: .milliseconds(600), on: terminal, runner: runner)
        terminal.close(at: .milliseconds(700))
        let (_, menu) = try run(try streaming(work, query: "foo"), terminal, runner: runner)
        #expect(menu.filter?.text == "foob")
        #expect(menu.filter?.shown.map { menu.snapshot.table.path(Int($0)) } == ["/x/foobar"])
        #expect(terminal.frames.contains { $0.contains("/ foob") && $0.contains("reading") })
    }

    @Test("with a background search (a catalog of 100,000 or more), typed text survives the spinner's ticks")
    func queryWithBackgroundSearch() throws {
        let work = SteppedWork(steps: [Self.doc, Self.doc])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        var options = MenuScreen.Options(background: true)
        options.query = "pkg1"
        let menu = try MenuScreen(streaming: "standard input", options: options) { try work.next() }
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        terminal.type("5", at: .milliseconds(20))
        terminal.perform(at: .milliseconds(400)) { work.finish() }
        terminal.close(at: .milliseconds(500))
        let (_, final) = try run(menu, terminal, runner: runner)
        #expect(final.filter?.text == "pkg15")
    }
}

extension MenuStreamingTests {
    @Test("--select-1 on a stream decides on the hits of the whole input, not those kept from a step before it")
    func selectOneOnStream() throws {
        // The one match comes in the last step; the search of the step before found none, and its hits stay
        // shown while the last step's search runs in the background.
        let work = SteppedWork(steps: [Self.doc, Self.doc + ["/usr/bin/zstdmt"]])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        var options = MenuScreen.Options(background: true)
        options.query = "zstdmt"
        options.selectOne = true
        let menu = try MenuScreen(streaming: "standard input", options: options) { try work.next() }
        step(work, at: .milliseconds(10), on: terminal, runner: runner)
        step(work, at: .milliseconds(300), on: terminal, runner: runner)
        // The last step's search runs on the runner: its result is waited for, in real time, before the end.
        terminal.perform(at: .milliseconds(500)) { runner.waitForResult() }
        terminal.close(at: .seconds(2))
        let (_, final) = try run(menu, terminal, runner: runner)
        #expect(final.picked.map { final.snapshot.table.path(Int($0)) } == ["/usr/bin/zstdmt"])
    }
}

/// Saves the user asked for, through the real job runner and a real history file: queued behind each other, never
/// replaced, and finished before the launcher returns.
@Suite("Menu history saves", .serialized)
struct MenuSaveTests {
    @Test("favourites made while an earlier save waits on the file's lock are all saved, in order, before exit")
    func savesAreQueued() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = HistoryStore(url: scratch.file("history.json"))
        var options = MenuScreen.Options()
        options.history = History()
        options.historyStore = store
        let menu = try MenuScreen(source: .registry(try MenuScreenTests.registry()), options: options)
        // Another launcher holds the lock: the first save waits for it, and the others queue behind.
        let lock = open(scratch.file("history.json.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(flock(lock, LOCK_EX) == 0)
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        terminal.type("1", at: .milliseconds(10))  // into Effects
        for (offset, key) in ["\u{1B}[15~", "\u{1B}[B", "\u{1B}[15~", "\u{1B}[B", "\u{1B}[15~"].enumerated() {
            terminal.type(key, at: .milliseconds(20 + offset))
        }
        terminal.perform(at: .milliseconds(50)) { _ = flock(lock, LOCK_UN) }
        terminal.type([0x03], at: .milliseconds(60))
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: JobRunner(), renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 130)
        close(lock)
        // The loop returned only after the runner finished every save.
        #expect(store.load().history.favourites.sorted() == ["effects/alert", "effects/badge", "effects/button"])
    }
}

/// The mouse in an inline region (`--height`): the terminal reports rows from the window's top, so the loop moves
/// them by the row the region starts on, which the terminal learns by asking where its cursor is.
@Suite("Mouse in an inline region")
struct InlineMouseTests {
    func click(_ row: Int) -> String {
        String(decoding: Key.mouse(Mouse(.press, row: row, column: 6)).bytes, as: UTF8.self)
    }

    @Test("clicks land on the rows drawn, not on the lines above the region; a double click picks")
    func clicksInRegion() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("alpha\nbravo\ncharlie\ndelta\n".utf8))
        let terminal = VirtualTerminal(size: Size(columns: 60, rows: 10))
        terminal.regionTop = 14  // the region starts 14 rows down the window, below earlier output
        terminal.type(click(3), at: .milliseconds(10))  // a line of the output above the region: nothing
        terminal.type(click(14 + 2), at: .milliseconds(20))  // the region's row 2: the list's second item
        terminal.type(click(14 + 2), at: .milliseconds(30))  // the second press soon after: a double click
        var loop = EventLoop(
            session: Session(root: try MenuScreen(source: .fixed(snapshot))), terminal: terminal,
            jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.pickedPath == "bravo")
    }

    @Test("two presses far apart in time are two single clicks")
    func slowClicks() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("one\ntwo\n".utf8))
        let terminal = VirtualTerminal(size: Size(columns: 60, rows: 10))
        terminal.type(click(2), at: .milliseconds(10))
        terminal.type(click(2), at: .milliseconds(900))
        var loop = EventLoop(
            session: Session(root: try MenuScreen(source: .fixed(snapshot))), terminal: terminal,
            jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.picked.isEmpty)
        #expect(menu.current.cursor == 1)
    }

    @Test("a cursor position report is found among typed bytes, and the bytes around it are kept")
    func positionReport() {
        let bytes = Array("ab\u{1B}[17;1Rc".utf8)
        let found = Terminal.positionReport(in: bytes)
        #expect(found?.row == 16 && found?.column == 0)
        #expect(found.map { Array(bytes[$0.range]) } == Array("\u{1B}[17;1R".utf8))
        #expect(Terminal.positionReport(in: Array("\u{1B}[A\u{1B}[2;5Hx".utf8)) == nil)
        #expect(Terminal.positionReport(in: Array("\u{1B}[5".utf8)) == nil, "cut short")
    }
}

/// Alt keys arrive as Escape then the key: they must never be taken for Escape, which goes back or leaves.
@Suite("Alt keys in the menu")
struct AltKeyTests {
    @Test("Alt-x at the root neither leaves nor types; a lone Escape, after its timeout, leaves")
    func altIsNotEscape() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("\u{1B}x", at: .milliseconds(10))
        terminal.type("\u{1B}b", at: .milliseconds(20))
        var loop = EventLoop(
            session: Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry()))),
            terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 1, "the script ran out with the launcher still open")
        #expect((loop.session.stack.first as? MenuScreen)?.filter == nil)
        let again = VirtualTerminal(size: .standard)
        again.type([0x1B], at: .milliseconds(10))
        var leaving = EventLoop(
            session: Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry()))),
            terminal: again, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        #expect(try leaving.run() == 0)
    }
}
