import CatalogKit
import CatalogTestSupport
import Testing

@testable import CatalogTerminal

/// F6 (`toggle-exact`): the filter switches between exact and fuzzy matching live, searches again at once, shows the
/// mode in the status line, and keeps the highlighted hit when it is still a hit.
@Suite("Menu matching mode")
struct MenuMatchingTests {
    /// `swiftformat` is a substring of two lines and a subsequence of two more; README.md is neither.
    static let lines = [
        ".swift-format", "Sources/swift/formatter.txt", "docs/swiftformat.md", "tools/swiftformat/run.sh", "README.md",
    ]
    static let exactHits: Set = ["docs/swiftformat.md", "tools/swiftformat/run.sh"]
    static let fuzzyHits: Set = exactHits.union([".swift-format", "Sources/swift/formatter.txt"])
    static let f6 = Key.function(6)

    static func snapshot() throws -> Snapshot<any Screen> {
        try CatalogFile.parse(Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// A picker over the lines, fuzzy at the start as the command line makes it, started at 80×24.
    func session(fuzzy: Bool = true, _ configure: (inout MenuScreen.Options) -> Void = { _ in }) throws -> Session {
        var options = MenuScreen.Options(fuzzy: fuzzy)
        configure(&options)
        var session = Session(root: try MenuScreen(source: .fixed(try Self.snapshot()), options: options))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        return session
    }

    func press(_ keys: Key..., in session: inout Session) {
        for key in keys { _ = session.settle(session.handle(.key(key)), with: InlineJobs()) }
    }

    func type(_ text: String, in session: inout Session) {
        for character in text { press(.character(character), in: &session) }
    }

    func menu(_ session: Session) throws -> MenuScreen { try #require(session.stack.first as? MenuScreen) }

    /// The hits shown, as paths, in order.
    func shown(_ session: Session) throws -> [String] {
        let menu = try menu(session)
        return menu.filter?.shown.map { menu.snapshot.table.path(Int($0)) } ?? []
    }

    func highlightedPath(_ session: Session) throws -> String? {
        let menu = try menu(session)
        return menu.filter?.highlightedRecord.map { menu.snapshot.table.path(Int($0)) }
    }

    /// The menu's status line: the row above the footer, at 80×24.
    func statusLine(_ session: Session) -> String { session.render(in: .standard).lines[21].text }

    @Test("F6 searches the same text again at once in the other mode, and the status line's right end says which")
    func switchesLive() throws {
        var session = try session()
        type("swiftformat", in: &session)
        #expect(Set(try shown(session)) == Self.fuzzyHits, "a picker starts fuzzy: .swift-format is found")
        #expect(statusLine(session).hasPrefix("4 of 5 entries match “swiftformat”"))
        #expect(statusLine(session).hasSuffix(" fuzzy") && statusLine(session).count == 80, "\(statusLine(session))")
        press(Self.f6, in: &session)
        #expect(try menu(session).filter?.text == "swiftformat", "the text typed stays")
        #expect(Set(try shown(session)) == Self.exactHits)
        #expect(statusLine(session).hasPrefix("2 of 5 entries match “swiftformat”"))
        #expect(statusLine(session).hasSuffix(" exact"), "\(statusLine(session))")
        press(Self.f6, in: &session)
        #expect(Set(try shown(session)) == Self.fuzzyHits)
        #expect(statusLine(session).hasSuffix(" fuzzy"))
        // The mode holds for the next filter too.
        press(Self.f6, .escape, in: &session)
        type("swiftformat", in: &session)
        #expect(Set(try shown(session)) == Self.exactHits)
    }

    @Test("a picker ranks exact hits best first, as fzf's --exact does; the launcher keeps them in search order")
    func exactRanked() throws {
        let lines = ["a/xpasswd-old/notes", "etc/passwd", "usr/share/base-passwd/README"]
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(lines.map { $0 + "\n" }.joined().utf8))
        func typed(_ ranks: Bool) throws -> [String] {
            var options = MenuScreen.Options(fuzzy: false)
            options.ranksExactHits = ranks
            var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
            _ = session.settle(session.start(size: .standard), with: InlineJobs())
            type("passwd", in: &session)
            return try shown(session)
        }
        #expect(try typed(true).first == "etc/passwd", "a whole name after a / ranks first")
        #expect(try typed(false) == lines, "search order, as a catalog promises")
    }

    @Test("smart case: a capital letter matches its case in both modes, and narrowing keeps to it")
    func smartCase() throws {
        var session = try session { $0.smartCase = true }
        type("s", in: &session)
        #expect(try shown(session).count == 4, "no capital: every line with an s")
        press(.backspace, in: &session)
        type("S", in: &session)
        #expect(try shown(session) == ["Sources/swift/formatter.txt"])
        type("W", in: &session)
        #expect(try shown(session).isEmpty, "no line has a capital W")
        press(.backspace, in: &session)
        type("wift", in: &session)
        #expect(try shown(session) == ["Sources/swift/formatter.txt"], "an S, then w, i, f and t")
        press(.backspace, .backspace, .backspace, .backspace, in: &session)
        type("ources", in: &session)
        #expect(try shown(session) == ["Sources/swift/formatter.txt"])
        press(Self.f6, in: &session)
        #expect(try shown(session) == ["Sources/swift/formatter.txt"], "exact matching keeps the case")
        // Without smart case (the built-in launcher), case is folded.
        var folded = try self.session(fuzzy: false)
        type("SWIFT", in: &folded)
        #expect(try shown(folded).count == 4)
    }

    @Test("a --flat list shows the / its lines had, in rows, hits and the preview")
    func flatSlashes() throws {
        let format = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(
            Array("root 1 /sbin/init splash\nps aux /usr/bin/foo\n".utf8), format: format)
        func screen(
            _ slashes: Bool, typing text: String = "", of snapshot: Snapshot<any Screen> = snapshot
        ) -> [String] {
            var options = MenuScreen.Options(fuzzy: true, preview: .right)
            options.slashesInNames = slashes
            guard let menu = try? MenuScreen(source: .fixed(snapshot), options: options) else { return [] }
            var session = Session(root: menu)
            _ = session.settle(session.start(size: .standard), with: InlineJobs())
            type(text, in: &session)
            return session.render(in: .standard).lines.map(\.text)
        }
        let rows = screen(true)
        #expect(rows.contains { $0.contains("root 1 /sbin/init splash") }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.joined().contains("\u{2215}"), "the preview's title too")
        let hits = screen(true, typing: "sbin")
        #expect(hits.contains { $0.contains("root 1 /sbin/init splash") }, "\(hits.joined(separator: "\n"))")
        #expect(!hits.joined().contains("\u{2215}"))
        // Lines read whole without --flat (a picker's list of columns) show their / too: they are in no group.
        #expect(screen(false).contains { $0.contains("root 1 /sbin/init splash") })
        let paths: Snapshot<any Screen> = try CatalogFile.parse(Array("dir/a\u{2215}b\n".utf8))
        #expect(screen(false, of: paths).joined().contains("a\u{2215}b"), "a path list's names keep ∕")
        // The pane's header names a flat line once, as its title: its path is the same line, with its TABs shown as
        // escapes (`1\u{9}2`) where the title has them as the list does.
        let tabs: Snapshot<any Screen> = try CatalogFile.parse(Array("1\t2\t3\n".utf8), format: format)
        let flat = try MenuScreen(source: .fixed(tabs), options: MenuScreen.Options(preview: .right))
        #expect(flat.previewHeader(for: 0).map(\.text).count == 1, "\(flat.previewHeader(for: 0).map(\.text))")
        let grouped = try MenuScreen(
            source: .fixed(try CatalogFile.parse(Array("a/b\n".utf8))), options: MenuScreen.Options(preview: .right))
        #expect(grouped.previewHeader(for: 0).map(\.text) == ["b", "a/b"], "an entry in a group keeps its path")
    }

    @Test("a long query never pushes the mode off the status line")
    func modeStaysOnNarrowStatus() throws {
        var session = try session()
        type(String(repeating: "swift ", count: 20), in: &session)
        let line = session.render(in: Size(columns: 40, rows: 24)).lines[21].text
        #expect(line.count == 40)
        #expect(line.hasSuffix(" fuzzy"), "\(line)")
    }

    @Test(
        "a hit the user moved onto stays highlighted when it is still a hit; on the first row, or when it is gone, the first hit is"
    )
    func keepsHighlight() throws {
        var session = try session(fuzzy: false)
        // `format` is in all four names, so both modes show them all, in different orders: exact by name
        // (.swift-format, formatter.txt, run.sh, swiftformat.md), fuzzy by the quality of the match.
        type("format", in: &session)
        let exactOrder = try shown(session)
        press(.down, .down, in: &session)
        #expect(try highlightedPath(session) == "tools/swiftformat/run.sh")
        press(Self.f6, in: &session)
        let fuzzyOrder = try shown(session)
        #expect(fuzzyOrder.first != "tools/swiftformat/run.sh", "the first row would keep it without tracking")
        #expect(try highlightedPath(session) == "tools/swiftformat/run.sh")
        #expect(try menu(session).filter?.cursor == fuzzyOrder.firstIndex(of: "tools/swiftformat/run.sh"))
        press(Self.f6, in: &session)
        #expect(try shown(session) == exactOrder)
        #expect(try menu(session).filter?.cursor == 2, "back on its row")
        // On the first row the best hit of the new mode is highlighted, not the entry that was first.
        press(.up, .up, Self.f6, in: &session)
        #expect(try menu(session).filter?.cursor == 0)
        #expect(try highlightedPath(session) == fuzzyOrder[0])
        #expect(fuzzyOrder[0] != exactOrder[0], "else the test proves nothing")
        // Onto a hit exact matching doesn't have: it is gone, so the first hit is highlighted.
        press(.control("u"), in: &session)
        type("swiftformat", in: &session)
        let swift = try #require(try shown(session).firstIndex(of: ".swift-format"))
        for _ in 0..<swift { press(.down, in: &session) }
        #expect(try highlightedPath(session) == ".swift-format")
        press(Self.f6, in: &session)
        #expect(try menu(session).filter?.cursor == 0)
        #expect(try highlightedPath(session) == "tools/swiftformat/run.sh")
    }

    @Test("browsing, F6 says which mode the next filter will use; the built-in launcher starts exact")
    func browsingMessage() throws {
        var session = try session(fuzzy: false)
        press(Self.f6, in: &session)
        #expect(session.status == "Fuzzy matching: a term's characters in order")
        #expect(try menu(session).filter == nil, "no filter is opened")
        press(Self.f6, in: &session)
        #expect(session.status == "Exact matching: a term is a substring")
    }

    @Test("the help overlay lists F6, and --bind puts the action on another key; F6 itself can't be rebound")
    func helpAndBind() throws {
        var session = try session()
        press(.function(1), in: &session)
        let help = session.render(in: Size(columns: 80, rows: 60)).text
        #expect(help.contains("F6") && help.contains("switch exact and fuzzy matching"), "\(help)")
        press(.escape, in: &session)

        let bindings = try MenuKeys.bindings("ctrl-t:toggle-exact")
        #expect(bindings == [MenuKeys.Binding(key: .control("t"), commands: [.toggleExact])])
        var bound = try self.session { $0.bindings = bindings }
        type("swiftformat", in: &bound)
        press(.control("t"), in: &bound)
        #expect(Set(try shown(bound)) == Self.exactHits)
        #expect(throws: MenuKeys.BindError.self) { try MenuKeys.bindings("f6:up") }
    }

    @Test("with a background search, the highlight is kept once the search in the new mode answers")
    func backgroundSearchKeepsHighlight() throws {
        // Where fuzzy order puts run.sh, found the synchronous way; exact order puts it third.
        var reference = try session()
        type("format", in: &reference)
        let run = try #require(try shown(reference).firstIndex(of: "tools/swiftformat/run.sh"))
        #expect(run != 0 && run != 2, "off the first row, and off its exact row, so keeping it is the tracking's doing")

        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        terminal.type(each: "format", from: .milliseconds(10), spacing: .milliseconds(5))
        terminal.type(String(repeating: "\u{1B}[B", count: run), at: .milliseconds(200))
        terminal.type("\u{1B}[17~", at: .milliseconds(300))
        terminal.close(at: .milliseconds(400))
        let menu = try MenuScreen(source: .fixed(try Self.snapshot()), options: .init(fuzzy: true, background: true))
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        let final = try #require(loop.session.stack.first as? MenuScreen)
        #expect(final.searchesInBackground)
        #expect(
            final.filter?.highlightedRecord.map { final.snapshot.table.path(Int($0)) } == "tools/swiftformat/run.sh")
        #expect(final.filter?.cursor == 2)
        #expect(terminal.frames.contains { $0.contains("4 of 5 entries match") && $0.contains(" fuzzy\n") })
        #expect(terminal.screenText.contains("4 of 5 entries match “format”"))
        #expect(terminal.screenText.split(separator: "\n").contains { $0.hasSuffix(" exact") })
    }

    @Test("F6 pressed while the file loads is carried out once, on the catalog that comes")
    func toggleWhileLoading() throws {
        let work = SteppedWork(steps: [Self.lines])
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        let runner = JobRunner()
        terminal.type("\u{1B}[17~", at: .milliseconds(10))
        terminal.perform(at: .milliseconds(50)) {
            work.release()
            runner.waitForResult()
        }
        terminal.type(each: "swiftformat", from: .milliseconds(60), spacing: .milliseconds(5))
        terminal.close(at: .milliseconds(200))
        let menu = try MenuScreen(loading: "list.txt", options: .init(fuzzy: true)) { try work.next().snapshot }
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: runner, renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        let final = try #require(loop.session.stack.first as? MenuScreen)
        #expect(final.matching == .exact, "one switch, from the picker's fuzzy")
        #expect(Set(final.filter?.shown.map { final.snapshot.table.path(Int($0)) } ?? []) == Self.exactHits)
    }
}
