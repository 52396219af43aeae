import CatalogKit
import CatalogTestSupport
import Testing

/// Groupings built to hurt: long titles and long paths must group in time linear in their size (up to a log).
@Suite("Grouping, hostile")
struct HierarchyHostileTests {
    @Test("bucket labels for long titles that share a long start are found by bisection", .timeLimit(.minutes(10)))
    func longCommonStart() throws {
        let start = String(repeating: "a", count: 20_000)
        // 20 children under 10: 8 shown directly, then buckets of 08–13 and 14–19.
        let lines = (0..<20).map { "Big/\(start)\($0 < 10 ? "0" : "")\($0)" }
        let hierarchy = try Hierarchy(try snapshot(lines), maxChildren: 10)
        // Big holds every entry, so it is the root.
        let big = hierarchy.root
        #expect(hierarchy.title(of: big) == "Catalog › Big")
        let buckets = hierarchy.children(of: big).dropFirst(8)
        #expect(buckets.count == 2)
        let label = hierarchy.title(of: try #require(buckets.first))
        #expect(label == "\(start)08 … \(start)13")
        try hierarchy.checkInvariants()
    }

    @Test("100 groups of 100,000 bytes each group in linear memory", .slow, .timeLimit(.minutes(10)))
    func longDeepPath() throws {
        let name = String(repeating: "g", count: 100_000)
        let path = Array(repeating: name, count: 100).joined(separator: "/")
        let catalog = try snapshot([path + "/Leaf", path + "/Other", "Top"])
        let hierarchy = try Hierarchy(catalog)
        try hierarchy.checkInvariants()
        let record = try #require(catalog.search("leaf").first)
        #expect(hierarchy.path(to: record)?.count == 102)
    }
}
