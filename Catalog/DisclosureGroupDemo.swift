import CatalogKit
import CatalogTerminal

extension Demos {
    static let disclosureGroup = demo(
        "Disclosure Group", in: ["Layout"], keywords: ["expand", "collapse", "accordion", "section", "disclosure"],
        summary: "Sections that open and close to show their content"
    ) { DisclosureGroupDemo() }
}

/// Sections with ▸/▾ headers: Enter, Space or →/← open and close the one under the cursor.
struct DisclosureGroupDemo: Screen {
    static let sections: [(title: String, body: [String])] = [
        ("Shipping", ["Standard: 3–5 days", "Express: next day"]),
        ("Returns", ["Free within 30 days", "Keep the receipt"]),
        ("Warranty", ["Two years on parts and labour"]),
    ]

    private(set) var open: Set<Int> = [0]
    private(set) var cursor = 0
    let glyphs: Glyphs

    init(glyphs: Glyphs = DemoEnvironment.glyphs) { self.glyphs = glyphs }

    var title: String { "Disclosure Group" }
    var lineHelp: [String] { ["<n>      open or close section n"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.sections.count - 1)
        case .enter, .character(" "): toggle(cursor)
        case .right: open.insert(cursor)
        case .left: open.remove(cursor)
        default: break
        }
        return .none
    }

    private mutating func toggle(_ index: Int) {
        if open.remove(index) == nil { open.insert(index) }
    }

    func header(_ index: Int) -> String {
        (open.contains(index) ? glyphs.expanded : glyphs.collapsed) + " " + Self.sections[index].title
    }

    func render(in size: Size) -> Frame {
        var lines: [Line] = []
        for index in Self.sections.indices {
            lines.append(Line(header(index), index == cursor ? .reverse : .bold))
            if open.contains(index) { lines += Self.sections[index].body.map { Line("    " + $0) } }
        }
        lines += ["", Line("↑↓ move  Enter open/close", .dim)]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        var lines: [String] = []
        for index in Self.sections.indices {
            lines.append("\(index + 1). " + header(index))
            if open.contains(index) { lines += Self.sections[index].body.map { "      " + $0 } }
        }
        return fitted(lines, width: width)
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        guard command.word.isEmpty, let number = command.number, Self.sections.indices.contains(number - 1) else {
            return .unknownCommand(line, hint: "Type a section's number to open or close it.")
        }
        cursor = number - 1
        toggle(cursor)
        return .none
    }
}
