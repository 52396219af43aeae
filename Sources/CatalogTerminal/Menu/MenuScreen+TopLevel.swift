import CatalogKit

extension MenuScreen {
    /// The commands that act on a file's top level while the rest of it is made (``Phase/topLevel(_:)``): moves
    /// over its rows, which the whole catalog keeps as they are.
    static let topLevelMoves: Set<MenuKeys.Command> = [
        .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last,
    ]

    /// A key while only the top level is in: a move acts at once (unless keys already wait, whose order it keeps),
    /// and so does typing, and every key while the filter is open, where the records can be searched in the order
    /// read (``searchesWhileSorting``); leaving the menu at the root acts at once, and anything else (going into a
    /// group, marking one) waits to be replayed on the whole catalog, as keys do while nothing is in.
    mutating func pressOnTopLevel(_ key: Key, _ top: TopLevel) -> Action {
        var top = top
        if top.pending.isEmpty, movesOnTopLevel(key) || (searchesWhileSorting && filters(key)) { return act(on: key) }
        let commands = keys.commands(for: key) ?? []
        if commands.contains(.abort) || (commands.contains(.cancel) && levels.count == 1 && filter == nil) {
            return act(on: key)
        }
        // A double click opens and a right click marks: they wait, as keys do. What the menu ignores is dropped.
        if case .mouse(let mouse) = key, mouse.action == .release || mouse.action == .drag || mouse.button == .middle {
            return .none
        }
        top.pending.append(key)
        phase = .topLevel(top)
        return .none
    }

    /// Whether a key only moves the highlight over a level (``topLevelMoves``): the wheel and a single left press
    /// on a row move it too.
    func movesOnTopLevel(_ key: Key) -> Bool {
        if case .mouse(let mouse) = key {
            return mouse.action == .scrollUp || mouse.action == .scrollDown
                || (mouse.action == .press && mouse.button == .left && !mouse.isDoubleClick)
        }
        let commands = keys.commands(for: key) ?? []
        return !commands.isEmpty && commands.allSatisfy(Self.topLevelMoves.contains)
    }

    /// Whether the top level's snapshot can be searched: a file's records in the order read, while they are sorted
    /// (`SearchIndex.inReadOrder(folded:starts:)`). Hits then tie in the order read until the whole
    /// catalog is in and the filter searches again.
    var searchesWhileSorting: Bool { Self.searchesWhileSorting(snapshot) }

    static func searchesWhileSorting(_ snapshot: Snapshot<any Screen>) -> Bool {
        snapshot.count > 0 && snapshot.index.count == snapshot.count
    }

    /// Whether a key acts on the filter: any key while it is open, a held Backspace that emptied it (``Cleared``),
    /// and text that opens it (a digit too in a picker, where digits open nothing).
    func filters(_ key: Key) -> Bool {
        if filter != nil { return true }
        if case .cleared = mode, keys.commands(for: key) == [.backwardDeleteChar] { return true }
        guard case .character(let character) = key, keys.commands(for: key) == nil else { return false }
        return keys.picker || !character.isNumber
    }

    /// Whether an item's children are not known yet: a group below the top level, while only the top level is in.
    func isUnknownYet(_ item: Item) -> Bool {
        guard case .topLevel = phase, case .node(.group) = item else { return false }
        return item != .node(hierarchy.root)
    }
}
