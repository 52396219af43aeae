import CatalogKit
import CatalogTerminal

extension Demos {
    static let multiSelector = demo(
        "Multi Selector", in: ["Forms"], keywords: ["multiple", "checkmark", "summary", "form", "text field"],
        summary: "An Edit Task form whose goals row sums up a multiple selection"
    ) { try MultiSelectorDemo() }
}

/// A one-line text field: the text and a cursor between characters.
struct TextField: Equatable {
    /// The text.
    private(set) var text: String
    /// The cursor, as a count of characters before it.
    private(set) var cursor: Int

    init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Edits for one key; returns whether the key was an edit or a cursor move.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character) where !character.isNewline:
            text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
            cursor += 1
        case .backspace where cursor > 0:
            cursor -= 1
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .delete where cursor < text.count:
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, text.count)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        default: return false
        }
        return true
    }

    /// The display width of the text before the cursor: where the terminal cursor goes.
    var cursorColumn: Int { DisplayWidth.of(String(text.prefix(cursor))) }
}

/// The goals the form and its pushed list share, like a SwiftUI binding: the list edits, the form shows the summary.
final class GoalSelection {
    var selector: MultiSelector<String>

    init(selector: MultiSelector<String>) { self.selector = selector }
}

/// An "Edit Task" form: a Name text field and a "Serving Goals" row summing up a multiple selection.
struct MultiSelectorDemo: Screen {
    enum Field: Equatable { case name, goals }

    private(set) var name = TextField("Learn more every day")
    private(set) var focus = Field.name
    let goals: GoalSelection
    var language = "en"

    static let goalTitles = [
        "Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift", "Read more books", "Run a marathon",
    ]
    static let labelWidth = 16

    init(selected: [Int] = [0, 1, 2], glyphs: Glyphs = DemoEnvironment.glyphs) throws {
        let items = Self.goalTitles.map { MultiSelector<String>.Item(id: Slug.make([$0]), title: $0) }
        let selector = try MultiSelector(
            items: items, selected: selected.filter(items.indices.contains).map { items[$0].id }, glyphs: glyphs)
        goals = GoalSelection(selector: selector)
    }

    var title: String { "Edit Task" }
    var takesText: Bool { focus == .name }
    var lineHelp: [String] { ["name <text>   set the name", "goals         choose the serving goals"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch (key, focus) {
        case (.up, _), (.backTab, _): focus = .name
        case (.down, _), (.tab, _), (.enter, .name): focus = .goals
        case (.enter, .goals), (.character(" "), .goals), (.right, .goals): return openGoals()
        case (_, .name): _ = name.handle(key)
        default: break
        }
        return .none
    }

    private func openGoals() -> Action {
        .push(GoalListScreen(goals: goals))
    }

    /// The goals summary, shortened to fit the columns after the label.
    func summary(columns: Int) -> String {
        goals.selector.summary(width: max(columns - Self.labelWidth - 2, 1), language: language)
    }

    func render(in size: Size) -> Frame {
        let g = goals.selector.glyphs
        func row(_ label: String, _ value: String, _ field: Field) -> Line {
            let pointer = DisplayWidth.pad(focus == field ? g.pointer : "", to: DisplayWidth.of(g.pointer))
            let text = pointer + " " + DisplayWidth.pad(label, to: Self.labelWidth - 2) + value
            return Line(DisplayWidth.truncate(text, to: size.columns), focus == field ? .bold : .plain)
        }
        let lines = [
            Line("Edit Task", .bold), "",
            row("Name", name.text, .name),
            row("Serving Goals", summary(columns: size.columns) + " " + g.collapsed, .goals),
            "", Line("↑↓ move between fields  Enter on Serving Goals opens the list", .dim),
        ]
        let cursor = focus == .name ? (row: 2, column: Self.labelWidth + name.cursorColumn) : nil
        return clipped(lines, to: size, cursor: cursor)
    }

    func lines(width: Int) -> [String] {
        fitted(["Edit Task", "Name: \(name.text)", "Serving Goals: \(summary(columns: width))"], width: width)
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        switch command.word {
        case "name":
            name = TextField(command.argument)
            return .none
        case "goals":
            return openGoals()
        default:
            return .unknownCommand(line, hint: "Type name <text> or goals.")
        }
    }
}

/// The list of goals pushed from the form: Space or Enter toggles a checkmark.
struct GoalListScreen: Screen {
    let goals: GoalSelection

    var title: String { "Serving Goals" }
    var lineHelp: [String] { ["<n>      toggle goal n"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        _ = goals.selector.handle(key)
        return .none
    }

    func render(in size: Size) -> Frame {
        var lines = goals.selector.render(width: size.columns, height: max(size.rows - 2, 1))
        lines.append("")
        lines.append(Line("Space or Enter toggles  Esc goes back", .dim))
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] { numbered(goals.selector.rowTexts(), width: width) }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        if command.word.isEmpty, let row = command.number, goals.selector.items.indices.contains(row - 1) {
            _ = goals.selector.toggle(row: row - 1)
            return .none
        }
        return .unknownCommand(line, hint: "Type a goal's number to toggle it, or .. to go back.")
    }
}
