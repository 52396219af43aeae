import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let checkboxTree = demo(
        "Checkbox Tree", in: ["Trees"], keywords: ["continents", "korean", "대륙", "tri-state", "checkbox"],
        summary: "Continents in Korean with tri-state check boxes",
        scenarios: [
            Scenario("Europe checked, parents mixed", .press(.down, times: 3), .press(" ")),
            Scenario("Americas checked", .press(.down, times: 7), .press(" ")),
            Scenario(
                "Europe and Asia checked in Japanese", locale: "ja", .press(.down, times: 3), .press(" "),
                .press(.down), .press(" ")),
            Scenario("scrolled to Antarctica at 30×12", size: Size(columns: 30, rows: 12), .press(.end)),
        ]
    ) { try CheckboxTreeDemo() }
}

/// A continent or region, with a unique id even where two share a name.
struct Region: Sendable {
    var id: String
    var name: String
    var children: [Region]?

    init(_ id: String, _ name: String, _ children: [Region]? = nil) {
        self.id = id
        self.name = name
        self.children = children
    }

    /// The continents. North America holds a region of the same name with its own id, so each can be checked.
    static let continents = [
        Region(
            "afro-eurasia", "아프로-유라시아",
            [Region("africa", "아프리카"), Region("eurasia", "유라시아", [Region("europe", "유럽"), Region("asia", "아시아")])]),
        Region("australia", "오스트레일리아", [Region("oceania", "오세아니아")]),
        Region(
            "americas", "아메리카",
            [
                Region(
                    "north-america", "북아메리카",
                    [
                        Region("north-america/north-america", "북아메리카"),
                        Region("central-america", "중앙아메리카"), Region("caribbean", "카리브"),
                    ]),
                Region("south-america", "남아메리카"),
            ]),
        Region("antarctica", "남극"),
    ]
}

/// The continents in Korean as a ``CheckboxTree``, with the checked ids listed below it.
struct CheckboxTreeDemo: LocalizedDemo {
    private(set) var tree: CheckboxTree<Region, String>

    /// The keys and line commands: ↑↓ move, →← or `e <n>` expand, Space or `<n>` check.
    static func keymap(in locale: Locale) -> Keymap<CheckboxCommand> {
        CheckboxTree<Region, String>.keymap(toggling: .checkOrUncheck, in: locale)
    }
    var locale = Locale(identifier: "en")

    init() throws {
        let regions = try Tree(roots: Region.continents, id: \.id, children: \.children)
        tree = CheckboxTree(tree: regions, label: \.name, showsCounts: true)
    }

    var title: String { "Checkbox Tree" }

    /// The checked regions by the names shown, in tree order, never the internal ids, joined as the locale joins a
    /// list ("A, B, and C", "A, B und C").
    func checkedLine(in locale: Locale) -> String {
        let names = tree.checkedIDs.compactMap { tree.title(of: $0) }
        let list = names.isEmpty ? DemoWords.text(.none, in: locale) : ListSummary.summarize(names, locale: locale)
        return DemoWords.text(.checkedList, in: locale, ["list": list])
    }

    mutating func perform(_ command: CheckboxCommand, _ input: CommandInput) -> Action {
        let locale = locale
        return tree.perform(command, input, in: locale) { title, _, state in
            DemoWords.text(state == .unchecked ? .uncheckedItem : .checkedItem, in: locale, ["title": title])
        }
    }

    mutating func click(_ mouse: Mouse, in context: ScreenContext) -> Action {
        guard let (command, input) = tree.clicked(mouse, in: context) else { return .none }
        return perform(command, input)
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        var lines = tree.render(in: Size(columns: size.columns, rows: max(size.rows - 3, 1)), context: context)
        lines += ["", Line(checkedLine(in: context.locale), .dim), footer(in: context)]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(tree.rowTexts(glyphs: context.glyphs), width: width)
            + fitted([checkedLine(in: context.locale)], width: width)
    }
}
