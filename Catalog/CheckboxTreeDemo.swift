import CatalogKit
import CatalogTerminal

extension Demos {
    static let checkboxTree = demo(
        "Checkbox Tree", in: ["Trees"], keywords: ["continents", "korean", "대륙", "tri-state", "checkbox"],
        summary: "Continents in Korean with tri-state check boxes"
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
struct CheckboxTreeDemo: Screen {
    private(set) var tree: CheckboxTree<Region, String>

    init(glyphs: Glyphs = DemoEnvironment.glyphs) throws {
        let regions = try Tree(roots: Region.continents, id: \.id, children: \.children)
        tree = CheckboxTree(tree: regions, label: \.name, glyphs: glyphs, showsCounts: true)
    }

    var title: String { "Checkbox Tree" }
    var lineHelp: [String] { ["<n>      check or uncheck row n", "e <n>    expand or collapse row n"] }

    /// The checked ids, in tree order.
    var checkedLine: String {
        "Checked: " + (tree.checkedIDs.isEmpty ? "none" : tree.checkedIDs.joined(separator: ", "))
    }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        return report(tree.handle(key))
    }

    private func report(_ outcome: CheckboxTree<Region, String>.Outcome) -> Action {
        guard case .toggled(let id, let state) = outcome, let name = tree.title(of: id) else { return .none }
        return .status((state == .unchecked ? "Unchecked " : "Checked ") + "\(name) (\(id))")
    }

    func render(in size: Size) -> Frame {
        var lines = tree.render(width: size.columns, height: max(size.rows - 3, 1))
        lines.append("")
        lines.append(Line(DisplayWidth.truncate(checkedLine, to: size.columns), .dim))
        lines.append(Line("↑↓ move  →← expand/collapse  Space check", .dim))
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        numbered(tree.rowTexts(), width: width) + fitted([checkedLine], width: width)
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        switch (command.word, command.number) {
        case ("", let row?) where tree.visibleRows.indices.contains(row - 1):
            return report(tree.toggle(row: row - 1))
        case ("e", let row?) where tree.toggleExpansion(row: row - 1):
            return .none
        default:
            return .unknownCommand(line, hint: "Type a row number to check it, or e <n> to expand or collapse.")
        }
    }
}
