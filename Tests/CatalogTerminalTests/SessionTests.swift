import CatalogTerminal
import Foundation
import Testing

@Suite("Session")
struct SessionTests {
    func makeSession() -> Session {
        Session(root: ListScreen(title: "Catalog", items: ["Colors", "Forms", "Tables"]))
    }

    @Test("a status too long for one line wraps upwards over the body, to a third of the rows, and is cut after")
    func longStatusWraps() {
        var session = makeSession()
        press(.character("x"), in: &session)  // "Error: x is not allowed here."
        let size = Size(columns: 10, rows: 12)
        let lines = text(session, size: size).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 12)
        #expect(lines.suffix(4) == ["Error: x", "is not", "allowed", "here."], "\(lines)")
        #expect(lines[1] == "> Colors" && lines[3] == "  Tables", "the body above is as it was")
        #expect(
            Session.statusLines("x is not allowed here.", in: Size(columns: 10, rows: 6)) == ["x is not", "allowed h…"])
        #expect(Session.statusLines("short", in: size) == ["short"])
    }

    /// Sends keys one after another and returns every effect.
    @discardableResult
    func press(_ keys: Key..., in session: inout Session) -> [Session.Effect] {
        keys.flatMap { session.handle(.key($0)) }
    }

    /// The frame's text with each line's trailing spaces removed.
    func text(_ session: Session, size: Size = .standard) -> String {
        session.render(in: size).lines.map { line in
            String(line.text.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }

    @Test func rootFrameAt80x24() {
        let session = makeSession()
        #expect(
            text(session) == """
                Catalog
                > Colors
                  Forms
                  Tables




















                """)
        let frame = session.render(in: .standard)
        #expect(frame.lines.count == 24)
        #expect(frame.lines[0].spans.first?.style == .dim)
    }

    @Test func pushShowsBreadcrumbAndPopReturns() {
        var session = makeSession()
        press(.down, .enter, in: &session)
        #expect(session.titles == ["Catalog", "Forms"])
        #expect(
            text(session) == """
                Catalog › Forms
                > Forms one






















                """)
        press(.escape, in: &session)
        #expect(session.titles == ["Catalog"])
        press(.enter, .character("q"), in: &session)
        #expect(session.titles == ["Catalog"])
    }

    @Test func escapeAndQOnTheRootGoToTheScreen() {
        var session = makeSession()
        #expect(press(.escape, .character("q"), in: &session) == [])
        #expect(session.stack.count == 1)
        #expect(session.pop().isEmpty)
        // A screen asking to pop the root is ignored.
        press(.character("P"), in: &session)
        #expect(session.stack.count == 1)
        #expect(session.status == "Closed.")
    }

    @Test func controlCAlwaysQuits() {
        var session = makeSession()
        press(.character("F"), in: &session)
        #expect(press(.control("c"), in: &session) == [.quit])
        // Ctrl-G and Ctrl-Q too, in an open screen as in the menu, whatever the screen takes as text.
        #expect(press(.control("g"), in: &session) == [.quit])
        #expect(press(.control("q"), in: &session) == [.quit])
        #expect(press(.character("Q"), in: &session) == [])  // the field takes Q as text
        #expect((session.top as? FieldScreen)?.text == "Q")
    }

    @Test func quitFromTheScreen() {
        var session = makeSession()
        #expect(press(.character("Q"), in: &session) == [.quit])
    }

    @Test func textFieldsKeepQ() {
        var session = makeSession()
        press(.character("F"), .character("q"), .character("é"), in: &session)
        #expect((session.top as? FieldScreen)?.text == "qé")
        #expect(session.stack.count == 2)
    }

    @Test func screensThatHandleEscapeCloseThemselves() {
        var session = makeSession()
        press(.character("F"), .escape, in: &session)
        #expect(session.stack.count == 2)
        #expect((session.top as? FieldScreen)?.panelOpen == false)
        press(.escape, in: &session)
        #expect(session.stack.count == 1)
    }

    @Test func errorsAreShownAndTheSessionGoesOn() {
        var session = makeSession()
        #expect(press(.character("x"), in: &session) == [])
        #expect(session.status == "Error: x is not allowed here.")
        #expect(
            text(session, size: Size(columns: 40, rows: 5)) == """
                Catalog
                > Colors
                  Forms
                  Tables
                Error: x is not allowed here.
                """)
        #expect(session.render(in: .standard).lines[23].spans.first?.style == .bold)
        press(.down, in: &session)
        #expect(session.status == nil)
        #expect((session.top as? ListScreen)?.selected == 1)
    }

    @Test func statusIsClearedByTheNextKey() {
        var session = makeSession()
        press(.character("s"), in: &session)
        #expect(session.status == "Saved.")
        #expect(text(session).hasSuffix("\nSaved."))
        press(.up, in: &session)
        #expect(session.status == nil)
    }

    @Test func effectsReachTheShell() {
        var session = makeSession()
        #expect(press(.character("b"), in: &session) == [.bell])
        #expect(press(.character("t"), in: &session) == [.scheduleTick(after: .milliseconds(50), for: session.topID)])
        #expect(press(.character("f"), in: &session) == [.flash(.milliseconds(100))])
    }

    @Test func flashReversesTheWholeFrame() {
        var session = makeSession()
        press(.character("f"), in: &session)
        #expect(session.isFlashing)
        let frame = session.render(in: Size(columns: 10, rows: 4))
        #expect(frame.lines.count == 4)
        for line in frame.lines {
            #expect(line.spans.allSatisfy { $0.style.reverse })
            #expect(line.text.count == 10)
        }
        session.endFlash()
        #expect(!session.render(in: Size(columns: 10, rows: 4)).lines[3].spans.contains { $0.style.reverse })
    }

    @Test func resizeReachesEveryScreenAndTicksTheTop() {
        var session = makeSession()
        press(.enter, in: &session)
        let size = Size(columns: 100, rows: 30)
        #expect(session.handle(.resize(size)) == [])
        #expect(session.handle(.tick(now: .seconds(1))) == [])
        // Screens are told the size they are drawn into: the terminal less the breadcrumb and the status line.
        #expect((session.stack[0] as? ListScreen)?.resizes == [Size(columns: 100, rows: 28)])
        // A screen is told the size as it opens, then every change.
        #expect(
            (session.stack[1] as? ListScreen)?.resizes == [Size(columns: 80, rows: 22), Size(columns: 100, rows: 28)])
        #expect((session.stack[0] as? ListScreen)?.ticks == [])
        #expect((session.stack[1] as? ListScreen)?.ticks == [.seconds(1)])
    }

    @Test("a screen is drawn into exactly the size it was told, at every terminal size")
    func oneSizeTruth() throws {
        for size in [Size(columns: 80, rows: 24), Size(columns: 1, rows: 1), Size(columns: 300, rows: 3)] {
            var session = makeSession()
            _ = session.start(size: size)
            _ = session.render(in: size)
            let screen = try #require(session.top as? ListScreen)
            #expect(screen.drawnSizes.sizes == [screen.resizes.last], "\(size)")
            #expect(Session.bodySize(for: size).rows == max(size.rows - 2, 0))
        }
    }

    @Test("work and time go back to the screen that asked; a covered screen keeps them but can't change the view")
    func coveredScreens() throws {
        var session = makeSession()
        let root = session.topID
        let effects = press(.character("w"), in: &session)
        guard let effect = effects.first, case .run(let job) = effect.action else {
            Issue.record("expected a job, got \(effects)")
            return
        }
        let owner = effect.owner
        #expect(owner == root)
        press(.enter, in: &session)  // another screen covers the root
        let result = job.run(for: owner)
        let after = session.handle(.finished(result))
        // The root got its result and its tick; its status and bell were dropped on purpose.
        #expect((session.stack[0] as? ListScreen)?.results == ["worked"])
        #expect((session.stack[1] as? ListScreen)?.results == [])
        #expect(after == [.scheduleTick(after: .milliseconds(5), for: root)])
        #expect(session.status == nil)
        // The root's tick reaches the root, not the screen on top.
        _ = session.handle(.tick(now: .seconds(2)), for: root)
        #expect((session.stack[0] as? ListScreen)?.ticks == [.seconds(2)])
        #expect((session.stack[1] as? ListScreen)?.ticks == [])
        // On top, the same result's status and bell are carried out.
        _ = session.pop()
        #expect(session.handle(.finished(result)).contains(.bell))
        #expect(session.status == "Job done.")
    }

    @Test("closing a screen cancels its jobs, and results for it are dropped")
    func closingCancels() throws {
        var session = makeSession()
        press(.enter, in: &session)
        let opened = session.topID
        let effects = press(.character("w"), .escape, in: &session)
        #expect(effects.last == .cancelJobs(of: opened))
        let result = try #require(
            effects.compactMap { effect -> Job? in
                if case .run(let job) = effect.action { return job }
                return nil
            }.first
        ).run(for: opened)
        #expect(session.handle(.finished(result)) == [])
        #expect((session.top as? ListScreen)?.results == [])
    }

    @Test("F1 and ? show every key of the screen and of the session; ↑↓ scroll it; any other key closes it")
    func helpOverlay() {
        var session = makeSession()
        press(.character("?"), in: &session)
        #expect(session.showsHelp)
        let help = text(session)
        #expect(help.contains("Keys for Catalog"))
        #expect(help.contains("↑↓          move"))
        #expect(help.contains("ctrl-c/g/q  leave at once (status 130)"))
        #expect(help.contains("F1/?        show the keys"))
        #expect(!help.contains("close this screen"), "the root can't be closed")
        press(.down, in: &session)
        #expect(session.showsHelp, "the arrows scroll the help")
        press(.enter, in: &session)
        #expect(!session.showsHelp)
        #expect(session.stack.count == 1, "the key that closes the help does nothing else")
        press(.function(1), in: &session)
        #expect(session.showsHelp)
        press(.function(1), in: &session)
        #expect(!session.showsHelp)
        press(.character("F"), .character("?"), in: &session)
        #expect(!session.showsHelp)
        #expect((session.top as? FieldScreen)?.text == "?")
    }

    @Test("F2 cycles every screen's locale and F3 turns colour off and on; screens learn it as an event")
    func environmentKeys() throws {
        var session = Session(
            root: ListScreen(title: "Catalog", items: ["A"]),
            environment: ScreenEnvironment(locale: Locale(identifier: "fr_FR")))
        _ = session.start(size: .standard)
        press(.function(2), in: &session)
        #expect(session.environment.locale.identifier == "en")
        press(.function(2), .function(2), in: &session)
        #expect(session.environment.locale.identifier == "ru")
        let screen = try #require(session.top as? ListScreen)
        #expect(screen.environments.map(\.locale.identifier) == ["fr_FR", "en", "de", "ru"])
        press(.function(3), in: &session)
        #expect(session.environment.colorMode == .none)
        #expect(session.status == "Цвет выключен", "said in the language the screens are in now")
    }

    @Test func cursorIsMovedBelowTheBreadcrumb() {
        var session = makeSession()
        press(.character("F"), .character("a"), in: &session)
        let frame = session.render(in: .standard)
        #expect(frame.cursor?.row == 1)
        #expect(frame.cursor?.column == 7)
        #expect(session.render(in: Size(columns: 80, rows: 2)).cursor == nil)
    }

    @Test func longBreadcrumbsKeepTheirEnd() {
        var session = makeSession()
        press(.enter, .enter, .enter, in: &session)
        #expect(text(session, size: Size(columns: 80, rows: 3)).hasPrefix("Catalog › Colors › Colors one › "))
        #expect(
            text(session, size: Size(columns: 36, rows: 3)) == """
                … › Colors one › Colors one one
                > Colors one one one

                """)
    }

    @Test("the help scrolls to its last row at 40×12, and says how many rows are below")
    func helpScrolls() throws {
        var session = Session(root: try MenuScreen(source: .registry(try MenuScreenTests.registry())))
        let small = Size(columns: 40, rows: 12)
        _ = session.start(size: small)
        press(.function(1), in: &session)
        let items = session.helpItems
        #expect(text(session, size: small).contains("more"), "more rows than fit")
        press(.end, in: &session)
        let end = text(session, size: small)
        #expect(end.contains("any other key closes this help"))
        #expect(end.contains(items.last?.help ?? "?"))
        #expect(end.contains("↑ ") && end.contains("more"), "says how much is above")
        #expect(!end.contains("  ↓ "), "nothing below the last key")
        // At 20×5 the help still shows keys, and no title.
        let tiny = Size(columns: 20, rows: 5)
        _ = session.handle(.resize(tiny))
        let shown = text(session, size: tiny)
        #expect(!shown.contains("Keys for"), "\(shown)")
        #expect(shown.contains("↓") || shown.contains("↑"), "\(shown)")
    }

    @Test func tinySizesDoNotCrash() {
        let session = makeSession()
        #expect(session.render(in: Size(columns: 0, rows: 0)).lines.isEmpty)
        #expect(session.render(in: Size(columns: 5, rows: 1)).lines.count == 1)
        #expect(session.render(in: Size(columns: 5, rows: 2)).lines.count == 2)
    }
}
