import CatalogKit
import Testing

@testable import CatalogTerminal

/// The menu as a picker over a catalog file: several picks, a starting query, picking or quitting at once, a
/// header and a prompt, as fzf's options do.
@Suite("Menu as a picker")
struct MenuPickerTests {
    static let lines = "src/app/main.swift\nsrc/app/view.swift\nsrc/lib/util.swift\ndocs/readme.md\nLICENSE\n"

    func session(_ configure: (inout MenuScreen.Options) -> Void) throws -> Session {
        var options = MenuScreen.Options()
        configure(&options)
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(Self.lines.utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        return session
    }

    func menu(_ session: Session) throws -> MenuScreen { try #require(session.stack.first as? MenuScreen) }

    func picks(_ session: Session) throws -> [String] {
        try menu(session).pickedBytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Catches a picker's leading spaces dropped, as `--disabled --bind 'change:reload(grep -- {q} …)'` needs them
    /// to search for indented code, and as fzf keeps them.
    @Test("in a picker a space starts the filter, typed or pasted; in the launcher it starts nothing")
    func leadingSpaces() throws {
        var picker = try session { _ in }
        for key in [Key.character(" "), .character(" "), .character("m")] {
            _ = picker.settle(picker.handle(.key(key)), with: InlineJobs())
        }
        #expect(try menu(picker).query == "  m")
        var pasted = try menu(try session { _ in })
        _ = pasted.typeAhead(Array("  main")[...], opening: true)
        #expect(pasted.query == "  main")
        var launcher = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        _ = launcher.settle(launcher.start(size: .standard), with: InlineJobs())
        for key in [Key.character(" "), .character("g")] {
            _ = launcher.settle(launcher.handle(.key(key)), with: InlineJobs())
        }
        #expect((launcher.stack.first as? MenuScreen)?.query == "g")
    }

    @Test("the help lists Tab and Shift-Tab for marking only with --multi, where they do something")
    func tabInHelpOnlyWithMulti() throws {
        let marks = { (session: Session) in
            try self.menu(session).help.filter { $0.keys.contains("tab") || $0.help.contains("mark") }
        }
        #expect(try marks(session { _ in }).isEmpty)
        #expect(try marks(session { $0.multi = true }).map(\.keys) == ["tab", "shift-tab"])
    }

    @Test("a hit whose match lies past the right edge shows the match, after a leading …, as fzf does")
    func hitShowsItsMatch() throws {
        let line = "docker run --rm -it -v /home/user/project:/src -w /src image:latest make deploy-production"
        let query = Query("deploy", fuzzy: true)
        let (text, marks) = MenuScreen.window(of: line, matching: query, width: 36)
        #expect(text.hasPrefix("…") && text.hasSuffix("deploy-production") && DisplayWidth.of(text) <= 36, "\(text)")
        let characters = Array(text)
        #expect(marks.map { String(characters[$0]) }.joined() == "deploy", "\(text) \(marks)")
        // A match that fits is shown from the line's start, as before; so is a line that fits whole.
        #expect(MenuScreen.window(of: line, matching: Query("docker", fuzzy: true), width: 36).0.hasPrefix("docker"))
        #expect(MenuScreen.window(of: "ls -la", matching: Query("la"), width: 36) == ("ls -la", [4..<6]))
        // Wide characters take two columns each, and the window still fits.
        let wide = String(repeating: "日本語の長い名前", count: 6) + "探す"
        let (shown, found) = MenuScreen.window(of: wide, matching: Query("探す"), width: 20)
        #expect(DisplayWidth.of(shown) <= 20 && shown.hasSuffix("探す"), "\(shown)")
        #expect(found.map { String(Array(shown)[$0]) } == ["探す"])
        // Up to ten characters after the match, as fzf's --hscroll-off: `grep -rn` hits in one file that match in its
        // path differ by their line numbers, which stay in view.
        let grep = "Sources/CatalogKit/Grouping/Hierarchy.swift:407:        guard let parent else { return }"
        let (hit, matched) = MenuScreen.window(of: grep, matching: Query("hierarchy.swift"), width: 40)
        #expect(hit == "…Kit/Grouping/Hierarchy.swift:407:     …", "\(hit)")
        #expect(matched.map { String(Array(hit)[$0]) } == ["Hierarchy.swift"])
        // In a narrow window the match comes first: the context takes only what its span leaves.
        let (narrow, narrowMarks) = MenuScreen.window(of: grep, matching: Query("hierarchy.swift"), width: 20)
        #expect(narrow == "…/Hierarchy.swift:4…" && narrowMarks == [2..<17], "\(narrow) \(narrowMarks)")
    }

    @Test("the footer says Enter picks on an entry, a hit or with marks, and opens a group")
    func footerSaysPick() throws {
        var session = try session { $0.multi = true }
        let footer = { (session: Session) in
            session.render(in: .standard).lines.map(\.text).last { $0.hasPrefix("↑↓") } ?? ""
        }
        // The root: 1 docs (one entry, inlined), 2 src, 3 LICENSE.
        #expect(footer(session).hasPrefix("↑↓ move · ⏎ pick · ← back"))
        _ = session.handle(.key(.down))
        #expect(footer(session).hasPrefix("↑↓ move · ⏎ open · ← back"), "on the group src")
        _ = session.handle(.key(.tab))
        _ = session.handle(.key(.up))
        #expect(footer(session).hasPrefix("↑↓ move · ⏎ pick"), "on src again, with marks")
        _ = session.handle(.key(.character("m")))
        #expect(footer(session).hasPrefix("↑↓ move · ⏎ pick · esc clear"), "on a hit")
    }

    @Test("--multi: Tab marks a group and everything under it; Enter picks every mark")
    func multi() throws {
        var session = try session { $0.multi = true }
        // The root: 1 docs (one entry, inlined), 2 src, 3 LICENSE.
        let text = session.render(in: .standard).text
        #expect(text.contains("☐ readme.md"))
        _ = session.handle(.key(.down))  // src
        _ = session.handle(.key(.tab))  // marks src, then moves down to LICENSE, as fzf's Tab does
        #expect(session.render(in: .standard).text.contains("☑ src"))
        #expect(try menu(session).current.cursor == 2)
        _ = session.handle(.key(.backTab))  // marks LICENSE and moves back up, to src
        _ = session.handle(.key(.right))  // into src: app is all marked, lib too
        _ = session.handle(.key(.right))  // into app
        _ = session.handle(.key(.tab))  // unmark main.swift
        _ = session.handle(.key(.left))
        #expect(session.render(in: .standard).text.contains("▣ app"), "partly marked")
        #expect(try menu(session).statusText.hasSuffix("3 marked"))
        // With marks, Enter picks them even on a group; → would go into it.
        #expect(session.handle(.key(.enter)) == [.quit])
        #expect(try picks(session) == ["src/app/view.swift", "src/lib/util.swift", "LICENSE"])
    }

    @Test("--multi: fzf's select-all, deselect-all and toggle-all act on the hits while filtering, else the level")
    func markAll() throws {
        var session = try session {
            $0.multi = true
            $0.bindings = [
                MenuKeys.Binding(key: .control("a"), commands: [.selectAll]),
                MenuKeys.Binding(key: .control("d"), commands: [.deselectAll]),
                MenuKeys.Binding(key: .control("t"), commands: [.toggleAll]),
            ]
        }
        func marked() throws -> [String] {
            try menu(session).marked.inOrder.map { try menu(session).snapshot.table.path(Int($0)) }
        }
        for character in "swift" { _ = session.handle(.key(.character(character))) }
        _ = session.handle(.key(.control("a")))
        let hits = try marked()
        #expect(hits == ["src/app/main.swift", "src/lib/util.swift", "src/app/view.swift"], "as listed: \(hits)")
        _ = session.handle(.key(.control("u")))  // the filter cleared: the root level, docs, src and LICENSE
        _ = session.handle(.key(.escape))
        _ = session.handle(.key(.control("t")))
        #expect(try marked() == ["docs/readme.md", "LICENSE"], "flipped: the src entries unmarked, the rest marked")
        _ = session.handle(.key(.control("d")))
        #expect(try marked().isEmpty)
    }

    @Test("fzf's accept-non-empty never leaves with nothing picked; half-page moves go half a page")
    func acceptNonEmptyAndHalfPages() throws {
        var session = try session {
            $0.bindings = [
                MenuKeys.Binding(key: .enter, commands: [.acceptNonEmpty]),
                MenuKeys.Binding(key: .control("d"), commands: [.halfPageDown]),
                MenuKeys.Binding(key: .control("u"), commands: [.halfPageUp]),
            ]
        }
        for character in "zzz" { _ = session.handle(.key(.character(character))) }
        #expect(try menu(session).filter?.shown.isEmpty == true)
        #expect(session.handle(.key(.enter)) == [.bell], "no hit: the bell, and the picker stays")
        #expect(try picks(session).isEmpty)
        for _ in 0..<3 { _ = session.handle(.key(.backspace)) }
        for character in "util" { _ = session.handle(.key(.character(character))) }
        #expect(session.handle(.key(.enter)) == [.quit])
        #expect(try picks(session) == ["src/lib/util.swift"])
        // Plain accept with no hit leaves, having picked nothing (status 1), as fzf's does.
        var plain = try self.session { _ in }
        for character in "zzz" { _ = plain.handle(.key(.character(character))) }
        #expect(plain.handle(.key(.enter)) == [.quit])
        // Half a page of a 24-row screen's list at a time, down and back.
        let rows = (1...60).map { "line \($0)" }.joined(separator: "\n")
        var options = MenuScreen.Options(maxChildren: 100, fuzzy: true)
        options.bindings = [MenuKeys.Binding(key: .control("d"), commands: [.halfPageDown])]
        var long = Session(
            root: try MenuScreen(source: .fixed(try CatalogFile.parse(Array(rows.utf8))), options: options))
        _ = long.settle(long.start(size: .standard), with: InlineJobs())
        let page = try #require(long.stack.first as? MenuScreen).layout.listRows
        _ = long.handle(.key(.control("d")))
        #expect(try #require(long.stack.first as? MenuScreen).current.cursor == page / 2)
    }

    @Test("--multi: Enter prints the marks in the order they were made, as fzf does, not in the catalog's")
    func multiInMarkOrder() throws {
        var session = try session { $0.multi = true }
        // The root: 1 docs (readme.md, inlined), 2 src, 3 LICENSE.
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.tab))  // LICENSE first
        #expect(try menu(session).current.cursor == 2)
        _ = session.handle(.key(.up))
        _ = session.handle(.key(.up))
        _ = session.handle(.key(.tab))  // then readme.md, moving down to src
        _ = session.handle(.key(.right))  // into src
        _ = session.handle(.key(.down))  // lib
        _ = session.handle(.key(.tab))  // then util.swift
        #expect(session.handle(.key(.enter)) == [.quit])
        #expect(try picks(session) == ["LICENSE", "docs/readme.md", "src/lib/util.swift"])
    }

    @Test("without marks, Enter picks the highlighted entry even in --multi")
    func multiWithoutMarks() throws {
        var session = try session { $0.multi = true }
        _ = session.handle(.key(.enter))
        #expect(try picks(session) == ["docs/readme.md"])
    }

    @Test("--query starts filtered; --select-1 picks a single match at once; --exit-0 quits when none match")
    func startingQuery() throws {
        let filtered = try session { $0.query = "swift" }
        #expect(try menu(filtered).filter?.text == "swift")
        #expect(try menu(filtered).filter?.hits.count == 3)
        let one = try session {
            $0.query = "util"
            $0.selectOne = true
        }
        #expect(try picks(one) == ["src/lib/util.swift"])
        let none = try session {
            $0.query = "zzz"
            $0.exitZero = true
            $0.selectOne = true
        }
        #expect(try picks(none).isEmpty)
        #expect(try menu(none).filter?.hits.count == 0)
        // With several matches neither option acts: the picker waits.
        let several = try session {
            $0.query = "swift"
            $0.selectOne = true
            $0.exitZero = true
        }
        #expect(try picks(several).isEmpty)
    }

    @Test("--header shows above the list; --prompt shows from the start, as fzf's, and the cursor follows it")
    func headerAndPrompt() throws {
        var session = try session {
            $0.header = "Pick a file"
            $0.prompt = "file> "
        }
        // Before any key: the prompt waits, empty, with the cursor after it, and the list starts below it.
        let browsing = session.render(in: .standard)
        #expect(browsing.lines[2].text == "file> ")
        #expect(browsing.cursor?.row == 2 && browsing.cursor?.column == 6)
        #expect(browsing.lines[3].text.contains("readme.md"))
        // Without --prompt the list has that row until the user types.
        let plainSession = try self.session { _ in }
        let plain = plainSession.render(in: .standard)
        #expect(plain.lines[1].text.contains("readme.md"))
        // Nor does an empty --header take one.
        let emptyHeader = try self.session { $0.header = "" }
        #expect(emptyHeader.render(in: .standard).lines[1].text.contains("readme.md"))
        _ = session.handle(.key(.character("u")))
        let frame = session.render(in: .standard)
        // The header starts where the titles of the rows below it do: two columns in while filtering.
        #expect(frame.lines[1].text == "  Pick a file")
        #expect(frame.lines[2].text == "file> u")
        #expect(frame.cursor?.row == 2 && frame.cursor?.column == 7)
        #expect(frame.lines[3].text.hasPrefix("  util.swift"))
    }

    /// Catches a group's row drawn with "▸" where the terminal shows ASCII only (`--no-unicode`, a C locale).
    @Test("in ASCII, a group's row starts with >")
    func asciiGroups() throws {
        var session = try session { _ in }
        _ = session.handle(
            .environment(
                {
                    var environment = ScreenEnvironment.standard; environment.glyphs = .ascii; return environment
                }()))
        let rows = session.render(in: .standard).lines.map(\.text)
        #expect(rows.contains { $0.contains("> src") } && !rows.contains { $0.contains("▸") }, "\(rows)")
    }

    /// Catches `--info` ignored (the status line drawn anyway), the inline counts missing from the prompt's row or
    /// written over the typed text, or a hidden status line's row not given to the list.
    @Test("--info inline puts the counts on the prompt's row, shown from the start; hidden puts them nowhere")
    func infoStyles() throws {
        let plain = try session { _ in }.render(in: .standard)
        #expect(plain.lines.contains { $0.text.hasPrefix("5 entries") })
        var inline = try session { $0.info = .inline }
        let browsing = inline.render(in: .standard)
        #expect(browsing.lines[1].text.hasPrefix("/ ") && browsing.lines[1].text.hasSuffix("5 entries"))
        #expect(!browsing.lines.contains { $0.text.hasPrefix("5 entries") }, "no status line")
        _ = inline.handle(.key(.character("u")))
        let typed = inline.render(in: .standard).lines[1].text
        #expect(typed.hasPrefix("/ u ") && typed.hasSuffix("1 of 5 entries matches “u” · exact"), "\(typed)")
        let hidden = try session { $0.info = .hidden }.render(in: .standard)
        #expect(!hidden.lines.contains { $0.text.hasPrefix("5 entries") }, "\(hidden.lines.map(\.text))")
        let size = Size(columns: 80, rows: 24)
        #expect(
            MenuScreen.Layout(size: size, prompt: true, status: false).listRows
                == MenuScreen.Layout(size: size, prompt: true).listRows + 1, "the list has the status line's row")
    }

    @Test("a --header of several lines takes a row each, its final newline none; a short terminal keeps a list row")
    func headerOfSeveralLines() throws {
        var session = try session {
            $0.header = "NAME   SIZE\nPick a file\n"
            $0.prompt = "> "
        }
        let frame = session.render(in: .standard)
        // Over the titles of the rows, five columns in while browsing (" 1 ▸ ").
        #expect(frame.lines[1].text == "     NAME   SIZE")
        #expect(frame.lines[2].text == "     Pick a file")
        #expect(frame.lines[3].text == "> ")
        #expect(frame.lines[4].text.contains("readme.md"))
        #expect(frame.cursor?.row == 3)
        // Wide enough for the preview pane: it starts beside the prompt, below the header, which keeps the width.
        let wide = session.render(in: Size(columns: 120, rows: 24))
        #expect(wide.lines[1].text == "     NAME   SIZE" && wide.lines[2].text == "     Pick a file")
        #expect(wide.lines[3].text.hasPrefix("> ") && wide.lines[3].text.contains("│ readme.md"))
        // Line mode lists below the header too.
        #expect(
            try menu(session).lines(in: .standard).prefix(3) == ["NAME   SIZE", "Pick a file", "Catalog — 5 entries"])
        // Five rows: the title, a list row, the prompt, one header line, and the status line.
        _ = session.handle(.resize(Size(columns: 40, rows: 5)))
        let short = session.render(in: Size(columns: 40, rows: 5))
        #expect(short.lines.map(\.text).contains("     NAME   SIZE"))
        #expect(!short.lines.map(\.text).contains("     Pick a file"))
        #expect(short.lines.contains { $0.text.contains("readme.md") })
    }
}

extension MenuPickerTests {
    @Test("→ goes into a group but never picks an entry: picking is Enter's, as in fzf")
    func rightNeverPicks() throws {
        var session = try session { _ in }
        // The root: 1 docs (one entry, inlined: readme.md), 2 src, 3 LICENSE.
        #expect(session.handle(.key(.right)).isEmpty, "readme.md is an entry")
        #expect(try menu(session).pickedBytes.isEmpty)
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.right))
        #expect(try menu(session).levels.count == 2, "into src")
        #expect(session.handle(.key(.enter)) != [.quit], "Enter on a group goes into it")
    }

    @Test("Enter with no match: a picker quits having picked nothing (status 1, as fzf), or picks the marks")
    func enterWithNoMatch() throws {
        var picker = try session { _ in }
        for character in "zzz" { _ = picker.handle(.key(.character(character))) }
        #expect(try menu(picker).filter?.hits.count == 0)
        #expect(picker.handle(.key(.enter)) == [.quit])
        #expect(try picks(picker).isEmpty)
        // With marks, Enter picks them whatever the filter shows.
        var multi = try session { $0.multi = true }
        _ = multi.handle(.key(.backTab))  // marks readme.md
        for character in "zzz" { _ = multi.handle(.key(.character(character))) }
        #expect(multi.handle(.key(.enter)) == [.quit])
        #expect(try picks(multi) == ["docs/readme.md"])
        // A launcher has nothing to open: it rings the bell and stays.
        var launcher = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        _ = launcher.settle(launcher.start(size: .standard), with: InlineJobs())
        for character in "zzz" { _ = launcher.handle(.key(.character(character))) }
        #expect(launcher.handle(.key(.enter)) == [.bell])
    }

    @Test("a line's text after its TAB (grep -T's) shows dimmed after the title, and is printed with the pick")
    func textAfterTab() throws {
        let lines = "src/a.go:12:\tfmt.Println(x)\nsrc/b.go:3:\tpackage b\tmain\n"
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(lines.utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot)))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        var rows = session.render(in: .standard).lines.map(\.text)
        #expect(rows[1] == "     a.go:12:  fmt.Println(x)", "\(rows)")
        #expect(rows[2] == "     b.go:3:  package b\\tmain", "a control character shows escaped: \(rows)")
        for character in "println" { _ = session.handle(.key(.character(character))) }
        rows = session.render(in: .standard).lines.map(\.text)
        #expect(rows[2].hasPrefix("  a.go:12:  fmt.Println(x)  src"), "\(rows)")
        #expect(try picks(session).isEmpty && session.handle(.key(.enter)) == [.quit])
        let menu = try #require(session.stack.first as? MenuScreen)
        #expect(
            menu.pickedBytes == [Array("src/a.go:12:\tfmt.Println(x)".utf8)],
            "the pick is the line as read, as fzf prints it, not the path before the TAB")
    }

    @Test("Enter on empty input: a picker quits having picked nothing (status 1, as fzf), a launcher rings the bell")
    func enterOnEmptyInput() throws {
        let empty: Snapshot<any Screen> = try CatalogFile.parse([])
        var picker = Session(root: try MenuScreen(source: .fixed(empty)))
        _ = picker.settle(picker.start(size: .standard), with: InlineJobs())
        #expect(picker.handle(.key(.enter)) == [.quit])
        #expect(try picks(picker).isEmpty)
        var launcher = Session(root: try MenuScreen(source: .registry(Registry<any Screen>())))
        _ = launcher.settle(launcher.start(size: .standard), with: InlineJobs())
        #expect(launcher.handle(.key(.enter)) == [.bell])
    }
}

/// The marks' own order, which the picks print in.
@Suite("Marks")
struct MarksTests {
    @Test("marks keep the order they were made in; an unmarked record marked again goes last; repeats count once")
    func order() {
        var marks = Marks()
        marks.mark([4, 1, 4])
        marks.mark([2, 1])
        #expect(marks.inOrder == [4, 1, 2])
        marks.unmark([1, 9])
        #expect(marks.inOrder == [4, 2])
        #expect(!marks.contains(1) && marks.contains(2) && marks.count == 2)
        marks.mark([1])
        #expect(marks.inOrder == [4, 2, 1])
        #expect(Marks([3, 3, 0]).inOrder == [3, 0])
    }
}
