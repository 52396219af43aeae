import CatalogKit

/// A tree of tri-state check boxes: ☐ unchecked, ☑ checked, ▣ partly checked.
///
/// The boxes follow `TriStateSelection`: toggling a group checks or unchecks everything below it, and a group is
/// checked, unchecked or mixed as its leaves are. Rows are indented by depth with ▸/▾ expanders; file trees can show
/// folder and file glyphs; groups can show a column of checked counts, aligned by display width after the labels.
///
/// Keys: ↑/↓ (Home/End, Page Up/Down) move, → expands (or steps into an expanded group), ← collapses (or steps
/// out to the parent), Space toggles the box under the cursor; other keys are ignored.
public struct CheckboxTree<Node, ID: Hashable & Sendable>: Widget {
    /// What a key changed: a box toggled, with its new state.
    public struct Toggled: Equatable, Sendable {
        /// The node toggled.
        public var id: ID
        /// Its state now.
        public var state: CheckState

        /// What a key changed.
        public init(id: ID, state: CheckState) {
            self.id = id
            self.state = state
        }
    }

    /// The check boxes, with the tree they belong to.
    public private(set) var selection: TriStateSelection<Node, ID>
    /// The ids of the expanded groups.
    public private(set) var expanded: Set<ID>
    /// The index in ``visibleRows`` under the cursor.
    public private(set) var cursor = 0
    /// Whether rows show ``Glyphs/folder`` for groups and ``Glyphs/file`` for leaves.
    public var showsKindIcons: Bool
    /// Whether groups show "checked/total" leaves in a column after the labels.
    public var showsCounts: Bool
    private let label: (Node) -> String

    /// Creates a checkbox tree.
    ///
    /// - Parameters:
    ///   - tree: The nodes.
    ///   - label: A node's title.
    ///   - checked: The ids to check at first.
    ///   - expanded: The groups to expand at first; `nil` expands every group.
    ///   - showsKindIcons: Whether to show folder and file glyphs.
    ///   - showsCounts: Whether groups show their checked leaves out of all.
    /// - Complexity: O(n).
    public init(
        tree: Tree<Node, ID>, label: @escaping (Node) -> String, checked: [ID] = [], expanded: Set<ID>? = nil,
        showsKindIcons: Bool = false, showsCounts: Bool = false
    ) {
        self.selection = TriStateSelection(tree: tree, checked: checked)
        self.label = label
        self.expanded = expanded ?? Set(tree.ids.indices.filter { !tree.isLeaf(at: $0) }.map { tree.ids[$0] })
        self.showsKindIcons = showsKindIcons
        self.showsCounts = showsCounts
    }

    /// The tree.
    public var tree: Tree<Node, ID> { selection.tree }

    /// The positions of the rows that show, in display order.
    ///
    /// - Complexity: O(visible nodes).
    public var visibleRows: [Int] { tree.visible(expanded: expanded) }

    /// The id under the cursor, if the tree has any rows.
    public var currentID: ID? {
        let rows = visibleRows
        return rows.indices.contains(cursor) ? tree.ids[rows[cursor]] : nil
    }

    /// The checked leaves' ids, in tree order.
    public var checkedIDs: [ID] { selection.checkedIDs }

    /// A node's title.
    public func title(of id: ID) -> String? { tree.node(id).map(label) }

    // MARK: - Keys

    /// Handles one key.
    ///
    /// - Parameter key: The key.
    /// - Returns: The toggled box for Space, `.handled` for a move or an expansion, `.ignored` for other keys.
    public mutating func handle(_ key: Key) -> WidgetEvent<Toggled> {
        let rows = visibleRows
        guard !rows.isEmpty else { return .ignored }
        cursor = min(cursor, rows.count - 1)
        if let moved = WidgetLayout.moved(cursor, by: key, count: rows.count) {
            cursor = moved
            return .handled
        }
        switch key {
        case .right:
            let position = rows[cursor]
            guard hasChildren(position) else { break }
            if !expanded.insert(tree.ids[position]).inserted { cursor += 1 }
        case .left:
            let position = rows[cursor]
            if hasChildren(position), expanded.remove(tree.ids[position]) != nil { break }
            if let parent = tree.parent(of: position), let row = rows.firstIndex(of: parent) { cursor = row }
        case .character(" "): return toggle(row: cursor).map { .changed($0) } ?? .handled
        default: return .ignored
        }
        return .handled
    }

    /// Where a mouse report lands in the tree as ``render(in:focused:context:)`` draws it: the row, and whether on
    /// its expander (▸ or ▾), which a press opens or closes rather than checking the box.
    ///
    /// - Parameters:
    ///   - mouse: The report, in the tree's own cells.
    ///   - height: The lines the tree is drawn in.
    ///   - glyphs: The glyphs it is drawn with.
    /// - Returns: The index in ``visibleRows`` and whether the expander was hit, or `nil` off the rows.
    public func hit(_ mouse: Mouse, height: Int?, glyphs: Glyphs = .unicode) -> (row: Int, onExpander: Bool)? {
        let rows = visibleRows
        guard
            let row = WidgetLayout.row(atLine: mouse.row, count: rows.count, cursor: cursor, height: height, top: top)
        else {
            return nil
        }
        let start = DisplayWidth.of(glyphs.pointer) + 1 + 2 * tree.depth(at: rows[row])
        let expander = start..<(start + WidgetLayout.width(of: glyphs.collapsed, glyphs.expanded))
        return (row, hasChildren(rows[row]) && expander.contains(mouse.column))
    }

    /// Toggles the box of a row, as Space does on it.
    ///
    /// - Parameter index: An index in ``visibleRows``.
    /// - Returns: What changed, or `nil` for an index out of range.
    /// - Complexity: O(subtree + depth).
    @discardableResult
    public mutating func toggle(row index: Int) -> Toggled? {
        let rows = visibleRows
        guard rows.indices.contains(index) else { return nil }
        cursor = index
        let state = selection.toggle(at: rows[index])
        return Toggled(id: tree.ids[rows[index]], state: state)
    }

    /// Expands a collapsed group or collapses an expanded one.
    ///
    /// - Parameter index: An index in ``visibleRows``.
    /// - Returns: Whether the row was a group with children.
    @discardableResult
    public mutating func toggleExpansion(row index: Int) -> Bool {
        let rows = visibleRows
        guard rows.indices.contains(index), hasChildren(rows[index]) else { return false }
        cursor = index
        let id = tree.ids[rows[index]]
        if expanded.remove(id) == nil { expanded.insert(id) }
        return true
    }

    private func hasChildren(_ position: Int) -> Bool { !tree.descendants(of: position).isEmpty }

    // MARK: - Drawing

    /// The text of every visible row, without the pointer or highlighting.
    ///
    /// Columns: indentation, expander, box, kind glyph, label, then (with ``showsCounts``) the counts, aligned by
    /// display width.
    ///
    /// - Parameter glyphs: The glyphs to draw with.
    /// - Complexity: O(visible rows × subtree) with counts, O(visible rows) without.
    public func rowTexts(glyphs: Glyphs = .unicode) -> [String] {
        let rows = visibleRows
        let expanderWidth = WidgetLayout.width(of: glyphs.collapsed, glyphs.expanded)
        let boxWidth = WidgetLayout.width(of: glyphs.unchecked, glyphs.checked, glyphs.mixed)
        let iconWidth = WidgetLayout.width(of: glyphs.folder, glyphs.file)
        let heads = rows.map { position -> String in
            let id = tree.ids[position]
            let expander = hasChildren(position) ? (expanded.contains(id) ? glyphs.expanded : glyphs.collapsed) : ""
            var text = String(repeating: "  ", count: tree.depth(at: position))
            text += WidgetLayout.column(expander, width: expanderWidth) + " "
            text += WidgetLayout.column(glyphs.box(selection.state(at: position)), width: boxWidth) + " "
            if showsKindIcons {
                text += WidgetLayout.column(tree.isLeaf(at: position) ? glyphs.file : glyphs.folder, width: iconWidth)
                text += " "
            }
            return text + label(tree.nodes[position])
        }
        guard showsCounts else { return heads }
        let headWidth = heads.map(DisplayWidth.of).max() ?? 0
        return zip(rows, heads).map { position, head in
            guard !tree.isLeaf(at: position), hasChildren(position) else { return head }
            let leaves = ([position] + Array(tree.descendants(of: position))).filter {
                tree.isLeaf(at: $0) || !hasChildren($0)
            }
            let on = leaves.filter { selection.state(at: $0) == .checked }.count
            return DisplayWidth.pad(head, to: headWidth) + "  \(on)/\(leaves.count)"
        }
    }

    /// Draws the visible rows, scrolled to keep the cursor in view; with the focus, the pointer on the cursor's
    /// row, highlighted.
    ///
    /// - Parameters:
    ///   - size: The cells available; longer rows are cut with "…".
    ///   - focused: Whether the tree has the focus.
    ///   - context: The glyphs to draw with, from the environment.
    /// - Returns: The lines.
    /// Where the list starts once a click pinned it (``pin(height:)``); `nil` while only keys moved the cursor,
    /// which keeps it centred.
    private var top: Int?

    /// Pins the list where it is drawn now in `height` lines, before a click moves the cursor, so the rows stay
    /// under the pointer (a double click lands twice on one row); keys then scroll it only as far as they must.
    package mutating func pin(height: Int?) {
        top = WidgetLayout.pinnedTop(count: visibleRows.count, cursor: cursor, height: height, top: top)
    }

    public func render(in size: Size, focused: Bool = true, context: ScreenContext = .standard) -> [Line] {
        WidgetLayout.list(
            rowTexts(glyphs: context.glyphs), cursor: cursor, pointer: context.glyphs.pointer, width: size.columns,
            height: size.rows, focused: focused, top: top)
    }
}
