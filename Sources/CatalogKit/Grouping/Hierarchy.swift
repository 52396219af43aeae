import Foundation

/// The grouped menu hierarchy of a snapshot, with no level holding more than `maxChildren` children.
///
/// Groups come from the entries' group paths. Within a group, child groups come first, in natural order of their
/// names (or, for entries kept as read, in the order of their first line, or with `--tac` their last), and entries
/// after, in search order. A group whose subtree holds a single entry is shown as that entry,
/// inline: it costs no level, and ``inlinedGroups(of:in:)`` names the groups it stands in for. A group with k > N
/// children shows as many of them directly as the fewest levels allow and gathers the rest, in order, into buckets
/// that are split the same way (``bucketSizes(count:maxChildren:)``), so the average number of keys to reach a
/// child is as low as it can be.
///
/// Buckets are labelled by their first and last titles ("Alert … Gauge"), and a bucket never holds both groups and
/// entries: a level's groups, its own entry (below) and its other entries are each in an order of their own, so a
/// bucket that ran from the last groups into the first entries would read as a range it is not ("unzip …
/// python3.11-venv" holding `gcc`). A level with more than one of those kinds shares its N places among them in
/// the way that keeps the fewest keys in all (``segmentSizes(_:maxChildren:)``).
///
/// An entry whose path is also a group's path (`find` prints a directory, then what is in it) is that group's own
/// entry: it is listed first among the group's entries, not beside the group under the same name.
///
/// When every entry lies under one chain of groups that hold nothing else (`find /usr/share/doc` prints only
/// paths under `/`, `usr`, `share`, `doc`), the root is the deepest group of the chain, so the first menu shows
/// what differs; its title names the chain ("Catalog › ∕ › usr › share › doc").
///
/// Buckets are computed when asked for, and a group is 20 bytes (``Groups``), so a hierarchy of a million entries
/// in half a million directories costs one pass to group them and about 14 MB.
package struct Hierarchy: Sendable {
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

    /// The most children a node shows.
    public let maxChildren: Int
    let table: EntryTable
    private let ranks: [UInt32]
    private let rootTitle: String
    let groups: Groups

    /// The group the root node is: 0, or the deepest group of a chain that holds every entry (see above).
    private(set) var rootID = 0
    /// Whether entries are in the order they were read (`--no-sort`, `--tac`), so a bucket of them is labelled by
    /// its first title only (``label(_:_:)``): a run of a history is no range of titles.
    let entriesAsRead: Bool

    /// The root node.
    public var root: Node { .group(rootID) }
    /// Whether the top level holds groups; a list of lines read whole (`--flat`, or a list of columns) holds none.
    package var topLevelHasGroups: Bool { !groups.subgroups(rootID).isEmpty }

    /// Groups a snapshot.
    ///
    /// - Parameters:
    ///   - table: The entries' text.
    ///   - index: Their search index, which gives the order.
    ///   - rootTitle: The title of the root node.
    ///   - maxChildren: The most children any node shows; at least 2.
    /// - Throws: ``Error`` when `maxChildren` is less than 2.
    /// - Complexity: O(total path length) to find the groups, with one hash lookup for each directory a path
    ///   enters that the previous path did not, O(g) for g groups after a radix sort of their names, and O(n) to
    ///   place n entries.
    public init(table: EntryTable, index: SearchIndex, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        try Self.check(maxChildren: maxChildren)
        self.init(
            table: table, ranks: index.rank,
            groups: Builder(table: table, readOrder: Self.readOrder(of: index)).build(order: index.order),
            rootTitle: rootTitle, maxChildren: maxChildren, entriesAsRead: !index.isNatural)
    }

    init(
        table: EntryTable, ranks: [UInt32], groups: Groups, rootTitle: String, maxChildren: Int, entriesAsRead: Bool
    ) {
        self.maxChildren = maxChildren
        self.table = table
        self.ranks = ranks
        self.entriesAsRead = entriesAsRead
        self.rootTitle = rootTitle
        self.groups = groups
        while groups.entryRange(rootID).isEmpty && groups.subgroups(rootID).count == 1 {
            rootID = groups.subgroups(rootID).lowerBound
        }
    }

    /// How an index's order orders groups: by name for the natural order, else by the lines as read, first to
    /// last, or last to first (`--tac`).
    static func readOrder(of index: SearchIndex) -> Builder.ReadOrder? {
        guard !index.isNatural else { return nil }
        return (index.order.first ?? 0) <= (index.order.last ?? 0) ? .first : .last
    }

    static func check(maxChildren: Int) throws {
        guard maxChildren >= 2 else {
            throw Error(description: "The maximum number of children must be at least 2, not \(maxChildren).")
        }
    }

    /// Groups found while a table's entries were sorted, before the entries are placed in them
    /// (``prepare(_:whileSorting:)``).
    package struct Prepared {
        fileprivate var builder: Builder
    }

    /// Sorts a table's entries with `sort` and, when they lie in many directories (``hasManyGroups(_:)``), finds
    /// their groups on a thread of its own at the same time: the two longest parts of loading a list overlap
    /// instead of following each other. ``init(_:prepared:rootTitle:maxChildren:)`` then places the entries.
    ///
    /// - Parameters:
    ///   - table: The entries' text.
    ///   - sort: Orders the entries and makes their snapshot; run at the same time as the grouping.
    /// - Returns: The snapshot, and the groups found beside it, or `nil` for a table of few groups, whose grouping
    ///   is short and, beside the sort, would hold its table of a group a record (4 bytes a line) while the sort's
    ///   buffers are at their largest, for little.
    package static func prepare<Handler>(
        _ table: EntryTable, whileSorting sort: () -> Snapshot<Handler>
    ) -> (Snapshot<Handler>, Prepared?) {
        guard hasManyGroups(table) else { return (sort(), nil) }
        // On a thread of its own, outside the pool the sort splits itself over, so the sort keeps every core it
        // had and the system shares them among the three; in the pool, the sort lost a core.
        nonisolated(unsafe) var builder = Builder(table: table)
        let grouped = DispatchSemaphore(value: 0)
        let thread = Thread {
            builder.prepare()
            grouped.signal()
        }
        thread.stackSize = 1 << 22
        thread.start()
        let sorted = sort()
        grouped.wait()
        return (sorted, Prepared(builder: builder))
    }

    /// Groups a snapshot, placing its entries in the groups found beside its sort when there are some.
    ///
    /// - Parameter prepared: What ``prepare(_:whileSorting:)`` found for this snapshot's table, or `nil`.
    /// - Returns: The hierarchy ``init(_:rootTitle:maxChildren:)`` makes.
    /// - Throws: ``Error`` when `maxChildren` is less than 2.
    package init<Handler>(
        _ snapshot: Snapshot<Handler>, prepared: Prepared?, rootTitle: String = "Catalog", maxChildren: Int = 10
    ) throws {
        // Groups found beside a sort are in name order; a list kept as read orders them by its lines.
        guard let prepared, snapshot.index.isNatural else {
            try self.init(snapshot, rootTitle: rootTitle, maxChildren: maxChildren)
            return
        }
        try Self.check(maxChildren: maxChildren)
        self.init(
            table: snapshot.table, ranks: snapshot.index.rank,
            groups: prepared.builder.finish(order: snapshot.index.order), rootTitle: rootTitle,
            maxChildren: maxChildren, entriesAsRead: !snapshot.index.isNatural)
    }

    /// Convenience for a snapshot.
    public init<Handler>(_ snapshot: Snapshot<Handler>, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        try self.init(table: snapshot.table, index: snapshot.index, rootTitle: rootTitle, maxChildren: maxChildren)
    }

    /// Whether a table's entries lie in many directories: at least one distinct group path for every two of
    /// 4,096 records spread over it. `find` lists and deep trees have (0.6–1 on this machine's lists), and their
    /// grouping is long; a catalog's entries share a few thousand groups (0.18 on the generated million).
    ///
    /// - Complexity: O(s · L) for s ≤ 4,096 sampled paths of L bytes.
    static func hasManyGroups(_ table: EntryTable) -> Bool {
        let samples = min(table.count, 4_096)
        guard samples >= 1_024 else { return false }
        var seen = Set<UInt64>(minimumCapacity: samples)
        for sample in 0..<samples {
            table.withPathBytes(sample * table.count / samples) { path in
                let title = table.titleRange(of: path)
                _ = seen.insert(PathSet.hash(path.baseAddress, count: title.lowerBound))
            }
        }
        return 2 * seen.count >= samples
    }

    /// The bytes the hierarchy holds beyond the snapshot's, for memory reports.
    public var memoryFootprint: Int { groups.memoryFootprint }

    // MARK: - Navigation

    /// The children a node shows: at most `maxChildren`, buckets where a group has more, and the entry itself in
    /// place of a group that holds only it.
    ///
    /// - Complexity: O(maxChildren · c + log k), k being the node's children and c the longest chain of groups
    ///   above an entry shown inline (usually 1).
    public func children(of node: Node) -> [Node] {
        guard let (id, range) = run(of: node) else { return [] }
        return split(id, range, whole: { if case .group = node { return true } else { return false } }())
    }

    /// The title of a node: a group's name, an entry's title, or a bucket's label.
    public func title(of node: Node) -> String {
        switch node {
        case .group(let id) where id == rootID && id != 0:
            return ([rootTitle] + rootPath).joined(separator: " › ")
        case .group(let id): return name(of: id)
        case .entry(let record): return table.title(Int(record))
        case .bucket(let id, let range): return label(id, range)
        }
    }

    /// The UTF-8 bytes of a node's title, as ``title(of:)`` spells it, without making a string for a group or an
    /// entry.
    ///
    /// - Complexity: O(title length); a bucket's label as ``title(of:)``.
    package func withTitleBytes<R>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch node {
        case .group(let id) where id != 0 && !(id == rootID && id != 0):
            return withName(of: id) { name in
                guard name.count == 1 && name[0] == 0x2F else { return body(name) }
                // The root group of absolute paths shows as "∕".
                return CatalogFile.slashInName.withUnsafeBufferPointer(body)
            }
        case .entry(let record) where Int(record) < table.count:
            return table.withTitleBytes(Int(record), body)
        default:
            var title = title(of: node)
            return title.withUTF8(body)
        }
    }

    /// The title of a child followed by the groups it stands in for, as plain text: "Greeting · Basics", or just
    /// "Greeting" for a child that stands in for none. Menus that draw the groups apart (dimmed, say) use
    /// ``inlinedGroups(of:in:)`` instead.
    ///
    /// - Parameters:
    ///   - node: A child of `parent`.
    ///   - parent: The node it is shown under.
    /// - Returns: The title, then " · " and the inlined groups joined with " › ", if any.
    /// - Complexity: O(path length of the entry).
    public func title(of node: Node, in parent: Node) -> String {
        let inlined = inlinedGroups(of: node, in: parent)
        return inlined.isEmpty ? title(of: node) : title(of: node) + " · " + inlined.joined(separator: " › ")
    }

    /// The number of entries at or below a node.
    ///
    /// - Complexity: O(1) for a group or entry; for a bucket, O(subgroups in its range).
    public func entryCount(of node: Node) -> Int {
        switch node {
        case .entry: return 1
        case .group(let id): return Int(groups.entryCounts[id])
        case .bucket(let id, let range):
            let subgroups = groups.subgroups(id)
            let inGroups = range.clamped(to: 0..<subgroups.count)
            return inGroups.reduce(range.count - inGroups.count) {
                $0 + Int(groups.entryCounts[subgroups.lowerBound + $1])
            }
        }
    }

    /// Whether a node is a group with no entries at all.
    public func isEmptyGroup(_ node: Node) -> Bool {
        if case .group(let id) = node { return groups.entryCounts[id] == 0 }
        return false
    }

    /// The groups an entry stands in for where it is shown in place of a group that holds only it: their names,
    /// from the one at `parent`'s level down to the entry's own group.
    ///
    /// A menu draws them after the title, dimmed: "Greeting · Basics". Such an entry counts as one child of
    /// `parent`, and opening it opens the entry.
    ///
    /// ```swift
    /// // Basics/Greeting is the only entry under Basics, so the root shows Greeting in its place.
    /// let child = hierarchy.children(of: hierarchy.root)[0]   // .entry(greeting)
    /// hierarchy.inlinedGroups(of: child, in: hierarchy.root)  // ["Basics"]
    /// ```
    ///
    /// - Parameters:
    ///   - node: A child of `parent`, as ``children(of:)`` returns it.
    ///   - parent: The group, or a bucket of the group, it is shown under.
    /// - Returns: The inlined groups' names, outermost first; empty for an entry of `parent`'s own group, for a
    ///   group or bucket, and for a node that is not shown inline under `parent`.
    /// - Complexity: O(log k) for an entry of `parent`'s group of k entries; O(path length of the entry, and
    ///   log s for the s subgroups of each group below `parent`) for one shown in place of its groups.
    public func inlinedGroups(of node: Node, in parent: Node) -> [String] {
        guard case .entry(let record) = node, let (level, _) = run(of: parent), Int(record) < table.count,
            !isEntry(record, of: level), let own = group(of: record, below: level)
        else {
            return []
        }
        var names: [String] = []
        var current = own
        while current != level {
            guard current != 0 else { return [] }  // the entry is not below `parent`'s level
            names.append(name(of: current))
            let above = Int(groups.parents[current])
            if above == level {
                // Only a group holding this one entry is shown as the entry.
                guard groups.entryCounts[current] == 1 else { return [] }
            }
            current = above
        }
        return names.reversed()
    }

    /// Calls `body` once with every entry at or below a node.
    ///
    /// - Parameters:
    ///   - node: A group, bucket or entry.
    ///   - body: Called once an entry.
    /// - Complexity: O(entries and groups below the node), iteratively, so any depth is safe.
    public func forEachEntry(under node: Node, _ body: (UInt32) -> Void) {
        var pending: [Int] = []
        switch node {
        case .entry(let record):
            body(record)
            return
        case .group(let id):
            pending = [id]
        case .bucket(let id, let range):
            let subgroups = groups.subgroups(id)
            for position in range {
                if position < subgroups.count {
                    pending.append(subgroups.lowerBound + position)
                } else {
                    body(groups.entries[groups.entryRange(id).lowerBound + position - subgroups.count])
                }
            }
            pending.reverse()
        }
        while let id = pending.popLast() {
            for position in groups.entryRange(id) { body(groups.entries[position]) }
            pending += groups.subgroups(id).reversed()
        }
    }

    // MARK: - Groups

    /// The group whose children a node shows, and which of them: all of them for a group, a range for a bucket.
    ///
    /// - Complexity: O(1).
    func run(of node: Node) -> (group: Int, range: Range<Int>)? {
        switch node {
        case .entry: return nil
        case .group(let id): return (id, 0..<childCount(id))
        case .bucket(let id, let range): return (id, range)
        }
    }

    /// Whether an entry is the own entry of the group a node shows (see above).
    func isOwnEntry(_ record: UInt32, of node: Node) -> Bool {
        guard let (id, _) = run(of: node), groups.hasOwn(id) else { return false }
        return groups.entries[groups.entryRange(id).lowerBound] == record
    }

    /// The names of the groups from the root group down to the root node, which is deeper when one chain of
    /// groups holds every entry.
    var rootPath: [String] {
        var names: [String] = []
        var current = rootID
        while current != 0 {
            names.append(name(of: current))
            current = Int(groups.parents[current])
        }
        return names.reversed()
    }

    func childCount(_ id: Int) -> Int { groups.subgroups(id).count + groups.entryRange(id).count }

    /// A group's name: the root's title, `∕` (U+2215) for the root group of paths that start with `/`, or the name
    /// as its entries' paths spell it.
    func name(of id: Int) -> String {
        guard id != 0 else { return rootTitle }
        return withName(of: id) { bytes in
            bytes.count == 1 && bytes[0] == 0x2F ? "∕" : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The bytes of a group's name (`/` for the root group of paths that start with `/`); empty for group 0.
    func withName<R>(of id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        table.bytes.withUnsafeBufferPointer { bytes in
            guard id != 0, let base = bytes.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let start = Int(groups.nameStarts[id])
            return body(UnsafeBufferPointer(start: base + start, count: Builder.name(base, start)))
        }
    }

    /// The node shown for a group's child: a subgroup, an entry, or the one entry of a subgroup that holds no other.
    ///
    /// - Complexity: O(c), the length of the chain of groups above an entry shown inline.
    func child(_ id: Int, _ position: Int) -> Node {
        let subgroups = groups.subgroups(id)
        guard position < subgroups.count else {
            return .entry(groups.entries[groups.entryRange(id).lowerBound + position - subgroups.count])
        }
        let subgroup = subgroups.lowerBound + position
        return singleEntry(of: subgroup).map { .entry($0) } ?? .group(subgroup)
    }

    /// The entry of a group whose subtree holds exactly one, found by walking down its chain of groups.
    ///
    /// - Complexity: O(c · s), the length of the chain and the subgroups along it.
    private func singleEntry(of id: Int) -> UInt32? {
        guard groups.entryCounts[id] == 1 else { return nil }
        var current = id
        while groups.entryRange(current).isEmpty {
            guard let next = groups.subgroups(current).first(where: { groups.entryCounts[$0] > 0 }) else { return nil }
            current = next
        }
        return groups.entries[groups.entryRange(current).lowerBound]
    }

    /// The position of a record in search order.
    ///
    /// A top level made before the sort (``provisional(_:rootTitle:maxChildren:)``) has no ranks: its entries
    /// are only groups' own and lone ones, one a group, which need none.
    func rank(of record: UInt32) -> UInt32 { ranks.isEmpty ? record : ranks[Int(record)] }
}
