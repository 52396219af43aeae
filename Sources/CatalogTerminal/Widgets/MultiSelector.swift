import CatalogKit
import Foundation

/// A list with check marks: pick any number of items, summed up in one line.
///
/// The checks live in a `TriStateSelection` over a flat `Tree`, the same model as the tree widgets. The summary
/// comes from `ListSummary` in a locale's words: "A, B, and C", shortened to "A, B, and 3 more" to fit a width.
///
/// Keys: ↑/↓ (Home/End) move, Space or Enter toggles the item under the cursor; other keys are ignored.
public struct MultiSelector<ID: Hashable & Sendable>: Widget {
    /// One choice.
    public struct Item: Sendable, Hashable {
        /// The item's unique id.
        public var id: ID
        /// The title shown in the list and the summary.
        public var title: String
        /// Always `nil`: items are leaves of a flat tree.
        public var children: [Item]? { nil }

        /// A choice.
        public init(id: ID, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// What a key changed: an item toggled, and whether it is now selected.
    public struct Toggled: Equatable, Sendable {
        /// The item toggled.
        public var id: ID
        /// Whether it is selected now.
        public var selected: Bool

        /// What a key changed.
        public init(id: ID, selected: Bool) {
            self.id = id
            self.selected = selected
        }
    }

    /// The checks, over the items as a flat tree.
    public private(set) var selection: TriStateSelection<Item, ID>
    /// The index of the item under the cursor.
    public private(set) var cursor = 0

    /// Creates a selector.
    ///
    /// - Parameters:
    ///   - items: The choices, in order.
    ///   - selected: The ids selected at first.
    /// - Throws: `Tree.Error.duplicateID` when two items share an id.
    public init(items: [Item], selected: [ID] = []) throws {
        let tree = try Tree(roots: items, id: \.id, children: \.children)
        selection = TriStateSelection(tree: tree, checked: selected)
    }

    /// The choices, in order.
    public var items: [Item] { selection.tree.nodes }

    /// The selected ids, in list order.
    public var selectedIDs: [ID] { selection.checkedIDs }

    /// The selected titles, in list order.
    public var selectedTitles: [String] {
        items.indices.filter { selection.state(at: $0) == .checked }.map { items[$0].title }
    }

    /// Whether an item is selected.
    public func isSelected(_ id: ID) -> Bool { selection.state(of: id) == .checked }

    /// The selection in one line, in a locale's words: "A, B, and C", or "A and 2 more" when it must fit.
    ///
    /// - Parameters:
    ///   - width: The most cells the summary may take, or `nil` for no limit.
    ///   - locale: The locale to join with; see `ListSummary`.
    ///   - empty: The text for an empty selection.
    /// - Returns: The summary.
    /// - Complexity: As `ListSummary/summarize(_:locale:width:)`.
    public func summary(width: Int? = nil, locale: Locale, empty: String = "None") -> String {
        let titles = selectedTitles
        guard !titles.isEmpty else { return width.map { DisplayWidth.truncate(empty, to: $0) } ?? empty }
        return ListSummary.summarize(titles, locale: locale, width: width)
    }

    /// The selection in one line, in the words of a language given by its code ("de", "de_AT").
    ///
    /// - Parameters:
    ///   - width: The most cells the summary may take, or `nil` for no limit.
    ///   - language: A locale identifier; English when it names no language.
    ///   - empty: The text for an empty selection.
    /// - Returns: The summary.
    /// - Complexity: As `ListSummary/summarize(_:locale:width:)`.
    public func summary(width: Int? = nil, language: String = "en", empty: String = "None") -> String {
        summary(width: width, locale: Locale(identifier: language), empty: empty)
    }

    /// Handles one key.
    ///
    /// - Parameter key: The key.
    /// - Returns: The toggled item for Space or Enter, `.handled` for a move, `.ignored` for other keys.
    public mutating func handle(_ key: Key) -> WidgetEvent<Toggled> {
        guard !items.isEmpty else { return .ignored }
        if let moved = WidgetLayout.moved(cursor, by: key, count: items.count) {
            cursor = moved
            return .handled
        }
        switch key {
        case .character(" "), .enter: return toggle(row: cursor).map { .changed($0) } ?? .handled
        default: return .ignored
        }
    }

    /// The item a mouse report lands on, in the list as ``render(in:focused:context:)`` draws it in `height` lines.
    ///
    /// - Parameters:
    ///   - mouse: The report, in the list's own cells.
    ///   - height: The lines the list is drawn in, or `nil` for no limit.
    /// - Returns: The item's index, or `nil` off the items.
    public func row(at mouse: Mouse, height: Int?) -> Int? {
        WidgetLayout.row(atLine: mouse.row, count: items.count, cursor: cursor, height: height, top: top)
    }

    /// Toggles an item, as Space does on it.
    ///
    /// - Parameter index: The item's index.
    /// - Returns: What changed, or `nil` for an index out of range.
    @discardableResult
    public mutating func toggle(row index: Int) -> Toggled? {
        guard items.indices.contains(index) else { return nil }
        cursor = index
        let state = selection.toggle(at: index)
        return Toggled(id: items[index].id, selected: state == .checked)
    }

    /// The text of every row: a checkmark column, then the title.
    ///
    /// - Parameter glyphs: The glyphs to draw with.
    public func rowTexts(glyphs: Glyphs = .unicode) -> [String] {
        let checkWidth = DisplayWidth.of(glyphs.checkmark)
        return items.indices.map { index in
            let mark = selection.state(at: index) == .checked ? glyphs.checkmark : ""
            return WidgetLayout.column(mark, width: checkWidth) + " " + items[index].title
        }
    }

    /// Draws the list, scrolled to keep the cursor in view; with the focus, the pointer on the cursor's row,
    /// highlighted.
    ///
    /// - Parameters:
    ///   - size: The cells available; longer rows are cut with "…".
    ///   - focused: Whether the list has the focus.
    ///   - context: The glyphs to draw with, from the environment.
    /// - Returns: The lines.
    /// Where the list starts once a click pinned it (``pin(height:)``); `nil` while only keys moved the cursor,
    /// which keeps it centred.
    private var top: Int?

    /// Pins the list where it is drawn now in `height` lines, before a click moves the cursor, so the rows stay
    /// under the pointer (a double click lands twice on one row); keys then scroll it only as far as they must.
    package mutating func pin(height: Int?) {
        top = WidgetLayout.pinnedTop(count: items.count, cursor: cursor, height: height, top: top)
    }

    public func render(in size: Size, focused: Bool = true, context: ScreenContext = .standard) -> [Line] {
        WidgetLayout.list(
            rowTexts(glyphs: context.glyphs), cursor: cursor, pointer: context.glyphs.pointer, width: size.columns,
            height: size.rows, focused: focused, top: top)
    }
}
