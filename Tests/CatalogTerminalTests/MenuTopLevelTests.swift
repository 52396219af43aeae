import CatalogKit
import Dispatch
import Testing

@testable import CatalogTerminal

/// A file's top level shows while the rest of it is sorted and grouped (`MenuScreen.Phase.topLevel`), on the real
/// job runner: moves and the filter act on it at once, other keys wait for the whole, in order.
@Suite("Menu top level first")
struct MenuTopLevelTests {
    static let lines = (0..<30).flatMap { ["p\($0)/a/x.c", "p\($0)/b/y.c"] }.joined(separator: "\n") + "\n"

    /// A launcher whose load hands on the top level, then waits for `release` before it finishes.
    func session(
        _ runner: JobRunner, release: DispatchSemaphore, size: Size = .standard, lines: String = Self.lines
    ) throws -> Session {
        let menu = try MenuScreen(loading: "tree.txt") { title, maxChildren, topLevel in
            try CatalogFile.parseGrouped(
                Array(lines.utf8), rootTitle: title, maxChildren: maxChildren,
                topLevel: { snapshot, level in
                    topLevel(snapshot, level)
                    release.wait()
                })
        }
        var session = Session(root: menu)
        _ = session.settle(session.start(size: size), with: runner)
        return session
    }

    /// Takes in results until the screen shows `text`, for up to ten seconds.
    func settle(_ session: inout Session, _ runner: JobRunner, until text: String, size: Size = .standard) {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !session.render(in: size).text.contains(text), clock.now < deadline {
            _ = runner.waitForResult(timeout: .milliseconds(100))
            _ = session.settle([], with: runner)
        }
    }

    func menu(_ session: Session) throws -> MenuScreen { try #require(session.stack.first as? MenuScreen) }

    @Test("the top level shows before the whole; a move acts at once, going into a group waits and acts on the whole")
    func topLevelFirst() throws {
        let release = DispatchSemaphore(value: 0)
        let runner = JobRunner()
        defer { runner.shutdown() }
        var session = try session(runner, release: release)
        settle(&session, runner, until: "60 entries · sorting")
        let shown = session.render(in: .standard).text
        #expect(shown.contains("60 entries · sorting"), "\(shown)")
        #expect(shown.contains("p0  2 entries") && shown.contains("p7 … p14  16 entries"), "\(shown)")
        _ = session.settle(session.handle(.key(.down)), with: runner)
        _ = session.settle(session.handle(.key(.down)), with: runner)
        #expect(try menu(session).current.cursor == 2, "moves act on the top level at once")
        #expect(try menu(session).paneLines(in: Size(columns: 40, rows: 10)).contains { $0.text == "…" })
        _ = session.settle(session.handle(.key(.right)), with: runner)
        #expect(try menu(session).levels.count == 1, "going into a group waits for the whole")
        release.signal()
        settle(&session, runner, until: "Catalog › p2")
        #expect(
            try menu(session).levels.count == 2, "the key waited, then acted: \(session.render(in: .standard).text)")
        _ = session.settle(session.handle(.key(.escape)), with: runner)
        #expect(try menu(session).current.cursor == 2, "the highlight stayed on the item it was on")
    }

    @Test("typing filters the top level at once: hits in the order read while sorting, in search order once sorted")
    func filtersWhileSorting() throws {
        let release = DispatchSemaphore(value: 0)
        let runner = JobRunner()
        defer { runner.shutdown() }
        // Read last directory first, so the order read is not the sorted one.
        let reversed = (0..<30).reversed().flatMap { ["p\($0)/a/x.c", "p\($0)/b/y.c"] }.joined(separator: "\n") + "\n"
        var session = try session(runner, release: release, lines: reversed)
        settle(&session, runner, until: "sorting")
        for key in "y." { _ = session.settle(session.handle(.key(.character(key))), with: runner) }
        settle(&session, runner, until: "30 of 60 entries match")
        var shown = try menu(session)
        #expect(session.render(in: .standard).text.contains("sorting"), "still sorting")
        #expect(shown.filter?.shown.first.map { shown.snapshot.table.path(Int($0)) } == "p29/b/y.c")
        // A held Backspace empties the filter and goes on acting, so what is typed next is not held up.
        for _ in 0..<3 { _ = session.settle(session.handle(.key(.backspace)), with: runner) }
        _ = session.settle(session.handle(.key(.character("x"))), with: runner)
        #expect(try menu(session).filter?.text == "x", "\(session.render(in: .standard).text)")
        // Escape closes the filter at once, and typing opens it again.
        _ = session.settle(session.handle(.key(.escape)), with: runner)
        #expect(try menu(session).filter == nil)
        for key in "y." { _ = session.settle(session.handle(.key(.character(key))), with: runner) }
        settle(&session, runner, until: "30 of 60 entries match")
        #expect(session.render(in: .standard).text.contains("sorting"), "still sorting")
        release.signal()
        settle(&session, runner, until: "30 of 60 entries match “y.”  ")
        shown = try menu(session)
        #expect(!session.render(in: .standard).text.contains("sorting"), "\(session.render(in: .standard).text)")
        #expect(shown.filter?.shown.first.map { shown.snapshot.table.path(Int($0)) } == "p0/b/y.c")
    }

    @Test("the wheel and a press move over the top level at once; a double click waits and opens on the whole")
    func mouseOnTopLevel() throws {
        let release = DispatchSemaphore(value: 0)
        let runner = JobRunner()
        defer { runner.shutdown() }
        var session = try session(runner, release: release)
        settle(&session, runner, until: "sorting")
        _ = session.settle(
            session.handle(.key(.mouse(Mouse(.scrollDown, button: .none, row: 5, column: 5)))), with: runner)
        #expect(try menu(session).current.cursor == MenuScreen.wheelStep, "the wheel moved the highlight")
        // The menu's first row is its prompt's; the list's rows follow.
        let rows = session.render(in: .standard).text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(rows.firstIndex { $0.contains("p1  2 entries") })
        let press = Mouse(.press, row: row, column: 4)
        _ = session.settle(session.handle(.key(.mouse(press))), with: runner)
        #expect(try menu(session).current.cursor == 1, "a press highlighted the row: \(rows)")
        var double = press
        double.clicks = 2
        _ = session.settle(session.handle(.key(.mouse(double))), with: runner)
        #expect(try menu(session).levels.count == 1, "a double click waits for the whole")
        release.signal()
        settle(&session, runner, until: "Catalog › p1")
        #expect(try menu(session).levels.count == 2, "then opens p1: \(session.render(in: .standard).text)")
    }

    @Test("Esc at the top level leaves at once, without waiting for the sort")
    func leavesAtOnce() throws {
        let release = DispatchSemaphore(value: 0)
        let runner = JobRunner()
        defer {
            release.signal()
            runner.shutdown()
        }
        var session = try session(runner, release: release)
        settle(&session, runner, until: "sorting")
        #expect(session.handle(.key(.escape)).contains { if case .quit = $0.action { true } else { false } })
    }
}
