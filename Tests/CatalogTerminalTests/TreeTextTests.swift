import CatalogKit
import CatalogTerminal
import Testing

@Suite("Tree text")
struct TreeTextTests {
    @Test("draws buckets and groups with rules, and an entry shown in place of its groups with them after it")
    func inlinedGroups() throws {
        let lines = "A/x\nA/y\nB/z\nC/D/w\ne\nf"
        let catalog: Snapshot<Void> = try CatalogFile.parse(Array(lines.utf8))
        let hierarchy = try Hierarchy(catalog, maxChildren: 3)
        #expect(
            TreeText.lines(hierarchy) == [
                "Catalog",
                "├── A … C",
                "│   ├── A",
                "│   │   ├── x",
                "│   │   └── y",
                "│   ├── z · B",
                "│   └── w · C › D",
                "├── e",
                "└── f",
            ])
    }
}
