import CatalogKit

/// A text style: colour and attributes for a run of text.
public struct Style: Sendable, Hashable {
    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

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

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
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
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of a frame: styled spans, drawn left to right.
public struct Line: Sendable, Hashable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span] = []) { self.spans = spans }
    public init(_ text: String, _ style: Style = .plain) { self.spans = [Span(text, style)] }
    public init(stringLiteral value: String) { self.spans = [Span(value)] }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }

    /// The number of terminal cells the line takes.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

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
    public var lines: [Line]
    public var cursor: (row: Int, column: Int)? {
        get { cursorPosition.map { ($0.row, $0.column) } }
        set { cursorPosition = newValue.map { Position(row: $0.row, column: $0.column) } }
    }
    private var cursorPosition: Position?

    private struct Position: Sendable, Hashable {
        var row: Int
        var column: Int
    }

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
