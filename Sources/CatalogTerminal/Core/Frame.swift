import CatalogKit

/// A text style: colour and attributes for a run of text.
public struct Style: Sendable, Hashable {
    /// The text colour; the terminal's own when `nil`.
    public var foreground: Color?
    /// The cell colour; the terminal's own when `nil`.
    public var background: Color?
    /// Heavier text.
    public var bold = false
    /// Fainter text, for what matters less (footers, hints).
    public var dim = false
    /// Underlined text.
    public var underline = false
    /// Text and cell colours swapped, as a highlight that shows without colour.
    public var reverse = false

    /// A style; plain by default.
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// No style: the terminal's colours.
    public static let plain = Style()
    /// Bold.
    public static let bold = Style(bold: true)
    /// Dim.
    public static let dim = Style(dim: true)
    /// Reversed.
    public static let reverse = Style(reverse: true)
    /// The characters a search matched: bold and underlined.
    public static let highlight = Style(bold: true, underline: true)
}

/// A colour, rendered as well as the terminal allows (see ``ColorMode``).
public enum Color: Sendable, Hashable {
    /// One of the 16 basic colours (0–15).
    case ansi(UInt8)
    /// One of the 256 palette colours.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// A run of text in one style.
public struct Span: Sendable, Hashable {
    /// The text.
    public var text: String
    /// How it looks.
    public var style: Style

    /// A run of text in one style.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of a frame: styled spans, drawn left to right.
public struct Line: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The runs of the line, left to right.
    public var spans: [Span]

    /// A line of runs; an empty line by default.
    public init(_ spans: [Span] = []) { self.spans = spans }
    /// A line of text in one style.
    public init(_ text: String, _ style: Style = .plain) { self.spans = [Span(text, style)] }
    /// A line of plain text, written as a string literal.
    public init(stringLiteral value: String) { self.spans = [Span(value)] }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }

    /// The number of terminal cells the line takes.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The line in rows of a width, each as wide as whole grapheme clusters allow, styles kept: what
    /// `--preview-window wrap` shows of a long line. A cluster wider than the width takes a row of its own.
    ///
    /// - Parameter columns: The cells a row has; at most 0 leaves the line as it is.
    /// - Returns: One line or more; the line itself when it fits.
    /// - Complexity: O(*n*) in the length of the text.
    package func wrapped(to columns: Int) -> [Line] {
        guard columns > 0, width > columns else { return [self] }
        var rows: [Line] = []
        var row: [Span] = []
        var used = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let cells = DisplayWidth.of(character)
                if used + cells > columns && used > 0 {
                    if !text.isEmpty { row.append(Span(text, span.style)) }
                    rows.append(Line(row))
                    (text, row, used) = ("", [], 0)
                }
                text.append(character)
                used += cells
            }
            if !text.isEmpty { row.append(Span(text, span.style)) }
        }
        if !row.isEmpty { rows.append(Line(row)) }
        return rows
    }

    /// The line cut to a width: whole grapheme clusters up to one cell short of it, then "…" in the style the cut
    /// fell in. The one truncation of styled text: the renderer and every screen use it.
    ///
    /// - Parameter columns: The cells available; nothing fits in zero or fewer.
    /// - Returns: The line itself when it fits.
    /// - Complexity: O(*n*) in the length of the text.
    public func truncated(to columns: Int) -> Line {
        guard width > columns else { return self }
        guard columns > 0 else { return Line() }
        var kept: [Span] = []
        var remaining = columns - 1
        for span in spans {
            var text = ""
            for character in span.text {
                let cells = DisplayWidth.of(character)
                if cells > remaining {
                    kept.append(Span(text + "…", span.style))
                    return Line(kept)
                }
                text.append(character)
                remaining -= cells
            }
            kept.append(Span(text, span.style))
        }
        return Line(kept)
    }
}

/// What a screen draws: lines from the top, and where the cursor goes (hidden when `nil`).
public struct Frame: Sendable, Hashable {
    /// The lines, from the top.
    public var lines: [Line]
    /// Where the terminal's cursor shows (a text field's caret), or `nil` to hide it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set { cursorPosition = newValue.map { Position(row: $0.row, column: $0.column) } }
    }
    private var cursorPosition: Position?

    private struct Position: Sendable, Hashable {
        var row: Int
        var column: Int
    }

    /// A frame.
    public init(lines: [Line] = [], cursor: (row: Int, column: Int)? = nil) {
        self.lines = lines
        self.cursor = cursor
    }

    /// The text of every line without styles, joined by newlines: what tests compare against.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// The frame cut to a size: at most `size.rows` lines, each cut to `size.columns` cells with "…", and the cursor
    /// dropped when it falls outside. What a screen's ``Screen/render(in:)`` must return.
    ///
    /// - Parameter size: The size available.
    /// - Returns: The clipped frame.
    public func clipped(to size: Size) -> Frame {
        let rows = lines.prefix(max(size.rows, 0)).map { $0.truncated(to: size.columns) }
        let place = cursor.flatMap { place in
            (0..<max(size.rows, 0)).contains(place.row) && (0..<max(size.columns, 0)).contains(place.column)
                ? place : nil
        }
        return Frame(lines: Array(rows), cursor: place)
    }
}
