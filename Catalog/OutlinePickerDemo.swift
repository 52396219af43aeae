import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let outlinePicker = demo(
        "Outline Picker", in: ["Pickers"], keywords: ["tree", "outline", "popup", "category", "choose"],
        summary: "Pick a category from a tree in a pop-up panel over a form",
        scenarios: [
            Scenario("closed on Laptops"),
            Scenario("popover in Japanese", locale: "ja", .press(.enter)),
            Scenario("popover expanded to Laptops", .press(.enter)),
            Scenario("popover at 40×10", size: Size(columns: 40, rows: 10), .press(.enter)),
            Scenario(
                "Garden picked", .press(.enter), .press(.down, times: 4), .press(.right), .press(.down, times: 2),
                .press(.enter)),
            Scenario("No Selection picked", .press(.enter), .press(.end), .press(.enter)),
            Scenario("No Selection reopened", .press(.enter), .press(.end), .press(.enter), .press(.enter)),
        ]
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
struct OutlinePickerDemo: KeymapScreen {
    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case open, leave, move, expand, pick, close
    }

    /// The keys and line commands while the panel is closed.
    static func closed(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.enter, .character(" ")], .open, label: "⏎", help: words(.openPicker), line: "open"),
            KeyBinding([.escape], .leave, help: words(.back), footer: false),
        ])
    }

    /// The keys and line commands while the panel is open.
    static func opened(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .down, .home, .end, .pageUp, .pageDown], .move, label: "↑↓", help: words(.move)),
            KeyBinding([.right, .left], .expand, label: "→←", help: words(.expandOrCollapse), line: "e <n>"),
            KeyBinding([.enter], .pick, label: "⏎", help: words(.pick), line: "<n>"),
            KeyBinding([.escape], .close, help: words(.close), line: "x"),
        ])
    }

    /// The keys of the panel's state; the form's while it is closed. A mode is kept, so this can't be static.
    func keymap(in locale: Locale) -> Keymap<Command> {
        isOpen ? Self.opened(in: locale) : Self.closed(in: locale)
    }

    var keymap: Keymap<Command> { keymap(in: locale) }
    /// The locale the screen was last told; the picker's "No Selection" follows it.
    private(set) var locale = Locale(identifier: "en")

    mutating func adopt(_ environment: ScreenEnvironment) {
        locale = environment.locale
        picker.noSelectionTitle = DemoWords.text(.noSelection, in: locale)
    }

    /// The picker, kept while closed so it remembers the selection.
    private(set) var picker: OutlinePicker<Category, String>
    /// Whether the panel is open.
    private(set) var isOpen = false

    static let labelWidth = 12

    init(selection: String? = "laptops") throws {
        let tree = try Tree(roots: Category.samples, id: \.id, children: \.children)
        picker = OutlinePicker(tree: tree, label: \.title, selection: selection)
    }

    var title: String { "Outline Picker" }
    var handlesEscape: Bool { true }

    /// The form row: the label, the selection and the pop-up glyph.
    func formRow(_ glyphs: Glyphs, in locale: Locale) -> String {
        DisplayWidth.pad(DemoWords.text(.category, in: locale), to: Self.labelWidth) + picker.selectionTitle + " "
            + glyphs.popUp
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch (command, input) {
        case (.open, _):
            picker.reveal(picker.selection)
            isOpen = true
            return .none
        case (.leave, _):
            return .pop
        case (.move, .key(let key)), (.expand, .key(let key)):
            return close(after: picker.handle(key))
        case (.expand, .line(let argument)):
            return picker.toggleExpansion(typed: argument, in: locale)
        case (.pick, _):
            guard let row = input.item(cursor: picker.cursor, count: picker.rowCount) else {
                return input.missingItem(
                    count: picker.rowCount, DemoWords.text(.askRowNumber, in: locale), locale: locale)
            }
            return close(after: picker.pick(row: row).map { .changed($0) } ?? .handled)
        case (.close, _):
            return close(after: .changed(.cancelled))
        case (.move, .line):
            return .none
        }
    }

    private mutating func close(after event: WidgetEvent<OutlinePicker<Category, String>.Choice>) -> Action {
        switch event.change {
        case nil: return .none
        case .cancelled?:
            isOpen = false
            return .none
        case .picked?:
            isOpen = false
            return .status(DemoWords.text(.categoryStatus, in: locale, ["name": picker.selectionTitle]))
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let form = Line(formRow(context.glyphs, in: context.locale), isOpen ? .plain : .reverse)
        let footer = Line(keymap(in: context.locale).footer, .dim)
        guard isOpen else { return Frame(lines: [form, "", footer]).clipped(to: size) }
        let g = context.glyphs
        // One column kept for the space after the widest label, as the pointer's column keeps one before it.
        let room = Size(columns: max(size.columns - Self.labelWidth - 3, 1), rows: max(size.rows - 4, 1))
        let rows = picker.render(in: room, context: context).map { row in
            let separator = row.spans.count == 1 && row.text.allSatisfy { String($0) == g.horizontal }
            let style = row.spans.last?.style ?? .plain
            return Line(row.spans + [Span(separator ? g.horizontal : " ", style)])
        }
        let inner = rows.map { DisplayWidth.of($0.text) }.max() ?? 0
        // A border marks the side the list scrolls on, with an arrow at its end, as a pop-up menu does.
        let hidden = picker.hiddenLines(in: room)
        func edge(_ more: Int, _ arrow: String) -> String {
            more > 0 && inner > 1
                ? String(repeating: g.horizontal, count: inner - 1) + arrow
                : String(repeating: g.horizontal, count: inner)
        }
        let arrows = g.horizontal == "─" ? ("↑", "↓") : ("^", "v")
        let indent = String(repeating: " ", count: Self.labelWidth - 1)
        var lines = [form, Line(indent + g.corners[0] + edge(hidden.above, arrows.0) + g.corners[1])]
        lines += rows.map { Line([Span(indent + g.vertical)] + $0.spans + [Span(g.vertical)]) }
        lines += [Line(indent + g.corners[2] + edge(hidden.below, arrows.1) + g.corners[3]), footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        guard isOpen else {
            let hint = DemoWords.text(.typeOpen, in: context)
            return fitted([formRow(context.glyphs, in: context.locale), hint], width: width)
        }
        var rows = numbered(picker.rowTexts(glyphs: context.glyphs), width: width)
        rows.insert(String(repeating: "-", count: min(width, 20)), at: rows.count - 1)
        return rows
    }
}
