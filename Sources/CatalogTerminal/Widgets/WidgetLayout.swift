import CatalogKit

/// Layout helpers the widgets share.
enum WidgetLayout {
    /// The rows to draw so the cursor stays in view: the whole list when it fits, else a window around the cursor.
    ///
    /// - Parameters:
    ///   - count: The number of rows.
    ///   - cursor: The row under the cursor.
    ///   - height: The rows available, or `nil` for no limit.
    /// - Returns: A range of row indices, at most `height` long.
    static func window(count: Int, cursor: Int, height: Int?) -> Range<Int> {
        guard let height, count > height else { return 0..<count }
        guard height > 0 else { return 0..<0 }
        let start = min(max(cursor - height / 2, 0), count - height)
        return start..<(start + height)
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
}
