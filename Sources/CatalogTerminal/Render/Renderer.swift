import CatalogKit

/// Turns frames into the bytes that draw them, redrawing only the lines that changed.
///
/// A pure value type: it remembers the last frame it drew and returns, for each new frame, one string for the shell
/// to write in a single `write(2)`. Every span passes through ``Sanitizer``, every line is cut to the terminal width
/// by display width, and colours are downgraded to the ``ColorMode``. Each changed line is drawn as a cursor move to
/// its start, an erase of the whole line, and its text; the output is wrapped in synchronized-update markers
/// (`ESC [ ? 2026 h` … `l`) so terminals that support them show the frame all at once.
public struct Renderer: Sendable {
    /// How colours are written.
    public var colorMode: ColorMode
    /// Whether to wrap each frame in synchronized-update markers.
    public var synchronized: Bool
    /// How rows are reached: absolutely on a full screen, or down from a saved cursor for a region drawn inline
    /// below the prompt (`--height`).
    public var positioning: Positioning

    /// How the renderer moves to a row.
    public enum Positioning: Sendable {
        /// `CSI row ; 1 H`: the frame fills the screen from its top.
        case absolute
        /// `ESC 8` (restore the cursor saved at the region's top left), then down: the frame starts wherever the
        /// region does.
        case belowSavedCursor
    }

    /// The bytes of each row as last drawn, or `nil` when the next frame must be drawn in full.
    private var drawnRows: [String]?
    private var drawnSize: Size?
    private var drawnCursor: CursorPlace?

    private struct CursorPlace: Sendable, Hashable {
        var row: Int
        var column: Int
    }

    /// Creates a renderer that has drawn nothing yet, so its first frame is drawn in full.
    ///
    /// - Parameters:
    ///   - colorMode: How colours are written.
    ///   - synchronized: Whether to wrap frames in synchronized-update markers.
    ///   - positioning: How rows are reached.
    public init(colorMode: ColorMode, synchronized: Bool = true, positioning: Positioning = .absolute) {
        self.colorMode = colorMode
        self.synchronized = synchronized
        self.positioning = positioning
    }

    /// Forgets what is on the screen, so the next frame is drawn in full (after a resize or a resume).
    public mutating func invalidate() {
        drawnRows = nil
        drawnSize = nil
        drawnCursor = nil
    }

    /// The bytes that change the screen from the last frame to this one.
    ///
    /// - Parameters:
    ///   - frame: What to show; lines beyond `size.rows` are dropped and missing lines are blank.
    ///   - size: The terminal size.
    /// - Returns: The bytes for one write, or an empty string when nothing changed.
    /// - Complexity: O(*n*) in the text of the frame.
    public mutating func render(_ frame: Frame, size: Size) -> String {
        let rowCount = max(size.rows, 0)
        let columns = max(size.columns, 0)
        let rows = (0..<rowCount).map { row in
            row < frame.lines.count ? draw(frame.lines[row], columns: columns) : ""
        }
        let cursor = frame.cursor.flatMap { place -> CursorPlace? in
            guard rowCount > 0, columns > 0 else { return nil }
            return CursorPlace(
                row: min(max(place.row, 0), rowCount - 1), column: min(max(place.column, 0), columns - 1))
        }
        let full = drawnRows == nil || drawnSize != size
        let changed = (0..<rowCount).filter { full || drawnRows?[$0] != rows[$0] }
        guard full || !changed.isEmpty || cursor != drawnCursor else { return "" }

        var output = synchronized ? "\u{1B}[?2026h" : ""
        output += "\u{1B}[?25l"
        if full { output += "\u{1B}[0m" }
        for row in changed {
            output += move(toRow: row, column: 0) + "\u{1B}[2K" + rows[row]
        }
        if let cursor {
            output += move(toRow: cursor.row, column: cursor.column) + "\u{1B}[?25h"
        }
        if synchronized { output += "\u{1B}[?2026l" }

        drawnRows = rows
        drawnSize = size
        drawnCursor = cursor
        return output
    }

    /// The bytes that put the cursor at a cell of the frame.
    private func move(toRow row: Int, column: Int) -> String {
        switch positioning {
        case .absolute:
            return "\u{1B}[\(row + 1);\(column + 1)H"
        case .belowSavedCursor:
            // A count of 0 means 1 to these sequences, so none is written for no move.
            return "\u{1B}8" + (row > 0 ? "\u{1B}[\(row)B" : "") + (column > 0 ? "\u{1B}[\(column)C" : "")
        }
    }

    /// The bytes for one line: sanitized, cut to `columns` cells with "…", styled with SGR, ending unstyled.
    private func draw(_ line: Line, columns: Int) -> String {
        let fitted = line.sanitized.truncated(to: columns).spans
        var output = ""
        var current = Style.plain
        for piece in fitted where !piece.text.isEmpty {
            let style = effective(piece.style)
            if style != current {
                output += sgr(style)
                current = style
            }
            output += piece.text
        }
        if current != .plain { output += "\u{1B}[0m" }
        return output
    }

    /// The style as this colour mode can show it (colours dropped in ``ColorMode/none``).
    private func effective(_ style: Style) -> Style {
        guard colorMode == .none else { return style }
        var style = style
        style.foreground = nil
        style.background = nil
        return style
    }

    /// The SGR sequence that switches from any style to this one.
    private func sgr(_ style: Style) -> String {
        var parameters = ["0"]
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.underline { parameters.append("4") }
        if style.reverse { parameters.append("7") }
        if let foreground = style.foreground, let p = colorMode.parameters(for: foreground, background: false) {
            parameters.append(p)
        }
        if let background = style.background, let p = colorMode.parameters(for: background, background: true) {
            parameters.append(p)
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
