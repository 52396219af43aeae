extension Hierarchy {
    /// How a run of `count` children is shown, part by part in order: a part of size 1 is a child shown directly, a
    /// larger part is a bucket of that many consecutive children, which is split again by the same rule.
    ///
    /// A run of at most N = `maxChildren` children is shown whole. A longer one needs D = ⌈log_N count⌉ levels and
    /// no fewer, since the C = N^(D−1) places one level up are too few. Of the trees with D levels, the rule takes
    /// one with the most children one level up, at depth D−1; for D = 2 those are the children shown directly. That
    /// leaves s = ⌈(count − C) / (N − 1)⌉ places holding a bucket of the deepest children, spread as evenly as
    /// possible: over the N parts (those with fewer first, so the children shown directly come first), and within
    /// them (the first buckets one larger). So 12 children under N = 10 show as 9 children and a bucket of 3, 50 as
    /// 5 children and 5 buckets of 9, and 200 as 10 buckets of 18 to 26.
    ///
    /// That is the least total depth any tree with at most N children a node can give, so the average number of
    /// keys to reach a child is as low as it can be. A leaf at depth d satisfies d ≥ D + 1/(N−1) − N^(D−d)/(N−1)
    /// (with equality at d = D−1 and d = D, the right side being concave in d), and Σ N^(−d) ≤ 1 over the leaves,
    /// so the depths add up to at least D·count − ⌊(N^D − count) / (N − 1)⌋. The split puts C − s =
    /// ⌊(N^D − count) / (N − 1)⌋ children at depth D−1 and the rest at depth D, which is exactly that.
    ///
    /// - Parameters:
    ///   - count: The number of children in the run.
    ///   - maxChildren: The most parts a run shows; values below 2 count as 2.
    /// - Returns: The part sizes, adding up to `count`: `maxChildren` of them when `count` exceeds it, and `count`
    ///   ones otherwise.
    /// - Complexity: O(maxChildren + log count).
    public static func bucketSizes(count: Int, maxChildren: Int) -> [Int] {
        bucketSizes(count: count, parts: max(maxChildren, 2), maxChildren: maxChildren)
    }

    /// How a run of `count` children is shown when it has only `parts` places of its level (a level's places shared
    /// among its kinds of children, ``segmentSizes(_:maxChildren:)``): the rule of
    /// ``bucketSizes(count:maxChildren:)`` with `parts` places at the top and `maxChildren` below.
    ///
    /// - Parameters:
    ///   - count: The number of children in the run.
    ///   - parts: The places the run has at its level; at least 1.
    ///   - maxChildren: The most children a bucket shows; values below 2 count as 2.
    /// - Returns: At most `parts` part sizes, adding up to `count`.
    /// - Complexity: O(parts + log count).
    static func bucketSizes(count: Int, parts: Int, maxChildren: Int) -> [Int] {
        let n = max(maxChildren, 2)
        let p = max(parts, 1)
        guard count > p else { return Array(repeating: 1, count: max(count, 0)) }
        let shape = Shape(count: count, parts: p, maxChildren: n)
        let placesPerPart = shape.places / p
        // The last `fuller` parts have one bucket place more than the others.
        let (bucketsPerPart, fuller) = shape.buckets.quotientAndRemainder(dividingBy: p)
        // The bucket places, numbered in order: each holds `each` children, the first `extra` one more.
        let (each, extra) = (count - shape.direct).quotientAndRemainder(dividingBy: shape.buckets)
        return (0..<p).map { part in
            let buckets = bucketsPerPart + (part >= p - fuller ? 1 : 0)
            let first = part * bucketsPerPart + max(0, part - (p - fuller))
            let last = first + buckets
            return placesPerPart - buckets + buckets * each + max(0, min(last, extra) - first)
        }
    }

    /// The least total depth of `count` children shown under one node with at most `maxChildren` children a node,
    /// each child counted by the keys it takes to reach (1 for a child shown directly).
    ///
    /// - Parameters:
    ///   - count: The number of children.
    ///   - maxChildren: The most children a node shows; values below 2 count as 2.
    /// - Returns: D·count − ⌊(N^D − count) / (N − 1)⌋ with D = ⌈log_N count⌉, or `count` when they all fit.
    /// - Complexity: O(log count).
    public static func leastDepthSum(count: Int, maxChildren: Int) -> Int {
        leastDepthSum(count: count, parts: max(maxChildren, 2), maxChildren: maxChildren)
    }

    /// The least total depth of `count` children with `parts` places at the top and `maxChildren` a bucket.
    ///
    /// - Complexity: O(log count).
    static func leastDepthSum(count: Int, parts: Int, maxChildren: Int) -> Int {
        let p = max(parts, 1)
        guard count > p else { return max(count, 0) }
        let shape = Shape(count: count, parts: p, maxChildren: max(maxChildren, 2))
        let (deepest, overflow) = shape.depth.multipliedReportingOverflow(by: count)
        return overflow ? Int.max : deepest - shape.direct
    }

    /// How a level whose children are of several kinds, each kind in an order of its own (its groups, its own
    /// entry, its other entries), is shown: each kind gets places of its own, so no bucket holds two kinds, and the
    /// places are shared in the way that keeps the total depth least.
    ///
    /// A kind of one child takes one place. The caller gives no more kinds than places (see ``segments(_:)``);
    /// with more, the level is split as one kind.
    ///
    /// - Parameters:
    ///   - segments: The number of children of each kind, in the order shown; kinds with none are skipped.
    ///   - maxChildren: The most children a node shows; values below 2 count as 2.
    /// - Returns: The part sizes, in order, adding up to the children: ones when they all fit.
    /// - Complexity: O(N · log count) for N ≤ 256 places; a few dozen candidates above.
    static func segmentSizes(_ segments: [Int], maxChildren: Int) -> [Int] {
        let n = max(maxChildren, 2)
        let kinds = segments.filter { $0 > 0 }
        let total = kinds.reduce(0, +)
        guard total > n else { return Array(repeating: 1, count: max(total, 0)) }
        if kinds.count > n { return bucketSizes(count: total, maxChildren: n) }
        let places = allotPlaces(kinds, places: n, maxChildren: n)
        return zip(kinds, places).flatMap { bucketSizes(count: $0, parts: $1, maxChildren: n) }
    }

    /// The keys it takes to reach every child of a level split into `parts`, each part's own children split at
    /// the least keys in all.
    ///
    /// - Complexity: O(parts · log count).
    static func depthSum(parts: [Int], maxChildren: Int) -> Int {
        let n = max(maxChildren, 2)
        // A part of one is a child one key deep; a bucket's children are one key deeper than within it.
        return parts.reduce(0) { $0 + ($1 == 1 ? 1 : $1 + leastDepthSum(count: $1, maxChildren: n)) }
    }

    /// Shares `places` among kinds: one place for a kind of one child, and the rest among the larger kinds so the
    /// sum of ``leastDepthSum(count:parts:maxChildren:)`` is least (the first such sharing, trying the first kind's
    /// places in ascending order).
    private static func allotPlaces(_ kinds: [Int], places: Int, maxChildren n: Int) -> [Int] {
        var allotted = kinds.map { $0 == 1 ? 1 : 0 }
        let large = kinds.indices.filter { kinds[$0] > 1 }
        let free = places - allotted.reduce(0, +)
        switch large.count {
        case 0: break
        case 1: allotted[large[0]] = free
        default:
            // Two large kinds (groups and entries): try each split of the free places.
            let (a, b) = (large[0], large[1])
            var candidates = Array(1..<free)
            if free > 257 {
                // Too many to try: the split in proportion to the kinds' sizes, and a spread around it.
                let even = max(1, min(free - 1, free * kinds[a] / (kinds[a] + kinds[b])))
                candidates = Array(Set((0..<32).flatMap { step in [even - step, even + step, 1 << step] }))
                    .filter { (1..<free).contains($0) }.sorted()
            }
            var best = (cost: Int.max, first: 1)
            for first in candidates {
                let cost =
                    leastDepthSum(count: kinds[a], parts: first, maxChildren: n)
                    &+ leastDepthSum(count: kinds[b], parts: free - first, maxChildren: n)
                if cost < best.cost { best = (cost, first) }
            }
            allotted[a] = best.first
            allotted[b] = free - best.first
        }
        return allotted
    }

    /// The levels a run of more than its places needs, and how many places one level up hold a child each.
    private struct Shape {
        /// D: the deepest level, counting the run's own children as level 1.
        var depth = 2
        /// C = p·N^(D−2): the places at depth D−1.
        var places: Int
        /// s = ⌈(count − C) / (N − 1)⌉: the places at depth D−1 that hold a bucket of children at depth D.
        var buckets: Int
        /// C − s: the places at depth D−1 that hold one child.
        var direct: Int

        init(count: Int, parts p: Int, maxChildren n: Int) {
            places = p
            while true {
                let (next, overflow) = places.multipliedReportingOverflow(by: n)
                if overflow || next >= count { break }
                places = next
                depth += 1
            }
            // count > places ≥ 1, so count − places ≥ 1 and the ceiling cannot overflow.
            buckets = (count - places - 1) / (n - 1) + 1
            direct = places - buckets
        }
    }
}
