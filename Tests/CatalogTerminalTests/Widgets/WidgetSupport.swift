import CatalogKit
import CatalogTerminal
import Foundation

/// A tree node for widget tests.
struct TestNode: Sendable {
    var id: String
    var title: String
    var children: [TestNode]?

    init(_ title: String, id: String? = nil, _ children: [TestNode]? = nil) {
        self.id = id ?? title
        self.title = title
        self.children = children
    }

    /// A category tree three levels deep.
    static let categories = [
        TestNode(
            "Electronics", [TestNode("Computers", [TestNode("Laptops"), TestNode("Desktops")]), TestNode("Phones")]),
        TestNode("Home", [TestNode("Kitchen"), TestNode("Garden")]),
        TestNode("Books"),
    ]

    static func tree(_ roots: [TestNode]) throws -> Tree<TestNode, String> {
        try Tree(roots: roots, id: \.id, children: \.children)
    }
}

/// The lines' text with trailing spaces removed, joined by newlines.
func text(_ lines: [Line]) -> String {
    lines.map { String($0.text.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
}

/// The text of a frame padded to `rows` lines, trailing spaces removed.
func text(_ frame: Frame, rows: Int = 22) -> String {
    text(frame.lines + Array(repeating: Line(), count: max(rows - frame.lines.count, 0)))
}

extension Widget {
    /// Draws the widget focused, `width` cells wide, in the standard environment with some glyphs.
    func render(width: Int, height: Int = 1_000, glyphs: Glyphs = .unicode, focused: Bool = true) -> [Line] {
        let environment = ScreenEnvironment(locale: Locale(identifier: "en"), glyphs: glyphs)
        return render(
            in: Size(columns: width, rows: height), focused: focused,
            context: ScreenContext(size: Size(columns: width, rows: height), environment: environment))
    }
}
