import CatalogKit
import Foundation
import FoundationXML
import Synchronization
import Testing

@testable import CatalogTerminal

/// Goldens in memory.
final class MemoryStore: GoldenStore {
    let contents = Mutex<[String: String]>([:])
    init(_ files: [String: String] = [:]) { contents.withLock { $0 = files } }
    func read(_ path: String) -> String? { contents.withLock { $0[path] } }
    func write(_ text: String, to path: String) throws { contents.withLock { $0[path] = text } }
    func files() -> [String] { contents.withLock { Array($0.keys) } }
    func remove(_ path: String) throws { _ = contents.withLock { $0.removeValue(forKey: path) } }
}

/// A counter: ↑ adds one, `t` starts a clock that adds one a tick, and it draws in bold colour.
struct Counter: Screen {
    var value = 0
    var title: String { "Counter" }
    var running = false
    var locale = "?"

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(.up): value += 1
        case .key(.character("t")):
            running = true
            return .tick(after: .milliseconds(100))
        case .tick:
            guard running else { return .none }
            value += 1
            return .tick(after: .milliseconds(100))
        case .environment(let environment): locale = environment.locale.identifier
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        return Frame(lines: [
            Line([Span("Value ", .plain), Span("\(value)", Style(foreground: .rgb(10, 132, 255), bold: true))]),
            Line("locale \(locale)", .dim),
        ]).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { ["Value \(value)"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

@Suite("Snapshots")
struct SnapshotTests {
    static func registry(scenarios: [Scenario]) throws -> Registry<any Screen> {
        let registry = Registry<any Screen>()
        try registry.register("Counter", in: ["Basics"], scenarios: scenarios) { Counter() }
        return registry
    }

    @Test("a scenario plays keys, waits and resizes on the virtual clock, the same every time")
    func play() throws {
        let scenario = Scenario(
            "ticking", size: Size(columns: 30, rows: 6), locale: "de", .press(.up, times: 2), .type("t"),
            .wait(.milliseconds(350)), .resize(Size(columns: 20, rows: 5)))
        let run = try ScenarioRun.play(scenario) { Counter() }
        #expect(run.size == Size(columns: 20, rows: 5))
        // Two ups, then three ticks in 350 ms.
        #expect(run.frame.text.contains("Value 5"))
        #expect(run.frame.text.contains("locale de"))
        let again = try ScenarioRun.play(scenario) { Counter() }
        #expect(again.frame == run.frame)
        #expect(again.writes.map(\.bytes) == run.writes.map(\.bytes))
    }

    /// Catches: an entry checked against another's goldens because their ids make one folder name.
    @Test("two ids that make the same folder of goldens are an error for the second, not a check against the first's")
    func idsSharingAFolder() throws {
        let registry = Registry<any Screen>()
        let scenarios = [Scenario("start", size: Size(columns: 20, rows: 4))]
        try registry.register("One", id: "a b", scenarios: scenarios) { Counter() }
        try registry.register("Two", id: "a-b", scenarios: scenarios) { Counter() }
        let store = MemoryStore()
        let report = SnapshotCheck(store: store, mode: .missing).check(registry)
        #expect(report.results.map(\.status) == [.recorded, .error], "\(report.results.map(\.status))")
        #expect(
            report.results[1].message?.contains("where those of 'a b' are") == true,
            "\(report.results[1].message ?? "")")
        #expect(store.files() == ["a-b/start.txt"])
    }

    @Test("a golden holds the frame as seen, then a style layer of cells")
    func goldenText() throws {
        let run = try ScenarioRun.play(Scenario("start", size: Size(columns: 20, rows: 4), .press(.up))) { Counter() }
        let text = Golden.text(of: run.frame, size: run.size, title: "basics/counter · start · 20×4")
        #expect(
            text == """
                # basics/counter · start · 20×4
                Counter
                Value 1
                locale en

                # styles
                1:1-7 dim
                2:7-7 bold fg=#0A84FF
                3:1-9 dim

                """)
    }

    @Test(
        "record modes: missing writes new goldens, never only compares, failed rewrites those that differ, all every one"
    )
    func modes() throws {
        let registry = try Self.registry(scenarios: [Scenario("start", .press(.up))])
        let store = MemoryStore()
        var report = SnapshotCheck(store: store, mode: .never).check(registry)
        #expect(report.results.map(\.status) == [.failed])
        #expect(store.files().isEmpty)
        report = SnapshotCheck(store: store, mode: .missing).check(registry)
        #expect(report.results.map(\.status) == [.recorded])
        #expect(store.files() == ["basics/counter/start.txt"])
        report = SnapshotCheck(store: store, mode: .never).check(registry)
        #expect(report.results.map(\.status) == [.matched])
        // The screen changes: the golden now differs, and the diff names the line.
        let changed = try Self.registry(scenarios: [Scenario("start", .press(.up, times: 2))])
        report = SnapshotCheck(store: store, mode: .missing).check(changed)
        #expect(report.results.map(\.status) == [.failed])
        let diff = try #require(report.results.first?.message)
        #expect(diff.contains("-Value 1\n+Value 2\n"))
        #expect(diff.hasPrefix("--- golden: basics/counter/start.txt\n+++ now: basics/counter · start · 80×24\n@@"))
        report = SnapshotCheck(store: store, mode: .failed).check(changed)
        #expect(report.results.map(\.status) == [.rewritten])
        #expect(SnapshotCheck(store: store, mode: .never).check(changed).results.map(\.status) == [.matched])
        // `all` writes every golden, the same text too, and a new one as recorded.
        store.contents.withLock { $0 = ["basics/counter/start.txt": "old"] }
        let both = try Self.registry(scenarios: [Scenario("start", .press(.up, times: 2)), Scenario("new")])
        let written = SnapshotCheck(store: store, mode: .all).check(both)
        #expect(written.results.map(\.status) == [.rewritten, .recorded])
        #expect(SnapshotCheck(store: store, mode: .never).check(both).results.map(\.status) == [.matched, .matched])
        // Goldens that match are written again too, and say so.
        #expect(SnapshotCheck(store: store, mode: .all).check(both).results.map(\.status) == [.rewritten, .rewritten])
    }

    @Test("goldens without an entry are stale, and pruning removes them; a query leaves others alone")
    func stale() throws {
        let registry = try Self.registry(scenarios: [])
        let store = MemoryStore(["gone/old/initial.txt": "x", "notes.md": "keep"])
        let check = SnapshotCheck(store: store, mode: .missing)
        let report = check.check(registry)
        #expect(report.results.map(\.scenario) == ["initial"], "an entry with no scenarios has the initial one")
        #expect(report.stale == ["gone/old/initial.txt"])
        try check.prune(report)
        #expect(store.files().sorted() == ["basics/counter/initial.txt", "notes.md"])
        let partial = check.check([], complete: false)
        #expect(partial.stale.isEmpty)
    }

    @Test("file names come from ids and scenario names, safe in any script")
    func paths() {
        let check = SnapshotCheck(store: MemoryStore(), size: Size(columns: 100, rows: 30))
        #expect(
            check.goldenPath(entryID: "trees/체크박스-트리", scenario: Scenario("../mixed parent!"))
                == "trees/체크박스-트리/mixed-parent@100x30.txt")
        #expect(check.goldenPath(entryID: "../..", scenario: Scenario("a")) == "_/_/a@100x30.txt")
    }

    @Test("a unified diff shows hunks with three lines of context")
    func diff() throws {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
        var lines = (1...20).map { "line \($0)" }
        lines[9] = "changed"
        let diff = try #require(LineDiff.unified(old, lines.joined(separator: "\n"), oldName: "a", newName: "b"))
        #expect(
            diff == """
                --- a
                +++ b
                @@ -7,7 +7,7 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +changed
                 line 11
                 line 12
                 line 13

                """)
        #expect(LineDiff.unified(old, old, oldName: "a", newName: "b") == nil)
    }

    @Test("a title too long to centre between the window's buttons starts after them, cut; the label keeps it all")
    func svgNarrowTitle() throws {
        let title = "Multi Selector · first goal cut beside the count"
        let document = SVGPicture.document(of: Frame(lines: ["x"]), size: Size(columns: 40, rows: 1), title: title)
        let xml = try XMLDocument(data: Data(document.utf8))
        let texts = try xml.nodes(forXPath: "//*[local-name()='text']").compactMap { $0 as? XMLElement }
        let shown = try #require(texts.first)
        #expect(shown.stringValue == "Multi Selector · first goal cut beside the…")
        func attribute(_ name: String, of element: XMLElement?) -> String? {
            element?.attributes?.first { $0.name == name }?.stringValue
        }
        #expect(attribute("x", of: shown) == "64")
        #expect(attribute("text-anchor", of: shown) == nil)
        #expect(attribute("aria-label", of: xml.rootElement()) == title)
        // One that fits stays centred.
        let wide = SVGPicture.document(of: Frame(lines: ["x"]), size: Size(columns: 80, rows: 1), title: title)
        #expect(wide.contains("text-anchor=\"middle\" style=\"fill: #8A8A8A; font-size: 12px\">\(title)</text>"))
    }

    @Test("an SVG picture parses as XML and holds each row's text at its row, wide characters across two cells")
    func svg() throws {
        let frame = Frame(lines: [
            Line([Span("아이 ", Style(bold: true)), Span("<b>&", Style(foreground: .ansi(1), reverse: true))]),
            Line("second row"),
        ])
        let document = SVGPicture.document(of: frame, size: Size(columns: 12, rows: 2), title: "T & \"Q\"")
        let xml = try XMLDocument(data: Data(document.utf8))
        let texts = try xml.nodes(forXPath: "//*[local-name()='text']").compactMap { $0 as? XMLElement }
        // The title, then the runs.
        // Wide characters are a piece of their own; spaces with no background draw nothing.
        #expect(texts.map { $0.stringValue ?? "" } == ["T & \"Q\"", "아이", "<b>&", "second", "row"])
        func attribute(_ name: String, of element: XMLElement) -> String? {
            element.attributes?.first { $0.name == name }?.stringValue
        }
        #expect(attribute("textLength", of: texts[1]) == "\(4 * SVGPicture.cellWidth)", "two wide characters: 4 cells")
        #expect(attribute("x", of: texts[2]) == "\(SVGPicture.margin + 5 * SVGPicture.cellWidth)")
        #expect(attribute("y", of: texts[3]) == "\(SVGPicture.titleBar + SVGPicture.cellHeight + 13)")
        #expect(
            attribute("x", of: texts[4]) == "\(SVGPicture.margin + 7 * SVGPicture.cellWidth)", "each word at its cell")
        // Reverse video draws the text's colour as a background rectangle.
        #expect(document.contains("fill=\"#CD0000\"/>"))
        #expect(
            SVGPicture.document(of: frame, size: Size(columns: 12, rows: 2), title: "T")
                == SVGPicture.document(of: frame, size: Size(columns: 12, rows: 2), title: "T"))
    }

    @Test("an asciicast: a header, then one timed output event a frame, and resize events")
    func asciicast() throws {
        let scenario = Scenario(
            "ticking", size: Size(columns: 30, rows: 6), .type("t"), .wait(.milliseconds(250)),
            .resize(Size(columns: 40, rows: 8)))
        let run = try ScenarioRun.play(scenario) { Counter() }
        let lines = Asciicast.text(of: run, title: "Counter · ticking", timestamp: 1_796_083_200)
            .split(separator: "\n").map(String.init)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 30 && header["height"] as? Int == 6)
        #expect(header["timestamp"] as? Int == 1_796_083_200)
        #expect(header["title"] as? String == "Counter · ticking")
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        let events = try lines.dropFirst().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
        }
        let times = events.map { $0[0] as? Double ?? -1 }
        #expect(times == times.sorted(), "times never go back")
        #expect(events.allSatisfy { ($0[1] as? String) == "o" || ($0[1] as? String) == "r" })
        #expect(events.contains { ($0[1] as? String) == "r" && ($0[2] as? String) == "40x8" })
        // The first frame, one at each tick (the key changes nothing drawn), one after the resize, and at the end the
        // cursor shown again, as a terminal is left.
        let outputs = events.filter { ($0[1] as? String) == "o" }.map { $0[0] as? Double ?? -1 }
        #expect(outputs == [0, 0.101, 0.201, 0.252, 0.253])
        #expect(events.last?[2] as? String == "\u{1B}[0m\u{1B}[?25h")
    }
}
