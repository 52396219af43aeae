import CatalogKit

/// Text that holds terminal colour codes, such as a preview command's output (`bat --color=always`, `ls
/// --color`), read into styled spans, as fzf shows it.
///
/// SGR sequences (`ESC [ … m`: bold, dim, underline, reverse, the 16, 256 and 24-bit colours, and their resets)
/// become styles; tabs move to the next multiple of eight columns; every other escape sequence and control
/// character is dropped, so nothing but the text and its styles reaches the terminal.
public enum AnsiText {
    /// A line of output as styled spans.
    ///
    /// - Parameter text: One line, without its line break.
    /// - Returns: The line.
    /// - Complexity: O(*n*) in the length of the text.
    public static func line(_ text: String) -> Line {
        var spans: [Span] = []
        var style = Style.plain
        var run = ""
        var column = 0
        var scalars = text.unicodeScalars[...]
        func flush() {
            if !run.isEmpty { spans.append(Span(run, style)) }
            run = ""
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                guard scalars.first == "[" else {
                    skipEscape(&scalars)
                    continue
                }
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.first, (0x30...0x3F).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                while let next = scalars.first, (0x20...0x2F).contains(next.value) { scalars.removeFirst() }
                guard let final = scalars.popFirst() else { continue }
                if final == "m" {
                    flush()
                    apply(parameters, to: &style)
                }
            case "\t":
                let spaces = 8 - column % 8
                run += String(repeating: " ", count: spaces)
                column += spaces
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                continue
            default:
                run.unicodeScalars.append(scalar)
                column += DisplayWidth.of(String(scalar))
            }
        }
        flush()
        return Line(spans)
    }

    /// Skips an escape sequence that is not CSI: OSC and DCS up to their terminator, anything else one character.
    private static func skipEscape(_ scalars: inout Substring.UnicodeScalarView.SubSequence) {
        guard let kind = scalars.popFirst() else { return }
        guard kind == "]" || kind == "P" || kind == "_" || kind == "^" else { return }
        while let next = scalars.popFirst() {
            if next == "\u{07}" { return }
            if next == "\u{1B}", scalars.first == "\\" {
                scalars.removeFirst()
                return
            }
        }
    }

    /// Applies an SGR sequence's parameters to a style.
    static func apply(_ parameters: String, to style: inout Style) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22:
                style.bold = false
                style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .ansi(UInt8(code - 30))
            case 90...97: style.foreground = .ansi(UInt8(code - 90 + 8))
            case 39: style.foreground = nil
            case 40...47: style.background = .ansi(UInt8(code - 40))
            case 100...107: style.background = .ansi(UInt8(code - 100 + 8))
            case 49: style.background = nil
            case 38, 48:
                let color = extendedColor(&codes)
                if code == 38 { style.foreground = color } else { style.background = color }
            default: break
            }
        }
    }

    /// `5;n` (a palette colour) or `2;r;g;b` (24-bit) after 38 or 48.
    private static func extendedColor(_ codes: inout ArraySlice<Int>) -> Color? {
        switch codes.popFirst() {
        case 5?:
            guard let index = codes.popFirst(), (0...255).contains(index) else { return nil }
            return .palette(UInt8(index))
        case 2?:
            let parts = [codes.popFirst(), codes.popFirst(), codes.popFirst()].compactMap { $0 }
            guard parts.count == 3, parts.allSatisfy({ (0...255).contains($0) }) else { return nil }
            return .rgb(UInt8(parts[0]), UInt8(parts[1]), UInt8(parts[2]))
        default:
            return nil
        }
    }
}
