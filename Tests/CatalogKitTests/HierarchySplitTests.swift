import CatalogKit
import CatalogTestSupport
import Testing

/// The split rule against an exhaustive search, and the shape it gives hierarchies of random catalogs.
@Suite("Grouping, the split rule")
struct HierarchySplitTests {
    @Test("the split reaches the least average depth: every splitting of up to 40 children is tried", arguments: 2...5)
    func leastDepthAgainstExhaustiveSearch(maxChildren: Int) throws {
        var search = ExhaustiveSearch(maxChildren: maxChildren)
        for count in 1...40 {
            let least = search.leastDepthSum(count)
            let context: Comment = "\(count) children, at most \(maxChildren) a node"
            #expect(Hierarchy.leastDepthSum(count: count, maxChildren: maxChildren) == least, context)
            #expect(depthSum(ofSplitting: count, maxChildren: maxChildren) == least, context)
            // The hierarchy a catalog of that many entries gets is that split.
            let catalog = try snapshot((0..<count).map { "Item \($0)" })
            let hierarchy = try Hierarchy(catalog, maxChildren: maxChildren)
            let level = flatten(hierarchy, hierarchy.root)
            #expect(level.map(\.node) == catalog.recordsInOrder.map { .entry($0) }, context)
            #expect(level.reduce(0) { $0 + $1.depth } == least, context)
        }
    }

    @Test("levels needed stay ⌈log_N k⌉, up to a million children", arguments: [(1_000_000, 10, 6), (1_000, 10, 3)])
    func depthOfAMillion(_ example: (count: Int, maxChildren: Int, depth: Int)) {
        var depths: [Int: Int] = [:]
        func deepest(_ count: Int) -> Int {
            if count == 1 { return 0 }
            if let known = depths[count] { return known }
            let parts = Hierarchy.bucketSizes(count: count, maxChildren: example.maxChildren)
            let depth = 1 + (parts.map(deepest).max() ?? 0)
            depths[count] = depth
            return depth
        }
        #expect(deepest(example.count) == example.depth)
    }

    @Test("200 children under 10: ten even buckets (512 keys in all), not 8 shown directly and two buckets (584)")
    func fewestKeysOverMostDirect() {
        // Showing 8 directly puts the other 192 three keys deep: 8 + 576 keys. The rule puts 88 two keys deep and
        // 112 three keys deep instead, and spreads the deeper ones over the buckets.
        let parts = Hierarchy.bucketSizes(count: 200, maxChildren: 10)
        #expect(parts == [19, 19, 19, 19, 18, 18, 18, 18, 26, 26])
        #expect(depthSum(ofSplitting: 200, maxChildren: 10) == 512)
        #expect(Hierarchy.leastDepthSum(count: 200, maxChildren: 10) == 512)
    }

    @Test("random catalogs: at most N a level, children in order and once each, least depth", arguments: 1...12)
    func randomCatalogs(seed: UInt64) throws {
        print("HierarchySplitTests.randomCatalogs seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let maxChildren = Int.random(in: 2...5, using: &rng)
        // Group names that make crowded groups, groups of one (some nested), and entries at the root.
        let groups = ["A", "B", "A/C", "A/C/D", "E/F/G", "H", "Ü", ""] + (0..<12).map { "One\($0)" }
        var lines = Set<String>()
        for _ in 0..<Int.random(in: 1...90, using: &rng) {
            let group = groups.randomElement(using: &rng) ?? ""
            let title = "T\(Int.random(in: 0..<200, using: &rng))"
            if group.hasPrefix("One") && lines.contains(where: { $0.hasPrefix(group + "/") }) { continue }
            lines.insert((group.isEmpty ? "" : group + "/") + title)
        }
        let catalog = try snapshot(lines.sorted())
        let hierarchy = try Hierarchy(catalog, maxChildren: maxChildren)
        let unsplit = try Hierarchy(catalog, maxChildren: 1_000_000)
        let context: Comment = "seed \(seed), at most \(maxChildren) a node"
        try hierarchy.checkInvariants()
        var search = ExhaustiveSearch(maxChildren: maxChildren)
        var levels = [hierarchy.root]
        var entries = 0
        while let level = levels.popLast() {
            let walked = flatten(hierarchy, level)
            // A depth-first walk meets the level's children in order, each once: the unsplit list.
            #expect(walked.map(\.node) == unsplit.children(of: level), context)
            // Groups (and entries shown in place of one) and entries never share a bucket: the least depth is
            // the least over every sharing of the level's places between the two kinds.
            let groups = walked.filter { child in
                if case .group = child.node { return true }
                return !hierarchy.inlinedGroups(of: child.node, in: child.parent).isEmpty
            }.count
            let least = search.leastDepthSum(kinds: [groups, walked.count - groups])
            #expect(walked.reduce(0) { $0 + $1.depth } == least, context)
            for (node, _, _) in walked {
                if case .group = node { levels.append(node) } else { entries += 1 }
            }
            var pending = [level]
            while let node = pending.popLast() {
                let children = hierarchy.children(of: node)
                #expect(children.count <= maxChildren, context)
                pending += children.filter { if case .bucket = $0 { return true } else { return false } }
            }
        }
        #expect(entries == catalog.count, context)
        for record in catalog.recordsInOrder {
            let path = try #require(hierarchy.path(to: record), context)
            #expect(path.first == hierarchy.root && path.last == .entry(record), context)
            for (parent, child) in zip(path, path.dropFirst()) {
                #expect(hierarchy.children(of: parent).contains(child), context)
            }
        }
    }
}

/// The least total depth of k children under one node, found by trying every way to split them: a node shows 2 to
/// N parts in order, each either one child (one key deep) or a bucket of p ≥ 2 children, split again the same way
/// (p keys to enter it, plus the depths inside). Only the sub-results for bucket sizes are remembered.
struct ExhaustiveSearch {
    let maxChildren: Int
    private var least: [Int: Int] = [:]

    init(maxChildren: Int) { self.maxChildren = maxChildren }

    mutating func leastDepthSum(_ count: Int) -> Int {
        if count <= 1 { return max(count, 0) }
        if let known = least[count] { return known }
        var best = Int.max
        var parts: [Int] = []
        visit(count, top: maxChildren, fewest: 2, &parts, &best)
        least[count] = best
        return best
    }

    /// The least total depth of a level whose children are of several kinds in order, no bucket holding two
    /// kinds: every sharing of the N places among the kinds is tried, each kind split every way into its places.
    mutating func leastDepthSum(kinds: [Int]) -> Int {
        let kinds = kinds.filter { $0 > 0 }
        let total = kinds.reduce(0, +)
        if total <= maxChildren || kinds.count == 1 { return total <= maxChildren ? total : leastDepthSum(total) }
        var best = Int.max
        func share(_ kind: Int, _ placesLeft: Int, _ sum: Int) {
            if kind == kinds.count {
                best = min(best, sum)
                return
            }
            let others = kinds.count - kind - 1
            guard placesLeft - others >= 1 else { return }
            for places in 1...(placesLeft - others) {
                var parts: [Int] = []
                var least = Int.max
                visit(kinds[kind], top: places, fewest: 1, &parts, &least)
                share(kind + 1, placesLeft - places, sum + least)
            }
        }
        share(0, maxChildren, 0)
        return best
    }

    /// Tries every composition of `remaining` into at most `top` parts after `parts` (at least `fewest`), keeping
    /// the cheapest total.
    private mutating func visit(_ remaining: Int, top: Int, fewest: Int, _ parts: inout [Int], _ best: inout Int) {
        if remaining == 0 {
            guard parts.count >= fewest else { return }
            var sum = 0
            for part in parts { sum += part == 1 ? 1 : part + leastDepthSum(part) }
            best = min(best, sum)
            return
        }
        guard parts.count < top else { return }
        for size in 1...remaining {
            parts.append(size)
            visit(remaining - size, top: top, fewest: fewest, &parts, &best)
            parts.removeLast()
        }
    }
}

/// The total depth of `count` children split by ``Hierarchy/bucketSizes(count:maxChildren:)``, all the way down.
func depthSum(ofSplitting count: Int, maxChildren: Int) -> Int {
    if count <= maxChildren { return count }
    return Hierarchy.bucketSizes(count: count, maxChildren: maxChildren).reduce(0) { sum, part in
        sum + (part == 1 ? 1 : part + depthSum(ofSplitting: part, maxChildren: maxChildren))
    }
}

/// The children of a level in the order a depth-first walk through its buckets meets them, with their depth below
/// the level (1 for a child shown directly).
func flatten(
    _ hierarchy: Hierarchy, _ level: Hierarchy.Node
) -> [(node: Hierarchy.Node, depth: Int, parent: Hierarchy.Node)] {
    var walked: [(node: Hierarchy.Node, depth: Int, parent: Hierarchy.Node)] = []
    var pending = hierarchy.children(of: level).reversed().map { ($0, 1, level) }
    while let (node, depth, parent) = pending.popLast() {
        if case .bucket = node {
            pending += hierarchy.children(of: node).reversed().map { ($0, depth + 1, node) }
        } else {
            walked.append((node, depth, parent))
        }
    }
    return walked
}
