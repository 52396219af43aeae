import CatalogKit

extension MenuScreen {
    /// Where each part of the menu goes in the size it is drawn into: the one layout that scrolling, paging and
    /// drawing all read, so the rows the cursor is kept within are the rows that are drawn.
    struct Layout: Equatable {
        /// The rows of the filter's prompt: 1 while filtering, if there is room.
        var promptRows: Int
        /// The rows of the list.
        var listRows: Int
        /// Whether the status line and the footer are drawn.
        var showsStatus: Bool
        var showsFooter: Bool
        /// The columns of the list.
        var columns: Int

        /// Lays out a menu.
        ///
        /// The list keeps at least one row while there is any; then the prompt, the status line and the footer
        /// take what is left, in that order.
        ///
        /// - Parameters:
        ///   - size: The size the menu is drawn into.
        ///   - filtering: Whether the filter's prompt is shown.
        init(size: Size, filtering: Bool) {
            var rows = max(size.rows, 0)
            let chrome = (filtering ? 1 : 0) + 2
            listRows = rows > chrome ? rows - chrome : min(rows, 1)
            rows -= listRows
            promptRows = filtering && rows > 0 ? 1 : 0
            rows -= promptRows
            showsStatus = rows > 0
            rows -= showsStatus ? 1 : 0
            showsFooter = rows > 0
            columns = max(size.columns, 0)
        }
    }

    /// The layout for the size the menu was last told.
    var layout: Layout { Layout(size: size, filtering: filter != nil) }

    /// The first row to show so the cursor is in view, moving the previous first row as little as possible.
    ///
    /// - Parameters:
    ///   - scroll: The first row shown before.
    ///   - cursor: The cursor's row.
    ///   - height: The rows shown.
    /// - Returns: The new first row.
    static func scroll(_ scroll: Int, cursor: Int, height: Int) -> Int {
        guard height > 0 else { return cursor }
        if cursor < scroll { return cursor }
        if cursor >= scroll + height { return cursor - height + 1 }
        return scroll
    }

    /// Scrolls the list being shown so its cursor is in view.
    mutating func keepCursorVisible() {
        let height = layout.listRows
        if var current = filter {
            current.scroll = Self.scroll(current.scroll, cursor: current.cursor, height: height)
            filter = current
        } else {
            var level = levels[levels.count - 1]
            level.scroll = Self.scroll(level.scroll, cursor: level.cursor, height: height)
            levels[levels.count - 1] = level
        }
    }

    /// Carries out a cursor movement, in the list being browsed or the filter's hits. Page Up and Page Down move
    /// by exactly the rows the list shows.
    ///
    /// - Returns: Whether the command was a movement.
    mutating func move(_ command: Command, from cursor: Int, count: Int) -> Bool {
        let page = max(layout.listRows, 1)
        switch command {
        case .up: moveCursor(to: cursor - 1, count: count)
        case .down: moveCursor(to: cursor + 1, count: count)
        case .pageUp: moveCursor(to: cursor - page, count: count)
        case .pageDown: moveCursor(to: cursor + page, count: count)
        case .home: moveCursor(to: 0, count: count)
        case .end: moveCursor(to: count - 1, count: count)
        default: return false
        }
        return true
    }

    mutating func moveCursor(to index: Int, count: Int) {
        guard count > 0 else { return }
        if filter != nil {
            filter?.cursor = min(max(index, 0), count - 1)
        } else {
            levels[levels.count - 1].cursor = min(max(index, 0), count - 1)
        }
        keepCursorVisible()
    }
}
