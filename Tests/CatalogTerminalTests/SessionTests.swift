import CatalogTerminal
import Testing

@Suite("Session")
struct SessionTests {
    func makeSession() -> Session {
        Session(root: ListScreen(title: "Catalog", items: ["Colors", "Forms", "Tables"]))
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
        #expect(session.pop() == false)
        // A screen asking to pop the root is ignored.
        press(.character("P"), in: &session)
        #expect(session.stack.count == 1)
        #expect(session.status == "Closed.")
    }

    @Test func controlCAlwaysQuits() {
        var session = makeSession()
        press(.character("F"), in: &session)
        #expect(press(.control("c"), in: &session) == [.quit])
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
        #expect(press(.character("t"), in: &session) == [.scheduleTick(after: .milliseconds(50))])
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
        #expect((session.stack[0] as? ListScreen)?.resizes == [size])
        // A screen is told the size as it opens, then every change.
        #expect((session.stack[1] as? ListScreen)?.resizes == [.standard, size])
        #expect((session.stack[0] as? ListScreen)?.ticks == [])
        #expect((session.stack[1] as? ListScreen)?.ticks == [.seconds(1)])
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

    @Test func tinySizesDoNotCrash() {
        let session = makeSession()
        #expect(session.render(in: Size(columns: 0, rows: 0)).lines.isEmpty)
        #expect(session.render(in: Size(columns: 5, rows: 1)).lines.count == 1)
        #expect(session.render(in: Size(columns: 5, rows: 2)).lines.count == 2)
    }
}
