import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let disclosureGroup = demo(
        "Disclosure Group", in: ["Layout"], keywords: ["expand", "collapse", "accordion", "section", "disclosure"],
        summary: "Sections that open and close to show their content",
        scenarios: [
            Scenario("all sections open", .press(.down), .press(.right), .press(.down), .press(.right)),
            Scenario("all closed", .press(.left)),
            Scenario("all open in Korean", locale: "ko", .press(.down), .press(.right), .press(.down), .press(.right)),
        ]
    ) { DisclosureGroupDemo() }
}

/// Sections with ▸/▾ headers: Enter, Space or →/← open and close the one under the cursor.
struct DisclosureGroupDemo: LocalizedDemo {
    /// The sections, their titles and lines named by their keys in the tables.
    static let sections: [(title: DemoWords, body: [DemoWords])] = [
        (.shipping, [.shippingStandard, .shippingExpress]),
        (.returns, [.returnsFree, .returnsReceipt]),
        (.warranty, [.warrantyTerms]),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, toggle, open, close
    }

    /// The keys and line commands: Enter, Space or `<n>` open and close a section.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up], .up, label: "↑↓", help: words(.move)),
            KeyBinding([.down], .down, help: words(.moveDown), footer: false),
            KeyBinding([.enter, .character(" ")], .toggle, label: "⏎", help: words(.openOrClose), line: "<n>"),
            KeyBinding([.right], .open, help: words(.open), footer: false),
            KeyBinding([.left], .close, help: words(.close), footer: false),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var open: Set<Int> = [0]
    private(set) var cursor = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Disclosure Group" }

    mutating func adopt(_ environment: ScreenEnvironment) {
        glyphs = environment.glyphs
        locale = environment.locale
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.sections.count - 1)
        case .open: open.insert(cursor)
        case .close: open.remove(cursor)
        case .toggle:
            guard let section = input.item(cursor: cursor, count: Self.sections.count) else {
                return input.missingItem(
                    count: Self.sections.count, DemoWords.text(.askSectionNumber, in: locale), locale: locale)
            }
            cursor = section
            if open.remove(section) == nil { open.insert(section) }
        }
        return .none
    }

    func header(_ index: Int, in context: ScreenContext) -> String {
        (open.contains(index) ? glyphs.expanded : glyphs.collapsed) + " "
            + DemoWords.text(Self.sections[index].title, in: context)
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines: [Line] = []
        var cursorRow = 0
        for index in Self.sections.indices {
            if index == cursor { cursorRow = lines.count }
            lines.append(Line(header(index, in: context), index == cursor ? .reverse : .bold))
            if open.contains(index) {
                lines += Self.sections[index].body.map { Line("    " + DemoWords.text($0, in: context)) }
            }
        }
        return framed(lines, cursorRow: cursorRow, bottom: ["", footer(in: context)], size: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        var lines: [String] = []
        for index in Self.sections.indices {
            lines.append("\(index + 1). " + header(index, in: context))
            if open.contains(index) {
                lines += Self.sections[index].body.map { "      " + DemoWords.text($0, in: context) }
            }
        }
        return fitted(lines, width: width)
    }
}
