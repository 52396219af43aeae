import CatalogKit
import CatalogTestSupport
import Testing

struct FileNode: Sendable {
    var id: String
    var children: [FileNode]?

    static func folder(_ id: String, _ children: [FileNode]) -> FileNode { FileNode(id: id, children: children) }
    static func file(_ id: String) -> FileNode { FileNode(id: id, children: nil) }
}

let files: [FileNode] = [
    .folder(
        "Documents",
        [
            .folder("Temp", [.file("Document 1.doc"), .file("Document 2.doc")]),
            .file("Presentation 1.pdf"), .file("Presentation 2.pdf"),
        ]),
    .folder("Photos", [.file("Photo 1.jpg"), .file("Photo 2.jpg")]),
    .folder("Folder", []),
    .file("Another file.txt"),
]

/// Deep trees made of nested values are kept here for the life of the test process, so freeing them never
/// recurses 100,000 levels deep.
nonisolated(unsafe) var keptAlive: [FileNode] = []

@Suite("Tree model")
struct TreeTests {
    let tree: Tree<FileNode, String>

    init() throws { tree = try Tree(roots: files, id: \.id, children: \.children) }

    @Test("ancestors, paths and descendants")
    func queries() {
        #expect(tree.ancestors(of: "Document 2.doc") == ["Documents", "Temp"])
        #expect(tree.path(to: "Document 2.doc") == ["Documents", "Temp", "Document 2.doc"])
        #expect(
            tree.descendants(of: "Documents") == [
                "Temp", "Document 1.doc", "Document 2.doc", "Presentation 1.pdf", "Presentation 2.pdf",
            ])
        #expect(tree.ancestors(of: "Another file.txt").isEmpty)
        #expect(tree.ancestors(of: "missing").isEmpty)
    }

    @Test("nil children make a leaf and [] an empty group")
    func leaves() throws {
        let folder = try #require(tree.position(of: "Folder"))
        let file = try #require(tree.position(of: "Another file.txt"))
        #expect(!tree.isLeaf(at: folder))
        #expect(tree.isLeaf(at: file))
        #expect(tree.children(of: folder).isEmpty)
    }

    @Test("only expanded groups show their children")
    func visible() {
        let shown = tree.visible(expanded: Set(tree.ancestors(of: "Document 1.doc"))).map { tree.ids[$0] }
        #expect(
            shown == [
                "Documents", "Temp", "Document 1.doc", "Document 2.doc", "Presentation 1.pdf", "Presentation 2.pdf",
                "Photos", "Folder", "Another file.txt",
            ])
    }

    @Test("duplicate ids are a construction error")
    func duplicates() {
        let roots: [FileNode] = [.folder("北アメリカ", [.file("北アメリカ")])]
        #expect(throws: Tree<FileNode, String>.Error.duplicateID("北アメリカ")) {
            try Tree(roots: roots, id: \.id, children: \.children)
        }
    }

    @Test("a tree 100,000 deep is indexed and queried without recursion")
    func deep() throws {
        var node = FileNode.file("n0")
        for depth in 1..<100_000 { node = .folder("n\(depth)", [node]) }
        keptAlive.append(node)
        let tree = try Tree(roots: [node], id: \.id, children: \.children)
        #expect(tree.count == 100_000)
        #expect(tree.ancestors(of: "n0").count == 99_999)
        #expect(tree.descendants(of: "n99999").count == 99_999)
        var selection = TriStateSelection(tree: tree)
        #expect(selection.toggle("n0") == .checked)
        #expect(selection.state(of: "n99999") == .checked)
        #expect(selection.toggle("n50000") == .unchecked)
        #expect(selection.state(of: "n99999") == .unchecked)
        try selection.checkInvariants()
    }

    @Test("a flat pre-order list builds the same tree")
    func flat() throws {
        struct Row {
            var id: Int
            var parent: Int?
        }
        let rows = (0..<100_000).map { Row(id: $0, parent: $0 == 0 ? nil : $0 - 1) }
        let tree = try Tree(preorder: rows, id: \.id, parent: \.parent, isGroup: { $0.id < 99_999 })
        #expect(tree.path(to: 99_999).count == 100_000)
        #expect(tree.isLeaf(at: 99_999))
    }
}

@Suite("Tri-state selection")
struct SelectionTests {
    let tree: Tree<FileNode, String>

    init() throws { tree = try Tree(roots: files, id: \.id, children: \.children) }

    @Test("groups follow their leaves")
    func follows() {
        var selection = TriStateSelection(tree: tree)
        #expect(selection.toggle("Document 1.doc") == .checked)
        #expect(selection.state(of: "Temp") == .mixed)
        #expect(selection.state(of: "Documents") == .mixed)
        selection.toggle("Document 2.doc")
        #expect(selection.state(of: "Temp") == .checked)
        #expect(selection.state(of: "Documents") == .mixed)
        // A mixed group becomes checked, everything below it too, as a mixed checkbox does on macOS and Windows.
        #expect(selection.toggle("Documents") == .checked)
        #expect(selection.state(of: "Presentation 2.pdf") == .checked)
        #expect(selection.toggle("Documents") == .unchecked)
        #expect(selection.checkedIDs.isEmpty)
    }

    @Test("an empty group behaves as a leaf")
    func emptyGroup() {
        var selection = TriStateSelection(tree: tree)
        #expect(selection.toggle("Folder") == .checked)
        #expect(selection.checkedIDs == ["Folder"])
        #expect(selection.toggle("Folder") == .unchecked)
    }

    @Test("random toggles keep the counts right", arguments: [1, 2, 3])
    func randomToggles(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var selection = TriStateSelection(tree: tree)
        for _ in 0..<200 {
            let id = tree.ids.randomElement(using: &rng) ?? ""
            let before = selection.state(of: id)
            let after = selection.toggle(id)
            #expect(after == (before == .checked ? .unchecked : .checked), "seed \(seed)")
            try selection.checkInvariants()
            // A group's state is what its leaves say.
            for position in 0..<tree.count where !tree.isLeaf(at: position) {
                let leaves = ([position] + Array(tree.descendants(of: position))).filter {
                    tree.isLeaf(at: $0) || tree.descendants(of: $0).isEmpty
                }
                let on = leaves.filter { selection.checkedIDs.contains(tree.ids[$0]) }.count
                let expected: CheckState = on == 0 ? .unchecked : on == leaves.count ? .checked : .mixed
                #expect(selection.state(at: position) == expected, "seed \(seed)")
            }
        }
    }
}

@Suite("List summary")
struct ListSummaryTests {
    @Test("lists join in the language's words")
    func languages() {
        let goals = ["Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift"]
        #expect(ListSummary.summarize(goals) == "Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift")
        #expect(ListSummary.summarize(["A", "B", "C"], language: "de") == "A, B und C")
        #expect(ListSummary.summarize(["A", "B", "C"], language: "ru") == "A, B и C")
        #expect(ListSummary.summarize(["A", "B"], language: "xx") == "A and B")
        #expect(ListSummary.summarize(["A"]) == "A")
        #expect(ListSummary.summarize([]) == "")
    }

    @Test("a summary that must fit a width counts what it leaves out")
    func fitting() {
        let items = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]
        #expect(ListSummary.summarize(items, width: 23) == "Alpha, Beta, and 3 more")
        #expect(ListSummary.summarize(items, width: 100) == "Alpha, Beta, Gamma, Delta, and Epsilon")
        #expect(ListSummary.summarize(items, language: "de", width: 25) == "Alpha, Beta und 3 weitere")
        let tight = ListSummary.summarize(items, width: 8)
        #expect(DisplayWidth.of(tight) <= 8)
        #expect(DisplayWidth.of(ListSummary.summarize(["아프리카", "유럽", "아시아"], width: 16)) <= 16)
    }
}
