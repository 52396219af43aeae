import CatalogKit
import Foundation
import Testing

@testable import CatalogTerminal

/// The menu keeps its cursor row in view and drawn highlighted, whatever the size, because scrolling, paging and
/// drawing read one layout of the size the menu is drawn into.
@Suite("Menu layout")
struct MenuLayoutTests {
    /// 200 entries in one level (a high limit keeps them direct), all matching "grid".
    static func menu() throws -> MenuScreen {
        let lines = (1...200).map { "Grid \($0)" }.joined(separator: "\n")
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(lines.utf8))
        return try MenuScreen(source: .fixed(snapshot), maxChildren: 1000)
    }

    static let sizes = [
        Size(columns: 80, rows: 24), Size(columns: 80, rows: 5), Size(columns: 40, rows: 4),
        Size(columns: 300, rows: 100),
        Size(columns: 20, rows: 3), Size(columns: 10, rows: 1),
    ]

    /// The title drawn on the highlighted (reversed) row of the list, if any row is.
    func highlighted(_ session: Session, _ size: Size) -> String? {
        let line = session.render(in: size).lines.first { line in
            line.spans.first?.style.reverse == true && !line.text.hasPrefix("/ ")
        }
        // The list's part of the row: a preview pane, on a wide terminal, follows a rule.
        let list = line?.text.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first
        guard var text = list.map({ $0.trimmingCharacters(in: .whitespaces) }) else { return nil }
        // A browsed item starts with the digit that opens it.
        if let first = text.first, first.isNumber, text.dropFirst().first == " " {
            text = text.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// The title of the item under the menu's cursor.
    func cursorTitle(_ session: Session) throws -> String {
        let menu = try #require(session.stack.first as? MenuScreen)
        if let filter = menu.filter { return menu.snapshot.table.title(Int(filter.shown[filter.cursor])) }
        return menu.title(of: menu.currentItems[menu.current.cursor])
    }

    func cursor(_ session: Session) throws -> Int {
        let menu = try #require(session.stack.first as? MenuScreen)
        return menu.filter?.cursor ?? menu.current.cursor
    }

    func listRows(_ session: Session) throws -> Int {
        try #require(session.stack.first as? MenuScreen).layout.listRows
    }

    @Test("scrolling down past the bottom and back past the top keeps the cursor drawn highlighted", arguments: sizes)
    func scrollBrowsing(_ size: Size) throws {
        try scroll(in: size, filtering: false)
    }

    @Test("the same in the filter", arguments: sizes)
    func scrollFiltering(_ size: Size) throws {
        try scroll(in: size, filtering: true)
    }

    func scroll(in size: Size, filtering: Bool) throws {
        var session = Session(root: try Self.menu())
        _ = session.start(size: size)
        if filtering { for character in "grid" { _ = session.handle(.key(.character(character))) } }
        // Rows of the terminal for the list: the 2 session rows, the menu's status and footer and the prompt go first.
        let drawsList = try listRows(session) > 0 && Session.bodySize(for: size).rows > 0
        // Drawn at every step near the ends and while the list scrolls, every few steps in between.
        func checked(_ step: Int) -> Bool { drawsList && (step % 7 == 0 || step < 30 || step > 190) }
        for step in 0..<230 {
            _ = session.handle(.key(.down))
            if checked(step) {
                #expect(highlighted(session, size) == (try cursorTitle(session)), "\(size) down \(step)")
            }
        }
        #expect(try cursor(session) == 199)
        for step in 0..<230 {
            _ = session.handle(.key(.up))
            if checked(229 - step) {
                #expect(highlighted(session, size) == (try cursorTitle(session)), "\(size) up \(step)")
            }
        }
        #expect(try cursor(session) == 0)
    }

    @Test("Page Down and Page Up move by exactly the rows the list shows", arguments: sizes.dropLast())
    func paging(_ size: Size) throws {
        for filtering in [false, true] {
            var session = Session(root: try Self.menu())
            _ = session.start(size: size)
            if filtering { for character in "grid" { _ = session.handle(.key(.character(character))) } }
            let rows = try listRows(session)
            let visible = session.render(in: size).lines.filter { line in
                line.text.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false)[0].contains("Grid ")
            }.count
            #expect(rows == visible, "\(size) filtering: \(filtering)")
            _ = session.handle(.key(.pageDown))
            #expect(try cursor(session) == rows, "\(size)")
            _ = session.handle(.key(.pageDown))
            #expect(try cursor(session) == min(2 * rows, 199))
            _ = session.handle(.key(.pageUp))
            #expect(try cursor(session) == min(2 * rows, 199) - rows)
            #expect(highlighted(session, size) == (try cursorTitle(session)))
        }
    }

    @Test("after a resize to one row, and then to 300 columns, the cursor row is still the one drawn")
    func resizes() throws {
        var session = Session(root: try Self.menu())
        _ = session.start(size: .standard)
        for _ in 0..<21 { _ = session.handle(.key(.down)) }
        #expect(highlighted(session, .standard) == "Grid 22")
        let oneRow = Size(columns: 80, rows: 3)  // one row for the menu: the list keeps it
        _ = session.handle(.resize(oneRow))
        #expect(try listRows(session) == 1)
        #expect(highlighted(session, oneRow) == "Grid 22")
        _ = session.handle(.key(.down))
        #expect(highlighted(session, oneRow) == "Grid 23")
        let wide = Size(columns: 300, rows: 10)
        _ = session.handle(.resize(wide))
        #expect(highlighted(session, wide) == "Grid 23")
        #expect(session.render(in: wide).lines.allSatisfy { $0.width <= 300 })
    }

    @Test("the seen-in-tmux case: /grid on 80×24, 21 downs, the 22nd hit is drawn highlighted")
    func filterAt80x24() throws {
        var session = Session(root: try Self.menu())
        _ = session.start(size: .standard)
        for character in "grid" { _ = session.handle(.key(.character(character))) }
        for _ in 0..<21 { _ = session.handle(.key(.down)) }
        #expect(highlighted(session, .standard) == (try cursorTitle(session)))
        #expect(try cursor(session) == 21)
    }

    @Test("the layout gives the list at least one row and drops the footer, status and prompt in that order")
    func layoutPriorities() {
        typealias Layout = MenuScreen.Layout
        let roomy = Layout(size: Size(columns: 80, rows: 22), prompt: true)
        #expect((roomy.promptRows, roomy.listRows, roomy.showsStatus, roomy.showsFooter) == (1, 19, true, true))
        let three = Layout(size: Size(columns: 80, rows: 3), prompt: true)
        #expect((three.promptRows, three.listRows, three.showsStatus, three.showsFooter) == (1, 1, true, false))
        let one = Layout(size: Size(columns: 80, rows: 1), prompt: true)
        #expect((one.promptRows, one.listRows, one.showsStatus, one.showsFooter) == (0, 1, false, false))
        let none = Layout(size: Size(columns: 80, rows: 0), prompt: false)
        #expect(none.listRows == 0)
    }

    @Test("the pane takes the size asked for, and the list keeps 20 columns or 3 rows")
    func paneSizes() {
        typealias Layout = MenuScreen.Layout
        let size = Size(columns: 100, rows: 30)
        #expect(Layout(size: size, prompt: false, preview: .right, paneSize: .percent(30)).pane?.size.columns == 30)
        let wide = Layout(size: size, prompt: false, preview: .right, paneSize: .cells(500))
        #expect(wide.columns == 20, "the list keeps its 20 columns")
        #expect(Layout(size: size, prompt: false, preview: .bottom, paneSize: .cells(5)).pane?.size.rows == 5)
        let tall = Layout(size: size, prompt: false, preview: .bottom, paneSize: .percent(99))
        #expect(tall.listRows == 3)
    }
}
