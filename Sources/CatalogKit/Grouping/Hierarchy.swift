/// The grouped menu hierarchy of a snapshot, with no level holding more than `maxChildren` children.
///
/// Groups come from the entries' group paths. Within a group, child groups come first and entries after, each in
/// search order. A group with k > N children is split into consecutive buckets with the least added depth: with
/// d = ⌈log_N k⌉ it gets b = ⌈k / N^(d−1)⌉ buckets whose sizes differ by at most one, and each bucket is split the
/// same way. Buckets are labelled by their first and last titles ("Alert … Gauge").
///
/// Buckets are computed when asked for, so a hierarchy of a million entries costs one pass to group them and a
/// few bytes per entry.
public struct Hierarchy: Sendable {
    /// A node of the hierarchy.
    public enum Node: Hashable, Sendable {
        /// A group; 0 is the root.
        case group(Int)
        /// An entry, by record number.
        case entry(UInt32)
        /// A run of a group's children, `range` indexing its full child list.
        case bucket(group: Int, range: Range<Int>)
    }

    /// A grouping limit that is out of range.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    private struct Group: Sendable {
        var name: String
        var parent: Int
        var groups: [Int] = []
        var entries: [UInt32] = []
        var entryCount = 0
    }

    /// The most children a node shows.
    public let maxChildren: Int
    let table: EntryTable
    private let ranks: [UInt32]
    private var groups: [Group]
    /// The group that holds an entry, by the entry's group path; only groups that hold entries are keyed here.
    private var groupIDs: [String: Int]
    /// Each group by its parent and name, so a path's groups are found without a key per prefix.
    private var childIDs: [ChildKey: Int] = [:]

    private struct ChildKey: Hashable, Sendable {
        var parent: Int
        var name: String
    }

    /// The root node.
    public var root: Node { .group(0) }

    /// Groups a snapshot.
    ///
    /// - Parameters:
    ///   - table: The entries' text.
    ///   - index: Their search index, which gives the order.
    ///   - rootTitle: The title of the root node.
    ///   - maxChildren: The most children any node shows; at least 2.
    /// - Throws: ``Error`` when `maxChildren` is less than 2.
    /// - Complexity: O(total path length), plus sorting each group's subgroups.
    public init(table: EntryTable, index: SearchIndex, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        guard maxChildren >= 2 else {
            throw Error(description: "The maximum number of children must be at least 2, not \(maxChildren).")
        }
        self.maxChildren = maxChildren
        self.table = table
        self.ranks = index.rank
        groups = [Group(name: rootTitle, parent: -1)]
        groupIDs = ["": 0]
        for record in index.recordsInOrder {
            let group = groupID(forPathOf: Int(record))
            groups[group].entries.append(record)
        }
        for id in groups.indices.reversed() {
            groups[id].entryCount += groups[id].entries.count
            if id > 0 { groups[groups[id].parent].entryCount += groups[id].entryCount }
        }
        for id in groups.indices { sortSubgroups(of: id) }
    }

    /// Convenience for a snapshot.
    public init<Handler>(_ snapshot: Snapshot<Handler>, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        try self.init(table: snapshot.table, index: snapshot.index, rootTitle: rootTitle, maxChildren: maxChildren)
    }

    private mutating func groupID(forPathOf record: Int) -> Int {
        let path = table.path(record)
        guard let slash = path.utf8.lastIndex(of: 0x2F) else { return 0 }
        let key = String(path[..<slash])
        if let id = groupIDs[key] { return id }
        // Keying each level by (parent, name) rather than by its whole prefix keeps this linear in the path's
        // length: a path of g groups would otherwise make g prefixes of up to its full length.
        var parent = 0
        for name in path[..<slash].split(separator: "/", omittingEmptySubsequences: false) {
            let child = ChildKey(parent: parent, name: String(name))
            if let id = childIDs[child] {
                parent = id
                continue
            }
            let id = groups.count
            groups.append(Group(name: child.name, parent: parent))
            groups[parent].groups.append(id)
            childIDs[child] = id
            parent = id
        }
        groupIDs[key] = parent
        return parent
    }

    private mutating func sortSubgroups(of id: Int) {
        let keyed = groups[id].groups.map { ($0, NaturalOrder.key(groups[$0].name), groups[$0].name) }
        groups[id].groups = keyed.sorted { a, b in
            if a.1 != b.1 { return a.1.lexicographicallyPrecedes(b.1) }
            return a.2.utf8.lexicographicallyPrecedes(b.2.utf8)
        }.map(\.0)
    }

    // MARK: - Navigation

    /// The children a node shows: at most `maxChildren`, buckets where a group has more.
    ///
    /// - Complexity: O(maxChildren).
    public func children(of node: Node) -> [Node] {
        switch node {
        case .entry: return []
        case .group(let id): return split(id, 0..<childCount(id))
        case .bucket(let id, let range): return split(id, range)
        }
    }

    /// The title of a node: a group's name, an entry's title, or a bucket's label.
    public func title(of node: Node) -> String {
        switch node {
        case .group(let id): return groups[id].name
        case .entry(let record): return table.title(Int(record))
        case .bucket(let id, let range): return label(id, range)
        }
    }

    /// The number of entries at or below a node.
    public func entryCount(of node: Node) -> Int {
        switch node {
        case .entry: return 1
        case .group(let id): return groups[id].entryCount
        case .bucket(let id, let range): return range.reduce(0) { $0 + entryCount(of: child(id, $1)) }
        }
    }

    /// Whether a node is a group with no entries at all.
    public func isEmptyGroup(_ node: Node) -> Bool {
        if case .group(let id) = node { return groups[id].entryCount == 0 }
        return false
    }

    /// The nodes from the root down to an entry, both included, through the buckets that hold it.
    ///
    /// - Parameter record: The entry's record number.
    /// - Returns: The path, or `nil` when the record is not in the hierarchy.
    /// - Complexity: O(g + log n + depth · maxChildren).
    public func path(to record: UInt32) -> [Node]? {
        let path = table.path(Int(record))
        let key = path.utf8.lastIndex(of: 0x2F).map { String(path[..<$0]) } ?? ""
        guard let group = groupIDs[key] else { return nil }
        var chain: [Int] = [group]
        while let last = chain.last, last != 0 { chain.append(groups[last].parent) }
        chain.reverse()
        var nodes: [Node] = []
        for (depth, id) in chain.enumerated() {
            let target: Int
            if depth + 1 < chain.count {
                guard let position = groups[id].groups.firstIndex(of: chain[depth + 1]) else { return nil }
                target = position
            } else {
                let entries = groups[id].entries
                var low = 0
                var high = entries.count
                let wanted = ranks[Int(record)]
                while low < high {
                    let middle = (low + high) / 2
                    if ranks[Int(entries[middle])] < wanted { low = middle + 1 } else { high = middle }
                }
                guard low < entries.count, entries[low] == record else { return nil }
                target = groups[id].groups.count + low
            }
            var node = Node.group(id)
            nodes.append(node)
            while true {
                let next = children(of: node).first { child in
                    if case .bucket(_, let range) = child { return range.contains(target) }
                    return child == self.child(id, target)
                }
                guard let next else { return nil }
                if case .bucket = next {
                    nodes.append(next)
                    node = next
                } else {
                    break
                }
            }
        }
        nodes.append(.entry(record))
        return nodes
    }

    // MARK: - Buckets

    private func childCount(_ id: Int) -> Int { groups[id].groups.count + groups[id].entries.count }

    private func child(_ id: Int, _ position: Int) -> Node {
        let subgroups = groups[id].groups
        return position < subgroups.count
            ? .group(subgroups[position]) : .entry(groups[id].entries[position - subgroups.count])
    }

    /// Splits a run of a group's children into at most `maxChildren` nodes.
    private func split(_ id: Int, _ range: Range<Int>) -> [Node] {
        let count = range.count
        if count <= maxChildren { return range.map { child(id, $0) } }
        let sizes = Hierarchy.bucketSizes(count: count, maxChildren: maxChildren)
        var nodes: [Node] = []
        var start = range.lowerBound
        for size in sizes {
            // A run of one is shown as the child itself, not as a bucket around it.
            nodes.append(size == 1 ? child(id, start) : .bucket(group: id, range: start..<start + size))
            start += size
        }
        return nodes
    }

    /// The sizes of the buckets a run of `count` children splits into: ⌈count / N^(d−1)⌉ buckets, d = ⌈log_N count⌉,
    /// the larger ones first, differing by at most one.
    ///
    /// - Complexity: O(log count).
    public static func bucketSizes(count: Int, maxChildren: Int) -> [Int] {
        guard count > maxChildren else { return Array(repeating: 1, count: count) }
        var capacity = 1  // N^(d-1)
        while capacity.multipliedReportingOverflow(by: maxChildren).partialValue < count {
            capacity *= maxChildren
        }
        let buckets = (count + capacity - 1) / capacity
        let small = count / buckets
        let larger = count % buckets
        return (0..<buckets).map { $0 < larger ? small + 1 : small }
    }

    /// "First … Last", each end shortened to the word that tells it apart from the other end and from the title
    /// across the bucket's boundary.
    private func label(_ id: Int, _ range: Range<Int>) -> String {
        let first = title(of: child(id, range.lowerBound))
        let last = title(of: child(id, range.upperBound - 1))
        let before = range.lowerBound > 0 ? title(of: child(id, range.lowerBound - 1)) : nil
        let after = range.upperBound < childCount(id) ? title(of: child(id, range.upperBound)) : nil
        let start = BucketLabel.shorten(first, apartFrom: [last] + (before.map { [$0] } ?? []))
        let end = BucketLabel.shorten(last, apartFrom: [first] + (after.map { [$0] } ?? []))
        return "\(start) … \(end)"
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

extension Hierarchy {
    /// The position of a record in search order.
    func rank(of record: UInt32) -> UInt32 { ranks[Int(record)] }
}
