import CatalogKit
import CatalogTerminal

extension Demos {
    static let disclosureGroup = demo(
        "Disclosure Group", in: ["Layout"], keywords: ["expand", "collapse", "accordion", "section", "disclosure"],
        summary: "Sections that open and close to show their content",
        scenarios: [
            Scenario("all sections open", .press(.down), .press(.right), .press(.down), .press(.right)),
            Scenario("all closed", .press(.left)),
        ]
    ) { DisclosureGroupDemo() }
}

/// Sections with ▸/▾ headers: Enter, Space or →/← open and close the one under the cursor.
struct DisclosureGroupDemo: KeymapScreen {
    static let sections: [(title: String, body: [String])] = [
        ("Shipping", ["Standard: 3–5 days", "Express: next day"]),
        ("Returns", ["Free within 30 days", "Keep the receipt"]),
        ("Warranty", ["Two years on parts and labour"]),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, toggle, open, close
    }

    /// The keys and line commands: Enter, Space or `<n>` open and close a section.
    static let keymap = Keymap<Command>([
        KeyBinding([.up], .up, label: "↑↓", help: "move"),
        KeyBinding([.down], .down, help: "move down", footer: false),
        KeyBinding([.enter, .character(" ")], .toggle, label: "⏎", help: "open or close", line: "<n>"),
        KeyBinding([.right], .open, help: "open", footer: false),
        KeyBinding([.left], .close, help: "close", footer: false),
    ])
    var keymap: Keymap<Command> { Self.keymap }

    private(set) var open: Set<Int> = [0]
    private(set) var cursor = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Disclosure Group" }

    mutating func adopt(_ environment: ScreenEnvironment) { glyphs = environment.glyphs }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.sections.count - 1)
        case .open: open.insert(cursor)
        case .close: open.remove(cursor)
        case .toggle:
            guard let section = input.item(cursor: cursor, count: Self.sections.count) else {
                return input.missingItem(count: Self.sections.count, "a section number")
            }
            cursor = section
            if open.remove(section) == nil { open.insert(section) }
        }
        return .none
    }

    func header(_ index: Int) -> String {
        (open.contains(index) ? glyphs.expanded : glyphs.collapsed) + " " + Self.sections[index].title
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines: [Line] = []
        for index in Self.sections.indices {
            lines.append(Line(header(index), index == cursor ? .reverse : .bold))
            if open.contains(index) { lines += Self.sections[index].body.map { Line("    " + $0) } }
        }
        lines += ["", footer]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        var lines: [String] = []
        for index in Self.sections.indices {
            lines.append("\(index + 1). " + header(index))
            if open.contains(index) { lines += Self.sections[index].body.map { "      " + $0 } }
        }
        return fitted(lines, width: width)
    }
}
