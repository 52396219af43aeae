import CatalogKit
import Foundation

/// A list with check marks: pick any number of items, summed up in one line.
///
/// The checks live in a ``TriStateSelection`` over a flat ``Tree``, the same model as the tree widgets. The summary
/// comes from ``ListSummary`` in a locale's words: "A, B, and C", shortened to "A, B, and 3 more" to fit a width.
///
/// Keys: ↑/↓ (Home/End) move, Space or Enter toggles the item under the cursor.
public struct MultiSelector<ID: Hashable & Sendable> {
    /// One choice.
    public struct Item: Sendable, Hashable {
        /// The item's unique id.
        public var id: ID
        /// The title shown in the list and the summary.
        public var title: String
        /// Always `nil`: items are leaves of a flat tree.
        public var children: [Item]? { nil }

        public init(id: ID, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// What a key did.
    public enum Outcome: Equatable {
        /// Nothing to report beyond a redraw.
        case none
        /// An item was toggled, and whether it is now selected.
        case toggled(ID, selected: Bool)
    }

    /// The checks, over the items as a flat tree.
    public private(set) var selection: TriStateSelection<Item, ID>
    /// The index of the item under the cursor.
    public private(set) var cursor = 0
    /// The glyphs to draw with.
    public var glyphs: Glyphs

    /// Creates a selector.
    ///
    /// - Parameters:
    ///   - items: The choices, in order.
    ///   - selected: The ids selected at first.
    ///   - glyphs: The glyphs to draw with.
    /// - Throws: `Tree.Error.duplicateID` when two items share an id.
    public init(items: [Item], selected: [ID] = [], glyphs: Glyphs = .unicode) throws {
        let tree = try Tree(roots: items, id: \.id, children: \.children)
        selection = TriStateSelection(tree: tree, checked: selected)
        self.glyphs = glyphs
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
    ///   - locale: The locale to join with; see ``ListSummary``.
    ///   - empty: The text for an empty selection.
    /// - Returns: The summary.
    /// - Complexity: As ``ListSummary/summarize(_:locale:width:)``.
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
    /// - Complexity: As ``ListSummary/summarize(_:locale:width:)``.
    public func summary(width: Int? = nil, language: String = "en", empty: String = "None") -> String {
        summary(width: width, locale: Locale(identifier: language), empty: empty)
    }

    /// Handles one key.
    ///
    /// - Parameter key: The key.
    /// - Returns: The toggled item, if Space or Enter toggled one.
    public mutating func handle(_ key: Key) -> Outcome {
        guard !items.isEmpty else { return .none }
        if let moved = WidgetLayout.moved(cursor, by: key, count: items.count) {
            cursor = moved
            return .none
        }
        switch key {
        case .character(" "), .enter: return toggle(row: cursor)
        default: break
        }
        return .none
    }

    /// Toggles an item, as Space does on it.
    ///
    /// - Parameter index: The item's index.
    /// - Returns: ``Outcome/toggled(_:selected:)``, or ``Outcome/none`` for an index out of range.
    public mutating func toggle(row index: Int) -> Outcome {
        guard items.indices.contains(index) else { return .none }
        cursor = index
        let state = selection.toggle(at: index)
        return .toggled(items[index].id, selected: state == .checked)
    }

    /// The text of every row: a checkmark column, then the title.
    public func rowTexts() -> [String] {
        let checkWidth = DisplayWidth.of(glyphs.checkmark)
        return items.indices.map { index in
            let mark = selection.state(at: index) == .checked ? glyphs.checkmark : ""
            return WidgetLayout.column(mark, width: checkWidth) + " " + items[index].title
        }
    }

    /// Draws the list with the pointer on the cursor's row, highlighted.
    ///
    /// - Parameters:
    ///   - width: The cells available; longer rows are cut with "…".
    ///   - height: The lines available, or `nil` for no limit; the rows scroll to keep the cursor in view.
    /// - Returns: The lines.
    public func render(width: Int, height: Int? = nil) -> [Line] {
        WidgetLayout.list(rowTexts(), cursor: cursor, pointer: glyphs.pointer, width: width, height: height)
    }
}
