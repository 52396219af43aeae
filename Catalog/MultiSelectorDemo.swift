import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let multiSelector = demo(
        "Multi Selector", in: ["Forms"], keywords: ["multiple", "checkmark", "summary", "form", "text field"],
        summary: "An Edit Task form whose goals row sums up a multiple selection",
        scenarios: [
            Scenario("three goals selected"),
            Scenario(
                "summary cut to fit", size: MultiSelectorDemo.narrow,
                steps: MultiSelectorDemo.checkingAll + [.press(.escape)]),
            Scenario(
                "German summary cut to fit", size: MultiSelectorDemo.narrow, locale: "de",
                steps: MultiSelectorDemo.checkingAll + [.press(.escape)]),
            Scenario("Korean summary", locale: "ko", .press(.down)),
            Scenario("goal list, all five checked", steps: MultiSelectorDemo.checkingAll),
            Scenario("name edited to every week", .press(.end), .press(.backspace, times: 3), .type("week")),
        ]
    ) { try MultiSelectorDemo() }
}

/// The goals the form and its pushed list share, like a SwiftUI binding: the list edits, the form shows the summary.
final class GoalSelection {
    var selector: MultiSelector<String>

    init(selector: MultiSelector<String>) { self.selector = selector }
}

/// An "Edit Task" form: a Name text field and a "Serving Goals" row summing up a multiple selection.
struct MultiSelectorDemo: KeymapScreen {
    enum Field: Equatable { case name, goals }

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case previousField, nextField, edit, rename, openGoals
    }

    /// Line mode's commands, which work whichever field has focus.
    private static let renaming = KeyBinding<Command>(
        [], .rename, help: "set the name", footer: false, line: "name <text>")

    /// The keys while the name has focus; printable keys are typed into it.
    static let nameField = Keymap<Command>([
        KeyBinding([.down, .tab, .enter], .nextField, label: "↓/⏎", help: "next field"),
        KeyBinding(
            [.backspace, .delete, .left, .right, .home, .end, .control("a"), .control("e")], .edit, label: "⌫/←→",
            help: "edit the name"),
        renaming,
        KeyBinding([], .openGoals, help: "choose the serving goals", footer: false, line: "goals"),
    ])

    /// The keys while the goals row has focus.
    static let goalsField = Keymap<Command>([
        KeyBinding([.up, .backTab], .previousField, label: "↑", help: "name field"),
        KeyBinding(
            [.enter, .character(" "), .right], .openGoals, label: "⏎", help: "choose the serving goals", line: "goals"),
        renaming,
    ])

    var keymap: Keymap<Command> { focus == .name ? Self.nameField : Self.goalsField }

    private(set) var name = TextField("Learn more every day")
    private(set) var focus = Field.name
    let goals: GoalSelection
    /// The user's locale, as the environment says; the summary joins the goals in its language.
    private(set) var locale = ScreenEnvironment.standard.locale

    static let goalTitles = [
        "Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift", "Read more books", "Run a marathon",
    ]
    static let labelWidth = 16

    /// Scenario steps: from the name field, open the goals and check the two left unchecked, so all five are.
    static let checkingAll: [Scenario.Step] = [
        .press(.down), .press(.enter), .press(.down, times: 3), .press(" "), .press(.down), .press(" "),
    ]
    /// A size at which all five goals don't fit the summary, but two and "3 more" do, in English and German.
    static let narrow = Size(columns: 64, rows: 10)

    init(selected: [Int] = [0, 1, 2]) throws {
        let items = Self.goalTitles.map { MultiSelector<String>.Item(id: Slug.make([$0]), title: $0) }
        let selector = try MultiSelector(
            items: items, selected: selected.filter(items.indices.contains).map { items[$0].id })
        goals = GoalSelection(selector: selector)
    }

    var title: String { "Multi Selector" }
    var takesText: Bool { focus == .name }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(let key):
            // A key the name field's keymap doesn't bind is typed into the name.
            if focus == .name, keymap.command(for: key) == nil { return perform(.edit, .key(key)) }
            return perform(key: key)
        case .environment(let environment):
            locale = environment.locale
        case .tick, .resize, .finished:
            break
        }
        return .none
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch (command, input) {
        case (.previousField, _): focus = .name
        case (.nextField, _): focus = .goals
        case (.edit, .key(let key)): _ = name.handle(key)
        case (.rename, .line(let text)): name = TextField(text)
        case (.openGoals, _): return .push(GoalListScreen(goals: goals))
        case (.edit, .line), (.rename, .key): break
        }
        return .none
    }

    /// The goals summary, shortened to fit the columns after the label, in the locale's language.
    func summary(columns: Int) -> String {
        goals.selector.summary(width: max(columns - Self.labelWidth - 2, 1), locale: locale)
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let g = context.glyphs
        func row(_ label: String, _ value: String, _ field: Field) -> Line {
            let pointer = DisplayWidth.pad(focus == field ? g.pointer : "", to: DisplayWidth.of(g.pointer))
            return Line(
                pointer + " " + DisplayWidth.pad(label, to: Self.labelWidth - 2) + value,
                focus == field ? .bold : .plain)
        }
        let lines = [
            Line("Edit Task", .bold), "",
            row("Name", name.text, .name),
            row("Serving Goals", summary(columns: size.columns) + " " + g.collapsed, .goals),
            "", footer,
        ]
        let cursor = focus == .name ? (row: 2, column: Self.labelWidth + name.caretColumn) : nil
        return Frame(lines: lines, cursor: cursor).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return fitted(["Edit Task", "Name: \(name.text)", "Serving Goals: \(summary(columns: width))"], width: width)
    }
}

/// The list of goals pushed from the form: Space or Enter toggles a checkmark.
struct GoalListScreen: KeymapScreen {
    let goals: GoalSelection

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case move, toggle
    }

    /// The keys and line commands: Space, Enter or `<n>` check a goal.
    static let keymap = Keymap<Command>([
        KeyBinding([.up, .down, .home, .end, .pageUp, .pageDown], .move, label: "↑↓", help: "move"),
        KeyBinding([.character(" "), .enter], .toggle, label: "space", help: "check or uncheck", line: "<n>"),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    var title: String { "Serving Goals" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch (command, input) {
        case (.move, .key(let key)):
            _ = goals.selector.handle(key)
        case (.toggle, _):
            let count = goals.selector.items.count
            guard let row = input.item(cursor: goals.selector.cursor, count: count) else {
                return input.missingItem(count: count, "a goal number")
            }
            _ = goals.selector.toggle(row: row)
        case (.move, .line):
            break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let lines =
            goals.selector.render(in: Size(columns: size.columns, rows: max(size.rows - 2, 1)), context: context)
            + ["", footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        numbered(goals.selector.rowTexts(glyphs: context.glyphs), width: context.size.columns)
    }
}
