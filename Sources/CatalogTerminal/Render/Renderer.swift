import CatalogKit

/// Turns frames into the bytes that draw them, redrawing only the lines that changed.
///
/// A pure value type: it remembers the last frame it drew and returns, for each new frame, one string for the shell
/// to write in a single `write(2)`. It is the one place a frame is made fit to show (``visible(_:size:colorMode:)``):
/// every span passes through `Sanitizer`, every line is cut to the terminal width by display width, and colours
/// are dropped or downgraded to the ``ColorMode``. Snapshots, pictures and recordings read frames through the same
/// function, so they show what the terminal shows. Each changed line is drawn as a cursor move to
/// its start, an erase of the whole line, and its text; the output is wrapped in synchronized-update markers
/// (`ESC [ ? 2026 h` … `l`) so terminals that support them show the frame all at once.
package struct Renderer: Sendable {
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

    /// A frame as the terminal shows it: at most `size.rows` lines, each sanitized (`Sanitizer`) and cut to
    /// `size.columns` cells with "…", without colours when the mode shows none, and the cursor inside the size.
    ///
    /// - Parameters:
    ///   - frame: Any frame, as screens and the session draw it.
    ///   - size: The size it is shown at.
    ///   - colorMode: How much colour shows; ``ColorMode/none`` takes every colour away.
    /// - Returns: The frame fit to show.
    /// - Complexity: O(*n*) in the text of the frame.
    public static func visible(_ frame: Frame, size: Size, colorMode: ColorMode) -> Frame {
        let columns = max(size.columns, 0)
        let rows = max(size.rows, 0)
        let lines = frame.lines.prefix(rows).map { line in
            Line(
                line.sanitized.truncated(to: columns).spans.map { span in
                    guard colorMode == .none else { return span }
                    var span = span
                    span.style.foreground = nil
                    span.style.background = nil
                    return span
                })
        }
        let cursor = frame.cursor.flatMap { place in
            (0..<rows).contains(place.row) && (0..<columns).contains(place.column) ? place : nil
        }
        return Frame(lines: Array(lines), cursor: cursor)
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
        let shown = Self.visible(frame, size: size, colorMode: colorMode)
        let rows = (0..<rowCount).map { row in
            row < shown.lines.count ? draw(shown.lines[row]) : ""
        }
        let cursor = shown.cursor.map { CursorPlace(row: $0.row, column: $0.column) }
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
        } else if positioning == .belowSavedCursor {
            // Back to the region's first row, where ``restingRow`` says a hidden cursor is.
            output += "\u{1B}8"
        }
        if synchronized { output += "\u{1B}[?2026l" }

        drawnRows = rows
        drawnSize = size
        drawnCursor = cursor
        return output
    }

    /// The row of the frame the last one drawn left the cursor on: the shown cursor's, or, hidden, the first row
    /// of an inline region (``Positioning/belowSavedCursor``); what a terminal needs to find the region again after
    /// a resize (``Terminaling/prepareForResize(cursorRow:)``).
    var restingRow: Int { drawnCursor?.row ?? 0 }

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

    /// The bytes for one visible line: styled with SGR, ending unstyled.
    private func draw(_ line: Line) -> String {
        var output = ""
        var current = Style.plain
        for piece in line.spans where !piece.text.isEmpty {
            let style = piece.style
            if style != current {
                output += sgr(style)
                current = style
            }
            output += piece.text
        }
        if current != .plain { output += "\u{1B}[0m" }
        return output
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
