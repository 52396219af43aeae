import CatalogKit

extension MenuScreen {
    /// What an item is, whatever catalog or grouping it is in: a group by its full path, an entry by its id, a
    /// shelf by its kind. A bucket is a place in a grouping, not a thing of the catalog, so it is only a bucket.
    enum Identity: Hashable, Sendable, CustomStringConvertible {
        case group([UInt8])
        case entry(String)
        case shelf(Shelf)
        case bucket

        var description: String {
            switch self {
            case .group(let path): "group \(String(decoding: path, as: UTF8.self))"
            case .entry(let id): "entry \(id)"
            case .shelf(let shelf): "shelf \(shelf.title)"
            case .bucket: "bucket"
            }
        }
    }

    /// A catalog and its grouping, ready to be shown: what a load or a stream step brings, or what the menu
    /// holds.
    struct Catalog: Sendable {
        var snapshot: Snapshot<any Screen>
        var hierarchy: Hierarchy
        var shelves: Shelves
    }

    /// What an item of the catalog shown now is.
    func identity(of item: Item) -> Identity {
        Self.identity(of: item, in: hierarchy, snapshot)
    }

    static func identity(of item: Item, in hierarchy: Hierarchy, _ snapshot: Snapshot<any Screen>) -> Identity {
        switch item {
        case .shelf(let shelf): return .shelf(shelf)
        case .node(.entry(let record)): return .entry(snapshot.table.id(Int(record)))
        case .node(.bucket): return .bucket
        case .node(let group): return hierarchy.groupPath(of: group).map { .group($0) } ?? .bucket
        }
    }

    /// The entry an item stands for when it is highlighted, for finding it again: the entry itself, or a bucket's
    /// first entry or group, so the bucket that holds it is found in the new grouping.
    private func anchor(of item: Item) -> Identity {
        var node: Hierarchy.Node
        switch item {
        case .shelf(let shelf): return .shelf(shelf)
        case .node(let shown): node = shown
        }
        while case .bucket = node, let first = hierarchy.children(of: node).first { node = first }
        return identity(of: .node(node))
    }

    /// Moves what the user sees onto another catalog or grouping of it, by what each thing is, never by its row.
    ///
    /// The levels stay open as long as they exist: a group by its path, a bucket when the new grouping has one in
    /// the same place. When a group gained enough children to be split into buckets, the level shows the bucket
    /// that holds what was highlighted; when the root moved up (a stream's first lines all shared a directory, and
    /// a later line did not), the levels above the old root are opened too, so the user stays where they were. The
    /// highlight stays on the same entry or group, on the same row of the screen; when that is gone, on the same
    /// row. Marks follow their entries, and a filter searches again, keeping the hit the user moved onto (on the
    /// first row, the best hit stays highlighted).
    ///
    /// - Parameters:
    ///   - catalog: The new catalog, its grouping and its shelves.
    ///   - searchesAgain: Whether a filter searches again. Only the shelves changed (an entry opened, a favourite)
    ///     leaves its hits as listed, so coming back from an entry moves no row under the user; the next search
    ///     ranks by the new history.
    /// - Returns: The search to run again, if filtering.
    /// - Complexity: O(levels · depth · maxChildren) for the levels, plus O(marks) lookups of entries by id, each
    ///   O(1) when the entry keeps its record, as a stream's lines do.
    mutating func rebase(onto catalog: Catalog, searchesAgain: Bool = true) -> Action {
        let oldLevels = levels.map { (identity: identity(of: $0.item), level: $0) }
        let highlighted = currentItems.indices.contains(current.cursor) ? currentItems[current.cursor] : nil
        let target = highlighted.map(anchor(of:))
        var hint: Int?
        if case .node(.entry(let record))? = highlighted { hint = Int(record) }
        let row = current.cursor - current.scroll
        let oldRecords = snapshot.table
        let markedIDs = marked.inOrder.map { (oldRecords.id(Int($0)), $0) }
        // A filter's hit is followed only once the user moved onto it: on the first row, the best hit stays
        // highlighted, as fzf keeps it, so Enter after a stream ends opens what ranks first then.
        let tracked = filter.flatMap { $0.cursor > 0 ? $0.highlightedRecord : nil }.map {
            (oldRecords.id(Int($0)), $0)
        }

        snapshot = catalog.snapshot
        hierarchy = catalog.hierarchy
        shelves = catalog.shelves

        let targetPath = target.flatMap { path(to: $0, near: hint) }
        levels = rebuiltLevels(from: oldLevels, targetPath: targetPath)
        // The highlight: the item that is, or holds, the target in the level now open; else the same row.
        let items = currentItems
        var cursor = min(max(oldLevels.last?.level.cursor ?? 0, 0), max(items.count - 1, 0))
        if case .shelf(let shelf)? = target, let found = items.firstIndex(of: .shelf(shelf)) {
            cursor = found
        } else if let targetPath {
            let nodes = Set(targetPath.map { Item.node($0) })
            if let found = items.firstIndex(where: { nodes.contains($0) }) { cursor = found }
        }
        levels[levels.count - 1].cursor = cursor
        // The same row on the screen, unless that would scroll past the list's end.
        levels[levels.count - 1].scroll = min(max(cursor - row, 0), max(items.count - layout.listRows, 0))
        keepCursorVisible()

        marked = Marks(
            markedIDs.compactMap { id, record in
                snapshot.table.record(withID: id, near: Int(record)).map { UInt32($0) }
            })
        guard var current = filter, searchesAgain else { return .none }
        current.track = tracked.flatMap { id, record in
            snapshot.table.record(withID: id, near: Int(record)).map {
                Filter.Track(record: UInt32($0), row: current.cursor - current.scroll)
            }
        }
        mode = .filtering(current)
        return search(force: true)
    }

    /// The levels that stand for the old ones in the new grouping, as described in ``rebase(onto:)``.
    private func rebuiltLevels(from old: [(identity: Identity, level: Level)], targetPath: [Hierarchy.Node]?) -> [Level]
    {
        var root = Level(item: .node(hierarchy.root))
        // A shelf stays open while it holds anything, and the root's cursor stays on it.
        if old.count > 1, case .shelf(let shelf) = old[1].identity {
            guard !shelfRecords(shelf).isEmpty else { return [root] }
            root.cursor = items(in: root.item).firstIndex(of: .shelf(shelf)) ?? 0
            root.scroll = old[0].level.scroll
            return [root, Level(item: .shelf(shelf))]
        }
        // The path to the highlighted thing, or else to the deepest level that still exists, which stays open.
        var path = targetPath
        var pathEndsInLevel = false
        if path == nil {
            for level in old.reversed() where path == nil {
                path = self.path(to: level.identity, near: nil)
            }
            pathEndsInLevel = path != nil
        }
        guard let path else { return [root] }
        let limit = pathEndsInLevel ? path.count : path.count - 1
        var nodes: [Hierarchy.Node] = []
        var next = 0
        for (index, level) in old.enumerated() {
            switch level.identity {
            case .group(let groupPath):
                if let found = path.prefix(limit).firstIndex(where: { hierarchy.groupPath(of: $0) == groupPath }) {
                    if found >= next {
                        nodes += path[next...found]
                        next = found + 1
                    }
                } else if index == 0 {
                    // The old root is no group of the new path: the new root stands for it.
                    nodes = [path[0]]
                    next = 1
                } else {
                    return levels(nodes, from: old)
                }
            case .bucket:
                guard next < limit, case .bucket = path[next] else { continue }
                nodes.append(path[next])
                next += 1
            case .entry, .shelf:
                return levels(nodes, from: old)
            }
        }
        return levels(nodes, from: old)
    }

    /// Levels for nodes, each with its cursor on the node opened below it and the old level's scroll.
    private func levels(_ nodes: [Hierarchy.Node], from old: [(identity: Identity, level: Level)]) -> [Level] {
        let nodes = nodes.isEmpty ? [hierarchy.root] : nodes
        return nodes.enumerated().map { index, node in
            var level = Level(item: .node(node))
            if index + 1 < nodes.count {
                level.cursor = items(in: level.item).firstIndex(of: .node(nodes[index + 1])) ?? 0
                level.scroll = index < old.count ? old[index].level.scroll : 0
            }
            return level
        }
    }

    /// The path from the root to what an identity names in the catalog shown now; an entry is looked for at
    /// `near` first.
    private func path(to identity: Identity, near: Int?) -> [Hierarchy.Node]? {
        switch identity {
        case .entry(let id):
            return snapshot.table.record(withID: id, near: near).flatMap { hierarchy.path(to: UInt32($0)) }
        case .group(let groupPath):
            return hierarchy.group(atPath: groupPath).flatMap { hierarchy.path(toGroup: $0) }
        case .shelf, .bucket:
            return nil
        }
    }
}

extension MenuScreen {
    /// Opens the levels down to an entry and highlights it, as if the user had walked there: a process that took
    /// over from a rebuilt one (`--watch`) shows the menu where the entry was, under the entry it reopens.
    ///
    /// - Parameter id: The entry's id.
    /// - Returns: Whether the catalog has it; when not, the menu stays as it is.
    /// - Complexity: O(n) in the catalog's nodes: a walk of the grouping, once.
    @discardableResult
    package mutating func reveal(_ id: String) -> Bool {
        guard let record = snapshot.record(id: id) else { return false }
        var path: [(node: Hierarchy.Node, position: Int)] = []
        func walk(_ node: Hierarchy.Node) -> Bool {
            for (position, child) in hierarchy.children(of: node).enumerated() {
                path.append((child, position))
                if case .entry(let found) = child, found == UInt32(record) { return true }
                if case .entry = child {} else if walk(child) { return true }
                path.removeLast()
            }
            return false
        }
        guard walk(hierarchy.root) else { return false }
        levels = [Level(item: .node(hierarchy.root), cursor: path[0].position)]
        for (index, step) in path.enumerated().dropLast() {
            levels.append(Level(item: .node(step.node), cursor: path[index + 1].position))
        }
        keepCursorVisible()
        return true
    }

    /// Where the menu is, for a process that takes over from this one (`--watch`): the filter's text when it
    /// filters, and the entry highlighted when an entry is.
    package var place: (query: String?, entry: String?) {
        var entry: String?
        if case .node(.entry(let record))? = highlighted { entry = snapshot.table.id(Int(record)) }
        return (filter?.text, entry)
    }
}
