import CatalogKit
import Synchronization
import Testing

@testable import CatalogTerminal

/// A demo screen for menu tests: shows its name, counts keys, and can fail.
struct NoteScreen: Screen {
    var title: String
    var keys = 0

    mutating func handle(_ event: Event) throws -> Action {
        if case .key = event { keys += 1 }
        return .none
    }
    func render(in size: Size) -> Frame { Frame(lines: [Line("Note: \(title)")]) }
    func lines(width: Int) -> [String] { ["Note: \(title)"] }
    mutating func handle(line: String) throws -> Action { .none }
}

struct FactoryError: Error, CustomStringConvertible {
    var description: String { "the factory failed" }
}

@Suite("Menu screen")
struct MenuScreenTests {
    /// A registry with a crowded group (12 entries, so it is split into buckets) and a few others.
    static func registry() throws -> Registry<any Screen> {
        let registry = Registry<any Screen>()
        let effects = [
            "Alert", "Badge", "Button", "Card", "Chip", "Dialog", "Gauge", "Grid", "List", "Menu", "Slider", "Toast",
        ]
        for title in effects {
            try registry.register(title, in: ["Effects"], summary: "The \(title.lowercased()) effect") {
                NoteScreen(title: title)
            }
        }
        try registry.register("Outline Picker", in: ["Pickers", "Trees"], keywords: ["tree"]) {
            NoteScreen(title: "Outline Picker")
        }
        try registry.register("체크박스 트리 아주 긴 제목입니다 정말로 아주 길어요", in: ["Pickers"]) {
            NoteScreen(title: "Korean")
        }
        try registry.register("Broken", in: ["Pickers"]) { throw FactoryError() }
        try registry.register("Straße", in: ["Übersicht"]) { NoteScreen(title: "Straße") }
        return registry
    }

    func makeSession(size: Size = .standard) throws -> Session {
        var session = Session(root: try MenuScreen(source: .registry(try Self.registry())))
        _ = session.start(size: size)
        return session
    }

    func press(_ keys: Key..., in session: inout Session) {
        for key in keys { _ = session.handle(.key(key)) }
    }

    func type(_ text: String, in session: inout Session) {
        for character in text { _ = session.handle(.key(.character(character))) }
    }

    func text(_ session: Session, size: Size = .standard) -> String {
        session.render(in: size).lines.map { line in
            String(line.text.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }

    func menu(_ session: Session) -> MenuScreen? { session.stack.first as? MenuScreen }

    @Test("the root level at 80×24: groups numbered, counts, status and footer from the bindings")
    func rootFrame() throws {
        let session = try makeSession()
        let lines = text(session).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24)
        #expect(
            lines.prefix(4).joined(separator: "\n") == """
                Catalog
                 1 ▸ Effects  12 entries
                 2 ▸ Pickers  3 entries
                 3   Straße · Übersicht
                """)
        // A group of one shows as its entry, the group dimmed after it.
        let straße = session.render(in: .standard).lines[3]
        #expect(straße.spans.contains { $0.text == " · Übersicht" && $0.style.dim })
        #expect(lines[21] == "16 entries")
        #expect(lines[22] == "↑↓ move · ⏎ open · ← back · 1–0 jump · / filter · q quit")
        #expect(lines[23].isEmpty, "the session's status line is free for messages")
    }

    @Test("a crowded level is split into labelled buckets, and digits open items")
    func buckets() throws {
        var session = try makeSession()
        press(.character("1"), in: &session)
        let lines = text(session).split(separator: "\n")
        #expect(lines[0] == "Catalog › Effects")
        #expect(lines[1] == " 1   Alert  The alert effect")
        #expect(lines[10] == " 0 ▸ Menu … Toast  3 entries")
        press(.character("0"), .down, in: &session)
        #expect(session.titles == ["Catalog › Effects › Menu … Toast"])
        press(.enter, in: &session)
        #expect(session.titles == ["Catalog › Effects › Menu … Toast", "Slider"])
        #expect(text(session).contains("Note: Slider"))
        // Esc returns to the menu with the cursor where it was.
        press(.escape, in: &session)
        #expect(session.stack.count == 1)
        #expect(menu(session)?.levels.last?.cursor == 1)
        press(.left, .backspace, in: &session)
        #expect(session.titles == ["Catalog"])
    }

    @Test("the filter searches the whole catalog on every keystroke, with group paths dimmed")
    func filter() throws {
        var session = try makeSession()
        press(.character("/"), in: &session)
        type("STRASSE", in: &session)
        let frame = session.render(in: .standard)
        #expect(frame.lines[1].text == "/ STRASSE")
        #expect(frame.lines[2].text.hasPrefix("  Straße  Übersicht"))
        #expect(frame.lines[2].spans.contains { $0.style.dim && $0.text.contains("Übersicht") })
        #expect(frame.lines[2].spans.contains { $0.style.underline && $0.text == "Straße" })
        #expect(frame.lines[21].text.hasPrefix("1 of 16 entries match “STRASSE”"))
        #expect(frame.cursor?.row == 1)
        // Backspace edits; Esc clears; a second Esc leaves the filter.
        press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, in: &session)
        type("gr", in: &session)
        #expect(text(session).contains("  Grid  Effects"))
        press(.escape, in: &session)
        #expect(text(session).contains("Type to filter 16 entries"))
        press(.escape, in: &session)
        #expect(text(session).contains(" 1 ▸ Effects"))
    }

    @Test("letters start the filter directly; q quits only while browsing")
    func typingStartsFilter() throws {
        var session = try makeSession()
        type("tree", in: &session)
        #expect(text(session).contains("  Outline Picker  Pickers › Trees"))
        #expect(session.handle(.key(.character("q"))).isEmpty)
        press(.escape, .escape, in: &session)
        #expect(session.handle(.key(.character("q"))) == [.quit])
    }

    @Test("a factory that throws shows in the status line and the menu keeps running")
    func factoryError() throws {
        var session = try makeSession()
        type("broken", in: &session)
        press(.enter, in: &session)
        #expect(session.stack.count == 1)
        #expect(text(session).split(separator: "\n").last == "Could not open “Broken”: Error: the factory failed")
        press(.escape, in: &session)
        #expect(!text(session).contains("factory"))
    }

    @Test("titles are cut by display width, so Korean takes two columns a character")
    func koreanWidth() throws {
        var session = try makeSession(size: Size(columns: 30, rows: 10))
        press(.character("2"), in: &session)
        let frame = session.render(in: Size(columns: 30, rows: 10))
        for line in frame.lines { #expect(DisplayWidth.of(line.text) <= 30, "\(line.text)") }
        #expect(frame.lines.contains { $0.text.contains("체크박스") && $0.text.contains("…") })
    }

    @Test("a fixed catalog picks the entry and quits")
    func pick() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("A/One\nA/Two\nB/Three\n".utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot)))
        press(.character("1"), .down, in: &session)
        #expect(session.handle(.key(.enter)) == [.quit])
        #expect(menu(session)?.pickedPath == "A/Two")
    }

    @Test("entries registered while the menu runs appear without a restart")
    func refresh() throws {
        let registry = try Self.registry()
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        press(.character("1"), in: &session)
        try registry.register("Zebra", in: ["Zoo"]) { NoteScreen(title: "Zebra") }
        press(.left, in: &session)
        #expect(text(session).contains("Zebra"))
        #expect(text(session).contains("17 entries"))
    }

    @Test("line mode: numbers open, /text filters, .. goes back, unknown input gets a hint")
    func lineMode() throws {
        var driver = LineDriver(session: Session(root: try MenuScreen(source: .registry(try Self.registry()))))
        #expect(driver.start().first == "Catalog — 16 entries")
        #expect(driver.start().contains("1. Effects/ (12)"))
        var output = driver.handle(line: "2").output
        #expect(output.first == "Catalog › Pickers — 3 of 16 entries")
        output = driver.handle(line: "..").output
        #expect(output.first == "Catalog — 16 entries")
        output = driver.handle(line: "/ubersicht").output
        #expect(output == ["1 of 16 entries match “ubersicht”", "1. Straße  (Übersicht)"])
        output = driver.handle(line: "1").output
        #expect(output == ["Note: Straße"])
        output = driver.handle(line: "..").output
        #expect(output.first == "1 of 16 entries match “ubersicht”")
        output = driver.handle(line: "what").output
        #expect(output.first?.hasPrefix("Unknown command “what”.") == true)
        output = driver.handle(line: "99").output
        #expect(output.first == "There is no item 99; choose 1 to 1.")
    }
}

@Suite("Menu screen in the background")
struct MenuBackgroundTests {
    /// Runs every job the effects ask for, at once, and feeds the results back; returns the jobs it ran.
    @discardableResult
    func runJobs(_ effects: [Session.Effect], in session: inout Session) -> [Job] {
        var pending = effects
        var ran: [Job] = []
        while let index = pending.firstIndex(where: { if case .run = $0 { true } else { false } }) {
            guard case .run(let job, let owner) = pending.remove(at: index) else { break }
            ran.append(job)
            let result = job.run(for: owner)
            pending += session.handle(.finished(result))
        }
        return ran
    }

    func text(_ session: Session) -> String { session.render(in: .standard).text }

    @Test("a large catalog's search runs as a job, and only the newest result is shown")
    func backgroundSearch() throws {
        let menu = try MenuScreen(source: .registry(try MenuScreenTests.registry()), background: true)
        var session = Session(root: menu)
        let first = session.handle(.key(.character("/"))) + session.handle(.key(.character("g")))
        #expect(text(session).contains("Searching “g” in 16 entries…"))
        let second = session.handle(.key(.character("r")))
        // The older job finishes late: its result is not for the current text and changes nothing.
        runJobs(first, in: &session)
        #expect(text(session).contains("Searching “gr”"))
        let ran = runJobs(second, in: &session)
        #expect(ran.count == 1)
        #expect(text(session).contains("  Grid  Effects"))
        #expect(text(session).contains("1 of 16 entries match “gr”"))
    }

    @Test("a loading catalog shows at once, keeps typed keys, and filters when it arrives")
    func loading() throws {
        let lines = Array("Streets/Straße 2\nStreets/Straße 10\nOther/Grid\n".utf8)
        var session = Session(
            root: try MenuScreen(loading: "streets.txt") { try CatalogFile.parse(lines) })
        let started = session.start(size: .standard)
        #expect(text(session).contains("Loading streets.txt…"))
        _ = session.handle(.key(.character("s")))
        _ = session.handle(.key(.character("t")))
        #expect(text(session).contains("/ st"))
        runJobs(started, in: &session)
        #expect(text(session).contains("  Straße 2  Streets"))
        #expect(text(session).contains("2 of 3 entries match “st”"))
    }

    @Test("while a stream is read, the spinner turns on its clock between steps, and stops at the end of input")
    func streamingSpinner() throws {
        let complete = Mutex(false)
        let menu = try MenuScreen(streaming: "standard input", options: .init()) {
            (try CatalogFile.parse(Array("a/b\nc/d\n".utf8)), complete.withLock { $0 })
        }
        var session = Session(root: menu)
        let started = session.start(size: .standard)
        let ticks = { (effects: [Session.Effect]) in
            effects.compactMap { effect -> Duration? in
                if case .scheduleTick(let delay, _) = effect { delay } else { nil }
            }
        }
        #expect(ticks(started) == [MenuScreen.spinnerStep], "one clock, started with the stream")
        let owner = session.topID
        // The first step arrives; the next is being read and takes long. The spinner turns on each tick alone.
        guard case .run(let job, let jobOwner) = started.first(where: { if case .run = $0 { true } else { false } })
        else {
            Issue.record("expected the first step's job")
            return
        }
        _ = session.handle(.finished(job.run(for: jobOwner)))
        let status = { self.text(session).split(separator: "\n").dropLast().last.map(String.init) ?? "" }
        #expect(status() == "2 entries · reading standard input ⠋")
        let next = session.handle(.tick(now: MenuScreen.spinnerStep), for: owner)
        #expect(ticks(next) == [MenuScreen.spinnerStep], "the clock goes on, one tick at a time")
        #expect(status() == "2 entries · reading standard input ⠙", "the spinner turned without a step arriving")
        // The last step: reading is over, the spinner goes and the clock stops.
        complete.withLock { $0 = true }
        _ = session.handle(.finished(job.run(for: jobOwner)))
        #expect(status() == "2 entries")
        #expect(ticks(session.handle(.tick(now: MenuScreen.spinnerStep * 2), for: owner)).isEmpty)
    }

    @Test("a favourite made while a stream reads on stays one when the next step arrives")
    func favouriteWhileStreaming() throws {
        var options = MenuScreen.Options()
        options.history = History()
        let complete = Mutex(false)
        var session = Session(
            root: try MenuScreen(streaming: "standard input", options: options) {
                (try CatalogFile.parse(Array("a/b\nc/d\n".utf8)), complete.withLock { $0 })
            })
        let started = session.start(size: .standard)
        guard case .run(let job, let owner)? = started.first(where: { if case .run = $0 { true } else { false } })
        else {
            Issue.record("expected the first step's job")
            return
        }
        _ = session.handle(.finished(job.run(for: owner)))
        _ = session.handle(.key(.control("f")))
        #expect((session.stack.first as? MenuScreen)?.favourites.count == 1)
        // The next step's shelves were worked out from the history the menu began with, which had no favourite.
        complete.withLock { $0 = true }
        _ = session.handle(.finished(job.run(for: owner)))
        #expect((session.stack.first as? MenuScreen)?.favourites.count == 1, "the favourite survives the step")
    }

    @Test("a catalog that fails to load ends the menu with the error")
    func loadError() throws {
        var session = Session(
            root: try MenuScreen(loading: "bad.txt") { try CatalogFile.parse(Array("A/ \n".utf8)) })
        let started = session.start(size: .standard)
        guard case .run(let job, let owner) = started.first else {
            Issue.record("expected the loading job")
            return
        }
        let result = job.run(for: owner)
        #expect(session.handle(.finished(result)) == [.quit])
        #expect((session.stack.first as? MenuScreen)?.loadError == "line 1: the path has an empty title")
    }
}

@Suite("Menu filter editing")
struct MenuFilterEditingTests {
    @Test("a combining mark typed after a letter joins it, and typing on never traps")
    func joiningCharacters() throws {
        var session = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        _ = session.start(size: .standard)
        for key: Key in [
            .character("/"), .character("e"), .character("\u{301}"), .character("x"), .left, .character("\u{301}"),
            .backspace, .character("y"),
        ] {
            _ = session.handle(.key(key))
        }
        let menu = try #require(session.stack.first as? MenuScreen)
        let filter = try #require(menu.filter)
        // "e", a mark (é), "x", ←, another mark on é, ⌫ deletes that whole character, then "y" before the x.
        #expect(filter.text == "yx")
        #expect(filter.caret == 1)
    }
}
