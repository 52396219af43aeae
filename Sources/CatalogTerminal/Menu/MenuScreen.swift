import CatalogKit

/// The launcher's menu: the grouped hierarchy one level at a time, and a live filter across the whole catalog.
///
/// Browsing shows at most `maxChildren` items of the current level, numbered 1–9 and 0 so a digit opens one.
/// Typing `/` (or any letter but `q`, `j` and `k`) starts the filter: every keystroke searches the whole catalog
/// and lists the hits flat, in search order, with their group path dimmed and the matched text highlighted. A
/// query that extends the previous one searches only the previous hits.
///
/// Opening an entry of a registry calls its factory and pushes the screen it makes; opening an entry of a fixed
/// catalog (a file) picks it: the menu records it in ``picked`` and quits.
public struct MenuScreen: Screen {
    /// One level of the hierarchy being browsed, with the cursor to come back to.
    struct Level: Sendable {
        var node: Hierarchy.Node
        var cursor = 0
        var scroll = 0
    }

    /// The filter's state: the text being typed and the hits it found.
    struct Filter: Sendable {
        var text = ""
        /// The editing position, in characters.
        var caret = 0
        /// The query as typed.
        var query = Query("")
        /// The query the hits answer; it lags `query` while a background search runs.
        var hitsQuery = Query("")
        var hits = Hits.none
        var cursor = 0
        var scroll = 0
    }

    /// A finished search, as a background job returns it.
    struct SearchOutcome: Sendable {
        var query: Query
        var hits: Hits
    }

    /// A catalog loaded in the background: the entries and their grouping.
    struct Loaded: Sendable {
        var snapshot: Snapshot<any Screen>
        var hierarchy: Hierarchy
    }

    /// Catalogs at least this large search in background jobs, so typing never waits for a scan.
    public static let backgroundSearchThreshold = 100_000
    static let searchLane = "menu.search"
    static let loadLane = "menu.load"

    private let source: MenuSource
    private let rootTitle: String
    /// The most children a level shows.
    public let maxChildren: Int
    private var snapshot: Snapshot<any Screen>
    private var hierarchy: Hierarchy
    private(set) var levels: [Level]
    private(set) var filter: Filter?
    private var size = Size.standard
    private let fuzzy: Bool
    /// Whether searches run as jobs; `nil` decides by the catalog's size.
    private let background: Bool?
    private var nextJob = 0
    /// The search job whose result the filter waits for.
    private var pendingSearch: Int?
    /// The job that loads the catalog, until it has been started.
    private var loader: Job?
    /// What is being loaded, while it is.
    private var loadingWhat: String?

    /// Why loading failed, if it did; the menu quits then.
    public private(set) var loadError: String?

    /// The entry picked from a fixed catalog, as a record of ``snapshot``.
    public private(set) var picked: UInt32?

    /// Creates a menu.
    ///
    /// - Parameters:
    ///   - source: The entries.
    ///   - title: The root's title in the breadcrumb.
    ///   - maxChildren: The most children a level shows; at least 2.
    ///   - fuzzy: Whether the filter matches fuzzily.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    ///   - background: Whether to search in background jobs; `nil` does so for catalogs of at least
    ///     ``backgroundSearchThreshold`` entries.
    public init(
        source: MenuSource, title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false,
        background: Bool? = nil
    ) throws {
        self.source = source
        self.rootTitle = title
        self.maxChildren = maxChildren
        self.fuzzy = fuzzy
        self.background = background
        snapshot = source.snapshot()
        hierarchy = try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren)
        levels = [Level(node: hierarchy.root)]
    }

    /// Creates a menu that loads its catalog in a background job, so the first frame appears at once and keys
    /// typed meanwhile go into the filter.
    ///
    /// - Parameters:
    ///   - description: What is loading, for the loading line ("titles.txt").
    ///   - load: Reads the catalog; an error ends the menu with ``loadError`` set.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        loading description: String, title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false,
        background: Bool? = nil, load: @escaping @Sendable () throws -> Snapshot<any Screen>
    ) throws {
        let empty: Snapshot<any Screen> = try CatalogFile.parse([])
        try self.init(
            source: .fixed(empty), title: title, maxChildren: maxChildren, fuzzy: fuzzy, background: background)
        loadingWhat = description
        loader = Job(lane: Self.loadLane, id: 0) { _ in
            do {
                let snapshot = try load()
                return Loaded(
                    snapshot: snapshot, hierarchy: try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren))
            } catch {
                return "\(error)"
            }
        }
    }

    /// Whether the catalog is still loading.
    public var isLoading: Bool { loadingWhat != nil }

    private var searchesInBackground: Bool { background ?? (snapshot.count >= Self.backgroundSearchThreshold) }

    /// The full path of the picked entry, if any.
    public var pickedPath: String? { picked.map { snapshot.table.path(Int($0)) } }

    // MARK: - Screen

    public var title: String {
        levels.map { hierarchy.title(of: $0.node) }.joined(separator: Session.breadcrumbSeparator)
    }

    public var takesText: Bool { filter != nil }
    public var handlesEscape: Bool { true }

    public var lineHelp: [String] {
        [
            "  <n>  open item n",
            "  /text  filter the whole catalog; / alone clears the filter",
        ]
    }

    public mutating func handle(_ event: Event) throws -> Action {
        let start = startLoading()
        let refreshed = refreshIfChanged()
        let action: Action
        switch event {
        case .resize(let newSize):
            size = newSize
            keepCursorVisible()
            action = .none
        case .tick:
            action = .none
        case .key(let key):
            action = filter == nil ? browse(key) : edit(key)
        case .finished(let result):
            action = finish(result)
        }
        return .batch([start, refreshed, action])
    }

    /// Starts the loading job on the first event.
    private mutating func startLoading() -> Action {
        guard let job = loader else { return .none }
        loader = nil
        return .run(job)
    }

    /// Takes in a finished job: a loaded catalog or a search.
    private mutating func finish(_ result: JobResult) -> Action {
        switch result.lane {
        case Self.loadLane:
            loadingWhat = nil
            guard let loaded = result.value as? Loaded else {
                loadError = result.value as? String ?? "The catalog could not be loaded."
                return .quit
            }
            snapshot = loaded.snapshot
            hierarchy = loaded.hierarchy
            levels = [Level(node: hierarchy.root)]
            guard let current = filter else { return .none }
            // Keys typed while loading are the filter now.
            return startFilter(with: current.text)
        case Self.searchLane:
            guard result.id == pendingSearch, let outcome = result.value as? SearchOutcome, var current = filter,
                outcome.query.matchesSameEntries(as: current.query)
            else { return .none }
            pendingSearch = nil
            current.hits = outcome.hits
            current.hitsQuery = outcome.query
            current.cursor = 0
            current.scroll = 0
            filter = current
            return .none
        default:
            return .none
        }
    }

    // MARK: - Browsing

    private var current: Level { levels[levels.count - 1] }
    private var children: [Hierarchy.Node] { hierarchy.children(of: current.node) }

    private mutating func browse(_ key: Key) -> Action {
        guard let command = Self.command(for: key, in: Self.browsing) else {
            if case .character(let character) = key, !character.isWhitespace {
                return startFilter(with: String(character))
            }
            return .none
        }
        let count = children.count
        if move(command, from: current.cursor, count: count) { return .none }
        switch command {
        case .open: return open(at: current.cursor)
        case .jump(let index):
            guard index < count else { return .bell }
            moveCursor(to: index, count: count)
            return open(at: index)
        case .back: goBack()
        case .startFilter: return startFilter(with: "")
        case .quit: return .quit
        default: break
        }
        return .none
    }

    /// Carries out a cursor movement, in the list being browsed or the filter's hits.
    ///
    /// - Returns: Whether the command was a movement.
    private mutating func move(_ command: Command, from cursor: Int, count: Int) -> Bool {
        switch command {
        case .up: moveCursor(to: cursor - 1, count: count)
        case .down: moveCursor(to: cursor + 1, count: count)
        case .pageUp: moveCursor(to: cursor - listHeight, count: count)
        case .pageDown: moveCursor(to: cursor + listHeight, count: count)
        case .home: moveCursor(to: 0, count: count)
        case .end: moveCursor(to: count - 1, count: count)
        default: return false
        }
        return true
    }

    private mutating func moveCursor(to index: Int, count: Int) {
        guard count > 0 else { return }
        if filter != nil {
            filter?.cursor = min(max(index, 0), count - 1)
        } else {
            levels[levels.count - 1].cursor = min(max(index, 0), count - 1)
        }
        keepCursorVisible()
    }

    private mutating func open(at index: Int) -> Action {
        let nodes = children
        guard nodes.indices.contains(index) else { return .none }
        switch nodes[index] {
        case .entry(let record): return open(record: record)
        case let node:
            levels.append(Level(node: node))
            return .none
        }
    }

    private mutating func open(record: UInt32) -> Action {
        guard let make = snapshot.factory(Int(record)) else {
            picked = record
            return .quit
        }
        do {
            return .push(try make())
        } catch {
            return .status("Could not open “\(snapshot.table.title(Int(record)))”: \(Session.message(for: error))")
        }
    }

    private mutating func goBack() {
        if levels.count > 1 { levels.removeLast() }
    }

    // MARK: - Filtering

    private mutating func startFilter(with text: String) -> Action {
        // The empty query matches everything, so every entry is a candidate for the first keystroke.
        let empty = Query("", fuzzy: fuzzy)
        filter = Filter(query: empty, hitsQuery: empty, hits: Hits(all: snapshot.index))
        pendingSearch = nil
        return setFilterText(text, caret: text.count, force: true)
    }

    private mutating func edit(_ key: Key) -> Action {
        guard var current = filter else { return .none }
        if let command = Self.command(for: key, in: Self.filtering) {
            if move(command, from: current.cursor, count: current.hits.count) { return .none }
            switch command {
            case .open:
                guard current.hits.ordered.indices.contains(current.cursor) else { return .bell }
                return open(record: current.hits.ordered[current.cursor])
            case .deleteBackward:
                guard current.caret > 0 else {
                    if current.text.isEmpty { filter = nil }
                    return .none
                }
                var characters = Array(current.text)
                characters.remove(at: current.caret - 1)
                return setFilterText(String(characters), caret: current.caret - 1)
            case .caretLeft:
                current.caret = max(0, current.caret - 1)
                filter = current
            case .caretRight:
                current.caret = min(current.text.count, current.caret + 1)
                filter = current
            case .clearText: return setFilterText("", caret: 0)
            case .escape:
                if current.text.isEmpty {
                    filter = nil
                    pendingSearch = nil
                } else {
                    return setFilterText("", caret: 0)
                }
            default: break
            }
            return .none
        }
        if case .character(let character) = key {
            var characters = Array(current.text)
            characters.insert(character, at: current.caret)
            return setFilterText(String(characters), caret: current.caret + 1)
        }
        return .none
    }

    /// Sets the filter text and searches: among the previous hits when the new query narrows the one they answer.
    ///
    /// A small catalog is searched at once. A large one is searched by a background job, so the keystroke returns
    /// at once; the hits shown stay those of the last finished search until the job's result arrives, and a newer
    /// keystroke's job supersedes it.
    ///
    /// - Returns: The job to run, if the search runs in the background.
    private mutating func setFilterText(_ text: String, caret: Int, force: Bool = false) -> Action {
        guard var current = filter else { return .none }
        let query = Query(text, fuzzy: fuzzy)
        let changed = force || !query.matchesSameEntries(as: current.query)
        current.text = text
        current.caret = caret
        current.query = query
        filter = current
        guard changed, loadingWhat == nil else { return .none }
        let candidates: Hits? = query.narrows(current.hitsQuery) ? current.hits : nil
        let index = snapshot.index
        guard searchesInBackground else {
            current.hits = index.hits(for: query, among: candidates)
            current.hitsQuery = query
            current.cursor = 0
            current.scroll = 0
            filter = current
            return .none
        }
        nextJob += 1
        pendingSearch = nextJob
        return .run(
            Job(lane: Self.searchLane, id: nextJob) { isCancelled in
                SearchOutcome(query: query, hits: index.hits(for: query, among: candidates, isCancelled: isCancelled))
            })
    }

    // MARK: - Layout

    /// The rows available to the list: the body less the status line and the footer (and the prompt).
    private var listHeight: Int { max(1, size.rows - 2 - (filter == nil ? 0 : 1)) }

    private mutating func keepCursorVisible() {
        let height = listHeight
        if var current = filter {
            current.scroll = Self.scroll(current.scroll, cursor: current.cursor, height: height)
            filter = current
        } else {
            var level = levels[levels.count - 1]
            level.scroll = Self.scroll(level.scroll, cursor: level.cursor, height: height)
            levels[levels.count - 1] = level
        }
    }

    private static func scroll(_ scroll: Int, cursor: Int, height: Int) -> Int {
        if cursor < scroll { return cursor }
        if cursor >= scroll + height { return cursor - height + 1 }
        return scroll
    }

    /// Re-reads a live registry that changed, keeping the levels that still exist.
    private mutating func refreshIfChanged() -> Action {
        guard source.isLive else { return .none }
        let latest = source.snapshot()
        guard latest.generation != snapshot.generation,
            let rebuilt = try? Hierarchy(latest, rootTitle: rootTitle, maxChildren: maxChildren)
        else { return .none }
        let titles = levels.dropFirst().map { hierarchy.title(of: $0.node) }
        snapshot = latest
        hierarchy = rebuilt
        var rebuiltLevels = [Level(node: rebuilt.root)]
        for title in titles {
            guard
                let node = rebuilt.children(of: rebuiltLevels[rebuiltLevels.count - 1].node)
                    .first(where: { rebuilt.title(of: $0) == title })
            else { break }
            rebuiltLevels.append(Level(node: node))
        }
        levels = rebuiltLevels
        if let current = filter {
            let action = startFilter(with: current.text)
            filter?.caret = current.caret
            return action
        }
        return .none
    }

    // MARK: - Drawing

    public func render(in size: Size) -> Frame {
        var lines: [Line] = []
        var cursor: (row: Int, column: Int)?
        let width = size.columns
        let height = max(1, size.rows - 2 - (filter == nil ? 0 : 1))
        if let filter {
            let before = String(filter.text.prefix(filter.caret))
            lines.append(Line([Span("/ ", .bold), Span(filter.text)]))
            cursor = (0, min(width - 1, 2 + DisplayWidth.of(before)))
            let visible = filter.hits.ordered.dropFirst(filter.scroll).prefix(height)
            for (offset, record) in visible.enumerated() {
                lines.append(hitLine(record, selected: filter.scroll + offset == filter.cursor, width: width))
            }
        } else {
            let level = current
            for (offset, node) in children.enumerated().dropFirst(level.scroll).prefix(height) {
                lines.append(itemLine(node, number: offset, selected: offset == level.cursor, width: width))
            }
        }
        while lines.count < size.rows - 2 { lines.append(Line()) }
        if size.rows >= 2 {
            lines.append(Line(DisplayWidth.truncate(statusText, to: width), .dim))
            lines.append(
                Line(DisplayWidth.truncate(Self.footer(for: filter == nil ? Self.browsing : Self.filtering), to: width))
            )
        }
        return Frame(lines: Array(lines.prefix(max(size.rows, 0))), cursor: cursor)
    }

    private func itemLine(_ node: Hierarchy.Node, number: Int, selected: Bool, width: Int) -> Line {
        let key = number < 10 ? String((number + 1) % 10) : " "
        let isGroup: Bool
        if case .entry = node { isGroup = false } else { isGroup = true }
        let prefix = " \(key) \(isGroup ? "▸" : " ") "
        var spans = [Span(prefix, selected ? .reverse : .plain)]
        let available = max(0, width - DisplayWidth.of(prefix))
        let title = hierarchy.title(of: node)
        let detail: String
        if isGroup {
            let count = hierarchy.entryCount(of: node)
            detail = hierarchy.isEmptyGroup(node) ? "empty" : count == 1 ? "1 entry" : "\(Self.grouped(count)) entries"
        } else if case .entry(let record) = node {
            detail = snapshot.table.summary(Int(record))
        } else {
            detail = ""
        }
        let titleText = DisplayWidth.truncate(title, to: available)
        spans.append(Span(titleText, selected ? Style(bold: true, reverse: true) : (isGroup ? .bold : .plain)))
        let room = available - DisplayWidth.of(titleText) - 2
        if !detail.isEmpty && room >= 4 {
            spans.append(
                Span("  " + DisplayWidth.truncate(detail, to: room), selected ? Style(dim: true, reverse: true) : .dim))
        }
        return Line(spans)
    }

    private func hitLine(_ record: UInt32, selected: Bool, width: Int) -> Line {
        let table = snapshot.table
        let title = table.title(Int(record))
        let groups = table.groups(Int(record)).joined(separator: " › ")
        let base: Style = selected ? .reverse : .plain
        var spans = [Span("  ", base)]
        let titleText = DisplayWidth.truncate(title, to: max(0, width - 2))
        let marks = Highlight.characters(in: titleText, matching: filter?.query ?? Query(""))
        var offset = 0
        for (index, character) in titleText.enumerated() {
            let lit = marks.contains { $0.contains(index) }
            var style = base
            if lit {
                style.bold = true
                style.underline = true
            }
            if let last = spans.last, last.style == style, offset > 0 {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(Span(String(character), style))
            }
            offset += 1
        }
        let room = width - 2 - DisplayWidth.of(titleText) - 2
        if !groups.isEmpty && room >= 4 {
            var dim = base
            dim.dim = true
            spans.append(Span("  " + DisplayWidth.truncate(groups, to: room), dim))
        }
        return Line(spans)
    }

    private var statusText: String {
        let total = snapshot.count
        if let loadingWhat { return "Loading \(loadingWhat)…" }
        if let filter, pendingSearch != nil { return "Searching “\(filter.text)” in \(Self.grouped(total)) entries…" }
        if let filter {
            if filter.query.isEmpty { return "Type to filter \(Self.grouped(total)) entries" }
            if filter.hits.isEmpty { return "No entries match “\(filter.text)”" }
            return "\(Self.grouped(filter.hits.count)) of \(Self.grouped(total)) entries match “\(filter.text)”"
        }
        let here = hierarchy.entryCount(of: current.node)
        return levels.count == 1
            ? "\(Self.grouped(total)) entries" : "\(Self.grouped(here)) of \(Self.grouped(total)) entries"
    }

    /// A count with thousands separators: 1,000,000.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    // MARK: - Line mode

    public func lines(width: Int) -> [String] {
        if let filter {
            var output = [statusText]
            for (index, record) in filter.hits.ordered.prefix(Self.lineModeHits).enumerated() {
                let table = snapshot.table
                let groups = table.groups(Int(record)).joined(separator: "/")
                output.append(
                    DisplayWidth.truncate(
                        "\(index + 1). \(table.title(Int(record)))" + (groups.isEmpty ? "" : "  (\(groups))"), to: width
                    ))
            }
            if filter.hits.count > Self.lineModeHits {
                output.append("… and \(Self.grouped(filter.hits.count - Self.lineModeHits)) more; refine the filter.")
            }
            return output
        }
        var output = ["\(title) — \(statusText)"]
        for (index, node) in children.enumerated() {
            var text = "\(index + 1). \(hierarchy.title(of: node))"
            if case .entry(let record) = node {
                let summary = snapshot.table.summary(Int(record))
                if !summary.isEmpty { text += " — \(summary)" }
            } else {
                text += "/ (\(Self.grouped(hierarchy.entryCount(of: node))))"
            }
            output.append(DisplayWidth.truncate(text, to: width))
        }
        return output
    }

    /// The most hits line mode prints at once.
    static let lineModeHits = 50

    public mutating func handle(line: String) throws -> Action {
        let refreshed = refreshIfChanged()
        if line.isEmpty { return refreshed }
        if line.hasPrefix("/") {
            let text = String(line.dropFirst())
            if text.isEmpty {
                filter = nil
                return refreshed
            }
            return .batch([refreshed, startFilter(with: text)])
        }
        if line == ".." {
            if filter != nil {
                filter = nil
            } else if levels.count > 1 {
                levels.removeLast()
            } else {
                return .status("This is the top level; type q to quit.")
            }
            return .none
        }
        if let number = Int(line) {
            if let filter {
                let shown = min(filter.hits.count, Self.lineModeHits)
                guard shown > 0 else { return .status("There is no item \(number); nothing matches the filter.") }
                guard (1...shown).contains(number) else {
                    return .status("There is no item \(number); choose 1 to \(shown).")
                }
                return open(record: filter.hits.ordered[number - 1])
            }
            let count = children.count
            let index = number == 0 ? 9 : number - 1
            guard (0..<count).contains(index) else {
                return .status("There is no item \(number); choose 1 to \(count).")
            }
            levels[levels.count - 1].cursor = index
            return open(at: index)
        }
        return .status("Unknown command “\(line)”. Type a number to open, /text to filter, .. to go back, ? for help.")
    }
}
