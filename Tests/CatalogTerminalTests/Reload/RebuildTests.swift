import CatalogKit
import CatalogTestSupport
import Foundation
import Synchronization
import Testing

@testable import CatalogTerminal

/// Live reload's state machine, alone and in a session on the virtual terminal: saves settle into one build, a
/// newer save cancels a running build, a failure shows the compiler's errors over the screen that keeps running,
/// and a success quits with the open entry's state for the new binary.
@Suite("Live reload")
struct RebuildTests {
    /// A stand-in for `swift build`: answers what it is told, and counts its runs.
    final class Builds: Sendable {
        let outcomes: Mutex<[Rebuild.Outcome]>
        let runs = Atomic(0)

        init(_ outcomes: [Rebuild.Outcome]) { self.outcomes = Mutex(outcomes) }

        var rebuild: Rebuild {
            Rebuild(product: "tally") { _ in
                self.runs.add(1, ordering: .relaxed)
                return self.outcomes.withLock {
                    $0.isEmpty ? .built(Rebuild.Build(duration: .seconds(2), started: 0)) : $0.removeFirst()
                }
            }
        }
    }

    static let failure = BuildReport(
        lines: [
            "/pkg/Sources/tally/Tally.swift:10:18: error: cannot convert value of type 'String' to expected argument "
                + "type 'Int'",
            "/pkg/Sources/tally/Tally.swift:10:18: error: cannot convert value of type 'String' to expected argument "
                + "type 'Int'",
            "error: fatalError",
        ], status: 1, root: "/pkg")

    /// The ticks an action asks for, in milliseconds.
    func ticks(_ action: Action) -> [Int] {
        action.flattened.compactMap { action in
            if case .tick(let delay) = action { return Int(delay / .milliseconds(1)) }
            return nil
        }
    }

    func runs(_ action: Action) -> Int {
        action.flattened.filter { if case .run = $0 { true } else { false } }.count
    }

    @Test("saves 30 ms apart settle into one build, 100 ms after the last, with one tick pending at a time")
    func settles() {
        var rebuild = Builds([]).rebuild
        #expect(ticks(rebuild.changed(at: .milliseconds(0))) == [100])
        #expect(ticks(rebuild.changed(at: .milliseconds(30))) == [], "a tick is pending already")
        #expect(ticks(rebuild.changed(at: .milliseconds(60))) == [])
        let early = rebuild.tick(at: .milliseconds(100))
        #expect(runs(early) == 0 && ticks(early) == [60], "it waits on until 100 ms after the last save")
        let settled = rebuild.tick(at: .milliseconds(160))
        #expect(runs(settled) == 1 && ticks(settled) == [125], "the build starts, and the spinner turns")
        #expect(rebuild.phase == .building(started: .milliseconds(160), spinner: 0))
        _ = rebuild.tick(at: .milliseconds(285))
        #expect(rebuild.status(in: Locale(identifier: "en")) == "⠙ Building tally…")
        #expect(rebuild.status(in: Locale(identifier: "de")) == "⠙ tally wird gebaut…")
    }

    @Test("a save during a build cancels it and settles again; the cancelled build's late result is dropped")
    func restarts() {
        var rebuild = Builds([]).rebuild
        _ = rebuild.changed(at: .zero)
        _ = rebuild.tick(at: .milliseconds(100))
        let again = rebuild.changed(at: .milliseconds(150))
        #expect(again.flattened.contains { if case .cancel(Rebuild.lane.id) = $0 { true } else { false } })
        #expect(rebuild.phase == .settling(until: .milliseconds(250)))
        #expect(
            rebuild.finished(.built(Rebuild.Build(duration: .seconds(1), started: 0))) == nil,
            "the old build's result means nothing now")
        _ = rebuild.tick(at: .milliseconds(225))
        #expect(runs(rebuild.tick(at: .milliseconds(250))) == 1)
        #expect(rebuild.finished(.failed(Self.failure)) == .failed(Self.failure))
        #expect(rebuild.phase == .watching && rebuild.status(in: Locale(identifier: "en")) == nil)
    }

    @Test("a thousand saves in a burst keep one tick pending, never filling the loop's table of ticks")
    func burst() {
        var rebuild = Builds([]).rebuild
        var asked = 0
        for millisecond in 0..<1000 { asked += ticks(rebuild.changed(at: .milliseconds(millisecond))).count }
        #expect(asked == 1)
    }

    @Test("a failed build's report keeps each error once, its file inside the package, or the output's last lines")
    func report() {
        #expect(Self.failure.errorCount == 1)
        #expect(
            Self.failure.lines == [
                "Sources/tally/Tally.swift:10:18: cannot convert value of type 'String' to expected argument type 'Int'"
            ])
        let linker = BuildReport(
            lines: ["Building for debugging...", "", "ld: error: undefined symbol: main", "  "], status: 1, root: "/p")
        #expect(linker.errorCount == 0)
        #expect(linker.lines == ["Building for debugging...", "ld: error: undefined symbol: main"])
        let many = BuildReport(
            lines: (1...9).map { "/p/A.swift:\($0):1: error: bad \($0)" }, status: 1, root: "/p")
        #expect(many.errorCount == 9 && many.lines.count == BuildReport.shownErrors)
        #expect(many.lines.first == "A.swift:1:1: bad 1")
        // Colour the compiler added once it had seen a terminal, and a build plugin's error without a column.
        let coloured = BuildReport(
            lines: [
                "\u{1B}[1m/p/Sources/A.swift:12:15: \u{1B}[0m\u{1B}[0;1;31merror: \u{1B}[0m\u{1B}[1mbinary operator\u{1B}[0m",
                "/p/Catalog/Hello2Demo.swift:5: error: The demo 'hello2' is a static var",
            ], status: 1, root: "/p")
        #expect(
            coloured.lines == [
                "Sources/A.swift:12:15: binary operator",
                "Catalog/Hello2Demo.swift:5: The demo 'hello2' is a static var",
            ])
    }
}
