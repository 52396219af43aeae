import Foundation
import Testing

@testable import CatalogSnapshots

@Suite("assertSnapshot: one screen in one scenario")
struct AssertSnapshotTests {
    @Test("goldens go beside the test file in __Snapshots__/<test file>/<test>.<scenario>.txt")
    func goldenFile() {
        let file = CatalogSnapshots.goldenFile(
            testName: "loginFormTakesAName()", name: "typed ada!", filePath: "/p/Tests/MyTests/FormTests.swift",
            snapshotDirectory: nil)
        #expect(file.directory.path == "/p/Tests/MyTests/__Snapshots__/FormTests")
        #expect(file.path == "loginFormTakesAName.typed-ada.txt")
        let parameterised = CatalogSnapshots.goldenFile(
            testName: "each(_:)", name: "Größe 2", filePath: "/p/T.swift",
            snapshotDirectory: URL(fileURLWithPath: "/elsewhere"))
        #expect(parameterised.directory.path == "/elsewhere")
        #expect(parameterised.path == "each.Größe-2.txt")
    }

    @Test("a missing golden is recorded, and the test fails at the assertion's line with Recorded new baseline")
    func recordsMissing() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let line = #line + 2
        let found = issues {
            assertSnapshot(
                of: CounterScreen(), scenario: Scenario("counted", .press(.up)), snapshotDirectory: scratch.url)
        }
        #expect(found.count == 1)
        #expect(found.first?.sourceLocation?.line == line)
        #expect(found.first?.sourceLocation?.fileName == "AssertSnapshotTests.swift")
        let golden = scratch.url.appendingPathComponent("recordsMissing.counted.txt").path
        #expect(
            found.first?.text.hasPrefix("Recorded new baseline for CounterScreen · counted · 80×24 in \(golden);")
                == true)
        #expect(scratch.files() == ["recordsMissing.counted.txt"])
        let text = try #require(scratch.text("recordsMissing.counted.txt"))
        #expect(text.hasPrefix("# CounterScreen · counted · 80×24\nCounter\nCount: 1\n"))
        // Run again, it matches: no issue.
        let again = assertSnapshot(
            of: CounterScreen(), scenario: Scenario("counted", .press(.up)), snapshotDirectory: scratch.url)
        #expect(again.status == .matched)
    }

    @Test("a changed screen fails at the assertion's line with a unified diff, and the golden is kept")
    func failsWithDiff() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let scenario = Scenario("counted", .press(.up))
        _ = issues { assertSnapshot(of: CounterScreen(), scenario: scenario, snapshotDirectory: scratch.url) }
        let recorded = scratch.text("failsWithDiff.counted.txt")
        let line = #line + 2
        let found = issues {
            assertSnapshot(
                of: CounterScreen(count: 4), scenario: scenario, record: .missing, snapshotDirectory: scratch.url)
        }
        #expect(found.count == 1)
        #expect(found.first?.sourceLocation?.line == line)
        let text = try #require(found.first?.text)
        #expect(
            text.hasPrefix(
                "Snapshot CounterScreen · counted · 80×24 differs:\n--- golden: failsWithDiff.counted.txt\n+++ now: CounterScreen · counted · 80×24\n@@"
            ))
        #expect(text.contains("-Count: 1\n+Count: 5\n"))
        #expect(scratch.text("failsWithDiff.counted.txt") == recorded)
    }

    @Test("record modes: never writes nothing, failed rewrites a difference, all rewrites a match; each write fails")
    func modes() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let scenario = Scenario("counted", .press(.up))
        func check(_ screen: CounterScreen, _ mode: SnapshotCheck.Mode) -> (SnapshotCheck.Status, [String]) {
            var status = SnapshotCheck.Status.error
            let found = issues {
                status =
                    assertSnapshot(of: screen, scenario: scenario, record: mode, snapshotDirectory: scratch.url).status
            }
            return (status, found.map { String($0.text.prefix(21)) })
        }
        #expect(check(CounterScreen(), .never) == (.failed, ["Snapshot CounterScree"]))
        #expect(scratch.files().isEmpty)
        #expect(check(CounterScreen(), .missing) == (.recorded, ["Recorded new baseline"]))
        #expect(check(CounterScreen(), .failed) == (.matched, []))
        #expect(check(CounterScreen(count: 1), .failed) == (.rewritten, ["Rewrote the baseline "]))
        // The test's name is the calling function's: here the nested one.
        #expect(scratch.files() == ["check.counted.txt"])
        #expect(scratch.text("check.counted.txt")?.contains("Count: 2") == true)
        #expect(check(CounterScreen(count: 1), .all) == (.rewritten, ["Rewrote the baseline "]))
        #expect(check(CounterScreen(count: 1), .never) == (.matched, []))
    }

    @Test("named: keeps two checks of one scenario in one test apart")
    func names() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        _ = issues { assertSnapshot(of: CounterScreen(), record: .missing, snapshotDirectory: scratch.url) }
        _ = issues { assertSnapshot(of: CounterScreen(count: 3), named: "three", snapshotDirectory: scratch.url) }
        #expect(scratch.files() == ["names.initial.txt", "names.three.txt"])
        #expect(scratch.text("names.three.txt")?.contains("Count: 3") == true)
    }

    @Test("a screen that can't be made, or a scenario that can't be played, fails at the line and writes nothing")
    func errors() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        struct Broken: Error {}
        func make() throws -> CounterScreen { throw Broken() }
        let made = try issues { assertSnapshot(of: try make(), snapshotDirectory: scratch.url) }
        #expect(made.first?.text.contains("could not make the screen: Broken()") == true)
        let played = issues {
            assertSnapshot(
                of: CounterScreen(), scenario: Scenario("bad", size: Size(columns: 0, rows: 3)),
                snapshotDirectory: scratch.url)
        }
        #expect(played.first?.text.contains("scenario “bad” is 0×3") == true, "\(played.map(\.text))")
        #expect(scratch.files().isEmpty)
    }
}

extension AssertSnapshotTests {
    /// Catches a scenario whose step does nothing passing silently, its golden the first frame for ever.
    @Test("a step that changes nothing is a warning naming the screen, the scenario and the step; it fails nothing")
    func idleStepWarns() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let scenario = Scenario("presses x", .press("x"), .press(.up))
        _ = issues { assertSnapshot(of: CounterScreen(), scenario: scenario, snapshotDirectory: scratch.url) }
        var result: SnapshotCheck.Result?
        let found = issues {
            result = assertSnapshot(of: CounterScreen(), scenario: scenario, snapshotDirectory: scratch.url)
        }
        #expect(result?.status == .matched)
        #expect(result?.idleSteps == ["step 1 (x) did nothing: the screen ignored the key"])
        #expect(found.map(\.severity) == [.warning])
        #expect(
            found.first?.text == "CounterScreen · presses x · 80×24: step 1 (x) did nothing: the screen ignored the key"
        )
    }
}
