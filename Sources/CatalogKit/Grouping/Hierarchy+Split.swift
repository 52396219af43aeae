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
        let n = max(maxChildren, 2)
        guard count > n else { return Array(repeating: 1, count: max(count, 0)) }
        let shape = Shape(count: count, maxChildren: n)
        let placesPerPart = shape.places / n
        // The last `fuller` parts have one bucket place more than the others.
        let (bucketsPerPart, fuller) = shape.buckets.quotientAndRemainder(dividingBy: n)
        // The bucket places, numbered in order: each holds `each` children, the first `extra` one more.
        let (each, extra) = (count - shape.direct).quotientAndRemainder(dividingBy: shape.buckets)
        return (0..<n).map { part in
            let buckets = bucketsPerPart + (part >= n - fuller ? 1 : 0)
            let first = part * bucketsPerPart + max(0, part - (n - fuller))
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
        let n = max(maxChildren, 2)
        guard count > n else { return max(count, 0) }
        let shape = Shape(count: count, maxChildren: n)
        let (deepest, overflow) = shape.depth.multipliedReportingOverflow(by: count)
        return overflow ? Int.max : deepest - shape.direct
    }

    /// The levels a run of more than N children needs, and how many places one level up hold a child each.
    private struct Shape {
        /// D = ⌈log_N count⌉: the deepest level, counting the run's own children as level 1.
        var depth = 2
        /// C = N^(D−1): the places at depth D−1.
        var places: Int
        /// s = ⌈(count − C) / (N − 1)⌉: the places at depth D−1 that hold a bucket of children at depth D.
        var buckets: Int
        /// C − s: the places at depth D−1 that hold one child.
        var direct: Int

        init(count: Int, maxChildren n: Int) {
            places = n
            while true {
                let (next, overflow) = places.multipliedReportingOverflow(by: n)
                if overflow || next >= count { break }
                places = next
                depth += 1
            }
            // count > places ≥ n ≥ 2, so count − places ≥ 1 and the ceiling cannot overflow.
            buckets = (count - places - 1) / (n - 1) + 1
            direct = places - buckets
        }
    }
}
