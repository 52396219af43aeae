import CatalogKit
import CatalogTestSupport
import Testing

@Suite("Grouping")
struct HierarchyTests {
    @Test(
        "bucket sizes add the least depth and differ by at most one",
        arguments: [
            (15, 10, [8, 7]), (1_000, 10, Array(repeating: 100, count: 10)), (10, 10, Array(repeating: 1, count: 10)),
            (11, 10, [6, 5]), (101, 10, [51, 50]), (5, 2, [3, 2]), (9, 3, [3, 3, 3]),
        ])
    func sizes(_ example: (Int, Int, [Int])) {
        #expect(Hierarchy.bucketSizes(count: example.0, maxChildren: example.1) == example.2)
    }

    @Test("1,000 entries make 10 buckets of 100, each 10 buckets of 10")
    func thousand() throws {
        let catalog = try snapshot((0..<1_000).map { "Item \($0)" })
        let hierarchy = try Hierarchy(catalog)
        let top = hierarchy.children(of: hierarchy.root)
        #expect(top.count == 10)
        #expect(top.map { hierarchy.entryCount(of: $0) } == Array(repeating: 100, count: 10))
        #expect(hierarchy.children(of: top[0]).map { hierarchy.entryCount(of: $0) } == Array(repeating: 10, count: 10))
        #expect(hierarchy.title(of: top[0]) == "Item 0 … Item 99")
        try hierarchy.checkInvariants()
    }

    @Test("groups come first, then entries; buckets are labelled by their ends")
    func layout() throws {
        let titles = [
            "Alert", "Badge", "Button", "Card", "Chip", "Dialog", "Divider", "Drawer", "Gauge", "Grid", "List",
            "Menu", "Slider", "Tabs", "Toast",
        ]
        let catalog = try snapshot(titles.map { "Effects/\($0)" } + ["Pickers/Trees/Outline", "Pickers/Date", "Zebra"])
        let hierarchy = try Hierarchy(catalog, maxChildren: 10)
        #expect(
            hierarchy.treeDescription() == """
                Catalog
                  Effects
                    Alert … Drawer
                      Alert
                      Badge
                      Button
                      Card
                      Chip
                      Dialog
                      Divider
                      Drawer
                    Gauge … Toast
                      Gauge
                      Grid
                      List
                      Menu
                      Slider
                      Tabs
                      Toast
                  Pickers
                    Trees
                      Outline
                    Date
                  Zebra
                """)
        try hierarchy.checkInvariants()
    }

    @Test("long bucket ends shorten to the word that tells them apart")
    func longLabels() throws {
        let titles = (0..<12).map { "Presentation Number \($0) Final" }
        let catalog = try snapshot(titles)
        let hierarchy = try Hierarchy(catalog)
        let labels = hierarchy.children(of: hierarchy.root).map { hierarchy.title(of: $0) }
        #expect(
            labels == [
                "Presentation Number 0 … Presentation Number 5", "Presentation Number 6 … Presentation Number 11",
            ])
    }

    @Test("a limit below 2 is an error")
    func invalidLimit() throws {
        let catalog = try snapshot(["A"])
        #expect(throws: Hierarchy.Error.self) { try Hierarchy(catalog, maxChildren: 1) }
        #expect(throws: Hierarchy.Error.self) { try Hierarchy(catalog, maxChildren: 0) }
    }

    @Test("random catalogs keep every invariant at every limit", arguments: [11, 12, 13, 14])
    func randomInvariants(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let groups = ["A", "B", "A/C", "A/C/D", "Ü", "Юг", ""]
        let lines = Set(
            (0..<Int.random(in: 1...700, using: &rng)).map { _ -> String in
                let group = groups.randomElement(using: &rng) ?? ""
                return (group.isEmpty ? "" : group + "/") + randomTitle(&rng)
            })
        let catalog = try snapshot(lines.sorted())
        for limit in [2, 3, 5, 10, 16] {
            let hierarchy = try Hierarchy(catalog, maxChildren: limit)
            try hierarchy.checkInvariants()
            for record in catalog.recordsInOrder.prefix(50) {
                let path = try #require(hierarchy.path(to: record), "seed \(seed), limit \(limit)")
                #expect(path.last == .entry(record))
                for (parent, child) in zip(path, path.dropFirst()) {
                    #expect(hierarchy.children(of: parent).contains(child), "seed \(seed), limit \(limit)")
                }
            }
        }
    }

    @Test("a path 10,000 groups deep is grouped without recursion")
    func deepPath() throws {
        // Catalog files stop at CatalogFile.maximumGroups; entries registered in code have no limit.
        let registry = Registry<Void>()
        try registry.register("Leaf", in: (0..<10_000).map { "g\($0)" }) {}
        try registry.register("Top") {}
        let catalog = registry.snapshot()
        let hierarchy = try Hierarchy(catalog)
        try hierarchy.checkInvariants()
        let record = try #require(catalog.search("leaf").first)
        #expect(hierarchy.path(to: record)?.count == 10_002)
    }
}
