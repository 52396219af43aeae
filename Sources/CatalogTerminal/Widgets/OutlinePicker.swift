import CatalogKit

/// Picks one node of a tree, or none: a pop-up outline like SwiftUI's outline picker.
///
/// It opens with exactly the ancestors of the current selection expanded, so the selection shows and nothing else
/// does. A checkmark marks the selection; every row keeps the same columns (pointer, checkmark, indentation,
/// expander, label), measured in display cells, so Korean or emoji labels line up. A "No Selection" item sits below
/// a separator at the bottom.
///
/// Keys: ↑/↓ (Home/End, Page Up/Down) move, → expands (or steps into an expanded group), ← collapses (or steps
/// out to the parent), Enter picks the row, Escape cancels; other keys are ignored.
public struct OutlinePicker<Node, ID: Hashable & Sendable>: Widget {
    /// What a key chose.
    public enum Choice: Equatable {
        /// A row was picked: a node's id, or `nil` for "No Selection".
        case picked(ID?)
        /// The picker was closed without a change.
        case cancelled
    }

    /// One row of the picker.
    public enum Row: Hashable {
        /// A node, by its position in the tree.
        case node(Int)
        /// The "No Selection" item.
        case noSelection
    }

    /// The tree to pick from.
    public let tree: Tree<Node, ID>
    /// The title of the item that clears the selection.
    public var noSelectionTitle: String
    /// The picked node's id, or `nil` for none.
    public private(set) var selection: ID?
    /// The ids of the expanded groups.
    public private(set) var expanded: Set<ID>
    /// The index in ``rows`` under the cursor.
    public private(set) var cursor = 0
    private let label: (Node) -> String

    /// Creates a picker showing the current selection.
    ///
    /// - Parameters:
    ///   - tree: The nodes to pick from.
    ///   - label: A node's title.
    ///   - selection: The current selection, or `nil`.
    ///   - noSelectionTitle: The title of the item that clears the selection.
    public init(
        tree: Tree<Node, ID>, label: @escaping (Node) -> String, selection: ID? = nil,
        noSelectionTitle: String = "No Selection"
    ) {
        self.tree = tree
        self.label = label
        self.noSelectionTitle = noSelectionTitle
        self.selection = nil
        self.expanded = []
        reveal(selection)
    }

    /// Sets the selection and shows it: only its ancestors expanded, the cursor on it.
    ///
    /// - Parameter id: The new selection; an id that isn't in the tree counts as `nil`.
    public mutating func reveal(_ id: ID?) {
        selection = id.flatMap { tree.position(of: $0) != nil ? $0 : nil }
        expanded = Set(selection.map { tree.ancestors(of: $0) } ?? [])
        let rows = self.rows
        cursor =
            rows.firstIndex { row in
                if case .node(let position) = row { return tree.ids[position] == selection }
                return selection == nil
            } ?? rows.count - 1
    }

    /// The rows in display order: the visible nodes, then "No Selection".
    ///
    /// - Complexity: O(visible nodes).
    public var rows: [Row] {
        tree.visible(expanded: expanded).map(Row.node) + [.noSelection]
    }

    /// The title of a row, without glyphs.
    public func title(of row: Row) -> String {
        switch row {
        case .node(let position): return label(tree.nodes[position])
        case .noSelection: return noSelectionTitle
        }
    }

    /// The title of the current selection, or the "No Selection" title.
    public var selectionTitle: String {
        selection.flatMap { tree.node($0) }.map(label) ?? noSelectionTitle
    }

    // MARK: - Keys

    /// Handles one key.
    ///
    /// - Parameter key: The key.
    /// - Returns: The row picked, or the cancellation; `.handled` for a move or an expansion; `.ignored` for other
    ///   keys.
    public mutating func handle(_ key: Key) -> WidgetEvent<Choice> {
        let rows = self.rows
        if let moved = WidgetLayout.moved(cursor, by: key, count: rows.count) {
            cursor = moved
            return .handled
        }
        switch key {
        case .right: expandOrEnter(rows[cursor])
        case .left: collapseOrLeave(rows[cursor])
        case .enter: return pick(row: cursor).map { .changed($0) } ?? .handled
        case .escape: return .changed(.cancelled)
        default: return .ignored
        }
        return .handled
    }

    /// Picks a row, as Enter does on it.
    ///
    /// - Parameter index: An index in ``rows``.
    /// - Returns: ``Choice/picked(_:)``, or `nil` for an index out of range.
    @discardableResult
    public mutating func pick(row index: Int) -> Choice? {
        let rows = self.rows
        guard rows.indices.contains(index) else { return nil }
        cursor = index
        switch rows[index] {
        case .node(let position): selection = tree.ids[position]
        case .noSelection: selection = nil
        }
        return .picked(selection)
    }

    /// Expands a collapsed group or collapses an expanded one.
    ///
    /// - Parameter index: An index in ``rows``.
    /// - Returns: Whether the row was a group with children.
    @discardableResult
    public mutating func toggleExpansion(row index: Int) -> Bool {
        let rows = self.rows
        guard rows.indices.contains(index), case .node(let position) = rows[index], hasChildren(position) else {
            return false
        }
        cursor = index
        let id = tree.ids[position]
        if expanded.remove(id) == nil { expanded.insert(id) }
        return true
    }

    private func hasChildren(_ position: Int) -> Bool { !tree.descendants(of: position).isEmpty }

    private mutating func expandOrEnter(_ row: Row) {
        guard case .node(let position) = row, hasChildren(position) else { return }
        if expanded.insert(tree.ids[position]).inserted { return }
        cursor += 1
    }

    private mutating func collapseOrLeave(_ row: Row) {
        guard case .node(let position) = row else { return }
        if hasChildren(position), expanded.remove(tree.ids[position]) != nil { return }
        guard let parent = tree.parent(of: position) else { return }
        cursor = rows.firstIndex(of: .node(parent)) ?? cursor
    }

    // MARK: - Drawing

    /// The text of every row, without highlighting: the columns the picker draws.
    ///
    /// - Parameter glyphs: The glyphs to draw with.
    /// - Returns: One string per row of ``rows``, with the separator's position left to the caller.
    public func rowTexts(glyphs: Glyphs = .unicode) -> [String] {
        let expanderWidth = WidgetLayout.width(of: glyphs.collapsed, glyphs.expanded)
        let checkWidth = DisplayWidth.of(glyphs.checkmark)
        return rows.map { row in
            switch row {
            case .node(let position):
                let id = tree.ids[position]
                let expander =
                    hasChildren(position) ? (expanded.contains(id) ? glyphs.expanded : glyphs.collapsed) : ""
                return WidgetLayout.column(id == selection ? glyphs.checkmark : "", width: checkWidth) + " "
                    + String(repeating: "  ", count: tree.depth(at: position))
                    + WidgetLayout.column(expander, width: expanderWidth) + " " + label(tree.nodes[position])
            case .noSelection:
                return WidgetLayout.column(selection == nil ? glyphs.checkmark : "", width: checkWidth) + " "
                    + String(repeating: " ", count: expanderWidth + 1) + noSelectionTitle
            }
        }
    }

    /// The width the picker's rows need, pointer included: wide enough for its widest row.
    ///
    /// - Parameter glyphs: The glyphs it is drawn with.
    public func naturalWidth(glyphs: Glyphs = .unicode) -> Int {
        (rowTexts(glyphs: glyphs).map(DisplayWidth.of).max() ?? 0) + DisplayWidth.of(glyphs.pointer) + 1
    }

    /// Draws the picker: every row padded to one width, the separator above "No Selection", the cursor highlighted.
    ///
    /// - Parameters:
    ///   - size: The cells available; rows are padded to the narrower of its width and ``naturalWidth(glyphs:)``,
    ///     and scroll to keep the cursor in view.
    ///   - focused: Whether the picker has the focus; without it, the cursor's row is drawn like the others.
    ///   - context: The glyphs to draw with, from the environment.
    /// - Returns: The lines, each exactly the same display width.
    public func render(in size: Size, focused: Bool = true, context: ScreenContext = .standard) -> [Line] {
        let glyphs = context.glyphs
        let (width, height) = (size.columns, size.rows)
        let texts = rowTexts(glyphs: glyphs)
        let rowWidth = min(width, naturalWidth(glyphs: glyphs))
        let pointerWidth = DisplayWidth.of(glyphs.pointer)
        var lines: [Line] = texts.enumerated().map { index, text in
            let here = focused && index == cursor
            let pointer = here ? glyphs.pointer : ""
            let padded = DisplayWidth.pad(WidgetLayout.column(pointer, width: pointerWidth) + " " + text, to: rowWidth)
            return here ? Line(padded, .reverse) : Line(padded)
        }
        let separatorWidth = max(rowWidth / max(DisplayWidth.of(glyphs.horizontal), 1), 0)
        lines.insert(Line(String(repeating: glyphs.horizontal, count: separatorWidth), .dim), at: lines.count - 1)
        return Array(lines[shownLines(height: height)])
    }

    /// The lines ``render(in:focused:context:)`` shows of its rows and separator at a height: all of them, or a
    /// window around the cursor.
    private func shownLines(height: Int) -> Range<Int> {
        let count = rows.count + 1
        let cursorLine = cursor == rows.count - 1 ? cursor + 1 : cursor
        return WidgetLayout.window(count: count, cursor: cursorLine, height: height)
    }

    /// How many lines a drawing at `size` leaves out above and below the window it shows, for a container to mark
    /// that the list scrolls (the Outline Picker demo's popover marks its border).
    public func hiddenLines(in size: Size) -> (above: Int, below: Int) {
        let shown = shownLines(height: size.rows)
        return (shown.lowerBound, rows.count + 1 - shown.upperBound)
    }
}
