import CatalogKit

extension MenuScreen {
    /// The level being browsed.
    var current: Level { levels[levels.count - 1] }
    /// The items of the level being browsed.
    var children: [Hierarchy.Node] { hierarchy.children(of: current.node) }

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
        let nodes = children
        guard nodes.indices.contains(index) else { return .none }
        switch nodes[index] {
        case .entry(let record): return open(record: record)
        case let node:
            levels.append(Level(node: node))
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
            return .push(try make())
        } catch {
            return .status("Could not open “\(snapshot.table.title(Int(record)))”: \(Session.message(for: error))")
        }
    }

    mutating func goBack() {
        if levels.count > 1 { levels.removeLast() }
        keepCursorVisible()
    }
}
