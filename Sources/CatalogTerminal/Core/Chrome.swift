import CatalogKit

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
    /// The help overlay, when it shows: the first of its rows shown.
    var help: HelpOverlay?

    /// The help overlay's state: how far it is scrolled.
    struct HelpOverlay: Sendable, Equatable {
        var scroll = 0
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
        let (shown, elided) = visibleParts(parts, width: width)
        var start = elided ? DisplayWidth.of("…" + separator) : 0
        for part in shown {
            let end = start + DisplayWidth.of(part.text)
            if column >= start && column < end { return part }
            start = end + DisplayWidth.of(separator)
        }
        return nil
    }

    // MARK: The help overlay

    /// The help overlay's lines: a title, each item's keys in a column and what it does, and how to leave.
    static func helpLines(title: String, items: [HelpItem], width: Int) -> [Line] {
        let keyWidth = min(items.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(width / 3, 1))
        var lines = [Line("Keys for \(title)", .bold), Line()]
        lines += items.map { item in
            Line([Span("  " + DisplayWidth.pad(item.keys, to: keyWidth) + "  ", .bold), Span(item.help)])
        }
        lines += [Line(), Line("↑↓ scroll · any other key closes this help", .dim)]
        return lines
    }

    /// Moves the overlay for a key, if the key scrolls it.
    ///
    /// - Returns: Whether the key scrolled it; any other key closes it.
    mutating func scrollHelp(_ key: Key, lines: Int, rows: Int) -> Bool {
        guard var overlay = help else { return false }
        let last = max(lines - rows, 0)
        switch key {
        case .up, .control("p"), .control("k"): overlay.scroll -= 1
        case .down, .control("n"), .control("j"): overlay.scroll += 1
        case .pageUp: overlay.scroll -= max(rows - 1, 1)
        case .pageDown: overlay.scroll += max(rows - 1, 1)
        case .home: overlay.scroll = 0
        case .end: overlay.scroll = last
        case .mouse(let mouse) where mouse.action == .scrollUp: overlay.scroll -= 3
        case .mouse(let mouse) where mouse.action == .scrollDown: overlay.scroll += 3
        default: return false
        }
        overlay.scroll = min(max(overlay.scroll, 0), last)
        help = overlay
        return true
    }

    /// The overlay as drawn in the body's rows: scrolled, and with its last row saying there is more when there is.
    static func helpFrame(_ lines: [Line], scroll: Int, in size: Size) -> Frame {
        guard size.rows > 0 else { return Frame() }
        let first = min(max(scroll, 0), max(lines.count - size.rows, 0))
        var shown = Array(lines.dropFirst(first).prefix(size.rows))
        if first + size.rows < lines.count, let last = shown.indices.last {
            shown[last] = Line("↓ \(lines.count - first - size.rows + 1) more", .dim)
        }
        return Frame(lines: shown)
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
