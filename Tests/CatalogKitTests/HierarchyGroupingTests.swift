import CatalogKit
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogKit

/// Grouping a file while its entries sort (`CatalogFile.parseGrouped`, the launcher's and `tree --file`'s way)
/// makes what parsing and then grouping make.
@Suite("Grouping while sorting")
struct HierarchyGroupingTests {
    /// A list shaped like `find`'s: directories listed before what they hold, some of them twice deep in one
    /// place, names that sort by their numbers, an absolute part, `./` and the lines `/` and `.`.
    static func list(seed: UInt64, count: Int) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var lines: [String] = ["/", "."]
        var seen: Set<String> = []
        let roots = ["src", "./docs", "/usr/share", "Tests", "ÄÖ", "데이터"]
        while lines.count < count {
            var path = roots[Int.random(in: 0..<roots.count, using: &rng)]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                path += "/d\(Int.random(in: 0..<12, using: &rng))"
                if seen.insert(path).inserted { lines.append(path) }
            }
            path += "/file\(Int.random(in: 0..<40, using: &rng)).txt"
            if seen.insert(path).inserted { lines.append(path) }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test("the same tree, entries and root as grouping the parsed snapshot", arguments: [2, 3, 10])
    func sameAsParseThenGroup(maxChildren: Int) throws {
        for seed in UInt64(1)...3 {
            let bytes = Self.list(seed: seed, count: 3_000)
            let parsed: Snapshot<Void> = try CatalogFile.parse(bytes)
            let sequential = try Hierarchy(parsed, rootTitle: "Files", maxChildren: maxChildren)
            let (snapshot, together): (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(
                bytes, rootTitle: "Files", maxChildren: maxChildren)
            #expect(snapshot.recordsInOrder == parsed.recordsInOrder, "seed \(seed)")
            #expect(together.treeDescription() == sequential.treeDescription(), "seed \(seed)")
            #expect(together.root == sequential.root)
            try together.checkInvariants()
        }
    }

    @Test("a list of many directories groups beside the sort; a catalog of few groups, after it, alike")
    func manyOrFewGroups() throws {
        let deep: Snapshot<Void> = try CatalogFile.parse(Self.list(seed: 7, count: 3_000))
        #expect(Hierarchy.hasManyGroups(deep.table))
        let few = Array((0..<3_000).map { "G\($0 % 7)/Sub\($0 % 3)/Item \($0)\n" }.joined().utf8)
        let parsed: Snapshot<Void> = try CatalogFile.parse(few)
        #expect(!Hierarchy.hasManyGroups(parsed.table))
        let (_, together): (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(few)
        #expect(together.treeDescription() == (try Hierarchy(parsed)).treeDescription())
        // Too few records to be worth a thread.
        let small: Snapshot<Void> = try CatalogFile.parse(Self.list(seed: 7, count: 500))
        #expect(!Hierarchy.hasManyGroups(small.table))
    }

    @Test("a limit below 2, or a bad line, is refused as parsing and grouping refuse it")
    func refusals() throws {
        #expect(throws: Hierarchy.Error.self) {
            let _: (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(Array("a\n".utf8), maxChildren: 1)
        }
        #expect(throws: CatalogFile.Error(line: 2, problem: "duplicate path 'a' (first on line 1)")) {
            let _: (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(Array("a\na\n".utf8))
        }
    }
}
