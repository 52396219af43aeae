import CatalogKit

extension MenuScreen {
    /// Where the preview pane goes.
    public enum PreviewPlacement: String, Sendable, CaseIterable {
        /// Beside the list on a terminal at least 100 columns wide, below it on a tall narrow one, else none.
        case auto
        case right, bottom, hidden
        /// Shown because the user asked (F4, or a preview command): where `auto` puts it, and where `auto` or
        /// `hidden` has none, beside the list when there are 50 columns, else below it.
        case forced
    }

    /// How much of the menu the preview pane takes (fzf's `--preview-window` size): a share of the columns beside the
    /// list or of the rows below it, or so many columns or rows.
    package enum PreviewSize: Sendable, Equatable {
        case percent(Int)
        case cells(Int)

        /// The pane's columns or rows out of `total`, leaving the list at least `keep`.
        func cells(of total: Int, keeping keep: Int) -> Int {
            let wanted =
                switch self {
                case .percent(let share): total * share / 100
                case .cells(let count): count
                }
            return max(min(wanted, total - keep), 1)
        }
    }

    /// Where each part of the menu goes in the size it is drawn into: the one layout that scrolling, paging,
    /// clicking and drawing all read, so the rows the cursor is kept within are the rows that are drawn.
    /// Where the status line's counts and spinner go, as fzf's `--info` says.
    package enum InfoStyle: String, Sendable, CaseIterable {
        /// On the status line, below the list.
        case `default`
        /// At the right end of the prompt's row, which is shown from the start; no status line.
        case inline
        /// Nowhere: the list has the status line's row too.
        case hidden
    }

    struct Layout: Equatable {
        /// The preview pane's place: its first row and column in the menu and its size.
        struct Pane: Equatable {
            var row: Int
            var column: Int
            var size: Size
            var placement: PreviewPlacement
        }

        /// The rows of the header (`--header`): one a line of it, as many as there is room for.
        var headerRows = 0
        /// The rows of the filter's prompt: 1 while filtering, or always with `--prompt`, if there is room.
        var promptRows: Int
        /// The rows of the list.
        var listRows: Int
        /// Whether the status line and the footer are drawn.
        var showsStatus: Bool
        var showsFooter: Bool
        /// The columns of the list (and of the prompt).
        var columns: Int
        /// The preview pane, when there is one.
        var pane: Pane?

        /// The narrowest terminal the pane goes beside the list on, and the shortest it goes below it on.
        static let rightFrom = 100
        static let bottomFrom = 36
        /// The fewest rows the list keeps beside the footer.
        static let footerFrom = 5

        /// Lays out a menu.
        ///
        /// The list keeps at least one row while there is any; then the prompt, the status line and the footer
        /// take what is left, in that order, the footer only beside a list of ``footerFrom`` rows or more. A pane beside the list takes 55% of the width after a one-column rule;
        /// one below takes 60% of the list's rows after a one-row rule; or what `paneSize` says, the list keeping
        /// at least 20 columns or 3 rows.
        ///
        /// - Parameters:
        ///   - size: The size the menu is drawn into.
        ///   - prompt: Whether the filter's prompt is shown.
        ///   - preview: Where the preview goes; ``PreviewPlacement/auto`` decides by the size.
        ///   - header: The lines of the header, drawn after the prompt has its row.
        ///   - status: Whether the status line has a row (not with `--info inline` or `hidden`).
        init(
            size: Size, prompt: Bool, preview: PreviewPlacement = .hidden, header: Int = 0,
            paneSize: PreviewSize? = nil, status: Bool = true
        ) {
            var rows = max(size.rows, 0)
            // The footer's hints (all of them in F1's help) give their row to a list that would keep fewer than
            // `footerFrom` rows beside them, as in `--height 8`.
            let above = (prompt ? 1 : 0) + header + (status ? 1 : 0)
            let chrome = above + (rows - above > Self.footerFrom ? 1 : 0)
            listRows = rows > chrome ? rows - chrome : min(rows, 1)
            rows -= listRows
            promptRows = prompt && rows > 0 ? 1 : 0
            rows -= promptRows
            headerRows = min(header, rows)
            rows -= headerRows
            showsStatus = status && rows > 0
            rows -= showsStatus ? 1 : 0
            showsFooter = rows > 0
            columns = max(size.columns, 0)
            var placement = preview
            let automatic: PreviewPlacement =
                size.columns >= Self.rightFrom ? .right : size.rows >= Self.bottomFrom ? .bottom : .hidden
            if placement == .auto {
                placement = automatic
            } else if placement == .forced {
                // Where it would go unasked, so F4 off and on brings it back there; else wherever it fits.
                placement = automatic != .hidden ? automatic : size.columns >= 50 ? .right : .bottom
            }
            switch placement {
            case .right where columns >= 50:
                // The rule and a space before the pane's text.
                let paneColumns = paneSize.map { $0.cells(of: columns, keeping: 22) } ?? columns * 55 / 100 - 2
                columns -= paneColumns + 2
                pane = Pane(
                    row: headerRows, column: columns + 2,
                    size: Size(columns: paneColumns, rows: promptRows + listRows), placement: .right)
            case .bottom where listRows >= 8:
                let paneRows = paneSize.map { $0.cells(of: listRows, keeping: 4) } ?? listRows * 60 / 100
                listRows -= paneRows + 1
                pane = Pane(
                    row: headerRows + promptRows + listRows + 1, column: 0,
                    size: Size(columns: columns, rows: paneRows),
                    placement: .bottom)
            default:
                pane = nil
            }
        }
    }

    /// The layout for the size the menu was last told.
    var layout: Layout { layout(in: size) }

    /// The layout at a size. A picker's list with no groups (lines read whole) has no pane unless one is asked for,
    /// as `--flat` has none: a line is all the pane could show, and the row keeps the width.
    func layout(in size: Size) -> Layout {
        let lines =
            keys.picker && options.preview == .auto && options.previewCommand == nil && snapshot.count > 0
            && !hierarchy.topLevelHasGroups
        return Layout(
            size: size, prompt: filter != nil || options.prompt != nil || options.info == .inline,
            preview: preview.shown ? preview.placement(lines ? .hidden : options.preview) : .hidden,
            header: headerLines.count, paneSize: options.previewSize, status: options.info == .default)
    }

    /// The header's lines (`--header`, which may hold several, as fzf's does), each drawn on a row of its own.
    var headerLines: [Substring] {
        // An empty one (`--header ''`) takes no row, as fzf's doesn't.
        guard let header = options.header, !header.isEmpty else { return [] }
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        // A header read from a file or a command ends with a newline, which ends its last line rather than
        // starting another.
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The first list row shown: the one scrolling kept, moved if need be so the cursor is in view at this layout.
    /// Drawing and clicking both read it.
    func firstRow(in layout: Layout) -> Int {
        if let filter {
            return Self.scroll(filter.scroll, cursor: filter.cursor, height: layout.listRows, count: filter.shown.count)
        }
        return Self.scroll(current.scroll, cursor: current.cursor, height: layout.listRows, count: currentItems.count)
    }

    /// The first row to show so the cursor is in view, moving the previous first row as little as possible, and
    /// never so far that rows are left empty at the bottom while items are hidden at the top (after the list grew
    /// taller, when the preview went away).
    ///
    /// - Parameters:
    ///   - scroll: The first row shown before.
    ///   - cursor: The cursor's row.
    ///   - height: The rows shown.
    ///   - count: How many items the list has.
    /// - Returns: The new first row.
    static func scroll(_ scroll: Int, cursor: Int, height: Int, count: Int) -> Int {
        guard height > 0 else { return cursor }
        let scroll = min(scroll, max(count - height, 0))
        if cursor < scroll { return cursor }
        if cursor >= scroll + height { return cursor - height + 1 }
        return scroll
    }

    /// Scrolls the list being shown so its cursor is in view.
    mutating func keepCursorVisible() {
        let height = layout.listRows
        if var current = filter {
            current.scroll = Self.scroll(
                current.scroll, cursor: current.cursor, height: height, count: current.shown.count)
            mode = .filtering(current)
        } else {
            var level = levels[levels.count - 1]
            level.scroll = Self.scroll(level.scroll, cursor: level.cursor, height: height, count: currentItems.count)
            levels[levels.count - 1] = level
        }
    }

    /// Moves the cursor by some rows in the list being shown, stopping at its ends.
    mutating func moveCursor(by rows: Int) {
        let from = filter?.cursor ?? current.cursor
        // --cycle: a step of one past either end comes round to the other, as fzf's does; pages stop at the ends.
        if options.cycle, abs(rows) == 1, listCount > 0, !(0..<listCount).contains(from + rows) {
            moveCursor(to: rows > 0 ? 0 : listCount - 1)
            return
        }
        moveCursor(to: from + rows)
    }

    /// Moves the cursor to a row of the list being shown, kept within it, and scrolls it into view.
    mutating func moveCursor(to index: Int) {
        let count = listCount
        guard count > 0 else { return }
        let row = min(max(index, 0), count - 1)
        if var current = filter {
            current.cursor = row
            mode = .filtering(current)
        } else {
            levels[levels.count - 1].cursor = row
        }
        keepCursorVisible()
    }
}
