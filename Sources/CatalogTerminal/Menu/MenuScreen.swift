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
        var query = Query("")
        var hits: [UInt32] = []
        var cursor = 0
        var scroll = 0
    }

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
    public init(source: MenuSource, title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false) throws {
        self.source = source
        self.rootTitle = title
        self.maxChildren = maxChildren
        self.fuzzy = fuzzy
        snapshot = source.snapshot()
        hierarchy = try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren)
        levels = [Level(node: hierarchy.root)]
    }

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
            "  ..   go up a level, or leave the filter",
        ]
    }

    public mutating func handle(_ event: Event) throws -> Action {
        refreshIfChanged()
        switch event {
        case .resize(let newSize):
            size = newSize
            keepCursorVisible()
            return .none
        case .tick:
            return .none
        case .key(let key):
            return filter == nil ? browse(key) : edit(key)
        }
    }

    // MARK: - Browsing

    private var current: Level { levels[levels.count - 1] }
    private var children: [Hierarchy.Node] { hierarchy.children(of: current.node) }

    private mutating func browse(_ key: Key) -> Action {
        guard let command = Self.command(for: key, in: Self.browsing) else {
            if case .character(let character) = key, !character.isWhitespace {
                startFilter(with: String(character))
            }
            return .none
        }
        let count = children.count
        switch command {
        case .up: moveCursor(to: current.cursor - 1, count: count)
        case .down: moveCursor(to: current.cursor + 1, count: count)
        case .pageUp: moveCursor(to: current.cursor - listHeight, count: count)
        case .pageDown: moveCursor(to: current.cursor + listHeight, count: count)
        case .home: moveCursor(to: 0, count: count)
        case .end: moveCursor(to: count - 1, count: count)
        case .open: return open(at: current.cursor)
        case .jump(let index):
            guard index < count else { return .bell }
            moveCursor(to: index, count: count)
            return open(at: index)
        case .back: goBack()
        case .startFilter: startFilter(with: "")
        case .quit: return .quit
        default: break
        }
        return .none
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

    private mutating func startFilter(with text: String) {
        // The empty query matches everything, so every entry is a candidate for the first keystroke.
        filter = Filter(query: Query("", fuzzy: fuzzy), hits: snapshot.recordsInOrder)
        setFilterText(text, caret: text.count)
    }

    private mutating func edit(_ key: Key) -> Action {
        guard var current = filter else { return .none }
        if let command = Self.command(for: key, in: Self.filtering) {
            let count = current.hits.count
            switch command {
            case .up: moveCursor(to: current.cursor - 1, count: count)
            case .down: moveCursor(to: current.cursor + 1, count: count)
            case .pageUp: moveCursor(to: current.cursor - listHeight, count: count)
            case .pageDown: moveCursor(to: current.cursor + listHeight, count: count)
            case .home: moveCursor(to: 0, count: count)
            case .end: moveCursor(to: count - 1, count: count)
            case .open:
                guard current.hits.indices.contains(current.cursor) else { return .bell }
                return open(record: current.hits[current.cursor])
            case .deleteBackward:
                guard current.caret > 0 else {
                    if current.text.isEmpty { filter = nil }
                    return .none
                }
                var characters = Array(current.text)
                characters.remove(at: current.caret - 1)
                setFilterText(String(characters), caret: current.caret - 1)
            case .caretLeft:
                current.caret = max(0, current.caret - 1)
                filter = current
            case .caretRight:
                current.caret = min(current.text.count, current.caret + 1)
                filter = current
            case .clearText: setFilterText("", caret: 0)
            case .escape:
                if current.text.isEmpty { filter = nil } else { setFilterText("", caret: 0) }
            default: break
            }
            return .none
        }
        if case .character(let character) = key {
            var characters = Array(current.text)
            characters.insert(character, at: current.caret)
            setFilterText(String(characters), caret: current.caret + 1)
        }
        return .none
    }

    /// Sets the filter text and searches: among the previous hits when the new query narrows the old one.
    private mutating func setFilterText(_ text: String, caret: Int) {
        guard var current = filter else { return }
        let query = Query(text, fuzzy: fuzzy)
        if query != current.query {
            current.hits =
                query.narrows(current.query)
                ? snapshot.index.search(query, among: current.hits) : snapshot.index.search(query)
            current.cursor = 0
            current.scroll = 0
        }
        current.text = text
        current.caret = caret
        current.query = query
        filter = current
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
    private mutating func refreshIfChanged() {
        guard source.isLive else { return }
        let latest = source.snapshot()
        guard latest.generation != snapshot.generation,
            let rebuilt = try? Hierarchy(latest, rootTitle: rootTitle, maxChildren: maxChildren)
        else { return }
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
            startFilter(with: current.text)
            filter?.caret = current.caret
        }
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
            let visible = filter.hits.dropFirst(filter.scroll).prefix(height)
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
            for (index, record) in filter.hits.prefix(Self.lineModeHits).enumerated() {
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
        refreshIfChanged()
        if line.isEmpty { return .none }
        if line.hasPrefix("/") {
            let text = String(line.dropFirst())
            if text.isEmpty {
                filter = nil
            } else {
                startFilter(with: text)
            }
            return .none
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
                return open(record: filter.hits[number - 1])
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
