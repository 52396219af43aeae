import CatalogKit
import CatalogTerminal

extension Demos {
    static let outlinePicker = demo(
        "Outline Picker", in: ["Pickers"], keywords: ["tree", "outline", "popup", "category", "choose"],
        summary: "Pick a category from a tree in a pop-up panel over a form"
    ) { try OutlinePickerDemo() }
}

/// A node of the category tree.
struct Category: Sendable {
    var id: String
    var title: String
    var children: [Category]?

    init(_ title: String, _ children: [Category]? = nil) {
        self.id = Slug.make([title])
        self.title = title
        self.children = children
    }

    /// The sample categories.
    static let samples = [
        Category(
            "Electronics",
            [
                Category("Computers", [Category("Laptops"), Category("Desktops")]), Category("Phones"),
                Category("Audio"),
            ]
        ),
        Category("Home", [Category("Kitchen"), Category("Garden", [Category("Tools"), Category("Plants")])]),
        Category("Books", [Category("Fiction"), Category("Non-fiction")]),
        Category("Gift Cards"),
    ]
}

/// A form with a "Category" pop-up button that opens an ``OutlinePicker`` as a panel over it.
struct OutlinePickerDemo: Screen {
    /// The picker, kept while closed so it remembers the selection.
    private(set) var picker: OutlinePicker<Category, String>
    /// Whether the panel is open.
    private(set) var isOpen = false

    static let labelWidth = 12

    init(selection: String? = "laptops", glyphs: Glyphs = DemoEnvironment.glyphs) throws {
        let tree = try Tree(roots: Category.samples, id: \.id, children: \.children)
        picker = OutlinePicker(tree: tree, label: \.title, selection: selection, glyphs: glyphs)
    }

    var title: String { "Outline Picker" }
    var handlesEscape: Bool { true }

    var lineHelp: [String] {
        isOpen
            ? ["<n>      pick row n", "e <n>    expand or collapse row n", "x        close without a change"]
            : ["open     open the category picker"]
    }

    /// The form row: the label, the selection and the pop-up glyph.
    var formRow: String {
        DisplayWidth.pad("Category", to: Self.labelWidth) + picker.selectionTitle + " " + picker.glyphs.popUp
    }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        guard isOpen else {
            switch key {
            case .enter, .character(" "): open()
            case .escape: return .pop
            default: break
            }
            return .none
        }
        return close(after: picker.handle(key))
    }

    private mutating func open() {
        picker.reveal(picker.selection)
        isOpen = true
    }

    private mutating func close(after outcome: OutlinePicker<Category, String>.Outcome) -> Action {
        switch outcome {
        case .none: return .none
        case .cancelled:
            isOpen = false
            return .none
        case .picked:
            isOpen = false
            return .status("Category: \(picker.selectionTitle)")
        }
    }

    func render(in size: Size) -> Frame {
        var lines: [Line] = [Line(formRow, isOpen ? .plain : .reverse), "", Line("Enter opens the picker.", .dim)]
        guard isOpen else { return clipped(lines, to: size) }
        let g = picker.glyphs
        let rows = picker.render(width: max(size.columns - Self.labelWidth - 2, 1), height: max(size.rows - 3, 1))
        let inner = rows.map { DisplayWidth.of($0.text) }.max() ?? 0
        let edge = String(repeating: g.horizontal, count: inner)
        let indent = String(repeating: " ", count: Self.labelWidth - 1)
        var panel = [Line(indent + g.corners[0] + edge + g.corners[1])]
        panel += rows.map { Line([Span(indent + g.vertical)] + $0.spans + [Span(g.vertical)]) }
        panel.append(Line(indent + g.corners[2] + edge + g.corners[3]))
        lines = [lines[0]] + panel
        lines.append(Line("↑↓ move  →← expand/collapse  Enter pick  Esc close", .dim))
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        guard isOpen else { return fitted([formRow, "Type open to choose a category."], width: width) }
        var rows = numbered(picker.rowTexts(), width: width)
        rows.insert(String(repeating: "-", count: min(width, 20)), at: rows.count - 1)
        return rows
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        if !isOpen {
            guard command.word == "open" || command.word == "o" else {
                return .unknownCommand(line, hint: "Type open to choose a category.")
            }
            open()
            return .none
        }
        switch (command.word, command.number) {
        case ("", let row?) where picker.rows.indices.contains(row - 1):
            return close(after: picker.pick(row: row - 1))
        case ("e", let row?) where picker.toggleExpansion(row: row - 1):
            return .none
        case ("x", nil):
            return close(after: .cancelled)
        default:
            return .unknownCommand(line, hint: "Type a row number to pick it, e <n> to expand, or x to close.")
        }
    }
}
