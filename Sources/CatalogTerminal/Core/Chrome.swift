import CatalogKit
import Foundation

/// What the launcher draws around the screen in front: the breadcrumb on the first row, the status line on the
/// last, the help overlay over the body, and the flash.
///
/// A value type the session owns: it knows nothing of screens beyond the breadcrumb parts and help items it is
/// handed, so it can be drawn and clicked the same way whatever is open.
struct Chrome: Sendable {
    /// The separator between titles in the breadcrumb.
    static let separator = " › "

    /// The message in the status line, if any.
    var status: String?
    /// Whether the frame is drawn in reverse video, between a flash and its end.
    var isFlashing = false
    /// What shows over the body, if anything.
    var overlay: Overlay?

    /// What can show over the body, one at a time, each with how far it is scrolled: the keys (F1), or the
    /// compiler's errors after a failed rebuild (`--watch`).
    enum Overlay: Sendable, Equatable {
        case help(scroll: Int)
        case buildFailed(BuildReport, product: String, scroll: Int)

        var scroll: Int {
            get {
                switch self {
                case .help(let scroll), .buildFailed(_, _, let scroll): scroll
                }
            }
            set {
                switch self {
                case .help: self = .help(scroll: newValue)
                case .buildFailed(let report, let product, _):
                    self = .buildFailed(report, product: product, scroll: newValue)
                }
            }
        }
    }

    // MARK: The breadcrumb

    /// One part of the breadcrumb: the screen it belongs to (by position in the stack), its index in that screen's
    /// ``Screen/breadcrumb``, and its text.
    struct Part: Sendable, Equatable {
        var screen: Int
        var part: Int
        var text: String
    }

    /// The parts drawn at a width: when all of them are too wide, the first give way to "…".
    ///
    /// - Complexity: O(p²) in the number of parts, which is the depth of what is open.
    static func visibleParts(_ parts: [Part], width: Int) -> (parts: [Part], elided: Bool) {
        var parts = parts
        var elided = false
        var text = parts.map(\.text).joined(separator: separator)
        while parts.count > 1, DisplayWidth.of(text) > width {
            parts.removeFirst()
            elided = true
            text = "…" + separator + parts.map(\.text).joined(separator: separator)
        }
        return (parts, elided)
    }

    /// The breadcrumb's text at a width.
    static func breadcrumb(_ parts: [Part], width: Int) -> String {
        let (shown, elided) = visibleParts(parts, width: width)
        let text = shown.map(\.text).joined(separator: separator)
        return elided ? "…" + separator + text : text
    }

    /// The part drawn at a column, if any.
    static func part(at column: Int, of parts: [Part], width: Int) -> Part? {
        drawn(parts, width: width).first { $0.columns.contains(column) }?.part
    }

    /// The column a part starts at, if it is drawn.
    static func column(of target: Part, in parts: [Part], width: Int) -> Int? {
        drawn(parts, width: width).first { $0.part == target }?.columns.lowerBound
    }

    /// The parts drawn at a width, each with the columns it takes.
    private static func drawn(_ parts: [Part], width: Int) -> [(part: Part, columns: Range<Int>)] {
        let (shown, elided) = visibleParts(parts, width: width)
        var start = elided ? DisplayWidth.of("…" + separator) : 0
        return shown.map { part in
            let end = start + DisplayWidth.of(part.text)
            defer { start = end + DisplayWidth.of(separator) }
            return (part, start..<end)
        }
    }

    // MARK: The help overlay

    /// The help overlay's rows of keys: each item's keys in a column, then what it does, wrapped under itself.
    ///
    /// - Parameters:
    ///   - items: The keys and what they do.
    ///   - width: The body's width.
    /// - Returns: The rows, several for an item whose text is longer than the width allows.
    static func helpRows(_ items: [HelpItem], width: Int) -> [Line] {
        let keyWidth = min(items.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(width / 3, 1))
        let textWidth = max(width - keyWidth - 4, 8)
        var rows: [Line] = []
        for item in items {
            let keys = keyLines(item.keys, width: keyWidth)
            let wrapped = wrap(item.help, to: textWidth)
            for index in 0..<max(keys.count, wrapped.count) {
                let column = DisplayWidth.pad(index < keys.count ? keys[index] : "", to: keyWidth)
                rows.append(
                    Line([Span("  " + column + "  ", .bold), Span(index < wrapped.count ? wrapped[index] : "")]))
            }
        }
        return rows
    }

    /// A help item's keys in a column: broken after a "/" where they are too wide ("↑/ctrl-p/" over "ctrl-k"), and
    /// a single key wider than the column cut.
    static func keyLines(_ keys: String, width: Int) -> [String] {
        guard DisplayWidth.of(keys) > width else { return [keys] }
        var lines: [String] = []
        var line = ""
        let parts = keys.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, part) in parts.enumerated() {
            let piece = part + (index < parts.count - 1 ? "/" : "")
            if !line.isEmpty && DisplayWidth.of(line + piece) > width {
                lines.append(line)
                line = ""
            }
            line += piece
        }
        lines.append(line)
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }

    /// Text wrapped at spaces to a width; a word wider than the width is broken at it.
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        // A word wider than a line (a path, a link's option) is broken at the width, not cut.
        var words: [Substring] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var rest = word
            while width > 0, DisplayWidth.of(String(rest)) > width {
                var cells = 0
                let end =
                    rest.firstIndex { character in
                        cells += DisplayWidth.of(character)
                        return cells > width
                    } ?? rest.endIndex
                guard end > rest.startIndex else { break }
                words.append(rest[..<end])
                rest = rest[end...]
            }
            words.append(rest)
        }
        for word in words {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }

    /// The status line's text as drawn: one line when it fits, else wrapped at spaces to at most `most` lines, the
    /// last cut with "…" when even those are too few.
    ///
    /// - Returns: At least one line.
    static func statusLines(_ text: String, width: Int, most: Int) -> [String] {
        guard DisplayWidth.of(text) > width, most > 1, width > 1 else { return [text] }
        let wrapped = wrap(text, to: width)
        guard wrapped.count > most else { return wrapped }
        var kept = Array(wrapped.prefix(most))
        kept[most - 1] = DisplayWidth.truncate(kept[most - 1] + " " + wrapped[most], to: width)
        return kept
    }

    /// How many rows of keys the overlay shows in a body of so many rows, beside its title and its hint.
    static func helpRowsShown(in rows: Int) -> Int {
        rows - (rows >= 6 ? 2 : 0) - (rows >= 3 ? 2 : 0)
    }

    /// Moves the overlay for a key, if the key scrolls it.
    ///
    /// - Returns: Whether the key scrolled it; any other key closes it.
    mutating func scrollOverlay(_ key: Key, lines: Int, rows: Int) -> Bool {
        guard var overlay else { return false }
        let shown = max(Self.helpRowsShown(in: rows), 1)
        let last = max(lines - shown, 0)
        switch key {
        case .up, .control("p"), .control("k"): overlay.scroll -= 1
        case .down, .control("n"), .control("j"): overlay.scroll += 1
        case .pageUp: overlay.scroll -= max(shown - 1, 1)
        case .pageDown: overlay.scroll += max(shown - 1, 1)
        case .home: overlay.scroll = 0
        case .end: overlay.scroll = last
        case .mouse(let mouse) where mouse.action == .scrollUp: overlay.scroll -= 3
        case .mouse(let mouse) where mouse.action == .scrollDown: overlay.scroll += 3
        default: return false
        }
        overlay.scroll = min(max(overlay.scroll, 0), last)
        self.overlay = overlay
        return true
    }

    /// The overlay as drawn in the body's rows: a title and a blank row when there are six rows or more, the rows
    /// scrolled, with "↑ n more" and "↓ n more" where rows are hidden above or below, then a blank row and how to
    /// scroll and close it (`hint`) when there are three rows or more. At any height some rows show.
    static func overlayFrame(
        title: String, rows keyRows: [Line], scroll: Int, in size: Size, hint: LauncherWords = .helpHint,
        locale: Locale = Locale(identifier: "en")
    ) -> Frame {
        func words(_ key: LauncherWords, _ arguments: [String: any Sendable] = [:]) -> String {
            LauncherWords.text(key, in: locale, arguments)
        }
        guard size.rows > 0 else { return Frame() }
        let shown = max(helpRowsShown(in: size.rows), 1)
        let first = min(max(scroll, 0), max(keyRows.count - shown, 0))
        var body = Array(keyRows.dropFirst(first).prefix(shown))
        if first > 0, !body.isEmpty { body[0] = Line("  " + words(.moreAbove, ["count": first + 1]), .dim) }
        let below = keyRows.count - first - body.count
        if below > 0, let last = body.indices.last, last > 0 || first == 0 {
            body[last] = Line("  " + words(.moreBelow, ["count": below + 1]), .dim)
        }
        var lines: [Line] = []
        if size.rows >= 6 { lines += [Line(title, .bold), Line()] }
        lines += body
        if size.rows >= 3 {
            lines += [Line(), Line(words(hint), .dim)]
        }
        return Frame(lines: Array(lines.prefix(size.rows)))
    }

    // MARK: Drawing

    /// A line in reverse video, padded so the whole row is reversed.
    static func reversed(_ line: Line, width: Int) -> Line {
        var spans = line.spans.map { span in
            var span = span
            span.style.reverse = true
            return span
        }
        let missing = width - line.width
        if missing > 0 { spans.append(Span(String(repeating: " ", count: missing), .reverse)) }
        return Line(spans)
    }
}
