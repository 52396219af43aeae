import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let nestedMenu = demo(
        "Nested Menu", in: ["Trees"], keywords: ["files", "folders", "selection", "checkbox", "tri-state"],
        summary: "A file tree with folders that select everything below them",
        scenarios: [
            Scenario("Documents selected, all below follow", .press(" ")),
            Scenario("Temp selected, Documents mixed", .press(.down), .press(" ")),
            Scenario(
                "both Temp files selected, Temp follows", .press(.down, times: 2), .press(" "), .press(.down),
                .press(" ")),
            Scenario("Documents collapsed", .press(.left)),
            Scenario("Temp selected in German", locale: "de", .press(.down), .press(" ")),
        ]
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
struct NestedMenuDemo: LocalizedDemo {
    private(set) var tree: CheckboxTree<FileItem, String>

    /// The keys and line commands: ↑↓ move, →← or `e <n>` expand, Space or `<n>` select.
    static func keymap(in locale: Locale) -> Keymap<CheckboxCommand> {
        CheckboxTree<FileItem, String>.keymap(toggling: .selectOrDeselect, in: locale)
    }
    var locale = Locale(identifier: "en")

    init() throws {
        let files = try Tree(roots: FileItem.samples, id: \.id, children: \.children)
        tree = CheckboxTree(tree: files, label: \.name, showsKindIcons: true)
    }

    var title: String { "Nested Menu" }

    /// How many of the selectable items (files and empty folders) are selected.
    func countLine(in locale: Locale) -> String {
        let files = tree.tree.ids.indices.filter { tree.tree.isLeaf(at: $0) || tree.tree.descendants(of: $0).isEmpty }
        return DemoWords.text(.selectedCount, in: locale, ["count": tree.checkedIDs.count, "total": files.count])
    }

    mutating func perform(_ command: CheckboxCommand, _ input: CommandInput) -> Action {
        let locale = locale
        return tree.perform(command, input, in: locale) { title, _, state in
            DemoWords.text(state == .unchecked ? .deselectedItem : .selectedItem, in: locale, ["title": title])
        }
    }

    mutating func click(_ mouse: Mouse, in context: ScreenContext) -> Action {
        guard let (command, input) = tree.clicked(mouse, in: context) else { return .none }
        return perform(command, input)
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = tree.render(in: Size(columns: size.columns, rows: max(size.rows - 3, 1)), context: context)
        lines += ["", Line(countLine(in: context.locale), .dim), footer(in: context)]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(tree.rowTexts(glyphs: context.glyphs), width: width) + [countLine(in: context.locale)]
    }
}
