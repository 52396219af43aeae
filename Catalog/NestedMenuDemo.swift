import CatalogKit
import CatalogTerminal

extension Demos {
    static let nestedMenu = demo(
        "Nested Menu", in: ["Trees"], keywords: ["files", "folders", "selection", "checkbox", "tri-state"],
        summary: "A file tree with folders that select everything below them"
    ) { try NestedMenuDemo() }
}

/// A file or folder; folders have children, possibly none.
struct FileItem: Sendable {
    var id: String
    var name: String
    var children: [FileItem]?

    /// A file.
    static func file(_ name: String, in parent: String = "") -> FileItem {
        FileItem(id: parent + name, name: name, children: nil)
    }

    /// A folder; the children's ids are prefixed with its path.
    static func folder(_ name: String, in parent: String = "", _ children: (String) -> [FileItem]) -> FileItem {
        let path = parent + name + "/"
        return FileItem(id: path, name: name, children: children(path))
    }

    /// The sample file tree; "Folder" is an empty folder, not a file.
    static let samples: [FileItem] = [
        .folder("Documents") { path in
            [
                .folder("Temp", in: path) { temp in
                    [.file("Document 1.doc", in: temp), .file("Document 2.doc", in: temp)]
                },
                .file("Presentation 1.pdf", in: path), .file("Presentation 2.pdf", in: path),
                .file("Presentation 3.pdf", in: path),
            ]
        },
        .folder("Photos") { path in [.file("Photo 1.jpg", in: path), .file("Photo 2.jpg", in: path)] },
        .folder("Folder") { _ in [] },
        .file("Another file.txt"),
    ]
}

/// A menu of files and folders with tri-state selection: a folder selects everything below it.
struct NestedMenuDemo: Screen {
    private(set) var tree: CheckboxTree<FileItem, String>

    init(glyphs: Glyphs = DemoEnvironment.glyphs) throws {
        let files = try Tree(roots: FileItem.samples, id: \.id, children: \.children)
        tree = CheckboxTree(tree: files, label: \.name, glyphs: glyphs, showsKindIcons: true)
    }

    var title: String { "Nested Menu" }
    var lineHelp: [String] { ["<n>      select or deselect row n", "e <n>    expand or collapse row n"] }

    /// How many of the selectable items (files and empty folders) are selected.
    var countLine: String {
        let files = tree.tree.ids.indices.filter { tree.tree.isLeaf(at: $0) || tree.tree.descendants(of: $0).isEmpty }
        return "Selected: \(tree.checkedIDs.count) of \(files.count) items"
    }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        return report(tree.handle(key))
    }

    private func report(_ outcome: CheckboxTree<FileItem, String>.Outcome) -> Action {
        guard case .toggled(let id, let state) = outcome, let name = tree.title(of: id) else { return .none }
        return .status((state == .unchecked ? "Deselected " : "Selected ") + name)
    }

    func render(in size: Size) -> Frame {
        var lines = tree.render(width: size.columns, height: max(size.rows - 3, 1))
        lines.append("")
        lines.append(Line(countLine, .dim))
        lines.append(Line("↑↓ move  →← expand/collapse  Space select", .dim))
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        numbered(tree.rowTexts(), width: width) + [countLine]
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        switch (command.word, command.number) {
        case ("", let row?) where tree.visibleRows.indices.contains(row - 1):
            return report(tree.toggle(row: row - 1))
        case ("e", let row?) where tree.toggleExpansion(row: row - 1):
            return .none
        default:
            return .unknownCommand(line, hint: "Type a row number to select it, or e <n> to expand or collapse.")
        }
    }
}
