import CatalogKit
import CatalogTestSupport
import Testing

@Suite("Grouping")
struct HierarchyTests {
    @Test(
        "a crowded level shows as many children directly as the fewest levels allow, then buckets",
        arguments: [
            (12, 10, ones(9) + [3]), (50, 10, ones(5) + Array(repeating: 9, count: 5)), (15, 10, ones(9) + [6]),
            (11, 10, ones(9) + [2]), (19, 10, ones(9) + [10]), (20, 10, ones(8) + [6, 6]),
            (100, 10, Array(repeating: 10, count: 10)), (101, 10, Array(repeating: 10, count: 9) + [11]),
            (1_000, 10, Array(repeating: 100, count: 10)), (10, 10, ones(10)), (5, 2, [2, 3]), (9, 3, [3, 3, 3]),
            (0, 10, []), (-1, 10, []),
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

    @Test("an entry whose path is a group's (find's directory line) is listed first inside the group, not beside it")
    func ownEntries() throws {
        let catalog = try snapshot(["src", "src/b", "src/a", "src/lib", "src/lib/x", "src/lib/y", "README"])
        let hierarchy = try Hierarchy(catalog)
        #expect(
            hierarchy.treeDescription() == """
                Catalog
                  src
                    lib
                      lib
                      x
                      y
                    src
                    a
                    b
                  README
                """)
        try hierarchy.checkInvariants()
        for record in catalog.recordsInOrder {
            let path = try #require(hierarchy.path(to: record))
            #expect(path.last == .entry(record))
        }
        let lib = try #require(catalog.search("lib").first { catalog.table.path(Int($0)) == "src/lib" })
        #expect(try #require(hierarchy.path(to: lib)).count == 4, "root, src, lib, the entry")
    }

    @Test("when one chain of groups holds every entry, the root is its deepest group, titled by the chain")
    func rootChain() throws {
        let catalog = try snapshot([
            "/usr/share/doc/a/1", "/usr/share/doc/a/2", "/usr/share/doc/b/1", "/usr/share/doc/b/2",
        ])
        let hierarchy = try Hierarchy(catalog)
        #expect(hierarchy.title(of: hierarchy.root) == "Catalog › ∕ › usr › share › doc")
        #expect(hierarchy.children(of: hierarchy.root).map { hierarchy.title(of: $0) } == ["a", "b"])
        try hierarchy.checkInvariants()
        for record in catalog.recordsInOrder {
            #expect(hierarchy.path(to: record)?.first == hierarchy.root)
        }
        // One entry beside the chain keeps the root at the top.
        let mixed = try Hierarchy(try snapshot(["/usr/a", "/usr/b", "top"]))
        #expect(mixed.title(of: mixed.root) == "Catalog")
        // An entry right under "/" stands in for the root group "∕" (fuzz input "/bad").
        let single = try snapshot(["/bad", "X", "A/B"])
        let rooted = try Hierarchy(single)
        try rooted.checkInvariants()
        let bad = try #require(single.search("bad").first)
        #expect(rooted.inlinedGroups(of: .entry(bad), in: rooted.root) == ["∕"])
        #expect(rooted.path(to: bad) == [rooted.root, .entry(bad)])
    }

    @Test("groups come first, then entries; groups of one show as their entry; buckets are labelled by their ends")
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
                    Alert
                    Badge
                    Button
                    Card
                    Chip
                    Dialog
                    Divider
                    Drawer
                    Gauge
                    Grid … Toast
                      Grid
                      List
                      Menu
                      Slider
                      Tabs
                      Toast
                  Pickers
                    Outline · Trees
                    Date
                  Zebra
                """)
        try hierarchy.checkInvariants()
    }

    @Test("a group of one shows as its entry, naming the groups it stands in for, and costs no level")
    func groupsOfOne() throws {
        let catalog = try snapshot(["A/x", "A/y", "B/z", "C/D/w", "e", "f"])
        let hierarchy = try Hierarchy(catalog, maxChildren: 3)
        // Three groups and two entries under three places: the groups share a bucket, which holds no entry.
        #expect(
            hierarchy.treeDescription() == """
                Catalog
                  A … C
                    A
                      x
                      y
                    z · B
                    w · C › D
                  e
                  f
                """)
        try hierarchy.checkInvariants()
        let root = hierarchy.root
        let top = hierarchy.children(of: root)
        let bucket = top[0]
        let inBucket = hierarchy.children(of: bucket)
        let (a, z, w, e) = (inBucket[0], inBucket[1], inBucket[2], top[1])
        #expect(hierarchy.inlinedGroups(of: z, in: bucket) == ["B"])
        #expect(hierarchy.inlinedGroups(of: w, in: bucket) == ["C", "D"])
        #expect(hierarchy.title(of: w, in: bucket) == "w · C › D")
        // Entries of the level itself, groups, buckets, and nodes shown elsewhere stand in for nothing.
        #expect(hierarchy.inlinedGroups(of: e, in: root).isEmpty)
        #expect(hierarchy.inlinedGroups(of: a, in: bucket).isEmpty)
        #expect(hierarchy.inlinedGroups(of: bucket, in: root).isEmpty)
        #expect(hierarchy.inlinedGroups(of: z, in: a).isEmpty)
        #expect(hierarchy.inlinedGroups(of: hierarchy.children(of: a)[0], in: root).isEmpty)
        #expect(hierarchy.entryCount(of: bucket) == 4)
        // The path to an inlined entry ends where it is shown.
        let record = try #require(catalog.search("w").first)
        #expect(w == .entry(record))
        #expect(hierarchy.path(to: record) == [root, bucket, w])
    }

    @Test("long bucket ends shorten to the word that tells them apart")
    func longLabels() throws {
        let titles = (0..<20).map { "Presentation Number \($0) Final" }
        let catalog = try snapshot(titles)
        let hierarchy = try Hierarchy(catalog)
        let labels = hierarchy.children(of: hierarchy.root).dropFirst(8).map { hierarchy.title(of: $0) }
        #expect(
            labels == [
                "Presentation Number 8 … Presentation Number 13", "Presentation Number 14 … Presentation Number 19",
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

    @Test(
        "subgroups are in the natural order of their names, equal ones in byte order, however often a name repeats",
        arguments: [21, 22, 23])
    func subgroupOrder(seed: UInt64) throws {
        print("HierarchyTests.subgroupOrder seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let names = ["src", "Src", "SRC", "v2", "v10", "V2", "v02", "a", "B", "b", "Ärger", "ärger", "x1y", "x01y"]
        let lines = Set(
            (0..<800).map { _ -> String in
                let groups = (0..<Int.random(in: 1...3, using: &rng)).map { _ in names.randomElement(using: &rng)! }
                return groups.joined(separator: "/") + "/" + randomTitle(&rng)
            })
        let hierarchy = try Hierarchy(try snapshot(lines.sorted()), maxChildren: 1_000)
        try hierarchy.checkInvariants()
        var pending = [hierarchy.root]
        var checked = 0
        while let node = pending.popLast() {
            let groups = hierarchy.children(of: node).filter { if case .group = $0 { true } else { false } }
            let titles = groups.map { hierarchy.title(of: $0) }
            for (a, b) in zip(titles, titles.dropFirst()) {
                let order = NaturalOrder.compare(a, b)
                #expect(
                    order < 0 || (order == 0 && a.utf8.lexicographicallyPrecedes(b.utf8)), "seed \(seed): \(a), \(b)")
            }
            checked += titles.count
            pending += groups
        }
        #expect(checked > 100, "seed \(seed)")
    }

    @Test(
        "a path 10,000 groups deep is grouped without recursion, and shown as its entry if it holds only that",
        arguments: [["Leaf", "Other"], ["Leaf"]])
    func deepPath(titles: [String]) throws {
        // Catalog files stop at CatalogFile.maximumGroups; entries registered in code have no limit.
        let registry = Registry<Void>()
        let groups = (0..<10_000).map { "g\($0)" }
        for title in titles { try registry.register(title, in: groups) {} }
        try registry.register("Top") {}
        let catalog = registry.snapshot()
        let hierarchy = try Hierarchy(catalog)
        try hierarchy.checkInvariants()
        let record = try #require(catalog.search("leaf").first)
        let path = try #require(hierarchy.path(to: record))
        if titles.count > 1 {
            #expect(path.count == 10_002)
        } else {
            #expect(path == [hierarchy.root, .entry(record)])
            #expect(hierarchy.inlinedGroups(of: .entry(record), in: hierarchy.root) == groups)
        }
    }
}

/// `count` ones: that many children shown directly.
func ones(_ count: Int) -> [Int] { Array(repeating: 1, count: count) }
