import CatalogKit

/// A grid of styled cells a screen draws its widgets into, each in its rectangle, and turns into one frame.
///
/// ```swift
/// var canvas = Canvas(size: context.size)
/// canvas.draw(name.render(in: parts[0].size, focused: true, context: context), in: parts[0])
/// return canvas.frame(cursor: (parts[0].row, parts[0].column + name.caretColumn(width: parts[0].width)))
/// ```
public struct Canvas: Sendable {
    /// One cell: the text in it (a grapheme cluster, or empty for the second cell of a wide one) and its style.
    private struct Cell: Sendable, Equatable {
        var text: String
        var style: Style
    }

    /// The cells it has.
    public let size: Size
    private var rows: [[Cell]]

    /// A blank canvas.
    public init(size: Size) {
        self.size = Size(columns: max(size.columns, 0), rows: max(size.rows, 0))
        rows = Array(
            repeating: Array(repeating: Cell(text: " ", style: .plain), count: self.size.columns),
            count: self.size.rows)
    }

    /// Draws lines into a rectangle: each line from the rectangle's left, cut at its right with "…", and no more
    /// lines than it is tall. What was there is covered.
    ///
    /// - Parameters:
    ///   - lines: The lines, such as a widget renders.
    ///   - rect: Where they go; the part outside the canvas is dropped.
    public mutating func draw(_ lines: [Line], in rect: Rect) {
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            let row = rect.row + offset
            guard (0..<size.rows).contains(row) else { continue }
            var column = rect.column
            let end = min(rect.column + rect.width, size.columns)
            for span in line.truncated(to: rect.width).spans {
                for character in span.text {
                    let width = DisplayWidth.of(character)
                    guard column + width <= end else { break }
                    if column >= 0, width > 0 {
                        rows[row][column] = Cell(text: String(character), style: span.style)
                        if width == 2, column + 1 < size.columns {
                            rows[row][column + 1] = Cell(text: "", style: span.style)
                        }
                    }
                    column += width
                }
            }
        }
    }

    /// Writes text at a place, in a style, cut at the canvas's edge.
    public mutating func write(_ text: String, row: Int, column: Int, style: Style = .plain) {
        draw([Line(text, style)], in: Rect(column: column, row: row, width: size.columns - column, height: 1))
    }

    /// The canvas as a frame: each row's cells as runs of one style, trailing blanks dropped.
    ///
    /// - Parameter cursor: Where the terminal's cursor goes, if anywhere.
    /// - Returns: The frame.
    public func frame(cursor: (row: Int, column: Int)? = nil) -> Frame {
        let lines = rows.map { cells -> Line in
            var spans: [Span] = []
            var last = cells.count
            while last > 0, cells[last - 1].text == " ", cells[last - 1].style == .plain { last -= 1 }
            for cell in cells.prefix(last) {
                if let end = spans.last, end.style == cell.style {
                    spans[spans.count - 1].text += cell.text
                } else {
                    spans.append(Span(cell.text, cell.style))
                }
            }
            return Line(spans)
        }
        return Frame(lines: lines, cursor: cursor)
    }
}
