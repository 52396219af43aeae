import CatalogKit
import CatalogTerminal
import Testing

@Suite("CheckboxTree")
struct CheckboxTreeTests {
    static let files = [
        TestNode("Docs", [TestNode("a.txt"), TestNode("b.txt")]),
        TestNode("Empty", []),
        TestNode("c.txt"),
    ]

    func makeTree(icons: Bool = false) throws -> CheckboxTree<TestNode, String> {
        CheckboxTree(tree: try TestNode.tree(Self.files), label: \.title, showsKindIcons: icons)
    }

    @Test func spaceTogglesAndParentsFollowTheirChildren() throws {
        var tree = try makeTree()
        _ = tree.handle(.down)
        #expect(tree.handle(.character(" ")) == .changed(.init(id: "a.txt", state: .checked)))
        #expect(tree.selection.state(of: "Docs") == .mixed)
        _ = tree.handle(.down)
        #expect(tree.handle(.character(" ")) == .changed(.init(id: "b.txt", state: .checked)))
        #expect(tree.selection.state(of: "Docs") == .checked)
        _ = tree.handle(.home)
        #expect(tree.handle(.character(" ")) == .changed(.init(id: "Docs", state: .unchecked)))
        #expect(tree.checkedIDs.isEmpty)
        try tree.selection.checkInvariants()
    }

    @Test func framesInUnicodeAndASCII() throws {
        var tree = try makeTree()
        _ = tree.handle(.down)
        _ = tree.handle(.character(" "))
        #expect(
            text(tree.render(width: 80)) == """
                  ▾ ▣ Docs
                ›     ☑ a.txt
                      ☐ b.txt
                    ☐ Empty
                    ☐ c.txt
                """)
        #expect(
            text(tree.render(width: 80, glyphs: .ascii)) == """
                  v [-] Docs
                >     [x] a.txt
                      [ ] b.txt
                    [ ] Empty
                    [ ] c.txt
                """)
    }

    @Test func kindIconsMarkGroupsAndLeavesAndAnEmptyGroupIsAFolder() throws {
        let tree = try makeTree(icons: true)
        #expect(
            text(tree.render(width: 80, glyphs: .ascii)) == """
                > v [ ] d Docs
                      [ ] - a.txt
                      [ ] - b.txt
                    [ ] d Empty
                    [ ] - c.txt
                """)
    }

    @Test func arrowsCollapseExpandAndMoveToTheParent() throws {
        var tree = try makeTree()
        _ = tree.handle(.down)
        _ = tree.handle(.left)
        #expect(tree.currentID == "Docs")
        _ = tree.handle(.left)
        #expect(tree.visibleRows.count == 3)
        _ = tree.handle(.right)
        #expect(tree.visibleRows.count == 5)
        _ = tree.handle(.right)
        #expect(tree.currentID == "a.txt")
        #expect(tree.toggleExpansion(row: 0) == true)
        #expect(tree.toggleExpansion(row: 1) == false)  // the empty group has nothing to show
        #expect(tree.toggle(row: 9) == .none)
    }

    @Test func koreanCountsAlignByDisplayWidth() throws {
        let roots = [
            TestNode("아메리카", [TestNode("북아메리카", [TestNode("북아메리카", id: "na2"), TestNode("카리브")])]),
            TestNode("Antarctica", id: "aq", []),
        ]
        var tree = CheckboxTree(tree: try TestNode.tree(roots), label: \.title, showsCounts: true)
        _ = tree.toggle(row: 2)
        #expect(
            text(tree.render(width: 80)) == """
                  ▾ ▣ 아메리카        1/2
                    ▾ ▣ 북아메리카    1/2
                ›       ☑ 북아메리카
                        ☐ 카리브
                    ☐ Antarctica
                """)
        let lines = tree.rowTexts()
        #expect(DisplayWidth.of(lines[0]) == DisplayWidth.of(lines[1]))
    }
}
