import CatalogKit
import Testing

@testable import CatalogTerminal

/// The preview pane: beside the list on a wide terminal, below it on a tall narrow one; a live render of the
/// highlighted screen, made off the input path and kept per entry.
@Suite("Menu preview")
struct MenuPreviewTests {
    let wide = Size(columns: 120, rows: 30)

    func session(size: Size, jobs: InlineJobs, preview: MenuScreen.PreviewPlacement = .auto) throws -> Session {
        var session = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry()), preview: preview))
        _ = session.settle(session.start(size: size), with: jobs)
        return session
    }

    func press(_ keys: Key..., in session: inout Session, jobs: any JobRunning) {
        for key in keys { _ = session.settle(session.handle(.key(key)), with: jobs) }
    }

    func text(_ session: Session, _ size: Size) -> String { session.render(in: size).text }

    @Test("on a wide terminal the pane shows the entry's title, path, summary and its screen's first frame")
    func liveRender() throws {
        let jobs = InlineJobs(timing: .whenTold)
        var session = try session(size: wide, jobs: jobs)
        press(.character("1"), in: &session, jobs: jobs)  // into Effects: Alert is highlighted
        #expect(text(session, wide).contains("│ Alert"))
        #expect(text(session, wide).contains("│ Effects/Alert"))
        #expect(text(session, wide).contains("│ The alert effect"))
        // The screen is made off the input path: until the job runs, the pane says so.
        #expect(text(session, wide).contains("│ …"))
        #expect(!text(session, wide).contains("Note: Alert"))
        #expect(jobs.hasWaiting)
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        #expect(text(session, wide).contains("│ Note: Alert"))
        // Moving on and back uses the kept preview: no new job.
        press(.down, .up, in: &session, jobs: jobs)
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        let ran = jobs.runCount
        press(.down, in: &session, jobs: jobs)
        press(.up, in: &session, jobs: jobs)
        #expect(text(session, wide).contains("│ Note: Alert"))
        #expect(jobs.runCount == ran)
    }

    @Test("a factory that throws shows its error in the pane, and the menu goes on")
    func throwingFactory() throws {
        let jobs = InlineJobs()
        var session = try session(size: wide, jobs: jobs)
        for character in "broken" { press(.character(character), in: &session, jobs: jobs) }
        #expect(text(session, wide).contains("Could not preview: the factory failed"))
        #expect(session.stack.count == 1)
    }

    @Test(
        "where the pane goes: right from 100 columns, below on a tall narrow terminal, none on 80×24",
        arguments: [
            (Size(columns: 120, rows: 30), MenuScreen.PreviewPlacement.right),
            (Size(columns: 80, rows: 50), .bottom), (Size(columns: 80, rows: 24), .hidden),
            (Size(columns: 99, rows: 30), .hidden),
        ])
    func placement(_ example: (Size, MenuScreen.PreviewPlacement)) throws {
        let layout = MenuScreen.Layout(
            size: Session.bodySize(for: example.0), prompt: false, preview: .auto)
        #expect((layout.pane?.placement ?? .hidden) == example.1)
        if let pane = layout.pane {
            // The list, the rule and the pane share the width (or the rows) without overlap.
            if pane.placement == .right { #expect(layout.columns + 2 + pane.size.columns <= example.0.columns) }
            if pane.placement == .bottom { #expect(pane.row == layout.listRows + 1) }
        }
    }

    @Test("F4 hides and shows the pane; it brings back one hidden by --preview hidden or a narrow terminal")
    func toggle() throws {
        let jobs = InlineJobs()
        var session = try session(size: wide, jobs: jobs)
        #expect(text(session, wide).contains("│"))
        press(.function(4), in: &session, jobs: jobs)
        #expect(!text(session, wide).contains("│"))
        press(.function(4), in: &session, jobs: jobs)
        #expect(text(session, wide).contains("│"))
        var hidden = try self.session(size: wide, jobs: jobs, preview: .hidden)
        #expect(!text(hidden, wide).contains("│"))
        press(.function(4), in: &hidden, jobs: jobs)
        #expect(text(hidden, wide).contains("│"), "--preview hidden only hides it at the start")
        let narrow = Size(columns: 80, rows: 24)
        var small = try self.session(size: narrow, jobs: jobs)
        #expect(!text(small, narrow).contains("│"), "80×24 has no pane by itself")
        press(.function(4), in: &small, jobs: jobs)
        #expect(text(small, narrow).contains("│"), "but F4 shows one")
        // On a tall narrow terminal the pane is below the list, and F4 off and on brings it back there.
        let tall = Size(columns: 60, rows: 40)
        var below = try self.session(size: tall, jobs: jobs)
        let placement = { (session: Session) in
            (session.stack.first as? MenuScreen)?.layout(in: Session.bodySize(for: tall)).pane?.placement
        }
        #expect(placement(below) == .bottom)
        press(.function(4), .function(4), in: &below, jobs: jobs)
        #expect(placement(below) == .bottom, "not beside a list it would cut to 26 columns")
        let tiny = Size(columns: 30, rows: 8)
        var none = try self.session(size: tiny, jobs: jobs)
        press(.function(4), in: &none, jobs: jobs)
        #expect(none.status == "No room for the preview at 30×6; make the terminal wider or taller.")
        // A pane asked for on the command line says so at the start, once: a pane that silently never shows reads
        // as an option that does nothing.
        let asked = try self.session(size: tiny, jobs: jobs, preview: .bottom)
        #expect(asked.status == "No room for the preview at 30×6; make the terminal wider or taller.")
        var resized = asked
        press(.down, in: &resized, jobs: jobs)
        #expect(resized.status == nil)
        _ = resized.settle(resized.handle(.resize(Size(columns: 31, rows: 8))), with: jobs)
        #expect(resized.status == nil, "not again at every resize")
        // The size the message names is gone once the terminal grows: it does not wait for the next key.
        var grown = asked
        _ = grown.settle(grown.handle(.resize(Size(columns: 120, rows: 40))), with: jobs)
        #expect(grown.status == nil, "a message about the old size")
        let bigger = Session.bodySize(for: Size(columns: 120, rows: 40))
        #expect((grown.stack.first as? MenuScreen)?.layout(in: bigger).pane?.placement == .bottom, "and the pane shows")
        let unasked = try self.session(size: tiny, jobs: jobs)
        #expect(unasked.status == nil, "the pane the size decides on is not missed")
    }

    /// Catches a list of lines read whole (a picker's list of columns, `git ls-files -s`) given half the width for a
    /// pane that could only show the line again, which cut the rows' file names.
    @Test("a picker's list with no groups has no pane unless one is asked; a list of paths keeps it; F4 shows it")
    func noPaneForLines() throws {
        let jobs = InlineJobs()
        let wide = Size(columns: 120, rows: 30)
        let once = CatalogFile.Format(repeats: .listedOnce)
        func session(_ text: String, preview: MenuScreen.PreviewPlacement = .auto) throws -> Session {
            let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(text.utf8), format: once)
            var session = Session(
                root: try MenuScreen(source: .fixed(snapshot), options: MenuScreen.Options(preview: preview)))
            _ = session.settle(session.start(size: wide), with: jobs)
            return session
        }
        let columns = "100644 aa 0\tsrc/a.c\n100644 aa 0\tsrc/b.c\n"
        var lines = try session(columns)
        #expect(!text(lines, wide).contains("│"), "\(text(lines, wide))")
        #expect(try session(columns, preview: .right).render(in: wide).text.contains("│"), "asked for")
        #expect(try session("src/a.c\nsrc/b.c\ndocs/c.md\n").render(in: wide).text.contains("│"))
        press(.function(4), in: &lines, jobs: jobs)
        #expect(text(lines, wide).contains("│"), "F4 shows it")
    }

    @Test("--preview-window down,hidden: F4 shows the pane below the list, where it was asked, on a wide terminal")
    func hiddenKeepsItsPlace() throws {
        let jobs = InlineJobs()
        let size = Size(columns: 120, rows: 40)
        for place in [MenuScreen.PreviewPlacement.bottom, .right] {
            var options = MenuScreen.Options()
            options.preview = place
            options.previewHidden = true
            var session = Session(
                root: try MenuScreen(source: .registry(try MenuScreenTests.registry()), options: options))
            _ = session.settle(session.start(size: size), with: jobs)
            let pane = { (session: Session) in
                (session.stack.first as? MenuScreen)?.layout(in: Session.bodySize(for: size)).pane?.placement
            }
            #expect(pane(session) == nil, "hidden at the start")
            #expect(session.status == nil, "a pane asked hidden is not missed")
            press(.function(4), in: &session, jobs: jobs)
            #expect(pane(session) == place)
            press(.function(4), .function(4), in: &session, jobs: jobs)
            #expect(pane(session) == place, "off and on, still there")
        }
    }

    @Test("Shift-↑/↓ and the wheel scroll the preview; moving to another entry scrolls it back to the top")
    func scrolling() throws {
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\\n")
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a.txt\nb.txt\n".utf8))
        var options = MenuScreen.Options()
        options.previewCommand = "printf '\(lines)\\n'"
        let jobs = InlineJobs()
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: wide), with: jobs)
        #expect(text(session, wide).contains("│ line 1\n"))
        press(.modified(.down, .shift), .modified(.down, .shift), in: &session, jobs: jobs)
        #expect(!text(session, wide).contains("│ a.txt"), "the header scrolled away")
        _ = session.settle(
            session.handle(.key(.mouse(Mouse(.scrollDown, button: .none, row: 5, column: 100)))), with: jobs)
        let scrolled = try #require(session.stack.first as? MenuScreen).preview.scroll
        #expect(scrolled == 2 + MenuScreen.wheelStep)
        press(.down, in: &session, jobs: jobs)
        #expect(try #require(session.stack.first as? MenuScreen).preview.scroll == 0)
    }

    /// A launcher on a catalog file's lines whose pane previews with a command, started with a job runner.
    func commandSession(_ lines: String, _ command: String, _ jobs: any JobRunning) throws -> Session {
        var options = MenuScreen.Options()
        options.previewCommand = command
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(lines.utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: wide), with: jobs)
        return session
    }

    @Test("for a catalog file, the pane shows the path and the preview command's output for its line")
    func previewCommand() throws {
        let session = try commandSession(
            "docs/it's here.md\tguide\n", "printf 'preview of [%s] [%s]\\n' {} {-1}", InlineJobs())
        let text = self.text(session, wide)
        #expect(text.contains("│ docs/it's here.md"))
        #expect(text.contains("│ keywords: guide"))
        // fzf's {}: the line as a pick prints it, quoted (its TAB drawn as spaces); and its last field.
        #expect(text.contains("│ preview of [docs/it's here.md   guide] [guide]"), "\(text)")
    }

    /// Catches `--preview-window +{2}-2` ignored (the header and the output's start shown), the field not read from
    /// the highlighted line, the header counted as output, or the denominator's rows not taken off.
    @Test("+SCROLL starts the pane at the line a field names, less the offsets, as fzf's does")
    func scrolledToField() throws {
        let menuRows = { (session: Session) in (session.stack.first as? MenuScreen)?.layout.pane?.size.rows ?? 0 }
        for (scroll, first) in [
            (MenuScreen.PreviewScroll(base: "{2}", offset: -2), { (_: Int) in 10 }),
            (MenuScreen.PreviewScroll(base: "{-1}", denominator: 2), { (rows: Int) in 40 - rows / 2 }),
            (MenuScreen.PreviewScroll(base: "{1}"), nil),
        ] as [(MenuScreen.PreviewScroll, ((Int) -> Int)?)] {
            var options = MenuScreen.Options()
            options.previewCommand = "seq 1 60"
            options.previewScroll = scroll
            let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a 12 40\n".utf8))
            var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
            _ = session.settle(session.start(size: wide), with: InlineJobs())
            let pane = text(session, wide).split(separator: "\n").compactMap { row in
                row.range(of: "│ ").map { String(row[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
            }
            if let first {
                #expect(pane.first == "\(first(menuRows(session)))", "\(pane)")
            } else {
                #expect(pane.first == "a 12 40", "no number in the field: the header stays, \(pane)")
            }
        }
    }

    /// Catches a long line cut at the pane's edge with wrap asked, a row lost or doubled where it wraps, or
    /// +SCROLL counting lines where wrapped rows came before the one named.
    @Test("--preview-window wrap: a long output line takes as many rows as it needs; +SCROLL counts them")
    func wrapsLongLines() throws {
        let long = String(repeating: "0123456789", count: 12)  // 120 characters
        for scroll in [nil, MenuScreen.PreviewScroll(base: "{2}")] as [MenuScreen.PreviewScroll?] {
            var options = MenuScreen.Options()
            options.previewCommand = "echo first; echo \(long); echo third; seq 4 60"
            options.previewWraps = true
            options.previewScroll = scroll
            let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a 3\n".utf8))
            var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
            _ = session.settle(session.start(size: wide), with: InlineJobs())
            let columns = try #require((session.stack.first as? MenuScreen)?.layout.pane?.size.columns)
            let pane = text(session, wide).split(separator: "\n").compactMap { row in
                row.range(of: "│ ").map { String(row[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
            }
            if scroll == nil {
                let start = try #require(pane.firstIndex(of: "first"), "\(pane)")
                let rows = (long.count + columns - 1) / columns
                #expect(pane[start + 1..<start + 1 + rows].joined() == long, "\(pane)")
                #expect(pane[start + 1 + rows] == "third")
            } else {
                #expect(pane.first == "third", "line 3 first, past the two wrapped rows of line 2: \(pane)")
            }
        }
        #expect(
            Line([Span("ab", .bold), Span("c日d")]).wrapped(to: 3) == [Line([Span("ab", .bold), Span("c")]), "日d"])
        #expect(Line("日本").wrapped(to: 1) == ["日", "本"], "a cluster wider than the row takes one of its own")
    }

    /// Catches a short pane given wholly to the entry's header, so the command's output never shows (fzf's
    /// `--preview-window down,3` shows three rows of it).
    @Test("a preview command's pane of fewer than 8 rows shows its output alone")
    func shortPaneShowsOutput() throws {
        var options = MenuScreen.Options()
        options.previewCommand = "echo OUT-{}"
        options.preview = .bottom
        options.previewSize = .cells(4)
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("one\ntwo\n".utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: wide), with: InlineJobs())
        let rows = text(session, wide).split(separator: "\n", omittingEmptySubsequences: false)
        let rule = try #require(rows.firstIndex { $0.hasPrefix("────") })
        #expect(rows[rule + 1] == "OUT-one", "\(rows)")
    }

    @Test("a preview command's output shows as it comes, on the real job runner, before the command ends")
    func previewStreams() throws {
        let runner = JobRunner()
        defer { runner.shutdown() }
        var session = try commandSession("a.md\nb.md\n", "echo first of {}; exec sleep 100", runner)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !text(session, wide).contains("│ first of a.md"), clock.now < deadline {
            _ = runner.waitForResult(timeout: .milliseconds(200))
            _ = session.settle([], with: runner)
        }
        #expect(text(session, wide).contains("│ first of a.md"), "\(text(session, wide))")
        #expect(runner.busyLanes == 1, "the command still runs")
        // Moved away and back, the cut-short output is not taken for the whole: the command runs again.
        press(.down, .up, in: &session, jobs: runner)
        let menu = try #require(session.stack.first as? MenuScreen)
        #expect(menu.preview.making?.record == 0)
    }

    @Test("a preview command's {q} is the query: it runs again as the query changes, its last output shown meanwhile")
    func previewQuery() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a.md\nab.md\nb.md\n".utf8))
        func session(_ command: String, _ jobs: InlineJobs) throws -> Session {
            var options = MenuScreen.Options()
            options.previewCommand = command
            var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
            _ = session.settle(session.start(size: wide), with: jobs)
            jobs.runWaiting()
            _ = session.settle([], with: jobs)
            return session
        }
        let jobs = InlineJobs(timing: .whenTold)
        var withQuery = try session("printf 'query [%s] of %s\\n' {q} {}", jobs)
        #expect(text(withQuery, wide).contains("│ query [] of a.md"))
        press(.character("a"), in: &withQuery, jobs: jobs)
        #expect(jobs.hasWaiting, "the same entry is highlighted, but the query changed")
        #expect(text(withQuery, wide).contains("│ query [] of a.md"), "the last output stays until the new one")
        jobs.runWaiting()
        _ = withQuery.settle([], with: jobs)
        #expect(text(withQuery, wide).contains("│ query [a] of a.md"))
        press(.character("b"), in: &withQuery, jobs: jobs)
        jobs.runWaiting()
        _ = withQuery.settle([], with: jobs)
        #expect(text(withQuery, wide).contains("│ query [ab] of ab.md"))
        // Characters read in one go (a paste, fast typing) go in as one edit: the preview follows it too.
        press(.backspace, in: &withQuery, jobs: jobs)
        jobs.runWaiting()
        _ = withQuery.settle([], with: jobs)
        let (taken, effects) = withQuery.handle(typed: ["b", "."])
        #expect(taken == 2)
        _ = withQuery.settle(effects, with: jobs)
        jobs.runWaiting()
        _ = withQuery.settle([], with: jobs)
        #expect(text(withQuery, wide).contains("│ query [ab.] of ab.md"), "\(text(withQuery, wide))")

        var plain = try session("printf 'of %s\\n' {}", jobs)
        press(.character("a"), in: &plain, jobs: jobs)
        #expect(!jobs.hasWaiting, "without {q}, the kept preview of the same entry serves any query")
        #expect(text(plain, wide).contains("│ of a.md"))
    }

    @Test("a preview command's {+} is the marked entries, or the highlighted one: it runs again as marks change")
    func previewMarks() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a.md\nb.md\nc.md\n".utf8))
        var options = MenuScreen.Options()
        options.previewCommand = "printf '[%s]' {+}; echo"
        options.multi = true
        let jobs = InlineJobs()
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: wide), with: jobs)
        #expect(text(session, wide).contains("│ [a.md]"), "nothing marked: the highlighted entry")
        press(.tab, in: &session, jobs: jobs)  // a marked; b highlighted
        #expect(text(session, wide).contains("│ [a.md]"))
        press(.backTab, in: &session, jobs: jobs)  // b marked; back on a, whose kept preview is of no marks
        #expect(text(session, wide).contains("│ [a.md][b.md]"), "\(text(session, wide))")
    }

    @Test("the pane goes below the list on a tall narrow terminal")
    func bottom() throws {
        let tall = Size(columns: 60, rows: 50)
        let jobs = InlineJobs()
        var session = try session(size: tall, jobs: jobs)
        press(.character("1"), in: &session, jobs: jobs)
        let lines = session.render(in: tall).lines.map(\.text)
        let rule = try #require(lines.firstIndex { $0.hasPrefix("───") })
        #expect(lines[rule + 1] == "Alert")
        #expect(lines[..<rule].contains { $0.contains("Alert  The alert effect") })
        #expect(lines.contains("Note: Alert"))
        // The pane fills its rows, so the menu's status and footer stay at the bottom, above the session's own
        // status row, however short the preview (a 60×50 tmux window showed them on rows 27 and 28).
        #expect(lines.count == tall.rows)
        #expect(lines[tall.rows - 2].hasPrefix("↑↓ move"))
        #expect(lines[tall.rows - 3].hasSuffix("entries"))
    }
}

@Suite("Menu mouse")
struct MenuMouseTests {
    func click(_ row: Int, _ column: Int = 5, _ action: Mouse.Action = .press) -> Key {
        .mouse(Mouse(action, row: row, column: column))
    }

    func doubleClick(_ row: Int) -> Key { .mouse(Mouse(.press, row: row, column: 5, clicks: 2)) }

    @Test("a click highlights a row, a double click opens it, as in fzf, and the wheel moves")
    func clicks() throws {
        var session = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        _ = session.start(size: .standard)
        // Terminal row 2 is the menu's row 1: Pickers.
        _ = session.handle(.key(click(2)))
        #expect((session.top as? MenuScreen)?.current.cursor == 1)
        #expect(session.titles == ["Catalog"])
        _ = session.handle(.key(click(2)))
        #expect(session.titles == ["Catalog"], "a second single click on the highlighted row opens nothing")
        _ = session.handle(.key(doubleClick(2)))
        #expect(session.titles == ["Catalog › Pickers"])
        _ = session.handle(.key(click(0, 2)))  // "Catalog" in the breadcrumb
        #expect(session.titles == ["Catalog"])
        _ = session.handle(.key(click(1)))
        _ = session.handle(.key(doubleClick(1)))
        #expect(session.titles == ["Catalog › Effects"])
        _ = session.handle(.key(.mouse(Mouse(.scrollDown, button: .none, row: 5, column: 5))))
        #expect((session.top as? MenuScreen)?.current.cursor == 3)
        // A click on an opened screen's breadcrumb part closes it and goes back to that level.
        _ = session.handle(.key(.enter))
        #expect(session.stack.count == 2)
        _ = session.handle(.key(click(0, 2)))
        #expect(session.stack.count == 1)
        #expect(session.titles == ["Catalog"])
    }

    @Test("clicks below the list, on the status line or outside any row do nothing")
    func outside() throws {
        var session = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        _ = session.start(size: .standard)
        for key in [click(20), click(23), click(22), click(2, 5, .release), click(2, 5, .drag)] {
            _ = session.handle(.key(key))
        }
        #expect(session.titles == ["Catalog"])
        #expect((session.top as? MenuScreen)?.current.cursor == 0)
    }
}

extension MenuPreviewTests {
    @Test("the rule stays in its column beside a name with a control character, which is drawn as its escape")
    func ruleBesideControlCharacters() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("a/x\u{1}y\u{1B}[31m\nb/plain x\n".utf8))
        var session = Session(root: try MenuScreen(source: .fixed(snapshot)))
        let jobs = InlineJobs()
        _ = session.settle(session.start(size: wide), with: jobs)
        for browsing in [true, false] {
            if !browsing { press(.character("x"), in: &session, jobs: jobs) }
            let drawn = session.render(in: wide).lines.map { $0.sanitized.spans.map(\.text).joined() }
            let columns = drawn.compactMap { line in
                line.firstIndex(of: "│").map { DisplayWidth.of(String(line[..<$0])) }
            }
            #expect(columns.count > 2 && Set(columns).count == 1, "\(drawn.joined(separator: "\n"))")
        }
    }
}

extension MenuPreviewTests {
    /// Keys pressed while nothing of the list is in act on the empty catalog and are replayed on the list: what they
    /// changed that the first list doesn't set again was done twice. Catches F4 toggled twice (no pane change), and
    /// Ctrl-P stepping two queries back.
    @Test("F4 and Ctrl-P pressed while the list loads act once, when it comes")
    func keysWhileLoading() throws {
        let jobs = InlineJobs(timing: .whenTold)
        var options = MenuScreen.Options()
        options.queryHistory = ["older", "newer"]
        options.bindings = [MenuKeys.Binding(key: .control("p"), commands: [.previousHistory])]
        let menu = try MenuScreen(loading: "list", options: options) {
            try CatalogFile.parse(Array("a/older.txt\nb/newer.txt\n".utf8)) as Snapshot<any Screen>
        }
        var session = Session(root: menu)
        _ = session.settle(session.start(size: wide), with: jobs)
        press(.function(4), .control("p"), in: &session, jobs: jobs)
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        jobs.runWaiting()
        _ = session.settle([], with: jobs)
        let after = try #require(session.stack.first as? MenuScreen)
        #expect(after.query == "newer", "one step back, not two")
        #expect(after.layout.pane == nil, "F4 hid the pane a wide terminal shows, once: \(text(session, wide))")
    }
}
