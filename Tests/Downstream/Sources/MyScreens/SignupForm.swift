import CatalogCommand

/// A sign-up form made of the library's widgets: Tab moves between them, and the focused one takes the keys.
struct SignupForm: KeymapScreen {
    enum Command { case submit, name, newsletter, topic }
    var name = TextField(placeholder: "your name")
    var newsletter = Toggle(isOn: true)
    var topics: MultiSelector<String>
    var focus = FocusRing(count: 3)
    let keymap = Keymap<Command>([
        KeyBinding([.enter], .submit, help: "sign up", line: "submit"),
        KeyBinding([], .name, help: "set the name", footer: false, line: "name <text>"),
        KeyBinding([], .newsletter, help: "switch the newsletter", footer: false, line: "newsletter"),
        KeyBinding([], .topic, help: "pick a topic", footer: false, line: "topic <n>"),
    ])
    var takesText: Bool { true }

    init() throws {
        topics = try MultiSelector(items: ["Swift", "Terminals", "Typography"].map { .init(id: $0, title: $0) })
    }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        guard let key = event.key else { return .none }
        // Enter signs up wherever the focus is, as the footer says; Space switches and ticks.
        if key == .enter { return perform(key: key, in: context) }
        let used =
            switch focus.index {
            case 0: name.handle(key).wasHandled
            case 1: newsletter.handle(key).wasHandled
            default: topics.handle(key).wasHandled
            }
        if used || focus.move(for: key) { return .none }
        return perform(key: key, in: context)
    }

    mutating func perform(_ command: Command, _ input: CommandInput, in context: ScreenContext) -> Action {
        switch (command, input) {
        case (.name, .line(let text)): name.set(text)
        case (.newsletter, _): newsletter.isOn.toggle()
        case (.topic, _):
            guard let row = input.item(cursor: topics.cursor, count: topics.items.count) else { return .bell }
            topics.toggle(row: row)
        default:
            guard !name.text.isEmpty else { return .status("Type a name first.") }
            let news = newsletter.isOn ? "with" : "without"
            let picked = topics.summary(locale: context.locale, empty: "no topics")
            return .status("Signed up \(name.text) for \(picked), \(news) news.")
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        var canvas = Canvas(size: context.size)
        let rows = Layout.rows([.fixed(1), .fixed(1), .fixed(topics.items.count), .fixed(1)], spacing: 1).split(
            Rect(context.size))
        for (index, label) in ["Name", "Newsletter", "Topics"].enumerated() {
            let parts = Layout.columns([.fixed(12), .fill(1)]).split(rows[index])
            canvas.draw([Line(label, focus.isFocused(index) ? .focusedLabel : .plain)], in: parts[0])
            let size = parts[1].size
            let lines =
                switch index {
                case 0: name.render(in: size, focused: focus.isFocused(0), context: context)
                case 1: newsletter.render(in: size, focused: focus.isFocused(1), context: context)
                default: topics.render(in: size, focused: focus.isFocused(2), context: context)
                }
            canvas.draw(lines, in: parts[1])
        }
        canvas.draw([footer], in: rows[3])
        let caret = (row: rows[0].row, column: 12 + name.caretColumn(width: context.size.columns - 12))
        return canvas.frame(cursor: focus.isFocused(0) ? caret : nil)
    }
}

extension MyScreens {
    static func registerSignupForm(in registry: Registry<any Screen>) throws {
        try registry.register(
            "Signup Form", in: ["Forms"], keywords: ["sign up", "newsletter"], summary: "A name, a switch, topics",
            scenarios: [
                Scenario("empty"),
                Scenario("filled in", .type("Ada"), .press(.tab, times: 2), .press(" "), .press(.down), .press(" ")),
                Scenario("signed up", .type("Ada"), .press(.enter)),
                Scenario("signed up from the topics", .type("Ada"), .press(.tab, times: 2), .press(.enter)),
            ]
        ) { try SignupForm() }
    }
}
