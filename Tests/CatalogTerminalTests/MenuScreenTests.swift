import CatalogKit
import Dispatch
import Synchronization
import Testing

@testable import CatalogTerminal

/// A demo screen for menu tests: shows its name, counts keys, and can fail.
struct NoteScreen: Screen {
    var title: String
    var keys = 0

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        if case .key = event { keys += 1 }
        return .none
    }
    func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Note: \(title)")]) }
    func lines(in context: ScreenContext) -> [String] { ["Note: \(title)"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
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
        #expect(lines[22] == "↑↓ move · ⏎ open · ← back · 1–0 jump · type to filter · F1 help")
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

    @Test("Backspace held down to clear the filter stops at the level it was typed on; a press after a pause goes up")
    func backspaceRepeatStops() throws {
        var session = try makeSession()
        press(.character("1"), in: &session)
        #expect(session.titles == ["Catalog › Effects"])
        type("ab", in: &session)
        press(.backspace, .backspace, in: &session)
        #expect(menu(session)?.filter == nil, "the filter closed with its last character")
        // A held key repeats every 30–100 ms: ticks come between the repeats, never a window without one.
        press(.backspace, .backspace, in: &session)
        _ = session.handle(.tick(now: .milliseconds(1_000)))
        press(.backspace, in: &session)
        _ = session.handle(.tick(now: .milliseconds(1_400)))
        press(.backspace, in: &session)
        #expect(session.titles == ["Catalog › Effects"], "repeats of the key that emptied it do nothing")
        // Released: the first tick after the last repeat starts the quiet time, and a window later it is over.
        _ = session.handle(.tick(now: .milliseconds(1_450)))
        _ = session.handle(.tick(now: .milliseconds(1_900)))
        press(.backspace, in: &session)
        #expect(session.titles == ["Catalog › Effects"], "less than a window after the repeats")
        _ = session.handle(.tick(now: .milliseconds(1_950)))
        _ = session.handle(.tick(now: .milliseconds(2_450)))
        press(.backspace, in: &session)
        #expect(session.titles == ["Catalog"], "a press after a pause goes up, as in browsing")
        // Only Backspace right after emptying is held back: Ctrl-U's clearing, or a move between, keep it as it was.
        press(.character("1"), in: &session)
        type("ab", in: &session)
        press(.control("u"), .backspace, in: &session)
        #expect(session.titles == ["Catalog"])
        press(.character("1"), in: &session)
        type("a", in: &session)
        press(.backspace, .down, .backspace, in: &session)
        #expect(session.titles == ["Catalog"])
    }

    @Test("each Backspace swallowed asks for a tick a window later, so the grace always ends")
    func backspaceGraceEnds() throws {
        var session = try makeSession()
        press(.character("1"), in: &session)
        type("a", in: &session)
        func asksForTick(_ effects: [Session.Effect]) -> Bool {
            effects.contains { $0 == .scheduleTick(after: .milliseconds(500), for: $0.owner) }
        }
        #expect(asksForTick(session.handle(.key(.backspace))), "the Backspace that empties the filter")
        #expect(asksForTick(session.handle(.key(.backspace))), "a Backspace swallowed")
        // The tick it asked for finds the press; the one that tick asks for finds the quiet.
        #expect(asksForTick(session.handle(.tick(now: .seconds(10)))))
        #expect(session.handle(.tick(now: .milliseconds(10_500))).isEmpty)
        press(.backspace, in: &session)
        #expect(session.titles == ["Catalog"])
    }

    @Test("the filter searches the whole catalog on every keystroke, with group paths dimmed")
    func filter() throws {
        var session = try makeSession()
        type("STRASSE", in: &session)
        let frame = session.render(in: .standard)
        #expect(frame.lines[1].text == "/ STRASSE")
        #expect(frame.lines[2].text.hasPrefix("  Straße  Übersicht"))
        #expect(frame.lines[2].spans.contains { $0.style.dim && $0.text.contains("Übersicht") })
        #expect(frame.lines[2].spans.contains { $0.style.underline && $0.text == "Straße" })
        #expect(frame.lines[21].text.hasPrefix("1 of 16 entries matches “STRASSE”"))
        #expect(frame.lines[22].text == "↑↓ move · ⏎ open · esc clear · F1 help")
        #expect(frame.cursor?.row == 1)
        // Backspace edits; deleting the last character goes back to the levels, as Esc does.
        press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, in: &session)
        #expect(text(session).contains("/ S"))
        type("gr", in: &session)
        #expect(text(session).contains("/ Sgr"))
        press(.control("u"), in: &session)
        #expect(text(session).contains(" 1 ▸ Effects"), "an empty filter is the levels again")
        type("grid", in: &session)
        press(.escape, in: &session)
        #expect(text(session).contains(" 1 ▸ Effects"))
        #expect(menu(session)?.filter == nil)
    }

    @Test("every printable key goes into the filter: q, j, k, ? and /; digits open items only while it is empty")
    func typingStartsFilter() throws {
        var session = try makeSession()
        type("q", in: &session)
        #expect(menu(session)?.filter?.text == "q", "q filters; it doesn't quit")
        press(.escape, in: &session)
        type("korean", in: &session)
        #expect(menu(session)?.filter?.text == "korean")
        press(.escape, in: &session)
        type("?j/k1", in: &session)
        #expect(menu(session)?.filter?.text == "?j/k1")
        #expect(!session.showsHelp, "? is text in the menu; F1 shows the help")
        press(.escape, in: &session)
        press(.function(1), in: &session)
        #expect(session.showsHelp)
    }

    @Test("Esc goes back one step: the filter, then a level, then it leaves; Ctrl-C, Ctrl-G and Ctrl-Q cancel at once")
    func escape() throws {
        var session = try makeSession()
        press(.character("1"), .character("0"), in: &session)
        type("x", in: &session)
        let leaves = { (effects: [Session.Effect]) in effects.contains { $0.isQuit } }
        #expect(!leaves(session.handle(.key(.escape))), "clears the filter")
        #expect(session.titles == ["Catalog › Effects › Menu … Toast"])
        #expect(!leaves(session.handle(.key(.escape))), "up a level")
        #expect(!leaves(session.handle(.key(.escape))), "up a level")
        #expect(session.titles == ["Catalog"])
        #expect(session.handle(.key(.escape)) == [.quit], "leaves the launcher from the root")
        #expect(!session.interrupted, "with status 0")
        for key: Key in [.control("c"), .control("g"), .control("q")] {
            var again = try makeSession()
            press(.character("1"), in: &again)
            #expect(again.handle(.key(key)) == [.quit], "\(key)")
            #expect(again.interrupted, "\(key) leaves with status 130")
        }
    }

    @Test("fzf's keys: Ctrl-J/N and Ctrl-K/P move; Ctrl-A/E/B/F/W/U/D edit the filter; Ctrl-D on none leaves")
    func fzfKeys() throws {
        var session = try makeSession()
        press(.control("n"), .control("j"), in: &session)
        #expect(menu(session)?.levels.last?.cursor == 2)
        press(.control("p"), in: &session)
        #expect(menu(session)?.levels.last?.cursor == 1)
        press(.control("k"), in: &session)
        #expect(menu(session)?.levels.last?.cursor == 0)
        type("ab cd", in: &session)
        press(.control("a"), in: &session)
        type("x", in: &session)
        #expect(menu(session)?.filter?.text == "xab cd")
        press(.control("e"), .control("w"), in: &session)
        #expect(menu(session)?.filter?.text == "xab ")
        press(.control("b"), .control("b"), .control("f"), in: &session)
        #expect(menu(session)?.filter?.caret == 3)
        press(.control("u"), in: &session)
        #expect(menu(session)?.filter?.text == " ")
        // Ctrl-D deletes forward while there is text, and on an empty filter leaves with status 130, as in fzf.
        press(.control("a"), .control("d"), in: &session)
        #expect(menu(session)?.filter == nil, "the last character went, and the filter with it")
        #expect(!session.interrupted && session.stack.count == 1)
        #expect(session.handle(.key(.control("d"))) == [.quit])
        #expect(session.interrupted)
    }

    @Test("--cycle: ↑ on the first row goes to the last and ↓ on the last to the first; without it they stop")
    func cycle() throws {
        var options = MenuScreen.Options()
        options.cycle = true
        var session = Session(root: try MenuScreen(source: .registry(try Self.registry()), options: options))
        _ = session.start(size: .standard)
        let last = try #require(menu(session)).listCount - 1
        press(.up, in: &session)
        #expect(menu(session)?.levels.last?.cursor == last)
        press(.down, in: &session)
        #expect(menu(session)?.levels.last?.cursor == 0)
        press(.pageUp, in: &session)
        #expect(menu(session)?.levels.last?.cursor == 0, "a page stops at the end")
        var plain = try makeSession()
        press(.up, in: &plain)
        #expect(menu(plain)?.levels.last?.cursor == 0)
    }

    @Test("readline's words: Alt-⌫ and Alt-D stop at letters and digits, Ctrl-W at a space; Ctrl-Y puts back")
    func readlineWords() throws {
        let alt = { (character: Character) in Key.modified(.character(character), .alt) }
        var session = try makeSession()
        type("usr/share/doc-x", in: &session)
        press(.modified(.backspace, .alt), in: &session)
        #expect(menu(session)?.filter?.text == "usr/share/doc-", "Alt-⌫ took the word x alone, as fzf's does")
        press(alt("b"), in: &session)
        #expect(menu(session)?.filter?.caret == 10, "Alt-B: to the start of doc")
        press(alt("d"), in: &session)
        #expect(menu(session)?.filter?.text == "usr/share/-", "Alt-D: doc went")
        press(.control("e"), .control("y"), in: &session)
        #expect(menu(session)?.filter?.text == "usr/share/-doc", "Ctrl-Y put doc back at the caret")
        press(.control("w"), in: &session)
        #expect(menu(session)?.filter == nil, "Ctrl-W took back to a space: all of it, and the filter closed")
        press(.control("y"), in: &session)
        #expect(menu(session)?.filter?.text == "usr/share/-doc", "Ctrl-Y opened the filter again with the text")
        #expect(menu(session)?.filter?.caret == 14)
        press(.control("u"), .control("y"), .control("y"), in: &session)
        #expect(menu(session)?.filter?.text == "usr/share/-docusr/share/-doc", "what Ctrl-U deleted, twice")
    }

    @Test("--bind: a key bound by the user runs its actions, ahead of the default, and shows in the help")
    func bind() throws {
        var options = MenuScreen.Options()
        options.bindings = try MenuKeys.bindings("ctrl-x:last,j:down+down") + MenuKeys.bindings("enter:ignore")
        var session = Session(root: try MenuScreen(source: .registry(try Self.registry()), options: options))
        _ = session.start(size: .standard)
        press(.control("x"), in: &session)
        #expect(menu(session)?.levels.last?.cursor == 2)
        press(.home, .character("j"), in: &session)
        #expect(menu(session)?.levels.last?.cursor == 2, "j is bound: it moves, and types nothing")
        #expect(menu(session)?.filter == nil)
        press(.enter, in: &session)
        #expect(session.stack.count == 1, "Enter was bound to ignore")
        #expect(menu(session)?.help.contains { $0.keys == "ctrl-x" && $0.help == "last" } == true)
        #expect(
            try MenuKeys.bindings("tab:toggle+down,btab:toggle+up") == [
                MenuKeys.Binding(key: .tab, commands: [.toggleDown]),
                MenuKeys.Binding(key: .backTab, commands: [.toggleUp]),
            ])
        #expect(try MenuKeys.bindings(",:first") == [MenuKeys.Binding(key: .character(","), commands: [.first])])
        #expect(try MenuKeys.bindings("alt-up:preview-up")[0].key == .modified(.up, .alt))
        // fzf's names that people copy over: Ctrl-Space, Ctrl-/, and `top` for the first row.
        #expect(
            try MenuKeys.bindings("ctrl-space:toggle,ctrl-/:top") == [
                MenuKeys.Binding(key: .control(" "), commands: [.toggle]),
                MenuKeys.Binding(key: .control("/"), commands: [.first]),
            ])
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

    @Test("a level or hit list longer than its rows shows the highlighted row's place at the status line's end")
    func placeInLongList() throws {
        // Six rows of list fit at 40×10: the root's three items do; Effects' ten rows and the sixteen hits don't.
        let size = Size(columns: 40, rows: 10)
        var session = try makeSession(size: size)
        func status() -> String {
            text(session, size: size).split(separator: "\n", omittingEmptySubsequences: false)[7].description
        }
        #expect(status() == "16 entries", "the root's rows all fit: \(status())")
        type("e", in: &session)
        #expect(status() == "16 of 16 entries match “e”  1/16 · exact", "\(status())")
        press(.escape, in: &session)
        press(.character("1"), in: &session)
        press(.down, in: &session)
        #expect(status().hasSuffix(" 2/10"), "\(status())")
        press(.end, in: &session)
        #expect(status().hasSuffix(" 10/10"), "\(status())")
    }

    @Test("a query longer than the prompt line scrolls, so the caret and what was typed last stay in view")
    func longQueryScrolls() throws {
        let size = Size(columns: 40, rows: 10)
        var session = try makeSession(size: size)
        type(String(repeating: "a", count: 100) + "zq", in: &session)
        var frame = session.render(in: size)
        #expect(frame.lines[1].text == "/ …" + String(repeating: "a", count: 34) + "zq", "\(frame.lines[1].text)")
        #expect(frame.cursor?.column == 39)
        press(.control("a"), in: &session)
        frame = session.render(in: size)
        #expect(frame.lines[1].text.hasPrefix("/ aaaa") && frame.cursor?.column == 2, "home shows the start again")
        // Home and End edit the filter too, as in fzf: the caret moves, not the highlighted hit.
        press(.end, in: &session)
        #expect(menu(session)?.filter?.caret == 102 && session.render(in: size).cursor?.column == 39)
        press(.home, in: &session)
        #expect(menu(session)?.filter?.caret == 0 && session.render(in: size).cursor?.column == 2)
        // Wide characters count two cells: the caret lands in the last column, or the one before.
        press(.control("e"), .control("u"), in: &session)
        type(String(repeating: "한", count: 30) + "zq", in: &session)
        frame = session.render(in: size)
        #expect(
            frame.lines[1].text.hasSuffix("한zq") && (38...39).contains(frame.cursor?.column ?? 0),
            "\(frame.lines[1].text)")
        #expect(DisplayWidth.of(frame.lines[1].text) <= 40, "\(frame.lines[1].text)")
        // Moved back from the end, the view stays still while the rest fits: the caret moves, on the last "한"
        // (the line has 38 columns after the prompt; "…" and 16 "한" take 33 of them, "한zq" four).
        press(.left, .left, .left, in: &session)
        frame = session.render(in: size)
        #expect(frame.lines[1].text == "/ …" + String(repeating: "한", count: 16) + "한zq", "\(frame.lines[1].text)")
        #expect(frame.cursor?.column == 35)
        // Further back, past what a line holds, the caret stops before the "…" that ends the line, and the
        // character under it is drawn whole rather than under the "…".
        for _ in 0..<20 { press(.left, in: &session) }
        frame = session.render(in: size)
        let column = try #require(frame.cursor?.column)
        #expect(frame.lines[1].text.hasSuffix("…") && column <= 37, "\(frame.lines[1].text) at \(column)")
        var at = 0
        var under: Character?
        for character in frame.lines[1].text {
            if at == column { under = character }
            at += DisplayWidth.of(character)
        }
        #expect(under == "한", "the caret's character, not the …")
        #expect(TextField.scrolled("abc", caret: 3, width: 10) == ("abc", 3))
        #expect(TextField.scrolled("abcdefghij", caret: 10, width: 5) == ("…hij", 4))
        #expect(TextField.scrolled("abcdefghij", caret: 8, width: 5) == ("…ghij", 3), "the end in view, still")
        #expect(TextField.scrolled("abcdefghij", caret: 4, width: 5) == ("…cdefghij", 3), "e before the last …")
        #expect(TextField.scrolled("abcdefghij", caret: 3, width: 5) == ("abcdefghij", 3), "d before the …")
        #expect(TextField.scrolled("abcde", caret: 4, width: 5) == ("abcde", 4), "it all fits")
    }

    @Test("titles are cut by display width, so Korean takes two columns a character")
    func koreanWidth() throws {
        var session = try makeSession(size: Size(columns: 30, rows: 10))
        press(.character("2"), in: &session)
        let frame = Renderer.visible(
            session.render(in: Size(columns: 30, rows: 10)), size: Size(columns: 30, rows: 10), colorMode: .none)
        for line in frame.lines { #expect(DisplayWidth.of(line.text) <= 30, "\(line.text)") }
        #expect(frame.lines.contains { $0.text.contains("체크박스") && $0.text.contains("…") })
    }

    @Test("a fixed catalog is a picker: digits filter, and Enter picks the entry and quits")
    func pick() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("A/One\nA/Two\nB/Three\n2024-report\n".utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot)))
        _ = session.start(size: .standard)
        type("2024", in: &session)
        #expect(menu(session)?.filter?.text == "2024", "in a picker digits are text, as in fzf")
        press(.escape, .enter, .down, in: &session)
        #expect(session.handle(.key(.enter)) == [.quit])
        #expect(menu(session)?.pickedPath == "A/Two")
        var cancelled = Session(root: try MenuScreen(source: .fixed(snapshot)))
        _ = cancelled.start(size: .standard)
        #expect(cancelled.handle(.key(.escape)) == [.quit])
        #expect(cancelled.interrupted, "Esc at the root cancels a picker with status 130")
    }

    @Test("entries registered while the menu runs appear without a restart, and the highlight stays on its entry")
    func refresh() throws {
        let registry = try Self.registry()
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        _ = session.start(size: .standard)
        press(.down, .down, in: &session)
        #expect(menu(session)?.highlighted.map { menu(session)!.title(of: $0) } == "Straße")
        try registry.register("Aardvark", in: ["Aa"]) { NoteScreen(title: "Aardvark") }
        press(.function(12), in: &session)
        #expect(text(session).contains("Aardvark"))
        #expect(text(session).contains("17 entries"))
        #expect(menu(session)?.highlighted.map { menu(session)!.title(of: $0) } == "Straße", "moved with its entry")
    }

    @Test("on the real job runner, an entry registered by another thread shows with no key pressed")
    func refreshWithoutAKey() throws {
        let registry = try Self.registry()
        let runner = JobRunner()
        defer { runner.shutdown() }
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        _ = session.settle(session.start(size: .standard), with: runner)
        #expect(runner.busyLanes == 1, "a job waits for registrations")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            try? registry.register("Aardvark", in: ["Aa"]) { NoteScreen(title: "Aardvark") }
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !text(session).contains("Aardvark"), clock.now < deadline {
            _ = runner.waitForResult(timeout: .milliseconds(200))
            _ = session.settle([], with: runner)
        }
        #expect(text(session).contains("Aardvark") && text(session).contains("17 entries"), "\(text(session))")
        #expect(runner.busyLanes == 1, "and waits again for the next")
        // Run in line (line mode, snapshots), the waiting job is left: it would wait for ever.
        let inline = InlineJobs()
        var lines = Session(root: try MenuScreen(source: .registry(registry)))
        _ = lines.settle(lines.start(size: .standard), with: inline)
        #expect(inline.runCount == 0)
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
        #expect(output == ["1 of 16 entries matches “ubersicht”", "1. Straße  (Übersicht)"])
        output = driver.handle(line: "1").output
        #expect(output == ["Note: Straße"])
        output = driver.handle(line: "..").output
        #expect(output.first == "1 of 16 entries matches “ubersicht”")
        output = driver.handle(line: "what").output
        #expect(output.first?.hasPrefix("Unknown command “what”.") == true)
        // A control character typed (Ctrl-L) is shown escaped, so the message stays on one line.
        output = driver.handle(line: "\u{C}7").output
        #expect(output.first?.hasPrefix("Unknown command “\\u{0C}7”.") == true, "\(output)")
        // A hit's groups read as in full screen: an absolute path's root once, not `∕/etc/ssh`.
        let paths: Snapshot<any Screen> = try CatalogFile.parse(Array("/etc/ssh/ssh_config\n/usr/x\n".utf8))
        var files = LineDriver(session: Session(root: try MenuScreen(source: .fixed(paths))))
        _ = files.start()
        #expect(files.handle(line: "/ssh_c").output.last == "1. ssh_config  (∕ › etc › ssh)")
        output = driver.handle(line: "99").output
        #expect(output.first == "There is no item 99; choose 1.")
    }
}

@Suite("Menu screen in the background")
struct MenuBackgroundTests {
    func text(_ session: Session) -> String { session.render(in: .standard).text }

    /// The jobs effects start.
    func jobs(_ effects: [Session.Effect]) -> [(job: Job, owner: Session.ScreenID)] {
        effects.compactMap { effect in
            if case .run(let job) = effect.action { return (job, effect.owner) }
            return nil
        }
    }

    @Test("a large catalog's search runs as a job, and only the newest result is shown")
    func backgroundSearch() throws {
        let menu = try MenuScreen(source: .registry(try MenuScreenTests.registry()), background: true)
        var session = Session(root: menu)
        let jobs = InlineJobs(timing: .whenTold)
        _ = session.settle(session.start(size: .standard), with: jobs)
        _ = session.settle(session.handle(.key(.character("g"))), with: jobs)
        #expect(text(session).contains("Searching “g” in 16 entries…"))
        _ = session.settle(session.handle(.key(.character("r"))), with: jobs)
        #expect(jobs.waitingLanes == ["menu.search"], "the newer search replaced the older one")
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        #expect(text(session).contains("  Grid  Effects"))
        #expect(text(session).contains("1 of 16 entries matches “gr”"))
    }

    @Test("a query of many terms runs as a job on a catalog searched at once for one term, so typing never waits")
    func manyTermsInBackground() throws {
        // 30,000 entries: one term (30,000) is searched within the keystroke, four (120,000) in a job.
        let lines = (0..<30_000).map { "group\($0 % 40)/entry \($0)\n" }.joined()
        let menu = try MenuScreen(source: .fixed(try CatalogFile.parse(Array(lines.utf8))))
        var session = Session(root: menu)
        let jobs = InlineJobs(timing: .whenTold)
        _ = session.settle(session.start(size: .standard), with: jobs)
        for character in "entry" { _ = session.settle(session.handle(.key(.character(character))), with: jobs) }
        #expect(jobs.waitingLanes.isEmpty && text(session).contains("30,000 of 30,000 entries match “entry”"))
        for character in " 1 2 3" { _ = session.settle(session.handle(.key(.character(character))), with: jobs) }
        #expect(jobs.waitingLanes == ["menu.search"], "\(text(session))")
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        #expect(text(session).contains("entries match “entry 1 2 3”"), "\(text(session))")
    }

    @Test("a loading catalog shows at once, keeps typed keys, and filters when it arrives")
    func loading() throws {
        let lines = Array("Streets/Straße 2\nStreets/Straße 10\nOther/Grid\n".utf8)
        var session = Session(root: try MenuScreen(loading: "streets.txt") { try CatalogFile.parse(lines) })
        let jobs = InlineJobs(timing: .whenTold)
        _ = session.settle(session.start(size: .standard), with: jobs)
        #expect(text(session).contains("Loading streets.txt…"))
        _ = session.handle(.key(.character("s")))
        _ = session.handle(.key(.character("t")))
        #expect(text(session).contains("/ st"))
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        #expect(text(session).contains("  Straße 2  Streets"))
        #expect(text(session).contains("2 of 3 entries match “st”"))
    }

    @Test("a catalog that fails to load ends the menu with the error")
    func loadError() throws {
        var session = Session(
            root: try MenuScreen(loading: "bad.txt") { try CatalogFile.parse(Array("A/ \n".utf8)) })
        let left = session.settle(session.start(size: .standard), with: InlineJobs())
        #expect(left == [.quit])
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
            .character("e"), .character("\u{301}"), .character("x"), .left, .character("\u{301}"),
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
