import CatalogKit
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogTerminal

/// A screen that counts keys and its own ticks, every 100 ms from when it opens: a replay that delivers a tick too
/// many or too few before a key shows it.
struct TickingScreen: Screen {
    var values: ControlValues
    var ticks = 0
    var keys: [String] = []
    var started = false

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize where !started:
            started = true
            return .tick(after: .milliseconds(100))
        case .tick:
            ticks += 1
            return .tick(after: .milliseconds(100))
        case .key(let key):
            keys.append("\(key)@\(ticks)")
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line("start \(values.integer("start")) ticks \(ticks)"), Line(keys.joined(separator: " "))])
    }
}

/// F9 in an open screen: a `Scenario(…)` to paste, which compiles and replays to the same frame, on the clipboard
/// (OSC 52), and its one-line form for the captures file.
@Suite("Captures")
struct CaptureTests {
    static let controls: [Control] = [.integer("start", default: 0, in: 0...100_000), .boolean("compact")]

    func entry(_ values: ControlValues) -> EntryScreen {
        EntryScreen(TickingScreen(values: values), id: "basics/ticking", values: values) { TickingScreen(values: $0) }
    }

    @Test("F9 gives the Swift text of a scenario that reaches the same frame, and its one-line form")
    func capture() throws {
        let values = try ControlValues(Self.controls, setting: ["start": 1234])
        let terminal = VirtualTerminal(size: Size(columns: 60, rows: 10))
        terminal.type("a", at: .milliseconds(50))
        terminal.type("\u{1B}[B", at: .milliseconds(260))
        terminal.type(Key.function(9).bytes, at: .milliseconds(330))
        terminal.close(at: .milliseconds(331))
        var session = Session(closable: entry(values), environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        session.linkProgram = "catalog"
        var sent: [Session.Outgoing] = []
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none),
            send: { sent.append($0) })
        _ = try loop.run()

        let line = "--set start=1234 --locale de --color always --size 60x10 --keys 'a wait:199ms down wait:99ms'"
        #expect(sent == [.capture(id: "basics/ticking", line: line)])
        let swift =
            #"Scenario("captured", size: Size(columns: 60, rows: 10), locale: "de", controls: ["start": 1234], .press("a"), .wait(.milliseconds(199)), .press(.down), .wait(.milliseconds(99)))"#
        // The same text, pasted: it compiles, and it is the scenario captured. The ticks at 100 and 200 ms come
        // before ↓, the one at 300 ms before F9.
        let pasted = Scenario(
            "captured", size: Size(columns: 60, rows: 10), locale: "de", controls: ["start": 1234], .press("a"),
            .wait(.milliseconds(199)), .press(.down), .wait(.milliseconds(99)))
        let screen = try #require(loop.session.top as? EntryScreen)
        let link = Link(screen, size: terminal.windowSize, environment: loop.session.environment)
        #expect(link.swift == swift)
        #expect(link.options == line)
        #expect(link.scenario == pasted)
        #expect(
            loop.session.status?.hasPrefix("Als Szenario festgehalten: Scenario(") == true,
            "\(loop.session.status ?? "")")
        let clipboard = "\u{1B}]52;c;" + Data(swift.utf8).base64EncodedString() + "\u{07}"
        #expect(terminal.writes.contains { $0.bytes.contains(clipboard) }, "the Swift text went to the clipboard")

        // Played as a snapshot plays it, it ends on the frame the capture was made on: a, three ticks, ↓.
        let replay = try ScenarioRun.play(pasted) { entry(try ControlValues(Self.controls, setting: pasted.controls)) }
        let shown = loop.session.render(in: terminal.windowSize)
        #expect(shown.lines[1].text == "start 1234 ticks 3")
        #expect(shown.lines[2].text == "a@0 ↓@2")
        #expect(replay.frame.lines[1...2].map(\.text) == shown.lines[1...2].map(\.text))
    }

    @Test("the captures file names its entry on its first line and gains a line per capture, under the state directory")
    func capturesFile() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        try Captures.append("--keys 'a'", id: "basics/ticking", program: "catalog", environment: environment)
        try Captures.append("--keys 'b'", id: "basics/ticking", program: "catalog", environment: environment)
        let url = try #require(Captures.url(program: "catalog", id: "basics/ticking", environment: environment))
        #expect(url.path == state.path + "/catalog/captures/basics/ticking.txt")
        #expect(
            try String(contentsOf: url, encoding: .utf8) == "# captures of basics/ticking\n--keys 'a'\n--keys 'b'\n")
        // A file kept before the first line named the entry gains that line with its next capture.
        try "--keys 'a'\n".write(to: url, atomically: true, encoding: .utf8)
        try Captures.append("--keys 'b'", id: "basics/ticking", program: "catalog", environment: environment)
        #expect(
            try String(contentsOf: url, encoding: .utf8) == "# captures of basics/ticking\n--keys 'a'\n--keys 'b'\n")
        #expect(throws: Captures.NoPlace.self) {
            try Captures.append("x", id: "a", program: "catalog", environment: [:])
        }
    }

    @Test("F9's status line names the captures file, under ~ when it is in the home directory, in the language shown")
    func statusNamesFile() throws {
        var session = Session(closable: entry(try ControlValues(Self.controls)))
        session.linkProgram = "catalog"
        session.captures = Captures.Place(
            program: "catalog", environment: ["HOME": "/home/ana/", "XDG_STATE_HOME": "/home/ana/.local/state"])
        _ = session.handle(.key(.function(9)))
        #expect(
            session.status
                == "Captured in ~/.local/state/catalog/captures/basics/ticking.txt; its Swift was offered to the "
                + "terminal's clipboard (OSC 52)")
        session.captures?.environment = ["HOME": "/home/ana", "XDG_STATE_HOME": "/srv/state"]
        _ = session.handle(.environment(ScreenEnvironment(locale: Locale(identifier: "de"))))
        _ = session.handle(.key(.function(9)))
        #expect(
            session.status
                == "Festgehalten in /srv/state/catalog/captures/basics/ticking.txt; das Swift-Szenario wurde der "
                + "Zwischenablage des Terminals angeboten (OSC 52)")
        // With no state directory the capture can't be kept (the launcher says so on exit): the Swift is shown.
        session.captures?.environment = [:]
        _ = session.handle(.key(.function(9)))
        #expect(session.status?.hasPrefix("Als Szenario festgehalten: Scenario(") == true, "\(session.status ?? "")")
    }

    /// Catches a replayed F9 appending to the user's captures file once the screen goes on live, as `open --keys
    /// 'enter f9'` did on exit, against the rule that a link's replay saves nothing.
    @Test("F9 and F8 among a link's replayed steps keep nothing: no capture, no link, nothing for the clipboard")
    func replayKeepsNothing() throws {
        let scenario = Scenario(
            "link", size: Size(columns: 60, rows: 10), .press("a"), .press(.function(9)), .press(.function(8)))
        let run = try ScenarioRun.play(scenario, link: "catalog") { entry(try ControlValues(Self.controls)) }
        var session = run.session
        #expect(session.takeOutgoing().isEmpty)
        #expect(session.stack.count == 1, "the screen is still open, to go on live")
    }

    @Test("F8 and F9 on the menu, or with links off, say so and send nothing")
    func nothingToLink() throws {
        var session = Session(closable: entry(try ControlValues(Self.controls)))
        _ = session.handle(.key(.function(8)))
        #expect(session.status == "Links are off here.")
        #expect(session.takeOutgoing().isEmpty)
        session.linkProgram = "catalog"
        _ = session.handle(.key(.function(8)))
        #expect(session.status?.hasPrefix("catalog open basics/ticking --locale en") == true, "\(session.status ?? "")")
        #expect(session.takeOutgoing().count == 2, "the clipboard and --print-link")
    }
}

/// The README's captured scenario, word for word: F9 on the Progress bar set to 2 in its pane, then ↑.
@Suite("README capture example")
struct ReadmeCaptureTests {
    @Test("the text F9 gives compiles as it stands")
    func pasted() {
        // swift-format-ignore
        let scenario = [
            Scenario("captured", size: Size(columns: 100, rows: 30), locale: "de", controls: ["percent": 2], .press(.function(7)), .press(.up))
        ][0]
        #expect(scenario.steps == [.press(.function(7)), .press(.up)])
        #expect(scenario.controlsLabel == "percent=2")
    }
}

extension CaptureTests {
    /// Catches F7 on an entry without controls kept in the link and the captures, so a snapshot of the captures
    /// recorded a golden whose last line is "This entry has no controls.".
    @Test("F7 on an entry without controls says so, and is no step of its link or its captures")
    func controlsKeyWithoutControls() throws {
        var session = Session(closable: EntryScreen(Counter(), id: "basics/counter"))
        session.linkProgram = "catalog"
        _ = session.start(size: Size(columns: 60, rows: 10))
        _ = session.handle(.key(.up))
        _ = session.handle(.key(EntryScreen.key))
        #expect(session.status == "This entry has no controls.")
        _ = session.handle(.key(.up))
        let screen = try #require(session.top as? EntryScreen)
        #expect(screen.recording.steps == [.press(.up, times: 2)])
        #expect(session.link?.hasSuffix("--keys 'up*2'") == true, "\(session.link ?? "")")
    }
}
