import CatalogKit

/// Layout helpers the widgets share.
package enum WidgetLayout {
    /// The rows to draw so the cursor stays in view: the whole list when it fits, else a window around the cursor.
    ///
    /// - Parameters:
    ///   - count: The number of rows.
    ///   - cursor: The row under the cursor.
    ///   - height: The rows available, or `nil` for no limit.
    /// - Returns: A range of row indices, at most `height` long.
    ///   - top: Where a list pinned by a click starts (``pinnedTop(count:cursor:height:top:)``): it then moves only
    ///     as far as the cursor needs, so the row under the pointer stays there; `nil` centres the cursor.
    package static func window(count: Int, cursor: Int, height: Int?, top: Int? = nil) -> Range<Int> {
        guard let height, count > height else { return 0..<count }
        guard height > 0 else { return 0..<0 }
        let wanted = top.map { min(max($0, cursor - height + 1), cursor) } ?? cursor - height / 2
        let start = min(max(wanted, 0), count - height)
        return start..<(start + height)
    }

    /// Where a list drawn now starts, to pin it there before a click moves its cursor.
    package static func pinnedTop(count: Int, cursor: Int, height: Int?, top: Int?) -> Int {
        window(count: count, cursor: cursor, height: height, top: top).lowerBound
    }

    /// The row of a list drawn in `height` lines (``window(count:cursor:height:)``) that a line of the drawing shows.
    ///
    /// - Parameter line: The line, from 0 at the list's top.
    /// - Returns: The row, or `nil` for a line below the last row or outside the drawing.
    package static func row(atLine line: Int, count: Int, cursor: Int, height: Int?, top: Int? = nil) -> Int? {
        let shown = window(count: count, cursor: cursor, height: height, top: top)
        guard line >= 0, line < shown.count else { return nil }
        return shown.lowerBound + line
    }

    /// A glyph padded to a column of fixed width, so rows with and without it stay aligned.
    static func column(_ glyph: String, width: Int) -> String {
        DisplayWidth.pad(glyph, to: width)
    }

    /// The width of the widest of some glyphs.
    static func width(of glyphs: String...) -> Int {
        glyphs.map(DisplayWidth.of).max() ?? 0
    }

    /// A line in the cursor's style when it is under the cursor.
    static func line(_ text: String, width: Int, highlighted: Bool) -> Line {
        let fitted = DisplayWidth.truncate(text, to: width)
        return highlighted ? Line(fitted, .reverse) : Line(fitted)
    }

    /// Where a movement key takes a list's cursor: the one cursor rule every widget shares.
    ///
    /// - Parameters:
    ///   - cursor: The current row.
    ///   - key: The key.
    ///   - count: The number of rows.
    ///   - page: How far Page Up and Page Down move.
    /// - Returns: The new row, or `nil` when the key is not a movement.
    static func moved(_ cursor: Int, by key: Key, count: Int, page: Int = 10) -> Int? {
        let last = max(count - 1, 0)
        switch key {
        case .up: return max(cursor - 1, 0)
        case .down: return min(cursor + 1, last)
        case .home: return 0
        case .end: return last
        case .pageUp: return max(cursor - page, 0)
        case .pageDown: return min(cursor + page, last)
        default: return nil
        }
    }

    /// Rows of text drawn as a list: a pointer before the cursor's row, which is highlighted, scrolled to fit.
    ///
    /// - Parameters:
    ///   - texts: The rows.
    ///   - cursor: The cursor's row.
    ///   - pointer: The pointer glyph.
    ///   - width: The cells available.
    ///   - height: The lines available, or `nil` for no limit.
    ///   - focused: Whether the list has the focus; without it, the cursor's row is drawn like the others.
    /// - Returns: The lines.
    static func list(
        _ texts: [String], cursor: Int, pointer: String, width: Int, height: Int?, focused: Bool = true,
        top: Int? = nil
    ) -> [Line] {
        let pointerWidth = DisplayWidth.of(pointer)
        return window(count: texts.count, cursor: cursor, height: height, top: top).map { index in
            let here = focused && index == cursor
            let mark = column(here ? pointer : "", width: pointerWidth)
            return line(mark + " " + texts[index], width: width, highlighted: here)
        }
    }
}
