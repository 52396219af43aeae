import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

/// The README's examples, so they keep compiling and doing what the README says. Each Swift block of the README
/// stands, word for word, in a file the build compiles; ``ReadmeBlocksTests`` checks that.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("registering an entry in code, then searching for it")
    func registration() throws {
        let registry = Registry<any Screen>()
        try registry.register(
            "Welcome", in: ["Basics", "Examples"],
            keywords: ["hello", "example"], summary: "Says welcome"
        ) {
            WelcomeScreen()  // built only when the entry is opened
        }
        let hits = registry.search("HELLO")  // [Welcome]
        #expect(hits.map(\.title) == ["Welcome"])
        #expect(hits.first?.id == "basics/examples/welcome")
        let screen = try #require(try hits.first?.make())
        #expect(screen.render(in: .standard).lines.first?.text == "Welcome, terminal!")
    }

    @Test("scenarios declared next to the entry play through the loop")
    func scenarios() throws {
        let registry = Registry<any Screen>()
        try registry.register(
            "Counter", in: ["Basics"],
            scenarios: [
                Scenario("counted to three", .press(.up, times: 3)),
                Scenario("in German, narrow", size: Size(columns: 40, rows: 12), locale: "de"),
            ]
        ) { CounterScreen() }
        let entry = try #require(registry.entry(id: "basics/counter"))
        let run = try ScenarioRun.play(entry.scenarios[0], of: entry.make)
        #expect(run.frame.text.contains("Count: 3"))
        let german = try ScenarioRun.play(entry.scenarios[1], of: entry.make)
        #expect(german.frame.text.contains("Sprache: de"))
        #expect(german.size == Size(columns: 40, rows: 12))
    }

    @Test("controls reach the factory from their defaults, from scenarios and from values given")
    func controls() throws {
        let registry = Registry<any Screen>()
        try registry.register(
            "Counter", in: ["Basics"],
            controls: [.integer("start", default: 0, in: 0...100_000), .boolean("compact")],
            scenarios: [Scenario("large number", controls: ["start": 1234], .press(.up))]
        ) { values in
            CounterScreen(count: values.integer("start"), compact: values.boolean("compact"))
        }
        let entry = try #require(registry.entry(id: "basics/counter"))
        #expect(try entry.make().render(in: .standard).text.contains("Count: 0"))
        let run = try ScenarioRun.play(entry.scenarios[0]) { try entry.make(setting: entry.scenarios[0].controls) }
        #expect(run.frame.text.contains("Count: 1235"))
        let compact = try entry.make(setting: ["start": 7, "compact": true])
        #expect(compact.render(in: .standard).lines.first?.text == "7")
    }

    @Test("the spinner turns on the ticks it asks for, on the virtual clock, and a new size starts no second clock")
    func spinner() throws {
        let run = try ScenarioRun.play(Scenario("after 350 ms", .wait(.milliseconds(350)))) { SpinnerScreen() }
        #expect(run.frame.text.contains(#"\ 3 turns"#), "\(run.frame.text)")
        #expect(run.pendingTicks.count == 1, "one tick pending at a time")
        let resized = try ScenarioRun.play(
            Scenario(
                "resized", .wait(.milliseconds(350)), .resize(Size(columns: 40, rows: 10)), .wait(.milliseconds(200)))
        ) { SpinnerScreen() }
        #expect(resized.frame.text.contains("/ 5 turns"), "\(resized.frame.text)")
        #expect(resized.pendingTicks.count == 1)
    }

    @Test("the Add-your-own-screen file, declared with demo(…), opens its screen")
    func ownScreen() throws {
        let screen = try Demos.hello.make()
        #expect(Demos.hello.path == "Basics/Hello")
        #expect(screen.render(in: .standard).text == "Hello, terminal!")
    }
}

/// The README's screen for "Registering an entry".
struct WelcomeScreen: Screen {
    var title: String { "Welcome" }
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action { .none }
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["Welcome, terminal!"]).clipped(to: context.size) }
    func lines(in context: ScreenContext) -> [String] { ["Welcome, terminal!"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

/// The README's screen for scenarios: ↑ counts, and it says which language it was told.
struct CounterScreen: Screen {
    var count = 0
    /// Whether the count is shown without its label.
    var compact = false
    var language = "?"
    var title: String { "Counter" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(.up): count += 1
        case .environment(let environment): language = environment.locale.identifier
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        return Frame(lines: [
            Line(compact ? "\(count)" : "Count: \(count)"),
            Line(language == "de" ? "Sprache: de" : "Language: \(language)"),
        ])
        .clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { ["Count: \(count)"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

/// Turns every 100 ms from when it opens: time arrives only as the ticks it asks for.
struct SpinnerScreen: Screen {
    var turns = 0
    var started = false
    var title: String { "Spinner" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize where !started:
            // The first size comes as the screen opens: the clock starts then, once.
            started = true
            return .tick(after: .milliseconds(100))
        case .tick:
            turns += 1
            return .tick(after: .milliseconds(100))  // the next one
        default:
            return .none
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let spinner = ["|", "/", "-", "\\"][turns % 4]
        return Frame(lines: [Line("\(spinner) \(turns) turns")])
    }
}

/// Every Swift block of the README stands word for word in a file the build compiles, so the README can't show code
/// that doesn't build. Import lines of a block must be imported by the file; the other lines must appear in it, in
/// order and together, whatever their indentation.
@Suite("README blocks")
struct ReadmeBlocksTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift blocks of the README.
    static func blocks() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    /// Lines without indentation, blank ones left out.
    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The Swift files the build compiles: the package's sources, demos and tests, and the downstream package.
    static func compiledFiles() throws -> [(path: String, lines: [String])] {
        var files: [(String, [String])] = []
        for folder in ["Sources", "Catalog", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker {
                if url.lastPathComponent == ".build" {
                    walker.skipDescendants()
                    continue
                }
                guard url.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                files.append((url.path, normalized(text.split(separator: "\n").map(String.init))))
            }
        }
        return files
    }

    @Test("every Swift block of the README is in a compiled file")
    func blocksCompile() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 6)
        let files = try Self.compiledFiles()
        // A package manifest is not compiled by the build: GettingStartedTests compares it with the downstream one.
        for block in blocks where block.first?.hasPrefix("// swift-tools-version") != true {
            let lines = Self.normalized(block)
            let imports = lines.filter { $0.hasPrefix("import ") }
            let code = lines.filter { !$0.hasPrefix("import ") }
            let found = files.first { file in
                imports.allSatisfy { file.lines.contains($0) }
                    && Self.contains(file.lines.filter { !$0.hasPrefix("import ") }, code)
            }
            #expect(
                found != nil,
                "this README block is in none of \(files.count) compiled files:\n\(block.joined(separator: "\n"))")
        }
    }

    /// Whether `part` appears in `lines` as a run of consecutive lines.
    static func contains(_ lines: [String], _ part: [String]) -> Bool {
        guard !part.isEmpty else { return true }
        guard part.count <= lines.count else { return false }
        return (0...(lines.count - part.count)).contains { start in
            lines[start..<start + part.count].elementsEqual(part)
        }
    }
}
