/// The grouped menu hierarchy of a snapshot, with no level holding more than `maxChildren` children.
///
/// Groups come from the entries' group paths. Within a group, child groups come first and entries after, each in
/// search order. A group whose subtree holds a single entry is shown as that entry, inline: it costs no level, and
/// ``inlinedGroups(of:in:)`` names the groups it stands in for. A group with k > N children shows as many of them
/// directly as the fewest levels allow and gathers the rest, in order, into buckets that are split the same way
/// (``bucketSizes(count:maxChildren:)``), so the average number of keys to reach a child is as low as it can be.
/// Buckets are labelled by their first and last titles ("Alert … Gauge").
///
/// An entry whose path is also a group's path (`find` prints a directory, then what is in it) is that group's own
/// entry: it is listed first inside the group, not beside it under the same name.
///
/// When every entry lies under one chain of groups that hold nothing else (`find /usr/share/doc` prints only
/// paths under `/`, `usr`, `share`, `doc`), the root is the deepest group of the chain, so the first menu shows
/// what differs; its title names the chain ("Catalog › ∕ › usr › share › doc").
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

    struct Group: Sendable {
        var name: String
        /// The name's UTF-8 bytes, to recognise the group in a path without making strings.
        var nameBytes: [UInt8] = []
        var parent: Int
        var groups: [Int] = []
        var entries: [UInt32] = []
        var entryCount = 0
        /// The entry whose path is this group's path, first in `entries`.
        var own: UInt32?
    }

    /// The most children a node shows.
    public let maxChildren: Int
    let table: EntryTable
    private let ranks: [UInt32]
    private(set) var groups: [Group]
    /// Groups by the hash of their full path's bytes; several ids share a hash only on a collision.
    private var groupsByPath: [UInt64: [Int]] = [:]
    /// Groups by the hash of (parent id, name bytes), to walk a new path one component at a time.
    private var groupsByName: [UInt64: [Int]] = [:]

    /// The group the root node is: 0, or the deepest group of a chain that holds every entry (see above).
    private(set) var rootID = 0

    /// The root node.
    public var root: Node { .group(rootID) }

    /// Groups a snapshot.
    ///
    /// - Parameters:
    ///   - table: The entries' text.
    ///   - index: Their search index, which gives the order.
    ///   - rootTitle: The title of the root node.
    ///   - maxChildren: The most children any node shows; at least 2.
    /// - Throws: ``Error`` when `maxChildren` is less than 2.
    /// - Complexity: O(total path length) to find the distinct group paths, split over the cores, plus O(g) for g
    ///   groups to make them, O(n) to place n entries, and sorting each group's subgroups.
    public init(table: EntryTable, index: SearchIndex, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        guard maxChildren >= 2 else {
            throw Error(description: "The maximum number of children must be at least 2, not \(maxChildren).")
        }
        self.maxChildren = maxChildren
        self.table = table
        self.ranks = index.rank
        groups = [Group(name: rootTitle, parent: -1)]
        // Make the groups of each distinct path in the order a walk over the entries in search order meets them,
        // so group numbers are what that walk would give, then place every entry with a counting sort.
        let paths = GroupPaths(table: table, ranks: ranks)
        var groupOfPath = [Int](repeating: 0, count: paths.count)
        for path in paths.inOrderOfFirstEntry {
            groupOfPath[path] = groupID(forPathOf: Int(paths.representatives[path]))
        }
        let entries = paths.entriesByGroup(order: index.recordsInOrder, groupOfPath: groupOfPath, groups: groups.count)
        for (id, list) in entries.enumerated() where !list.isEmpty { groups[id].entries = list }
        moveOwnEntries(paths, groupOfPath: groupOfPath)
        for id in groups.indices.reversed() {
            groups[id].entryCount += groups[id].entries.count
            if id > 0 { groups[groups[id].parent].entryCount += groups[id].entryCount }
        }
        for id in groups.indices { sortSubgroups(of: id) }
        while groups[rootID].entries.isEmpty && groups[rootID].groups.count == 1 { rootID = groups[rootID].groups[0] }
    }

    /// Convenience for a snapshot.
    public init<Handler>(_ snapshot: Snapshot<Handler>, rootTitle: String = "Catalog", maxChildren: Int = 10) throws {
        try self.init(table: snapshot.table, index: snapshot.index, rootTitle: rootTitle, maxChildren: maxChildren)
    }

    /// Moves each entry whose path is a group's path into that group, first.
    ///
    /// - Complexity: O(n) over the entries (see ``GroupPaths/ownEntries(of:)``), plus O(k) for each group of k
    ///   entries that loses one.
    private mutating func moveOwnEntries(_ paths: GroupPaths, groupOfPath: [Int]) {
        var leaving: [Int: Set<UInt32>] = [:]
        for (record, path) in paths.ownEntries(of: table) {
            let target = groupOfPath[path]
            let parent = groups[target].parent
            guard target != 0, groups[target].own == nil else { continue }
            groups[target].own = record
            groups[target].entries.insert(record, at: 0)
            leaving[parent, default: []].insert(record)
        }
        for (parent, records) in leaving {
            groups[parent].entries.removeAll { records.contains($0) }
        }
    }

    /// The group an entry belongs to, made (with any missing ancestors) the first time its path is seen.
    ///
    /// - Complexity: O(path length): one hash of the group path and one check of its components, or, for a new
    ///   path, one step per component. No string is made for a path already seen.
    private mutating func groupID(forPathOf record: Int) -> Int {
        table.withPathBytes(record) { path in
            guard let slash = path.lastIndex(of: 0x2F) else { return 0 }
            // Called once for each distinct group path (``GroupPaths``), so the path is new; its groups may not be.
            let prefix = UnsafeBufferPointer(rebasing: path[..<slash])
            var parent = 0
            var start = 0
            while start <= prefix.count {
                let end = prefix[start...].firstIndex(of: 0x2F) ?? prefix.count
                let name = UnsafeBufferPointer(rebasing: prefix[start..<end])
                let key = Hierarchy.nameKey(parent: parent, name)
                if let id = groupsByName[key]?.first(where: {
                    groups[$0].parent == parent && groups[$0].nameBytes.elementsEqual(name)
                }) {
                    parent = id
                } else {
                    let id = groups.count
                    groups.append(
                        Group(name: String(decoding: name, as: UTF8.self), nameBytes: Array(name), parent: parent))
                    groups[parent].groups.append(id)
                    groupsByName[key, default: []].append(id)
                    parent = id
                }
                start = end + 1
            }
            groupsByPath[PathSet.hash(prefix, 0..<prefix.count), default: []].append(parent)
            return parent
        }
    }

    /// The group whose full path is `prefix`, if it exists.
    func existingGroup(_ prefix: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let candidates = groupsByPath[PathSet.hash(prefix, 0..<prefix.count)] else { return nil }
        return candidates.first { isGroup($0, named: prefix) }
    }

    /// Whether a group's path, read from it up to the root, spells `prefix`.
    private func isGroup(_ id: Int, named prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = prefix.count
        var current = id
        while current != 0 {
            let name = groups[current].nameBytes
            let start = end - name.count
            guard start >= 0, prefix[start..<end].elementsEqual(name) else { return false }
            current = groups[current].parent
            if current != 0 {
                guard start > 0, prefix[start - 1] == 0x2F else { return false }
                end = start - 1
            } else {
                return start == 0
            }
        }
        return prefix.isEmpty
    }

    private static func nameKey(parent: Int, _ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        PathSet.hash(name, 0..<name.count) ^ (UInt64(parent) &* 0x9E37_79B9_7F4A_7C15)
    }

    private mutating func sortSubgroups(of id: Int) {
        let keyed = groups[id].groups.map { ($0, NaturalOrder.key(groups[$0].name), groups[$0].name) }
        groups[id].groups = keyed.sorted { a, b in
            if a.1 != b.1 { return a.1.lexicographicallyPrecedes(b.1) }
            return a.2.utf8.lexicographicallyPrecedes(b.2.utf8)
        }.map(\.0)
    }

    // MARK: - Navigation

    /// The children a node shows: at most `maxChildren`, buckets where a group has more, and the entry itself in
    /// place of a group that holds only it.
    ///
    /// - Complexity: O(maxChildren · c + log k), k being the node's children and c the longest chain of groups
    ///   above an entry shown inline (usually 1).
    public func children(of node: Node) -> [Node] {
        guard let (id, range) = run(of: node) else { return [] }
        return split(id, range)
    }

    /// The title of a node: a group's name, an entry's title, or a bucket's label.
    public func title(of node: Node) -> String {
        switch node {
        case .group(let id) where id == rootID && id != 0:
            return ([groups[0].name] + rootPath).joined(separator: " › ")
        case .group(let id): return groups[id].name
        case .entry(let record): return table.title(Int(record))
        case .bucket(let id, let range): return label(id, range)
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
        case .group(let id): return groups[id].entryCount
        case .bucket(let id, let range):
            let subgroups = groups[id].groups
            let inGroups = range.clamped(to: 0..<subgroups.count)
            return inGroups.reduce(range.count - inGroups.count) { $0 + groups[subgroups[$1]].entryCount }
        }
    }

    /// Whether a node is a group with no entries at all.
    public func isEmptyGroup(_ node: Node) -> Bool {
        if case .group(let id) = node { return groups[id].entryCount == 0 }
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
    /// - Complexity: O(path length of the entry).
    public func inlinedGroups(of node: Node, in parent: Node) -> [String] {
        guard case .entry(let record) = node, let (level, _) = run(of: parent), let own = group(of: record) else {
            return []
        }
        var names: [String] = []
        var current = own
        while current != level {
            guard current != 0 else { return [] }  // the entry is not below `parent`'s level
            names.append(groups[current].name)
            if groups[current].parent == level {
                // Only a group holding this one entry is shown as the entry.
                guard groups[current].entryCount == 1 else { return [] }
            }
            current = groups[current].parent
        }
        return names.reversed()
    }

    /// The nodes from the root down to an entry, both included, through the buckets that hold it. An entry shown
    /// in place of the groups of one above it ends the path there, right below the level that shows it.
    ///
    /// - Parameter record: The entry's record number.
    /// - Returns: The path, or `nil` when the record is not in the hierarchy.
    /// - Complexity: O(g + log n + depth · maxChildren · c), with g the path's length and c as in ``children(of:)``.
    public func path(to record: UInt32) -> [Node]? {
        guard let group = group(of: record) else { return nil }
        var chain: [Int] = [group]
        while let last = chain.last, last != rootID {
            guard last != 0 else { return nil }
            chain.append(groups[last].parent)
        }
        chain.reverse()
        var nodes: [Node] = []
        for (depth, id) in chain.enumerated() {
            let target: Int
            if depth + 1 < chain.count {
                guard let position = groups[id].groups.firstIndex(of: chain[depth + 1]) else { return nil }
                target = position
            } else {
                let entries = groups[id].entries
                // The group's own entry is first; the others are in search order.
                var low = groups[id].own == nil ? 0 : 1
                var high = entries.count
                if groups[id].own == record { high = 0 }
                let wanted = ranks[Int(record)]
                while low < high {
                    let middle = (low + high) / 2
                    if ranks[Int(entries[middle])] < wanted { low = middle + 1 } else { high = middle }
                }
                if groups[id].own == record { low = 0 }
                guard low < entries.count, entries[low] == record else { return nil }
                target = groups[id].groups.count + low
            }
            let shown = child(id, target)
            var node = Node.group(id)
            nodes.append(node)
            while true {
                let next = children(of: node).first { candidate in
                    if case .bucket(_, let range) = candidate { return range.contains(target) }
                    return candidate == shown
                }
                guard let next else { return nil }
                if case .bucket = next {
                    nodes.append(next)
                    node = next
                } else if next == .entry(record) {
                    // The entry itself, or the group of one it is shown in place of.
                    return nodes + [next]
                } else {
                    break
                }
            }
        }
        return nil
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
            let subgroups = groups[id].groups
            for position in range {
                if position < subgroups.count {
                    pending.append(subgroups[position])
                } else {
                    body(groups[id].entries[position - subgroups.count])
                }
            }
        }
        while let id = pending.popLast() {
            for record in groups[id].entries { body(record) }
            pending += groups[id].groups.reversed()
        }
    }

    // MARK: - Buckets

    /// The group whose children a node shows, and which of them: all of them for a group, a range for a bucket.
    ///
    /// - Complexity: O(1).
    func run(of node: Node) -> (group: Int, range: Range<Int>)? {
        switch node {
        case .entry: return nil
        case .group(let id): return (id, 0..<groups[id].groups.count + groups[id].entries.count)
        case .bucket(let id, let range): return (id, range)
        }
    }

    /// The group an entry belongs to.
    ///
    /// - Complexity: O(path length).
    private func group(of record: UInt32) -> Int? {
        guard Int(record) < table.count else { return nil }
        return table.withPathBytes(Int(record)) { path -> Int? in
            if let own = existingGroup(path), groups[own].own == record { return own }
            guard let slash = path.lastIndex(of: 0x2F) else { return 0 }
            return existingGroup(UnsafeBufferPointer(rebasing: path[..<slash]))
        }
    }

    /// Whether an entry is the own entry of the group a node shows (see above).
    func isOwnEntry(_ record: UInt32, of node: Node) -> Bool {
        guard let (id, _) = run(of: node) else { return false }
        return groups[id].own == record
    }

    /// The names of the groups from the root group down to the root node, which is deeper when one chain of
    /// groups holds every entry.
    var rootPath: [String] {
        var names: [String] = []
        var current = rootID
        while current != 0 {
            names.append(groups[current].name)
            current = groups[current].parent
        }
        return names.reversed()
    }

    private func childCount(_ id: Int) -> Int { groups[id].groups.count + groups[id].entries.count }

    /// The node shown for a group's child: a subgroup, an entry, or the one entry of a subgroup that holds no other.
    ///
    /// - Complexity: O(c), the length of the chain of groups above an entry shown inline.
    func child(_ id: Int, _ position: Int) -> Node {
        let subgroups = groups[id].groups
        guard position < subgroups.count else { return .entry(groups[id].entries[position - subgroups.count]) }
        let subgroup = subgroups[position]
        return singleEntry(of: subgroup).map { .entry($0) } ?? .group(subgroup)
    }

    /// The entry of a group whose subtree holds exactly one, found by walking down its chain of groups.
    ///
    /// - Complexity: O(c), the length of the chain.
    private func singleEntry(of id: Int) -> UInt32? {
        guard groups[id].entryCount == 1 else { return nil }
        var current = id
        while groups[current].entries.isEmpty {
            guard let next = groups[current].groups.first(where: { groups[$0].entryCount > 0 }) else { return nil }
            current = next
        }
        return groups[current].entries.first
    }

    /// Splits a run of a group's children into at most `maxChildren` nodes, by ``bucketSizes(count:maxChildren:)``.
    ///
    /// - Complexity: O(maxChildren · c + log k), as ``children(of:)``.
    private func split(_ id: Int, _ range: Range<Int>) -> [Node] {
        var nodes: [Node] = []
        var start = range.lowerBound
        for size in Hierarchy.bucketSizes(count: range.count, maxChildren: maxChildren) {
            // A part of one is shown as the child itself, not as a bucket around it.
            nodes.append(size == 1 ? child(id, start) : .bucket(group: id, range: start..<start + size))
            start += size
        }
        return nodes
    }

    /// "First … Last", each end shortened to the word that tells it apart from the other end and from the title
    /// across the bucket's boundary. The ends are named as the children are ordered: a group of one by the group's
    /// name, not its entry's title, so the labels of a level's buckets follow one another in order.
    private func label(_ id: Int, _ range: Range<Int>) -> String {
        let first = orderTitle(id, range.lowerBound)
        let last = orderTitle(id, range.upperBound - 1)
        let before = range.lowerBound > 0 ? orderTitle(id, range.lowerBound - 1) : nil
        let after = range.upperBound < childCount(id) ? orderTitle(id, range.upperBound) : nil
        let start = BucketLabel.shorten(first, apartFrom: [last] + (before.map { [$0] } ?? []))
        let end = BucketLabel.shorten(last, apartFrom: [first] + (after.map { [$0] } ?? []))
        return "\(start) … \(end)"
    }

    /// The title a group's child is ordered by: a subgroup's name, or an entry's title.
    private func orderTitle(_ id: Int, _ position: Int) -> String {
        let subgroups = groups[id].groups
        return position < subgroups.count
            ? groups[subgroups[position]].name : table.title(Int(groups[id].entries[position - subgroups.count]))
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
