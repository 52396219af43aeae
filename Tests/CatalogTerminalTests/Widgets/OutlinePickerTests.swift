import CatalogKit
import CatalogTerminal
import Testing

@Suite("OutlinePicker")
struct OutlinePickerTests {
    func makePicker(selection: String? = "Laptops") throws -> OutlinePicker<
        TestNode, String
    > {
        OutlinePicker(
            tree: try TestNode.tree(TestNode.categories), label: \.title, selection: selection)
    }

    @Test func opensWithExactlyTheAncestorsOfTheSelectionExpanded() throws {
        let picker = try makePicker()
        #expect(picker.expanded == ["Electronics", "Computers"])
        #expect(picker.rows[picker.cursor] == .node(2))
        #expect(
            text(picker.render(width: 80)) == """
                    ▾ Electronics
                      ▾ Computers
                › ✓       Laptops
                          Desktops
                        Phones
                    ▸ Home
                      Books
                ──────────────────
                      No Selection
                """)
    }

    @Test func everyRowHasTheSameWidthSoTheHighlightIsABlock() throws {
        let picker = try makePicker()
        let widths = Set(picker.render(width: 80).map { DisplayWidth.of($0.text) })
        #expect(widths == [18])
        #expect(picker.render(width: 80)[2].spans.first?.style == .reverse)
    }

    @Test func withoutASelectionEverythingIsCollapsedAndNoSelectionIsChecked() throws {
        let picker = try makePicker(selection: nil)
        #expect(picker.expanded.isEmpty)
        #expect(picker.selectionTitle == "No Selection")
        #expect(
            text(picker.render(width: 80, glyphs: .ascii)) == """
                    > Electronics
                    > Home
                      Books
                ------------------
                > *   No Selection
                """)
    }

    @Test func arrowsExpandCollapseAndStepBetweenLevels() throws {
        var picker = try makePicker()
        #expect(picker.handle(.left) == .handled)  // a leaf: to its parent
        #expect(picker.rows[picker.cursor] == .node(1))
        #expect(picker.handle(.left) == .handled)  // collapse Computers
        #expect(!picker.expanded.contains("Computers"))
        #expect(picker.handle(.right) == .handled)  // expand it again
        #expect(picker.handle(.right) == .handled)  // step into it
        #expect(picker.title(of: picker.rows[picker.cursor]) == "Laptops")
        _ = picker.handle(.end)
        #expect(picker.rows[picker.cursor] == .noSelection)
        _ = picker.handle(.right)  // nothing to expand
        #expect(picker.rows[picker.cursor] == .noSelection)
    }

    @Test func enterPicksAndEscapeCancels() throws {
        var picker = try makePicker()
        _ = picker.handle(.down)
        #expect(picker.handle(.enter) == .changed(.picked("Desktops")))
        #expect(picker.selection == "Desktops")
        _ = picker.handle(.end)
        #expect(picker.handle(.enter) == .changed(.picked(nil)))
        #expect(picker.selection == nil)
        #expect(picker.handle(.escape) == .changed(.cancelled))
    }

    @Test func rowsCanBePickedAndToggledByNumber() throws {
        var picker = try makePicker()
        #expect(picker.toggleExpansion(row: 5) == true)
        #expect(picker.title(of: picker.rows[6]) == "Kitchen")
        #expect(picker.toggleExpansion(row: 6) == false)
        #expect(picker.pick(row: 6) == .picked("Kitchen"))
        #expect(picker.pick(row: 99) == .none)
        #expect(picker.selection == "Kitchen")
    }

    @Test func revealShowsANewSelectionOnly() throws {
        var picker = try makePicker()
        picker.reveal("Garden")
        #expect(picker.expanded == ["Home"])
        picker.reveal("not there")
        #expect(picker.selection == nil)
        #expect(picker.expanded.isEmpty)
    }

    @Test func wideLabelsKeepTheColumns() throws {
        let tree = try TestNode.tree([TestNode("유라시아", [TestNode("유럽"), TestNode("🇰🇷 한국")]), TestNode("Ocean")])
        let picker = OutlinePicker(tree: tree, label: \.title, selection: "🇰🇷 한국")
        let lines = picker.render(width: 80).map(\.text)
        #expect(Set(lines.map(DisplayWidth.of)).count == 1)
        #expect(lines[0].hasPrefix("    ▾ 유라시아"))
        #expect(lines[2].hasPrefix("› ✓     🇰🇷 한국"))
    }

    @Test func aShortHeightScrollsToTheCursor() throws {
        var picker = try makePicker()
        _ = picker.handle(.end)
        let lines = picker.render(width: 80, height: 3)
        #expect(lines.count == 3)
        #expect(lines.last?.text.contains("No Selection") == true)
        // What the window leaves out, for a container to mark: all above it at the end, none once it all fits.
        let short = Size(columns: 80, rows: 3)
        let total = picker.rows.count + 1  // the rows and the separator above "No Selection"
        #expect(picker.hiddenLines(in: short) == (total - 3, 0))
        _ = picker.handle(.home)
        #expect(picker.hiddenLines(in: short) == (0, total - 3))
        #expect(picker.hiddenLines(in: Size(columns: 80, rows: total)) == (0, 0))
    }
}
