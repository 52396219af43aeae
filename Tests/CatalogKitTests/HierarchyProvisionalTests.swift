import CatalogKit
import CatalogTestSupport
import Testing

@testable import CatalogKit

/// The top level a launcher shows before the sort (`Hierarchy.provisional`) is the whole hierarchy's top level, or
/// is not made at all.
@Suite("Provisional top level")
struct HierarchyProvisionalTests {
    /// What a level shows, node for node: the node, its title, its entry count and the groups it stands for.
    func shown(_ hierarchy: Hierarchy) -> [String] {
        let root = hierarchy.root
        return [hierarchy.title(of: root)]
            + hierarchy.children(of: root).map { child in
                "\(child) \(hierarchy.title(of: child, in: root)) \(hierarchy.entryCount(of: child))"
            }
    }

    func both(_ lines: [String], maxChildren: Int = 10) throws -> (whole: Hierarchy, provisional: Hierarchy?) {
        let snapshot: Snapshot<Void> = try CatalogFile.parse(Array(lines.map { $0 + "\n" }.joined().utf8))
        let whole = try Hierarchy(snapshot, rootTitle: "Catalog", maxChildren: maxChildren)
        return (whole, Hierarchy.provisional(snapshot.table, rootTitle: "Catalog", maxChildren: maxChildren))
    }

    /// Random lists of paths: absolute or not, under a chain or not, with directories listed, groups of one
    /// entry, and levels of more than ten groups. Whenever a provisional level is made, it is the whole one.
    @Test("a provisional top level shows what the whole hierarchy's does, node for node", arguments: 1...40)
    func sameTopLevel(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let prefix = ["", "/", "/usr/", "/usr/share/doc/", "src/"].randomElement(using: &random)!
        // One directory at the top is a chain, whose root then holds the file `x`, placed by the sort.
        let top = Int.random(in: 1...25, using: &random)
        // Every directory at the top holds two entries or more, unless the seed gives it one alone.
        var lines: Set<String> = Set((0..<top).flatMap { [prefix + "d\($0)/x", prefix + "d\($0)/e0/y"] })
        for _ in 0..<Int.random(in: 0...300, using: &random) {
            let depth = Int.random(in: 1...4, using: &random)
            var path = prefix + "d\(Int.random(in: 0..<top, using: &random))"
            for _ in 0..<depth { path += "/e\(Int.random(in: 0..<3, using: &random))" }
            lines.insert(path)
            // Now and then a directory itself, as find lists it.
            if Int.random(in: 0..<10, using: &random) == 0 { lines.insert(prefix + "d0") }
            if Int.random(in: 0..<10, using: &random) == 0 { lines.insert(prefix + "d1/e0") }
        }
        // Some seeds add what only the whole hierarchy can show, a file at the top; others a group of one entry.
        let viable = seed % 4 != 0 && top > 1
        if !viable { lines.insert(prefix + "file.txt") }
        if seed % 3 == 0 { lines.insert(prefix + "lone/e\(seed % 2)/z") }
        let maxChildren = [3, 10].randomElement(using: &random)!
        let (whole, provisional) = try both(Array(lines).shuffled(using: &random), maxChildren: maxChildren)
        #expect((provisional != nil) == viable, "seed \(seed): made only when exact")
        guard let provisional else { return }
        #expect(shown(provisional) == shown(whole), "seed \(seed)")
        #expect(provisional.root == whole.root, "seed \(seed)")
    }

    /// A list under a chain of directories starts below the groups all its paths spell alike, which the root lies
    /// in or below: a pass less for each.
    @Test("the groups every path shares are counted as the walk counts them, and no further")
    func sharedGroups() throws {
        func shared(_ lines: [String]) throws -> Int {
            let snapshot: Snapshot<Void> = try CatalogFile.parse(Array(lines.map { $0 + "\n" }.joined().utf8))
            return Hierarchy.Builder.sharedGroups(snapshot.table)
        }
        #expect(try shared(["/usr/bin/zsh", "/usr/lib/a.so"]) == 2)
        #expect(try shared(["/usr/share/doc/a/x", "/usr/share/doc/a/y"]) == 5)
        // A directory's own line lies in its parent: `/usr` shares only `/`.
        #expect(try shared(["/usr", "/usr/bin/zsh", "/usr/lib/a.so"]) == 1)
        // Names that share their first letters share no group.
        #expect(try shared(["src/main.c", "srcs/x.c"]) == 0)
        #expect(try shared(["./src/a/x.c", "./src/b/y.c"]) == 1)
        #expect(try shared(["a/x", "b/y", "a/z"]) == 0)
        #expect(try shared(["only/one/file.c"]) == 2)
    }

    @Test("made for trees of directories, under a chain too; not where the top level needs the sort or more")
    func whenMade() throws {
        let deep = (0..<30).flatMap { ["p\($0)/a/x.c", "p\($0)/b/y.c"] }
        #expect(try both(deep).provisional != nil)
        // find /usr: its chain of `/` and `usr`, and the directories themselves listed.
        let usr = ["/usr", "/usr/bin", "/usr/bin/zsh", "/usr/bin/sh", "/usr/lib", "/usr/lib/a.so", "/usr/lib/b.so"]
        let chained = try both(usr)
        #expect(chained.provisional != nil)
        #expect(chained.provisional.map(shown) == shown(chained.whole))
        // A file at the top is placed by the sort.
        #expect(try both(deep + ["readme.md"]).provisional == nil)
        // A group of one entry shows that entry and the groups it stands for: they are made whole.
        let lone = try both(Array(deep.prefix(10)) + ["q/only/one.c", "r/two.c"])
        #expect(lone.provisional.map(shown) == shown(lone.whole))
        #expect(shown(lone.whole).contains { $0.contains("one.c · q › only") }, "\(shown(lone.whole))")
    }

    /// A path met again after others (a list in no order) takes its group and its depth from the pass's cache, so
    /// it is kept among the records above the level made (those that may be a directory's own line) only when its
    /// path is, as when it was walked.
    @Test("a path found again in the pass's cache counts at its own depth")
    func cachedDepth() throws {
        let lines = ["a/b/c/x", "q/r", "a/b/c/y", "q/s", "a/z"]
        let snapshot: Snapshot<Void> = try CatalogFile.parse(Array(lines.map { $0 + "\n" }.joined().utf8))
        var builder = Hierarchy.Builder(table: snapshot.table, depthLimit: 2)
        builder.findGroups()
        let shallow = builder.shallow.map { snapshot.table.path(Int($0.record)) }
        #expect(shallow.sorted() == ["a/z", "q/r", "q/s"])
    }
}

/// The snapshot a launcher searches with its top level while the entries sort: the records in the order read.
@Suite("Search in the order read")
struct SearchInReadOrderTests {
    /// The top level's snapshot and the whole one of random lists, in random line order.
    @Test(
        "the top level's snapshot finds what the sorted one finds, in the order read, and ranks ties so",
        arguments: 1...20)
    func sameHits(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var lines = Set<String>()
        for _ in 0..<Int.random(in: 50...400, using: &random) {
            let depth = Int.random(in: 1...3, using: &random)
            lines.insert(
                (0...depth).map { _ in
                    ["src", "Main", "lib", "a b", "x9", "Über"].randomElement(using: &random)!
                        + "\(Int.random(in: 0..<9, using: &random))"
                }.joined(separator: "/"))
        }
        let text = Array(lines.shuffled(using: &random).map { $0 + "\n" }.joined().utf8)
        nonisolated(unsafe) var early: Snapshot<Void>?
        let (whole, _): (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(
            text, topLevel: { snapshot, _ in early = snapshot })
        let top = try #require(early, "a top level was made")
        #expect(top.index.count == whole.count)
        for text in ["src", "main 3", "!lib", "^src | x9", "ub", "zz"] {
            for fuzzy in [false, true] {
                let query = Query(text, fuzzy: fuzzy)
                let found = top.index.search(query)
                #expect(Set(found) == Set(whole.index.search(query)), "\(text) fuzzy \(fuzzy)")
                if !fuzzy { #expect(found == found.sorted(), "exact hits in the order read: \(text)") }
                let ranked = top.index.rankedByScore(top.index.hits(for: query), for: query).ordered
                #expect(Set(ranked) == Set(found))
            }
        }
        #expect(top.recordsInOrder == Array(0..<UInt32(whole.count)))
    }

    @Test("hits that tie on score and length go in the order read, and in natural order once sorted")
    func ties() throws {
        nonisolated(unsafe) var early: Snapshot<Void>?
        let (whole, _): (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(
            Array("d3/x1\nd1/x1\nd2/x1\n".utf8), topLevel: { snapshot, _ in early = snapshot })
        let top = try #require(early)
        for query in [Query("x1", fuzzy: true), Query("x1")] {
            let paths = { (snapshot: Snapshot<Void>) in
                snapshot.index.rankedByScore(snapshot.index.hits(for: query), for: query).ordered.map {
                    snapshot.table.path(Int($0))
                }
            }
            #expect(paths(top) == ["d3/x1", "d1/x1", "d2/x1"])
            #expect(paths(whole) == ["d1/x1", "d2/x1", "d3/x1"])
        }
    }
}
