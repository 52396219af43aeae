import CatalogKit

/// A frame as runs of cells: each run a row, a first column, a width in cells, a text and a style. Snapshots' style
/// layer and pictures both read frames through it, so they agree with each other and with the renderer.
public struct StyledRun: Sendable, Hashable {
    /// The row, from 0.
    public var row: Int
    /// The first column, from 0, in cells.
    public var column: Int
    /// The cells it covers: wide characters take two.
    public var width: Int
    public var text: String
    public var style: Style
}

extension Frame {
    /// The frame's text as the renderer draws it at a size (``Renderer/visible(_:size:colorMode:)``): sanitized,
    /// each line cut to the width, runs of one style merged.
    ///
    /// - Parameters:
    ///   - size: The size drawn at.
    ///   - colorMode: How much colour shows.
    /// - Returns: The runs, row by row, left to right; blank rows give none.
    public func runs(in size: Size, colorMode: ColorMode = .trueColor) -> [StyledRun] {
        var runs: [StyledRun] = []
        for (row, line) in Renderer.visible(self, size: size, colorMode: colorMode).lines.enumerated() {
            var column = 0
            for span in line.spans where !span.text.isEmpty {
                let width = DisplayWidth.of(span.text)
                if let last = runs.last, last.row == row, last.style == span.style,
                    last.column + last.width == column
                {
                    runs[runs.count - 1].text += span.text
                    runs[runs.count - 1].width += width
                } else {
                    runs.append(StyledRun(row: row, column: column, width: width, text: span.text, style: span.style))
                }
                column += width
            }
        }
        return runs
    }
}

extension Style {
    /// The style in words, for snapshots: `bold reverse fg=#0A84FF`; empty for plain text.
    public var words: String {
        var words: [String] = []
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if underline { words.append("underline") }
        if reverse { words.append("reverse") }
        if let foreground { words.append("fg=" + foreground.word) }
        if let background { words.append("bg=" + background.word) }
        return words.joined(separator: " ")
    }
}

extension Color {
    /// The colour in a word: `ansi1`, `p208` or `#0A84FF`.
    public var word: String {
        switch self {
        case .ansi(let index): return "ansi\(index)"
        case .palette(let index): return "p\(index)"
        case .rgb(let r, let g, let b): return "#" + [r, g, b].map { Self.hex($0) }.joined()
        }
    }

    /// The colour as 24-bit RGB, as xterm shows the 16 and 256 colours.
    public var rgb: (r: UInt8, g: UInt8, b: UInt8) {
        switch self {
        case .ansi(let index): return Palette.rgb(ofPaletteIndex: index & 15)
        case .palette(let index): return Palette.rgb(ofPaletteIndex: index)
        case .rgb(let r, let g, let b): return (r, g, b)
        }
    }

    static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return value < 16 ? "0" + digits : digits
    }
}
