extension Hierarchy {
    /// The kinds of a group's children, in the order shown: its subgroups, its own entry, its other entries. Each
    /// is in an order of its own, so no bucket holds two kinds (``segmentSizes(_:maxChildren:)``). Under a limit of
    /// 2, which leaves no place for three kinds, the own entry counts with the other entries: the directory, then
    /// what is in it.
    func segments(_ id: Int) -> [Int] {
        let own = groups.hasOwn(id) ? 1 : 0
        let kinds = [groups.subgroups(id).count, own, groups.entryRange(id).count - own]
        return maxChildren < 3 && !kinds.contains(0) ? [kinds[0], 0, kinds[1] + kinds[2]] : kinds
    }

    /// Splits a run of a group's children into at most `maxChildren` nodes: the whole group by its kinds
    /// (``segmentSizes(_:maxChildren:)``), a bucket by ``bucketSizes(count:maxChildren:)``.
    ///
    /// - Parameters:
    ///   - id: The group.
    ///   - range: The run of its children.
    ///   - whole: Whether the run is all of the group's children.
    /// - Returns: The nodes shown: a child where a part holds one, a bucket where it holds more.
    /// - Complexity: O(maxChildren · c + log k), as ``children(of:)``.
    func split(_ id: Int, _ range: Range<Int>, whole: Bool) -> [Node] {
        let sizes = whole ? wholeSizes(id) : Hierarchy.bucketSizes(count: range.count, maxChildren: maxChildren)
        var nodes: [Node] = []
        nodes.reserveCapacity(sizes.count)
        var start = range.lowerBound
        for size in sizes {
            // A part of one is shown as the child itself, not as a bucket around it.
            nodes.append(size == 1 ? child(id, start) : .bucket(group: id, range: start..<start + size))
            start += size
        }
        return nodes
    }

    /// How a group's children are shown: by their kinds (``segmentSizes(_:maxChildren:)``), at the least keys in
    /// all; but a group of entries alone kept in the order read (`history | catalog --file - --flat --tac`), where
    /// the first are the ones wanted, shows all but one of its places as its first entries and the rest in one
    /// bucket, so Enter on the first row picks the first line, as in fzf.
    ///
    /// - Complexity: O(maxChildren + log k).
    func wholeSizes(_ id: Int) -> [Int] {
        let kinds = segments(id)
        let n = max(maxChildren, 2)
        if entriesAsRead && kinds[0] == 0 && kinds[1] == 0 && kinds[2] > n {
            return Array(repeating: 1, count: n - 1) + [kinds[2] - (n - 1)]
        }
        return Hierarchy.segmentSizes(kinds, maxChildren: maxChildren)
    }

    /// "First … Last", each end shortened to the word that tells it apart from the other end and from the title
    /// across the bucket's boundary. The ends are named as the children are ordered: a group of one by the group's
    /// name, not its entry's title, so the labels of a level's buckets follow one another in order. Entries kept in
    /// the order they were read (``entriesAsRead``) are no range: their bucket is "First …".
    func label(_ id: Int, _ range: Range<Int>) -> String {
        let first = orderTitle(id, range.lowerBound)
        // Entries read in their own order run from the first on, not from one title to another.
        if entriesAsRead && range.lowerBound >= groups.subgroups(id).count { return "\(first) …" }
        let last = orderTitle(id, range.upperBound - 1)
        let before = range.lowerBound > 0 ? orderTitle(id, range.lowerBound - 1) : nil
        let after = range.upperBound < childCount(id) ? orderTitle(id, range.upperBound) : nil
        let start = BucketLabel.shorten(first, apartFrom: [last] + (before.map { [$0] } ?? []))
        let end = BucketLabel.shorten(last, apartFrom: [first] + (after.map { [$0] } ?? []))
        return "\(start) … \(end)"
    }

    /// The title a group's child is ordered by: a subgroup's name, or an entry's title.
    func orderTitle(_ id: Int, _ position: Int) -> String {
        let subgroups = groups.subgroups(id)
        return position < subgroups.count
            ? name(of: subgroups.lowerBound + position)
            : table.title(Int(groups.entries[groups.entryRange(id).lowerBound + position - subgroups.count]))
    }
}

/// Shortens the ends of bucket labels.
enum BucketLabel {
    /// Titles up to this many characters are shown whole.
    static let wholeTitleLength = 16

    /// The shortest prefix of `title` that is not a prefix of any of `others` (compared folded), extended to the
    /// end of its word so it reads as a word; a short title stays whole.
    ///
    /// - Parameters:
    ///   - title: The title at one end of a bucket.
    ///   - others: The title at the other end, and the one just across the bucket boundary, if any.
    /// - Returns: The shortened title.
    static func shorten(_ title: String, apartFrom others: [String]) -> String {
        let characters = Array(title)
        if characters.count <= wholeTitleLength { return title }
        let folded = others.map { Folding.foldedBytes($0) }
        // A prefix that another title starts with has shorter prefixes that it starts with too, so the shortest
        // distinguishing length is found by bisection: O(n log n) for a title of n characters, where trying each
        // length in turn folded n prefixes, quadratic for long titles that share a long start.
        var low = 1
        var high = characters.count
        while low < high {
            let middle = (low + high) / 2
            let prefix = Folding.foldedBytes(String(characters[..<middle]))
            if folded.contains(where: { $0.starts(with: prefix) }) { low = middle + 1 } else { high = middle }
        }
        var length = low
        while length < characters.count && !characters[length].isWhitespace && characters[length] != "-" {
            length += 1
        }
        return length < characters.count ? String(characters[..<length]) : title
    }
}
