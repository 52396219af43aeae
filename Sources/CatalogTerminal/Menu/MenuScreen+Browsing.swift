import CatalogKit

extension MenuScreen {
    /// The level being browsed.
    var current: Level { levels[levels.count - 1] }
    /// The items of the level being browsed.
    var children: [Item] { items(in: current.item) }

    /// The items a level lists: a shelf's entries; at the root, the shelves that hold anything and then the root's
    /// children, the last of which are gathered into one bucket when they and the shelves are more than a level
    /// may show; elsewhere, the hierarchy's children.
    ///
    /// - Complexity: O(maxChildren), plus the shelf's entries.
    func items(in item: Item) -> [Item] {
        switch item {
        case .shelf(let shelf):
            return shelfRecords(shelf).map { .node(.entry($0)) }
        case .node(let node) where node == hierarchy.root:
            let shelves = Shelf.allCases.filter { !shelfRecords($0).isEmpty }.map(Item.shelf)
            var nodes = hierarchy.children(of: node)
            let room = max(maxChildren - shelves.count, 1)
            if nodes.count > room, case .group(let root) = node {
                // The first `room - 1` stay; the rest, a contiguous run of the root's children, become one bucket.
                let start = nodes.prefix(room - 1).reduce(0) { position, node in
                    if case .bucket(_, let range) = node { return position + range.count }
                    return position + 1
                }
                let end = nodes.reduce(0) { position, node in
                    if case .bucket(_, let range) = node { return position + range.count }
                    return position + 1
                }
                nodes = Array(nodes.prefix(room - 1)) + [.bucket(group: root, range: start..<end)]
            }
            return shelves + nodes.map(Item.node)
        case .node(let node):
            return hierarchy.children(of: node).map(Item.node)
        }
    }

    /// An item's title.
    func title(of item: Item) -> String {
        switch item {
        case .shelf(let shelf): return shelf.title
        case .node(let node): return hierarchy.title(of: node)
        }
    }

    /// The number of entries an item holds.
    func entryCount(of item: Item) -> Int {
        switch item {
        case .shelf(let shelf): return shelfRecords(shelf).count
        case .node(let node): return hierarchy.entryCount(of: node)
        }
    }

    mutating func browse(_ key: Key) -> Action {
        guard let command = Self.browsing.command(for: key) else {
            if case .character(let character) = key, !character.isWhitespace {
                return startFilter(with: String(character))
            }
            return .none
        }
        let count = children.count
        if move(command, from: current.cursor, count: count) { return .none }
        switch command {
        case .open:
            // With entries marked, Enter picks them wherever the cursor is; → still goes into a group.
            if options.multi, !marked.isEmpty, key == .enter, let first = marked.min() { return open(record: first) }
            return open(at: current.cursor)
        case .jump:
            guard case .character(let digit) = key,
                let index = ItemNumber.index(String(digit), count: count, zeroIsTenth: true)
            else { return .bell }
            moveCursor(to: index, count: count)
            return open(at: index)
        case .back: goBack()
        case .startFilter: return startFilter(with: "")
        case .quit: return .quit
        default: break
        }
        return .none
    }

    /// Opens the item at a position of the level: a group or bucket is entered, an entry opened or picked.
    mutating func open(at index: Int) -> Action {
        let items = children
        guard items.indices.contains(index) else { return .none }
        switch items[index] {
        case .node(.entry(let record)): return open(record: record)
        case let item:
            levels.append(Level(item: item))
            keepCursorVisible()
            return .none
        }
    }

    /// Opens an entry: pushes the screen its factory makes, or, for a fixed catalog, picks it (with every marked
    /// entry, when some are) and quits.
    mutating func open(record: UInt32) -> Action {
        guard let make = snapshot.factory(Int(record)) else {
            picked = marked.isEmpty ? [record] : marked.sorted()
            return .quit
        }
        do {
            return .batch([.push(try make()), remember(record)])
        } catch {
            return .status("Could not open “\(snapshot.table.title(Int(record)))”: \(Session.message(for: error))")
        }
    }

    mutating func goBack() {
        if levels.count > 1 { levels.removeLast() }
        keepCursorVisible()
    }
}
