import CatalogTestSupport
import Foundation
import Testing

/// `catalog tree` and `catalog tree --json` on a catalog file, where groups of one are shown as their entry.
@Suite("catalog tree, inlined groups")
struct TreeOutputTests {
    let catalog = productPath("catalog")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/multilingual.txt").path

    @Test("the text tree follows an inlined entry with its group")
    func text() throws {
        let result = try runProcess(catalog, ["tree", "--file", fixture])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("├── Übersicht · Berichte"))
        #expect(lines.contains("├── Grid Picker · Pickers"))
        #expect(lines.contains("│   │   ├── Document 1.doc"))
    }

    @Test("the JSON tree says which groups an entry stands in for, and only there")
    func json() throws {
        let result = try runProcess(catalog, ["tree", "--json", "--file", fixture])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let children = try #require(root["children"] as? [[String: Any]])
        let overview = try #require(children.first { $0["title"] as? String == "Übersicht" })
        #expect(overview["kind"] as? String == "entry")
        #expect(overview["path"] as? String == "Berichte/Übersicht")
        #expect(overview["inlined"] as? [String] == ["Berichte"])
        let documents = try #require(children.first { $0["title"] as? String == "Documents" })
        #expect(documents["kind"] as? String == "group")
        let presentation = try #require(
            (documents["children"] as? [[String: Any]])?.first { $0["title"] as? String == "Presentation 1.pdf" })
        #expect(presentation["inlined"] == nil)
    }
}
