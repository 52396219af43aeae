import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand
@testable import CatalogDemos

/// Links to an exact state (F8): made in the launcher, on the virtual terminal with the real event loop, and opened
/// the way `catalog open` opens them, from the link's own text. Every built-in demo comes back to the same frame.
@Suite("Links")
struct LinkTests {
    static let size = Size(columns: 100, rows: 30)
    /// A UTF-8 terminal, as the launcher's was.
    static let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color", "COLORTERM": "truecolor"]

    func registry() throws -> Registry<any Screen> {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry, environment: [:])
        return registry
    }

    /// Opens an entry in the launcher by its title, types the keys, presses F8, and returns the link and the frame
    /// the link was made on.
    func linkInLauncher(
        title: String, keys: [(time: Int, bytes: String)]
    ) throws -> (link: String, frame: Frame, titles: [String]) {
        let terminal = VirtualTerminal(size: Self.size)
        terminal.type(title + "\r", at: .milliseconds(10))
        for key in keys { terminal.type(key.bytes, at: .milliseconds(key.time)) }
        let end = (keys.last?.time ?? 100) + 5
        terminal.type(Key.function(8).bytes, at: .milliseconds(end))
        terminal.close(at: .milliseconds(end + 1))
        var session = Session(
            root: try MenuScreen(source: .registry(try registry())), environment: .detect(Self.environment))
        session.linkProgram = "catalog"
        var links: [String] = []
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .trueColor),
            send: { if case .link(let link) = $0 { links.append(link) } })
        _ = try loop.run()
        var shown = loop.session
        shown.endFlash()
        let frame = Renderer.visible(shown.render(in: Self.size), size: Self.size, colorMode: .trueColor)
        return (try #require(links.last), frame, loop.session.titles)
    }

    /// Opens a link as `catalog open` does, from its words, up to the point where the terminal takes over.
    func open(_ link: String) throws -> ScenarioRun {
        let words = try Arguments.words(link)
        #expect(words.first == "catalog")
        let arguments = try Arguments(Array(words.dropFirst()))
        let context = Context(registry: try registry(), name: "catalog", version: "test", environment: Self.environment)
        guard case .replay(let replay) = try OpenCommand.open(arguments, context) else {
            throw InputError(description: "\(link) replays nothing")
        }
        return replay
    }

    /// The screen's rows: all but the breadcrumb (the launcher's path, the link's title) and the status line.
    func body(_ frame: Frame) -> ArraySlice<Line> { frame.lines.dropFirst().dropLast() }

    @Test("a link made in the launcher reopens every built-in demo on the same frame, styles and all")
    func everyDemo() throws {
        // The @AppStorage demo's settings live in a directory of the test's own.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = directory.appendingPathComponent("catalog/settings.json")
        try Demos.$environmentOverride.withValue(["XDG_CONFIG_HOME": directory.path]) {
            try checkEveryDemo(stored: { try? Data(contentsOf: settings) })
        }
        #expect(FileManager.default.fileExists(atPath: settings.path), "the launcher saved the @AppStorage demo's")
    }

    @Test("Esc that closes a screen an entry opened is in its link: the replay is back on the entry's own screen")
    func closedScreenInLink() throws {
        // The Multi Selector's goals: open the list, check one, close it with Esc and with q.
        for close in ["\u{1B}", "q"] {
            let made = try linkInLauncher(
                title: "Multi Selector",
                keys: [(50, "\u{1B}[B"), (52, "\r"), (54, " "), (300, close), (600, "\u{1B}[B")])
            #expect(made.titles.count == 2, "back on the form: \(made.titles)")
            let replay = try open(made.link)
            #expect(replay.session.titles.count == 1, "\(made.link) reopens \(replay.session.titles)")
            var session = replay.session
            session.endFlash()
            let frame = Renderer.visible(session.render(in: Self.size), size: Self.size, colorMode: .trueColor)
            let covered = Session.statusLines(made.link, in: Self.size).count - 1
            #expect(Array(body(frame).dropLast(covered)) == Array(body(made.frame).dropLast(covered)), "\(made.link)")
        }
    }

    @Test("a click on the breadcrumb that closes a screen an entry opened is in its link too")
    func breadcrumbClickInLink() throws {
        let opening: [(time: Int, bytes: String)] = [(50, "\u{1B}[B"), (52, "\r"), (54, " ")]
        let listOpen = try linkInLauncher(title: "Multi Selector", keys: opening)
        #expect(listOpen.titles.count == 3, "the goal list is open: \(listOpen.titles)")
        // The last cell of the form's own part of the breadcrumb, as the terminal counts columns (from 1). The
        // replay's breadcrumb lacks the launcher's "Catalog › ", so the same column there is past the part.
        let crumb = listOpen.frame.lines[0].text
        #expect(crumb.hasPrefix("Catalog › Multi Selector › "))
        let title = try #require(crumb.range(of: "Multi Selector"))
        let column = DisplayWidth.of(String(crumb[..<title.upperBound]))
        let press = "\u{1B}[<0;\(column);1M", release = "\u{1B}[<0;\(column);1m"
        let made = try linkInLauncher(title: "Multi Selector", keys: opening + [(300, press), (301, release)])
        #expect(made.titles.count == 2, "the click went back to the form: \(made.titles)")
        let replay = try open(made.link)
        #expect(replay.session.titles.count == 1, "\(made.link) reopens \(replay.session.titles)")
    }

    /// Each demo, and that the replay wrote nothing where the launcher saved.
    func checkEveryDemo(stored: () -> Data?) throws {
        // Keys most screens take, a wait that lets animations tick, a resize's worth of layout, and more keys.
        let keys: [(Int, String)] = [
            (50, "\u{1B}[B"), (52, "\u{1B}[B"), (54, " "), (56, "\u{1B}[C"), (420, "\t"), (730, "\u{1B}[A"), (731, "+"),
        ]
        let titles = Demos.entries.map(\.title)
        #expect(titles.count >= 15)
        for title in titles {
            let made = try linkInLauncher(title: title, keys: keys)
            #expect(made.titles.dropFirst().first == title, "the launcher opened \(made.titles), not \(title)")
            #expect(made.link.hasPrefix("catalog open "), "\(made.link)")
            let before = stored()
            let replay = try open(made.link)
            #expect(stored() == before, "\(title): the replay wrote nothing")
            #expect(!replay.quit)
            var session = replay.session
            session.endFlash()
            let frame = Renderer.visible(session.render(in: Self.size), size: Self.size, colorMode: .trueColor)
            // The link wraps over the launcher's last rows, in the status line.
            let covered = Session.statusLines(made.link, in: Self.size).count - 1
            #expect(
                Array(body(frame).dropLast(covered)) == Array(body(made.frame).dropLast(covered)),
                "\(title): \(made.link)")
        }
    }

    @Test("F9 among a link's keys captures nothing, and the status line claims no capture, as a replay saves nothing")
    func replayedCaptureKey() throws {
        let replay = try open("catalog open controls/slider --keys 'f9 right f9'")
        let shown = replay.frame.lines.map(\.text).joined(separator: "\n")
        #expect(replay.session.status == nil && !shown.contains("Captured"), "\(shown)")
        #expect(shown.contains("55"), "the keys around F9 are replayed: \(shown)")
    }
}

/// `open`'s link options and `snapshot --scenario-file`, run as the real binary.
@Suite("Link options")
struct LinkOptionTests {
    let catalog = productPath("catalog")

    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> ProcessResult {
        let fixed = ["TERM": "dumb", "XDG_STATE_HOME": "/nonexistent/state", "LANG": "C.UTF-8"]
        return try runProcess(
            catalog, arguments, input: Array(input.utf8), environment: environment.merging(fixed) { a, _ in a })
    }

    @Test(
        "a link's options that can't be read are one line, with exit status 2",
        arguments: [
            (["--keys", "up upp"], "option '--keys': 'upp' is not a key"),
            (["--keys", "wait:soon"], "option '--keys': 'wait:soon' is no wait"),
            (["--size", "0x5"], "option '--size' needs COLSxROWS"),
            (
                ["--color", "sometimes", "--keys", "up"],
                "option '--color' needs never, always or auto, not 'sometimes': catalog keeps its own colours"
            ),
            // fzf's colours for the parts of its screen are not catalog's.
            (["--color=fg:1,hl:2"], "option '--color' needs never, always or auto, not 'fg:1,hl:2'"),
        ])
    func badOptions(_ example: ([String], String)) throws {
        let result = try run(["open", "indicators/progress", "--plain"] + example.0)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: " + example.1), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("in line mode, --keys are replayed before the first print, and `link` prints the link to what is shown")
    func lineMode() throws {
        let result = try run(
            ["open", "indicators/progress", "--plain", "--set", "percent=40", "--keys", "+ +"], input: "link\n+\nlink\n"
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("60%") == true, "two + over 40: \(lines)")
        #expect(
            lines.contains(
                "catalog open indicators/progress --set percent=40 --locale en --color never --size 80x24 --keys '+*2'"),
            "\(lines)")
        // A line-mode command is a step of its own, so the next link replays it too.
        #expect(lines.contains { $0.hasSuffix(#"--keys '+*2 line:"+"'"#) }, "\(lines)")
    }

    @Test("open --keys f9 in line mode prints the screen alone: no capture is claimed where none is kept")
    func replayedCaptureInLineMode() throws {
        let result = try run(["open", "slider", "--keys", "f9", "--plain"])
        #expect(result.status == 0 && result.stdout == "Volume  ──────────●──────────  50\n", "\(result.stdout)")
    }

    /// Catches a command the screen refused kept among a link's steps, to be refused again on every replay.
    @Test("in line mode, a command the screen refuses is no step of the link")
    func refusedLine() throws {
        let result = try run(
            ["open", "indicators/progress", "--plain", "--set", "percent=40"], input: "bogus\n+\nlink\n")
        #expect(result.stdout.contains("Unknown command “bogus”"), "\(result.stdout)")
        #expect(result.stdout.contains(#"--keys 'line:"+"'"#), "\(result.stdout)")
    }

    @Test("snapshot takes an entry's id as it prints it, hyphen and all, as open and record do")
    func snapshotById() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("by-id-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorded = try run(["snapshot", "trees/checkbox-tree", "--dir", directory.path])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded trees/checkbox-tree · "), "\(recorded.stdout)")
        #expect(!recorded.stdout.contains("recorded forms/"), "only that entry: \(recorded.stdout)")
    }

    @Test("snapshot --scenario-file records and then checks the captures of one entry; a bad line names its number")
    func scenarioFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("captures-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("progress.txt")
        try "--size 60x10 --keys '+ +'\n# kept aside\n--set percent=42 --keys f7\n".write(
            to: file, atomically: true, encoding: .utf8)
        let goldens = directory.appendingPathComponent("goldens").path
        let recorded = try run(["snapshot", "progress", "--scenario-file", file.path, "--dir", goldens])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded indicators/progress · captured 1 · 60×10"), "\(recorded.stdout)")
        let second = try String(
            contentsOfFile: goldens + "/indicators/progress/captured-2.txt", encoding: .utf8)
        #expect(second.hasPrefix("# indicators/progress · captured 2 · 80×24 · percent=42\n"), "\(second)")
        #expect(second.contains("│Controls"), "f7 opened the pane: \(second)")
        let checked = try run([
            "snapshot", "progress", "--scenario-file", file.path, "--dir", goldens, "--record", "never",
        ])
        #expect(checked.status == 0 && checked.stdout.contains("2 matched"), "\(checked.stdout)")

        try "--keys '+'\n--keys 'upp'\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try run(["snapshot", "progress", "--scenario-file", file.path, "--dir", goldens])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("catalog: \(file.path):2: option '--keys': 'upp' is not a key"), "\(bad.stderr)")
        let none = try run(["snapshot", "--scenario-file", file.path, "--dir", goldens])
        #expect(none.status == 2 && none.stderr.contains("needs the entry it is for"), "\(none.stderr)")
        // A file that isn't there is named as every command names one.
        let missing = try run(["snapshot", "progress", "--scenario-file", file.path + ".gone", "--dir", goldens])
        #expect(
            missing.status == 2
                && missing.stderr == "catalog: cannot read '\(file.path).gone': No such file or directory\n",
            "\(missing.stderr)")
    }

    /// Catches a scenario step the screen ignores recorded with exit 0 and no word, its golden the first frame.
    @Test("snapshot warns, one line a step, of a step that changed nothing, and records the golden all the same")
    func idleStepWarning() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("slider.txt")
        try "--keys 'x right'\n--keys 'right right'\n".write(to: file, atomically: true, encoding: .utf8)
        let goldens = directory.appendingPathComponent("goldens").path
        let result = try run(["snapshot", "slider", "--scenario-file", file.path, "--dir", goldens])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 recorded"), "\(result.stdout)")
        #expect(
            result.stderr
                == "warning: controls/slider · captured 1: step 1 (x) did nothing: the screen ignored the key\n")
    }

    /// Catches a screen that traps during `snapshot` leaving a backtrace and no word of which entry and scenario
    /// were playing.
    @Test("a screen that traps during snapshot is named, entry and scenario, before the runtime's backtrace")
    func crashNamesScenario() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trap-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trap.txt")
        try "--keys 'up'\n--keys '!'\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try run(
            [
                "snapshot", "test/trap", "--scenario-file", file.path, "--dir",
                directory.appendingPathComponent("g").path,
            ],
            environment: ["CATALOG_TEST_SCREENS": "1", "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"])
        #expect(result.signaled && [SIGILL, SIGTRAP].contains(result.status), "\(result.status) \(result.stderr)")
        let note = try #require(
            result.stderr.range(of: "catalog: crashed while playing test/trap · captured 2\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("captured 1\n"), "only the scenario playing is named")
        let report = result.stderr.range(of: "Program crashed")
        #expect(report.map { note.upperBound <= $0.lowerBound } == true, "the backtrace follows: \(result.stderr)")
    }

    /// Catches `snapshot slider --scenario-file …/captures/indicators/progress.txt` recording a Slider golden from
    /// Progress's keys with exit 0.
    @Test("snapshot --scenario-file refuses another entry's captures, named by the file's first line or its path")
    func scenarioFileOfAnotherEntry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("others-\(UUID())")
        let kept = directory.appendingPathComponent("captures/indicators")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let goldens = directory.appendingPathComponent("goldens").path
        // Kept before captures files named their entry: its path says whose it is.
        let old = kept.appendingPathComponent("progress.txt")
        try "--keys '+ +'\n".write(to: old, atomically: true, encoding: .utf8)
        // Copied elsewhere: its first line says.
        let copied = directory.appendingPathComponent("mine.txt")
        try "# captures of indicators/progress\n--keys '+'\n".write(to: copied, atomically: true, encoding: .utf8)
        for file in [old.path, copied.path] {
            let refused = try run(["snapshot", "slider", "--scenario-file", file, "--dir", goldens])
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stdout)")
            #expect(
                refused.stderr
                    == "catalog: \(file) holds the captures of indicators/progress, not of controls/slider; give it to "
                    + "'snapshot indicators/progress'.\n")
            let taken = try run([
                "snapshot", "progress", "--scenario-file", file, "--dir", goldens + "/" + file.suffix(8),
            ])
            #expect(taken.status == 0, "\(taken.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: goldens + "/controls"), "no Slider golden was recorded")
    }
}

/// The launcher's and picker's colour options, as fzf's users write them.
@Suite("Colour options")
struct ColorOptionTests {
    /// Catches `--no-color` or fzf's `bw` read as anything but no colour, or `--color` refused outside `open`.
    @Test("--no-color, --color never and fzf's --color bw draw in no colour; always and auto as before")
    func launcherColors() throws {
        for (words, detected, expected) in [
            (["--no-color"], ColorMode.trueColor, ColorMode.none), (["--color", "bw"], .trueColor, .none),
            (["--color=never"], .palette256, .none), (["--color", "always"], .none, .trueColor),
            (["--color", "auto"], .palette256, .palette256), ([], .ansi16, .ansi16),
            (["--file", "list.txt", "--no-color"], .trueColor, .none),
        ] as [([String], ColorMode, ColorMode)] {
            let arguments = try Arguments(words)
            #expect(try Launcher.colorMode(arguments, detected: detected) == expected, "\(words)")
        }
    }
}
