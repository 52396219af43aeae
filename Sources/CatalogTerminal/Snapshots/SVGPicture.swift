import CatalogKit

/// A frame as an SVG picture of a terminal window: every cell at its place, colours and bold, dim, underline and
/// reverse as the renderer draws them, wide characters across two cells.
///
/// The picture depends only on the frame, so equal frames give equal files that diff cleanly: one `<text>` a run of
/// one style with its length fixed to its cells, background `<rect>`s under them, and one CSS class a distinct
/// style, numbered in the order they first appear.
package enum SVGPicture {
    /// A cell's width and height, in pixels, and the font size.
    static let cellWidth = 9
    static let cellHeight = 18
    static let fontSize = 15
    /// The window's margin, and the height of its title bar.
    static let margin = 12
    static let titleBar = 28
    /// The default colours: a dark terminal.
    static let foreground = "#D4D4D4"
    static let background = "#1E1E1E"

    /// The picture.
    ///
    /// - Parameters:
    ///   - frame: The frame.
    ///   - size: The size it was drawn at.
    ///   - title: The window's title.
    /// - Returns: The SVG document.
    public static func document(of frame: Frame, size: Size, title: String) -> String {
        let width = 2 * margin + size.columns * cellWidth
        let height = titleBar + margin + size.rows * cellHeight
        var classes: [String: Int] = [:]
        var styles: [String] = []
        var rects: [String] = []
        var texts: [String] = []
        for run in frame.runs(in: size) {
            let (ink, paper) = colors(of: run.style)
            let x = margin + run.column * cellWidth
            let y = titleBar + run.row * cellHeight
            if let paper {
                rects.append(
                    "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(run.width * cellWidth)\" height=\"\(cellHeight)\" "
                        + "fill=\"\(paper)\"/>")
            }
            guard run.text.contains(where: { $0 != " " }) else { continue }
            var rule = "fill: \(ink)"
            if run.style.bold { rule += "; font-weight: bold" }
            if run.style.dim { rule += "; opacity: 0.6" }
            if run.style.underline { rule += "; text-decoration: underline" }
            let name: Int
            if let known = classes[rule] {
                name = known
            } else {
                name = styles.count
                classes[rule] = name
                styles.append(".s\(name) { \(rule) }")
            }
            // Wide and narrow characters in separate pieces, each placed at its own cell, so a viewer whose font
            // draws a wide character at another width can't move the cells after it.
            for piece in pieces(of: run) {
                texts.append(
                    "<text class=\"s\(name)\" x=\"\(margin + piece.column * cellWidth)\" y=\"\(y + cellHeight - 5)\" "
                        + "textLength=\"\(piece.width * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\">"
                        + "\(escaped(piece.text))</text>")
            }
        }
        // The title keeps clear of the three buttons (up to x = 57): centred where it fits so, else it starts after
        // them, cut with "…" at the right margin; a 12 px monospace cell is about 7.2 px wide. The label keeps it
        // whole.
        let centred = DisplayWidth.of(title) * 72 <= (width - 2 * 64) * 10
        let shownTitle = centred ? title : DisplayWidth.truncate(title, to: max(0, (width - 64 - 8) * 10 / 72))
        let titlePlace = centred ? "x=\"\(width / 2)\" y=\"18\" text-anchor=\"middle\"" : "x=\"64\" y=\"18\""
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:space=\"preserve\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(escaped(title))\">",
            "<style>",
            "text { font-family: 'DejaVu Sans Mono', 'Cascadia Mono', Menlo, Consolas, 'Noto Sans Mono CJK KR', monospace; "
                + "font-size: \(fontSize)px; white-space: pre; }",
        ]
        lines += styles
        lines += [
            "</style>",
            "<rect width=\"\(width)\" height=\"\(height)\" rx=\"8\" fill=\"\(background)\"/>",
            "<circle cx=\"20\" cy=\"14\" r=\"5\" fill=\"#FF5F57\"/><circle cx=\"36\" cy=\"14\" r=\"5\" fill=\"#FEBC2E\"/>"
                + "<circle cx=\"52\" cy=\"14\" r=\"5\" fill=\"#28C840\"/>",
            "<text \(titlePlace) style=\"fill: #8A8A8A; font-size: 12px\">"
                + "\(escaped(shownTitle))</text>",
        ]
        lines += rects
        lines += texts
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A run split into words of one character width (one cell or two), each with its first column and cells;
    /// spaces only move the column, so every word starts at its own cell whatever width a viewer's font gives a
    /// space or a wide character.
    static func pieces(of run: StyledRun) -> [(column: Int, width: Int, text: String)] {
        var pieces: [(column: Int, width: Int, text: String)] = []
        var column = run.column
        var open = false
        var wide = false
        for character in run.text {
            let cells = DisplayWidth.of(character)
            if character == " " {
                open = false
            } else if cells == 0 {
                if !pieces.isEmpty { pieces[pieces.count - 1].text.append(character) }
            } else if open, wide == (cells == 2) {
                pieces[pieces.count - 1].text.append(character)
                pieces[pieces.count - 1].width += cells
            } else {
                pieces.append((column, cells, String(character)))
                open = true
                wide = cells == 2
            }
            column += cells
        }
        return pieces
    }

    /// The text colour and the background colour, if any, of a style; reverse swaps them.
    private static func colors(of style: Style) -> (ink: String, paper: String?) {
        let ink = style.foreground.map(hex) ?? foreground
        let paper = style.background.map(hex)
        return style.reverse ? (paper ?? background, ink) : (ink, paper)
    }

    private static func hex(_ color: Color) -> String {
        let (r, g, b) = color.rgb
        return "#" + [r, g, b].map { Color.hex($0) }.joined()
    }

    /// Text for XML: the five special characters as entities. Control characters never get here: runs are sanitized.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// A recording in asciicast v2, the format asciinema plays: a JSON header line, then one `[time, "o", data]` line a
/// write, timed by the virtual clock.
package enum Asciicast {
    /// The recording.
    ///
    /// - Parameters:
    ///   - run: A played scenario.
    ///   - title: The recording's title.
    ///   - timestamp: When it was made, in seconds since 1970; pass a fixed one (`SOURCE_DATE_EPOCH`) for files that
    ///     are the same on every run.
    /// - Returns: The file's text, one JSON value a line.
    public static func text(of run: ScenarioRun, title: String, timestamp: Int) -> String {
        let size = run.writes.first?.size ?? run.size
        var lines = [
            "{\"version\": 2, \"width\": \(size.columns), \"height\": \(size.rows), \"timestamp\": \(timestamp), "
                + "\"duration\": \(seconds(run.duration)), \"title\": \(JSONText.string(title)), "
                + "\"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}"
        ]
        var current = size
        for write in run.writes {
            if write.size != current {
                // A resize event, which players apply before the output that follows.
                lines.append("[\(seconds(write.time)), \"r\", \"\(write.size.columns)x\(write.size.rows)\"]")
                current = write.size
            }
            lines.append("[\(seconds(write.time)), \"o\", \(JSONText.string(write.bytes))]")
        }
        // Every frame hides the cursor while it draws; a real terminal is left with it shown and the attributes
        // reset (the launcher's leave sequence), so the recording ends so too, or a player keeps the cursor hidden.
        let end = max(run.duration, run.writes.last?.time ?? .zero)
        lines.append("[\(seconds(end)), \"o\", \(JSONText.string(Self.leave))]")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a recording ends with: the attributes reset and the cursor shown, as the launcher leaves a terminal.
    static let leave = "\u{1B}[0m\u{1B}[?25h"

    /// A duration in seconds with millisecond precision: `0.121`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        let whole = milliseconds / 1000
        let fraction = String(milliseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
