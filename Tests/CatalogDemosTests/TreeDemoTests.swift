import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

@Suite("Outline Picker demo")
struct OutlinePickerDemoTests {
    @Test func enterOpensThePanelWithOnlyTheSelectionsAncestorsExpanded() throws {
        var session = started(try OutlinePickerDemo())
        #expect(
            frame(session) == """
                Outline Picker
                Category    Laptops ⌃⌄

                ⏎ open the picker
                """ + blank(20))
        press(.enter, in: &session)
        #expect(
            frame(session) == """
                Outline Picker
                Category    Laptops ⌃⌄
                           ┌───────────────────┐
                           │    ▾ Electronics  │
                           │      ▾ Computers  │
                           │› ✓       Laptops  │
                           │          Desktops │
                           │        Phones     │
                           │        Audio      │
                           │    ▸ Home         │
                           │    ▸ Books        │
                           │      Gift Cards   │
                           │───────────────────│
                           │      No Selection │
                           └───────────────────┘
                ↑↓ move · →← expand or collapse · ⏎ pick · esc close
                """ + blank(8))
    }

    /// Catches `│          Desktops│`: the widest label touched the popover's right border.
    @Test("the popover's widest label keeps a space before the right border, in every language, wide or narrow")
    func popoverPadding() throws {
        for (language, size, glyphs) in [
            ("en", Size.standard, Glyphs.unicode), ("ja", .standard, .unicode),
            ("en", Size(columns: 40, rows: 10), .ascii),
        ] {
            var session = started(
                try OutlinePickerDemo(),
                environment: ScreenEnvironment(locale: Locale(identifier: language), glyphs: glyphs))
            press(.enter, in: &session)
            press(.end, in: &session)
            let vertical = glyphs == .ascii ? "|" : "│"
            let rows = frame(session, size: size).split(separator: "\n").filter { $0.hasSuffix(vertical) }
            #expect(rows.count >= 3, "\(language) \(size)")
            for row in rows where !row.dropLast().hasSuffix(glyphs == .ascii ? "-" : "─") {
                #expect(row.dropLast().hasSuffix(" "), "\(language) \(size): \(row)")
            }
        }
    }

    @Test func enterPicksAndClosesEscapeClosesWithoutChange() throws {
        var demo = try OutlinePickerDemo()
        _ = try demo.handle(.environment(.ascii))
        _ = try demo.handle(.key(.enter))
        _ = try demo.handle(.key(.down))
        #expect(demo.isOpen)
        _ = try demo.handle(.key(.escape))
        #expect(!demo.isOpen)
        #expect(demo.picker.selection == "laptops")
        _ = try demo.handle(.key(.enter))
        _ = try demo.handle(.key(.down))
        let action = try demo.handle(.key(.enter))
        #expect(!demo.isOpen)
        #expect(demo.picker.selection == "desktops")
        #expect(demo.formRow(.ascii, in: Locale(identifier: "en")) == "Category    Desktops ^v")
        if case .status(let message) = action { #expect(message == "Category: Desktops") } else { Issue.record() }
        // Reopening collapses everything but the new selection's ancestors, whatever was open before.
        _ = try demo.handle(.key(.enter))
        _ = try demo.handle(.key(.end))
        _ = try demo.handle(.key(.enter))
        #expect(demo.formRow(.ascii, in: Locale(identifier: "en")) == "Category    No Selection ^v")
        _ = try demo.handle(.key(.enter))
        #expect(demo.picker.expanded.isEmpty)
    }

    @Test func escapeInAnOpenedDemoClosesThePanelFirst() throws {
        // Open the demo above a root, as the menu does, so the session's Escape rule applies.
        var stack = Session(root: OpeningScreen(next: try OutlinePickerDemo()))
        press(.enter, .enter, in: &stack)
        #expect(stack.stack.count == 2)
        #expect((stack.top as? OutlinePickerDemo)?.isOpen == true)
        press(.escape, in: &stack)
        #expect(stack.stack.count == 2)
        #expect((stack.top as? OutlinePickerDemo)?.isOpen == false)
        press(.escape, in: &stack)
        #expect(stack.stack.count == 1)
    }

    @Test func lineMode() throws {
        let output = run(
            ["open", "e 7", "8", "open", "zzz", "x"], on: try OutlinePickerDemo(), environment: .ascii)
        let kitchen = [
            "1.   > Electronics", "2.   v Home", "3. *     Kitchen", "4.     > Garden", "5.   > Books",
            "6.     Gift Cards",
            "--------------------", "7.     No Selection",
        ]
        #expect(
            output
                == [
                    "Category    Laptops ^v", "Type open to choose a category.",
                    " 1.   v Electronics", " 2.     v Computers", " 3. *       Laptops", " 4.         Desktops",
                    " 5.       Phones", " 6.       Audio", " 7.   > Home", " 8.   > Books", " 9.     Gift Cards",
                    "--------------------", "10.     No Selection",
                    " 1.   v Electronics", " 2.     v Computers", " 3. *       Laptops", " 4.         Desktops",
                    " 5.       Phones", " 6.       Audio", " 7.   v Home", " 8.       Kitchen", " 9.     > Garden",
                    "10.   > Books", "11.     Gift Cards", "--------------------", "12.     No Selection",
                    "Category: Kitchen", "Category    Kitchen ^v", "Type open to choose a category.",
                ] + kitchen + [
                    "Unknown command “zzz”. Type e <n>, <n>, or x, or ? for help."
                ] + kitchen + ["Category    Kitchen ^v", "Type open to choose a category."])
    }
}

@Suite("Nested Menu demo")
struct NestedMenuDemoTests {
    @Test func togglingFoldersAndFilesReportsAndParentsFollow() throws {
        var session = started(try NestedMenuDemo(), environment: .ascii)
        press(.down, .down, .character(" "), in: &session)
        #expect(session.status == "Selected Document 1.doc")
        #expect(
            frame(session) == """
                Nested Menu
                  v [-] d Documents
                    v [-] d Temp
                >       [x] - Document 1.doc
                        [ ] - Document 2.doc
                      [ ] - Presentation 1.pdf
                      [ ] - Presentation 2.pdf
                      [ ] - Presentation 3.pdf
                  v [ ] d Photos
                      [ ] - Photo 1.jpg
                      [ ] - Photo 2.jpg
                    [ ] d Folder
                    [ ] - Another file.txt

                Selected: 1 of 9 items
                ↑↓ move · →← expand or collapse · space select or deselect







                Selected Document 1.doc
                """)
        press(.down, .character(" "), in: &session)
        let demo = try #require(session.top as? NestedMenuDemo)
        #expect(demo.tree.selection.state(of: "Documents/Temp/") == .checked)
        #expect(demo.tree.selection.state(of: "Documents/") == .mixed)
        // Toggling a folder selects everything below it, then deselects it all.
        press(.down, .down, .down, .down, .character(" "), in: &session)
        #expect(session.status == "Selected Photos")
        press(.character(" "), in: &session)
        #expect(session.status == "Deselected Photos")
        let after = try #require(session.top as? NestedMenuDemo)
        #expect(after.tree.selection.state(of: "Photos/Photo 1.jpg") == .unchecked)
        try after.tree.selection.checkInvariants()
    }

    @Test func theEmptyFolderIsAGroupNotAFile() throws {
        let demo = try NestedMenuDemo()
        let position = try #require(demo.tree.tree.position(of: "Folder/"))
        #expect(!demo.tree.tree.isLeaf(at: position))
        #expect(demo.tree.tree.children(of: position).isEmpty)
    }

    @Test func arrowsCollapseAndExpand() throws {
        var session = started(try NestedMenuDemo())
        press(.left, in: &session)
        let collapsed = try #require(session.top as? NestedMenuDemo)
        #expect(collapsed.tree.visibleRows.count == 6)
        #expect(frame(session).split(separator: "\n")[1] == "› ▸ ☐ 📁 Documents")
        press(.right, in: &session)
        #expect((session.top as? NestedMenuDemo)?.tree.visibleRows.count == 12)
    }

    @Test func lineModeTogglesByNumber() throws {
        let output = run(["1", "e 1", "?x", "e 3", "e 7", "e"], on: try NestedMenuDemo(), environment: .ascii)
        #expect(output.contains("Selected Documents"))
        #expect(output.contains(" 1. v [x] d Documents"))
        #expect(output.contains("1. > [x] d Documents"))
        #expect(output.contains("Selected: 5 of 9 items"))
        #expect(output.contains("Unknown command “?x”. Type e <n> or <n>, or ? for help."))
        #expect(output.contains("Row 3 has nothing to expand or collapse."))
        #expect(output.contains("Give a row number from 1 to 6, not “7”."))
        #expect(output.contains("Give a row number from 1 to 6."))
    }
}

@Suite("Checkbox Tree demo")
struct CheckboxTreeDemoTests {
    @Test("a press checks the row pressed, a press on ▾ closes it, and the wheel moves the cursor")
    func mouse() throws {
        var session = started(try CheckboxTreeDemo())
        func click(_ row: Int, _ column: Int) {
            // Row 0 is the breadcrumb; the tree starts on the screen's first line, row 1.
            _ = session.handle(.key(.mouse(Mouse(.press, row: row + 1, column: column))))
        }
        func demo() -> CheckboxTreeDemo? { session.top as? CheckboxTreeDemo }
        click(1, 8)  // 아프리카
        #expect(demo()?.tree.checkedIDs.count == 1)
        #expect(demo()?.tree.cursor == 1)
        #expect(session.status?.contains("아프리카") == true, "the same status as Space: \(session.status ?? "")")
        click(2, 4)  // 유라시아's ▾, two cells in at depth 1
        #expect(demo()?.tree.rowCount == 12, "유라시아 closed over its two rows, of 14")
        #expect(demo()?.tree.checkedIDs.count == 1, "and nothing was checked")
        _ = session.handle(.key(.mouse(Mouse(.scrollDown, button: .none, row: 5, column: 0))))
        #expect(demo()?.tree.cursor == 3)
        click(30, 4)  // below the rows: nothing
        #expect(demo()?.tree.checkedIDs.count == 1 && demo()?.tree.cursor == 3)
    }

    @Test("in a scrolled tree a click leaves the rows where they are, so a second click lands on the same row")
    func clickKeepsRowsInPlace() throws {
        var session = started(try CheckboxTreeDemo())
        let small = Size(columns: 40, rows: 10)
        _ = session.handle(.resize(small))
        press(.end, in: &session)
        func rows() -> [String] { session.render(in: small).lines.dropFirst().prefix(5).map(\.text) }
        // What the rows say, without the pointer and the boxes, which a click changes.
        func labels() -> [String] { rows().map { $0.filter { !"›☑☐▣ ".contains($0) } } }
        let before = labels()
        func click() { _ = session.handle(.key(.mouse(Mouse(.press, row: 1, column: 12)))) }
        click()
        let demo = { session.top as? CheckboxTreeDemo }
        #expect(demo()?.tree.checkedIDs.count == 1, "the top visible row was checked")
        #expect(labels() == before, "the same rows, in the same places")
        #expect(rows().first?.hasPrefix("›") == true, "the pointer on the row clicked")
        click()
        #expect(demo()?.tree.checkedIDs.isEmpty == true, "the second click unchecked the same row")
        press(.up, in: &session)
        #expect(rows().first?.hasPrefix("›") == true, "a key above the top scrolls by one row, not half a page")
    }

    @Test func koreanFrameAlignedByDisplayWidth() throws {
        var session = started(try CheckboxTreeDemo())
        press(.down, .down, .down, .down, .down, .down, .down, .down, .down, .character(" "), in: &session)
        #expect(
            frame(session) == """
                Checkbox Tree
                  ▾ ☐ 아프로-유라시아   0/3
                      ☐ 아프리카
                    ▾ ☐ 유라시아        0/2
                        ☐ 유럽
                        ☐ 아시아
                  ▾ ☐ 오스트레일리아    0/1
                      ☐ 오세아니아
                  ▾ ▣ 아메리카          1/4
                    ▾ ▣ 북아메리카      1/3
                ›       ☑ 북아메리카
                        ☐ 중앙아메리카
                        ☐ 카리브
                      ☐ 남아메리카
                    ☐ 남극

                Checked: 북아메리카
                ↑↓ move · →← expand or collapse · space check or uncheck





                Checked 북아메리카
                """)
        let columns = frame(session).split(separator: "\n").dropFirst().prefix(9).compactMap { line -> Int? in
            guard let slash = line.firstIndex(of: "/") else { return nil }
            return DisplayWidth.of(String(line[..<slash]))
        }
        #expect(Set(columns) == [25])
    }

    @Test func bothNorthAmericasCanBeSelectedIndependently() throws {
        var demo = try CheckboxTreeDemo()
        _ = try demo.handle(line: "10")
        #expect(demo.tree.checkedIDs == ["north-america/north-america"])
        #expect(demo.tree.selection.state(of: "north-america") == .mixed)
        _ = try demo.handle(line: "10")
        _ = try demo.handle(line: "9")
        #expect(demo.tree.checkedIDs == ["north-america/north-america", "central-america", "caribbean"])
        #expect(demo.tree.selection.state(of: "north-america") == .checked)
        #expect(demo.tree.selection.state(of: "americas") == .mixed)
        #expect(demo.checkedLine(in: Locale(identifier: "en")) == "Checked: 북아메리카, 중앙아메리카, and 카리브")
        _ = try demo.handle(line: "11")
        #expect(demo.tree.selection.state(of: "north-america") == .mixed)
        #expect(demo.tree.selection.state(of: "north-america/north-america") == .checked)
        try demo.tree.selection.checkInvariants()
    }

    @Test func lineModePrintsNumberedRowsAndCheckedNames() throws {
        let output = run(["14", "e 1", "nope"], on: try CheckboxTreeDemo(), environment: .ascii)
        #expect(output.first == " 1. v [ ] 아프로-유라시아   0/3")
        #expect(output.contains("Checked 남극"))
        #expect(output.contains("Checked: 남극"))
        #expect(output.contains(" 1. > [ ] 아프로-유라시아   0/3"))
        #expect(output.contains { $0.hasPrefix("Unknown command “nope”.") })
    }
}
