/// fzf's `--border`: lines around the launcher's area, drawn by the loop around the session's frame, so every
/// screen is drawn the same way inside them, at the size left.
///
/// A side with a vertical line keeps a space between it and the frame, as fzf's does. An area too small to keep a
/// row and a column inside has no border.
package struct Border: Sendable, Equatable {
    /// fzf's styles: a box of rounded, sharp, bold or double lines, or some sides only, in sharp lines.
    package enum Shape: String, Sendable, CaseIterable {
        case rounded, sharp, bold, double, horizontal, vertical, top, bottom, left, right, none
    }

    package var shape: Shape

    package init(_ shape: Shape) { self.shape = shape }

    var top: Bool { [.rounded, .sharp, .bold, .double, .horizontal, .top].contains(shape) }
    var bottom: Bool { [.rounded, .sharp, .bold, .double, .horizontal, .bottom].contains(shape) }
    var left: Bool { [.rounded, .sharp, .bold, .double, .vertical, .left].contains(shape) }
    var right: Bool { [.rounded, .sharp, .bold, .double, .vertical, .right].contains(shape) }

    /// The rows the lines take: the top's and the bottom's.
    package var rows: Int { (top ? 1 : 0) + (bottom ? 1 : 0) }

    /// The rows and columns the lines take, with the space beside a vertical one.
    private var margins: (top: Int, bottom: Int, left: Int, right: Int) {
        (top ? 1 : 0, bottom ? 1 : 0, left ? 2 : 0, right ? 2 : 0)
    }

    /// Whether a border is drawn at `size`: it leaves a row and a column inside.
    private func fits(_ size: Size) -> Bool {
        let (top, bottom, left, right) = margins
        return shape != .none && size.rows - top - bottom >= 1 && size.columns - left - right >= 1
    }

    /// The size the session draws in, inside the lines.
    package func inner(_ size: Size) -> Size {
        guard fits(size) else { return size }
        let (top, bottom, left, right) = margins
        return Size(columns: size.columns - left - right, rows: size.rows - top - bottom)
    }

    /// Where the inside starts in the area.
    package func origin(in size: Size) -> (row: Int, column: Int) {
        fits(size) ? (margins.top, margins.left) : (0, 0)
    }

    /// The lines' glyphs: corners (top left, top right, bottom left, bottom right), then horizontal and vertical.
    private func glyphs(_ set: Glyphs) -> (corners: [String], horizontal: String, vertical: String) {
        if set == .ascii { return (set.corners, set.horizontal, set.vertical) }
        switch shape {
        case .rounded: return (["╭", "╮", "╰", "╯"], "─", "│")
        case .bold: return (["┏", "┓", "┗", "┛"], "━", "┃")
        case .double: return (["╔", "╗", "╚", "╝"], "═", "║")
        default: return (["┌", "┐", "└", "┘"], "─", "│")
        }
    }

    /// A frame drawn at ``inner(_:)`` with the lines around it, filling `size`; the cursor moved with it.
    package func framed(_ frame: Frame, in size: Size, glyphs set: Glyphs) -> Frame {
        guard fits(size) else { return frame }
        let inner = inner(size)
        let (corners, horizontal, vertical) = glyphs(set)
        let style = Style.dim
        func rule(_ leftCorner: String, _ rightCorner: String) -> Line {
            let run = String(repeating: horizontal, count: size.columns - (left ? 1 : 0) - (right ? 1 : 0))
            return Line((left ? leftCorner : "") + run + (right ? rightCorner : ""), style)
        }
        var lines: [Line] = []
        if top { lines.append(rule(corners[0], corners[1])) }
        let shown = Frame(lines: frame.lines, cursor: nil).clipped(to: inner).lines
        for row in 0..<inner.rows {
            let line = row < shown.count ? shown[row].sanitized.truncated(to: inner.columns) : Line()
            var spans = left ? [Span(vertical, style), Span(" ")] : []
            spans += line.spans
            if right {
                spans.append(Span(String(repeating: " ", count: max(inner.columns - line.width, 0) + 1)))
                spans.append(Span(vertical, style))
            }
            lines.append(Line(spans))
        }
        if bottom { lines.append(rule(corners[2], corners[3])) }
        let origin = origin(in: size)
        let cursor = frame.cursor.map { (row: $0.row + origin.row, column: $0.column + origin.column) }
        return Frame(lines: lines, cursor: cursor)
    }
}
