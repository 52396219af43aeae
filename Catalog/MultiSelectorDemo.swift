import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let multiSelector = demo(
        "Multi Selector", in: ["Forms"], keywords: ["multiple", "checkmark", "summary", "form", "text field"],
        summary: "An Edit Task form whose goals row sums up a multiple selection",
        controls: [.integer("goals", default: 5, in: 1...5)],
        scenarios: [
            Scenario("goal list in Russian", locale: "ru", .press(.down), .press(.enter)),
            Scenario("three goals selected"),
            Scenario(
                "summary cut to fit", size: MultiSelectorDemo.narrow,
                steps: MultiSelectorDemo.checkingAll + [.press(.escape)]),
            Scenario(
                "German summary cut to fit", size: MultiSelectorDemo.narrow, locale: "de",
                steps: MultiSelectorDemo.checkingAll + [.press(.escape)]),
            Scenario(
                "first goal cut beside the count", size: Size(columns: 40, rows: 10),
                steps: MultiSelectorDemo.checkingAll + [.press(.escape)]),
            Scenario("Korean summary", locale: "ko", .press(.down)),
            Scenario("goal list, all five checked", steps: MultiSelectorDemo.checkingAll),
            Scenario("name edited to every week", .press(.backspace, times: 3), .type("week")),
            Scenario("two goals to choose from", controls: ["goals": 2], .press(.down), .press(.enter)),
        ]
    ) { values in try MultiSelectorDemo(goals: values.integer("goals")) }
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
    private static func renaming(in locale: Locale) -> KeyBinding<Command> {
        KeyBinding([], .rename, help: DemoWords.text(.setName, in: locale), footer: false, line: "name <text>")
    }

    /// The keys while the name has focus; printable keys are typed into it.
    static func nameField(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.down, .tab, .enter], .nextField, label: "↓/⏎", help: words(.nextField)),
            KeyBinding(
                [.backspace, .delete, .left, .right, .home, .end, .control("a"), .control("e")], .edit,
                label: "⌫/←→", help: words(.editName)),
            renaming(in: locale),
            KeyBinding([], .openGoals, help: words(.chooseGoals), footer: false, line: "goals"),
        ])
    }

    /// The keys while the goals row has focus.
    static func goalsField(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .backTab], .previousField, label: "↑", help: words(.nameField)),
            KeyBinding(
                [.enter, .character(" "), .right], .openGoals, label: "⏎", help: words(.chooseGoals), line: "goals"),
            renaming(in: locale),
        ])
    }

    /// The keys of the field with focus, in a locale's language.
    func keymap(in locale: Locale) -> Keymap<Command> {
        focus == .name ? Self.nameField(in: locale) : Self.goalsField(in: locale)
    }

    var keymap: Keymap<Command> { keymap(in: locale) }

    private(set) var name = TextField("Learn more every day")
    private(set) var focus = Field.name
    let goals: GoalSelection
    /// The user's locale, as the environment says; the summary joins the goals in its language.
    private(set) var locale = ScreenEnvironment.standard.locale

    static let goalTitles = [
        "Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift", "Read more books", "Run a marathon",
    ]
    static let labelWidth = 16

    /// The width of the labels' column in a locale: 16, or more for a language whose labels are longer.
    static func labelWidth(in locale: Locale) -> Int {
        let labels = [DemoWords.name, .servingGoals].map { DisplayWidth.of(DemoWords.text($0, in: locale)) }
        return max(labelWidth, (labels.max() ?? 0) + 3)
    }

    /// Scenario steps: from the name field, open the goals and check the two left unchecked, so all five are.
    static let checkingAll: [Scenario.Step] = [
        .press(.down), .press(.enter), .press(.down, times: 3), .press(" "), .press(.down), .press(" "),
    ]
    /// A size at which all five goals don't fit the summary, but two and "3 more" do, in English and German.
    static let narrow = Size(columns: 64, rows: 10)

    /// A form whose goal list holds the first `count` goals (1 to 5), those at `selected` checked.
    init(selected: [Int] = [0, 1, 2], goals count: Int = goalTitles.count) throws {
        let items = Self.goalTitles.prefix(min(max(count, 1), Self.goalTitles.count)).map {
            MultiSelector<String>.Item(id: Slug.make([$0]), title: $0)
        }
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
        goals.selector.summary(
            width: max(columns - Self.labelWidth(in: locale) - 2, 1), locale: locale,
            empty: DemoWords.text(.noGoals, in: locale))
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let g = context.glyphs
        let labelWidth = Self.labelWidth(in: locale)
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        func row(_ label: String, _ value: String, _ field: Field) -> Line {
            let pointer = DisplayWidth.pad(focus == field ? g.pointer : "", to: DisplayWidth.of(g.pointer))
            return Line(
                pointer + " " + DisplayWidth.pad(label, to: labelWidth - 2) + value,
                focus == field ? .bold : .plain)
        }
        // The name scrolls in the columns after its label, so the caret stays in view however long it grows.
        let fieldWidth = max(size.columns - labelWidth, 1)
        let field = name.render(in: Size(columns: fieldWidth, rows: 1), focused: false, context: context).first
        let lines = [
            Line(words(.editTask), .bold), "",
            row(words(.name), field?.text ?? "", .name),
            row(words(.servingGoals), summary(columns: size.columns) + " " + g.collapsed, .goals),
            "", Line(keymap(in: locale).footer, .dim),
        ]
        let cursor = focus == .name ? (row: 2, column: labelWidth + name.caretColumn(width: fieldWidth)) : nil
        return Frame(lines: lines, cursor: cursor).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return fitted(
            [words(.editTask), "\(words(.name)): \(name.text)", "\(words(.servingGoals)): \(summary(columns: width))"],
            width: width)
    }
}

/// The list of goals pushed from the form: Space or Enter toggles a checkmark.
struct GoalListScreen: LocalizedDemo {
    let goals: GoalSelection

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case move, toggle
    }

    /// The keys and line commands: Space, Enter or `<n>` check a goal.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .down, .home, .end, .pageUp, .pageDown], .move, label: "↑↓", help: words(.move)),
            KeyBinding([.character(" "), .enter], .toggle, label: "space", help: words(.checkOrUncheck), line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    var title: String { DemoWords.text(.servingGoals, in: locale) }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch (command, input) {
        case (.move, .key(let key)):
            _ = goals.selector.handle(key)
        case (.toggle, _):
            let count = goals.selector.items.count
            guard let row = input.item(cursor: goals.selector.cursor, count: count) else {
                return input.missingItem(count: count, DemoWords.text(.askGoalNumber, in: locale), locale: locale)
            }
            _ = goals.selector.toggle(row: row)
        case (.move, .line):
            break
        }
        return .none
    }

    /// The wheel moves the cursor; a left press checks or unchecks the goal pressed, as Space does.
    mutating func click(_ mouse: Mouse, in context: ScreenContext) -> Action {
        switch mouse.action {
        case .scrollUp: return perform(.move, .key(.up))
        case .scrollDown: return perform(.move, .key(.down))
        case .press where mouse.button == .left:
            let height = max(context.size.rows - 2, 1)
            guard let row = goals.selector.row(at: mouse, height: height) else { return .none }
            goals.selector.pin(height: height)
            return perform(.toggle, .line("\(row + 1)"))
        default: return .none
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let lines =
            goals.selector.render(in: Size(columns: size.columns, rows: max(size.rows - 2, 1)), context: context)
            + ["", footer(in: context)]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        numbered(goals.selector.rowTexts(glyphs: context.glyphs), width: context.size.columns)
    }
}
