import CatalogKit

extension MenuScreen {
    /// The level being browsed.
    var current: Level { levels[levels.count - 1] }
    /// The items of the level being browsed.
    var currentItems: [Item] { items(in: current.item) }
    /// The items the list shows now: the level's, or the filter's hits.
    var listCount: Int { filter?.shown.count ?? currentItems.count }

    /// The items a level lists: a shelf's entries; at the root, the hierarchy's children and then the shelves that
    /// hold anything; elsewhere, the hierarchy's children.
    ///
    /// - Complexity: O(maxChildren), plus the shelf's entries.
    func items(in item: Item) -> [Item] {
        switch item {
        case .shelf(let shelf):
            return shelfRecords(shelf).map { .node(.entry($0)) }
        case .node(let node) where node == hierarchy.root:
            let shelves = Shelf.allCases.filter { !shelfRecords($0).isEmpty }.map(Item.shelf)
            return hierarchy.children(of: node).map(Item.node) + shelves
        case .node(let node):
            return hierarchy.children(of: node).map(Item.node)
        }
    }

    /// How many of a level's items a digit reaches: the catalog's own, up to ten; never a shelf.
    func numberedCount(in item: Item) -> Int {
        guard !keys.picker else { return 0 }
        if case .node(let node) = item { return min(hierarchy.children(of: node).count, 10) }
        return min(items(in: item).count, 10)
    }

    /// An item's title, as the menu shows it (``shown(_:)``).
    func title(of item: Item) -> String {
        switch item {
        case .shelf(let shelf): return words(shelf == .recent ? .recent : .favourites)
        case .node(.entry(let record)): return title(of: record)
        case .node(let node): return shown(hierarchy.title(of: node))
        }
    }

    /// An entry's title, as the menu shows it (``shown(_:)``). An entry in no group has a `/` for each `∕` too: its
    /// line was read whole, as a picker reads a list of columns (`git ls-files -s`) as `--flat` lines.
    func title(of record: UInt32) -> String {
        let title = snapshot.table.title(Int(record))
        guard !options.slashesInNames, title.contains("\u{2215}"), snapshot.table.groups(Int(record)).isEmpty else {
            return shown(title)
        }
        return title.replacingOccurrences(of: "\u{2215}", with: "/")
    }

    /// A title as the menu shows it: with `/` where a flat list's line had one (``Options/slashesInNames``), one
    /// column as `∕` is, so a match's place in it stays where it was.
    func shown(_ title: String) -> String {
        options.slashesInNames && title.contains("\u{2215}")
            ? title.replacingOccurrences(of: "\u{2215}", with: "/") : title
    }

    /// The number of entries an item holds.
    func entryCount(of item: Item) -> Int {
        switch item {
        case .shelf(let shelf): return shelfRecords(shelf).count
        case .node(let node): return hierarchy.entryCount(of: node)
        }
    }

    /// A key the menu was given: a mouse report, a bound command, a digit that opens its item, or text for the
    /// filter.
    ///
    /// While nothing of the catalog is in, the key waits to be replayed on it, in order, and acts meanwhile on the
    /// empty catalog, so what it types shows; only leaving (Escape at the root, Ctrl-Q) is carried out at once.
    mutating func press(_ key: Key) -> Action {
        let before = query
        // A key pressed while nothing is in is replayed on the catalog when it comes, and acts then.
        let replayedLater = if case .loading = phase { true } else { false }
        let action = pressed(key)
        // fzf's `change` event: after whatever changed the text, its commands.
        guard !replayedLater, query != before, keys.events[.change] != nil else { return action }
        return .batch([action, fire(.change)])
    }

    /// A key, before the `change` event it may set off (``press(_:)``).
    private mutating func pressed(_ key: Key) -> Action {
        if case .loading(var loading) = phase {
            if case .mouse = key { return .none }
            loading.pending.append(key)
            phase = .loading(loading)
            let action = act(on: key)
            return action.ends ? action : .none
        }
        if case .topLevel(let top) = phase { return pressOnTopLevel(key, top) }
        let refreshed = refreshIfChanged()
        return .batch([refreshed, act(on: key)])
    }

    mutating func act(on key: Key) -> Action {
        if case .cleared(var cleared) = mode {
            if keys.commands(for: key) == [.backwardDeleteChar] {
                cleared.pressed = true
                mode = .cleared(cleared)
                return .tick(after: Cleared.window)
            }
            mode = .browsing
        }
        if case .mouse(let mouse) = key { return click(mouse) }
        // An --expect key picks as Enter does, and is remembered to be printed with the pick.
        if let name = options.expectedKeys[key] {
            pickedWith = name
            return perform(.accept)
        }
        if keys.commands(for: key)?.contains(where: { [.accept, .acceptNonEmpty].contains($0) }) == true {
            pickedWith = nil
        }
        if let commands = keys.commands(for: key) {
            // fzf's `backward-eof`: Backspace with nothing to delete.
            if commands == [.backwardDeleteChar], query.isEmpty, keys.events[.backwardEOF] != nil {
                return fire(.backwardEOF)
            }
            return perform(commands, arguments: keys.arguments[key] ?? [:])
        }
        guard case .character(let character) = key else { return .none }
        if filter == nil, !keys.picker, let digit = character.wholeNumberValue, character.isASCII {
            return jump(to: digit)
        }
        return type(character)
    }

    /// Carries out a binding's commands, in order, up to one that ends the menu.
    mutating func perform(_ commands: [MenuKeys.Command], arguments: [Int: String]) -> Action {
        var actions: [Action] = []
        for (place, command) in commands.enumerated() {
            let action = command.takesShellCommand ? run(command, arguments[place] ?? "") : perform(command)
            actions.append(action)
            if action.ends { break }
        }
        return .batch(actions)
    }

    /// Carries out the commands bound to one of fzf's events, if any are.
    mutating func fire(_ event: MenuKeys.Event) -> Action {
        guard let bound = keys.events[event] else { return .none }
        return perform(bound.commands, arguments: bound.arguments)
    }

    /// Carries out a command.
    mutating func perform(_ command: MenuKeys.Command) -> Action {
        switch command {
        case .up: moveCursor(by: -1)
        case .down: moveCursor(by: 1)
        case .pageUp: moveCursor(by: -max(layout.listRows, 1))
        case .pageDown: moveCursor(by: max(layout.listRows, 1))
        case .halfPageUp: moveCursor(by: -max(layout.listRows / 2, 1))
        case .halfPageDown: moveCursor(by: max(layout.listRows / 2, 1))
        case .first: moveCursor(to: 0)
        case .last: moveCursor(to: listCount - 1)
        case .beginningOfLine where filter == nil: moveCursor(to: 0)
        case .endOfLine where filter == nil: moveCursor(to: listCount - 1)
        case .accept, .acceptNonEmpty:
            let kind: PendingAccept = command == .accept ? .any : .nonEmpty
            if filter != nil { return acceptHit(kind) }
            if options.multi, !marked.isEmpty { return pick(marked.inOrder) }
            // Nothing at all to open, once everything is read: as with no hit, a picker quits having picked
            // nothing (status 1, as fzf's does on empty input), and a launcher rings the bell.
            if currentItems.isEmpty, case .ready = phase { return source.picks && kind == .any ? .quit : .bell }
            return open(at: current.cursor)
        case .forward:
            if filter != nil { return edit(.forwardChar) }
            // In a picker → only goes into a group: opening an entry there picks it, which is Enter's, as in fzf.
            if keys.picker, case .node(.entry)? = highlighted { return .none }
            return open(at: current.cursor)
        case .backward:
            if filter != nil { return edit(.backwardChar) }
            goBack()
        case .backwardDeleteChar:
            if filter != nil { return edit(command) }
            goBack()
        case .cancel:
            if filter != nil { return closeFilter() }
            if levels.count > 1 {
                goBack()
            } else {
                return keys.picker ? .abort : .quit
            }
        case .abort: return .abort
        case .deleteCharEOF:
            guard let filter, !filter.text.isEmpty else { return .abort }
            return edit(.deleteChar)
        case .toggleDown, .toggleUp, .toggle:
            guard options.multi, let item = highlighted else { return .none }
            toggleMark(item)
            if command != .toggle { moveCursor(by: command == .toggleDown ? 1 : -1) }
        case .selectAll, .deselectAll, .toggleAll:
            guard options.multi else { return .none }
            markAll(command)
        case .togglePreview: return togglePreview()
        case .previewUp: scrollPreview(by: -1)
        case .previewDown: scrollPreview(by: 1)
        case .previewPageUp: scrollPreview(by: -max((layout.pane?.size.rows ?? 2) - 1, 1))
        case .previewPageDown: scrollPreview(by: max((layout.pane?.size.rows ?? 2) - 1, 1))
        case .toggleFavourite: return toggleFavourite()
        case .toggleExact: return toggleMatching()
        case .toggleSort: return toggleHitOrder()
        case .yank: return yank()
        case .replaceQuery:
            guard case .node(.entry(let record))? = highlighted else { return .bell }
            return replaceQuery(with: line(record))
        case .printQuery:
            printsQuery = true
            return .quit
        case .previousHistory, .nextHistory:
            let current = query
            let text =
                command == .previousHistory
                ? queryHistory?.previous(leaving: current) : queryHistory?.next(leaving: current)
            guard let text else { return .bell }
            // Back to no text: the filter closes, as when its text is deleted.
            return text.isEmpty ? edit(.clearQuery) : replaceQuery(with: text)
        case .ignore: break
        case .execute, .executeSilent, .become: break  // Only with their shell command: run(_:_:).
        default: return edit(command)
        }
        return .none
    }

    /// A digit in the built-in launcher, while the filter is empty: opens the item it numbers (0 is the tenth).
    private mutating func jump(to digit: Int) -> Action {
        guard let index = ItemNumber.index(digit, count: numberedCount(in: current.item), zeroIsTenth: true) else {
            return .bell
        }
        moveCursor(to: index)
        return open(at: index)
    }

    /// Opens the item at a position of the level: a group or bucket is entered, an entry opened or picked.
    mutating func open(at index: Int) -> Action {
        let items = currentItems
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
        do {
            // An entry with controls opens with its defaults and the controls pane, which F7 shows.
            guard let screen = try snapshot.open(Int(record)) else {
                return pick(marked.isEmpty ? [record] : marked.inOrder)
            }
            return .batch([.push(screen, title: snapshot.table.title(Int(record))), remember(record)])
        } catch {
            return .status(
                words(
                    .couldNotOpen,
                    [
                        "title": snapshot.table.title(Int(record)),
                        "message": Session.message(for: error, in: environment.locale),
                    ]))
        }
    }

    /// Picks entries of a fixed catalog and quits; a registry's entries are opened instead.
    mutating func pick(_ records: [UInt32]) -> Action {
        guard let first = records.first else { return .bell }
        guard snapshot.factory(Int(first)) == nil else { return open(record: first) }
        picked = records
        return .quit
    }

    /// Goes up a level, highlighting the item it came from.
    mutating func goBack() {
        if levels.count > 1 { leaveLevels(1) }
        keepCursorVisible()
    }

    /// Closes the deepest levels. Leaving the Recent shelf orders it anew, most recent first: while it was open,
    /// it kept its rows (``historyChanged()``).
    mutating func leaveLevels(_ count: Int) {
        let leavesRecent = levels.suffix(count).contains { $0.item == .shelf(.recent) }
        levels.removeLast(count)
        if leavesRecent { recomputeShelves() }
    }
}
