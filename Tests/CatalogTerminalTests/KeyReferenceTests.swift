import CatalogTerminal
import Foundation
import Testing

/// The README's key table, the help overlay and the manual page all come from the menu's keymap and the launcher's:
/// the table is checked against ``MenuKeys/reference`` here, and the overlay and the manual read it directly.
@Suite("Key reference")
struct KeyReferenceTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The table as the README holds it.
    static var table: String {
        let rows = MenuKeys.reference.map { item in
            "| `\(item.keys.replacingOccurrences(of: "|", with: "\\|"))` | \(item.help) |"
        }
        return (["| key | what it does |", "|---|---|"] + rows).joined(separator: "\n")
    }

    @Test("the README lists every key of the launcher and the picker, as the keymaps say")
    func readmeTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- keys -->\n"))
        let end = try #require(text.range(of: "\n<!-- /keys -->"))
        let shown = String(text[start.upperBound..<end.lowerBound])
        #expect(shown == Self.table, "Put this between the keys markers of README.md:\n\(Self.table)")
    }

    @Test("the reference holds every default binding's keys, and the launcher's own")
    func complete() {
        let labels = MenuKeys.reference.map(\.keys).joined(separator: " ")
        for binding in MenuKeys.defaults.bindings {
            for key in binding.keys {
                #expect(labels.contains(key.description), "\(key) is bound but not listed")
            }
        }
        for key: Key in [.function(1), .function(2), .function(3), .control("c"), .control("z")] {
            #expect(labels.contains(key.description) || labels.contains("ctrl-c/g"), "\(key)")
        }
    }
}
