import CatalogKit
import Testing

@testable import CatalogTerminal

/// A screen that takes ↑, rings the bell for ↓, asks for a tick on `t` (drawn only when it comes), and ignores
/// every other key.
private struct Picky: Screen {
    var value = 0
    var pending = false

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(.up): value += 1
        case .key(.down): return .bell
        case .key(.character("t")): return .tick(after: .milliseconds(100))
        case .tick: value += 10
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Value \(value)")]) }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        line == "+" ? .none : .batch([.bell])
    }
}

/// Catches a scenario whose step does nothing, recorded and checked for ever with a golden equal to its first frame.
@Suite("Steps that change nothing")
struct IdleStepTests {
    func idle(_ steps: Scenario.Step...) throws -> [String] {
        try ScenarioRun.play(Scenario("s", steps: steps), notesIdleSteps: true) { Picky() }.idleSteps.map(\.description)
    }

    @Test("a key the screen ignores, or refuses with the bell, is named by its place and its word")
    func ignoredKeys() throws {
        #expect(try idle(.press("x")) == ["step 1 (x) did nothing: the screen ignored the key"])
        #expect(
            try idle(.press(.up), .press(.down, times: 2)) == [
                "step 2 (down*2) did nothing: the screen refused the keys"
            ])
        #expect(try idle(.type("ab"), .press(.up)) == ["step 1 (type:ab) did nothing: the screen ignored the text"])
        #expect(
            try idle(.press(.up), .wait(.seconds(1))) == [
                "step 2 (wait:1s) did nothing: no tick came due that changed the screen"
            ])
    }

    @Test("a key that changes the frame, or asks for a tick that changes it later, did something")
    func busySteps() throws {
        #expect(try idle(.press(.up), .press(.up, times: 3)).isEmpty)
        #expect(try idle(.press("t"), .wait(.milliseconds(200))).isEmpty)
        #expect(try idle(.press("t"), .press(.up)).isEmpty, "the tick's key, though the tick never came")
        #expect(try idle(.resize(Size(columns: 40, rows: 10))).isEmpty, "the golden names the size")
    }

    @Test("only a run that asks notes idle steps; a snapshot check keeps them in its result")
    func snapshotResult() throws {
        let scenario = Scenario("presses x", .press("x"))
        #expect(try ScenarioRun.play(scenario) { Picky() }.idleSteps.isEmpty)
        let result = SnapshotCheck(store: MemoryStore(), mode: .missing).check(
            scenario, id: "misc/badkey", title: "Bad key", golden: "g.txt", make: { Picky() })
        #expect(result.status == .recorded)
        #expect(result.idleSteps == ["step 1 (x) did nothing: the screen ignored the key"])
    }
}
