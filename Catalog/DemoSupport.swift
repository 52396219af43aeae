import CatalogKit
import CatalogTerminal
import Foundation

/// What the demos learn from the process environment, read once when the catalog's factories run.
///
/// Screens never read the environment themselves: their factories pass these values in, and tests pass others.
enum DemoEnvironment {
    /// The process environment.
    static let variables = ProcessInfo.processInfo.environment
    /// Unicode glyphs in a UTF-8 locale, ASCII otherwise.
    static let glyphs = Glyphs.detect(environment: variables)
    /// The colours the terminal shows (`NO_COLOR` gives none).
    static let colorMode = ColorMode.detect(environment: variables)
}

/// A line-mode command: a word and an argument, as in `3`, `e 3` or `name Buy milk`.
struct LineCommand: Equatable {
    /// The command word, lowercased; empty when the line is only a number.
    var word: String
    /// The rest of the line after the word, trimmed.
    var argument: String

    init(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if Int(trimmed) != nil {
            word = ""
            argument = trimmed
        } else if let space = trimmed.firstIndex(of: " ") {
            word = trimmed[..<space].lowercased()
            argument = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = trimmed.lowercased()
            argument = ""
        }
    }

    /// The argument as a number.
    var number: Int? { Int(argument) }
}

extension Action {
    /// The one-line hint for input a screen doesn't understand.
    ///
    /// - Parameters:
    ///   - line: What the user typed.
    ///   - hint: The commands to try instead.
    /// - Returns: A status message naming the input and the hint.
    static func unknownCommand(_ line: String, hint: String) -> Action {
        .status("Unknown command “\(line)”. \(hint) Type ? for help.")
    }
}

/// Numbers rows for line mode ("1. …"), the numbers right-aligned, each line cut to the width.
///
/// - Parameters:
///   - rows: The rows' text.
///   - width: The line width.
/// - Returns: The numbered lines.
func numbered(_ rows: [String], width: Int) -> [String] {
    let digits = String(rows.count).count
    return rows.enumerated().map { index, row in
        let number = String(index + 1)
        let label = String(repeating: " ", count: digits - number.count) + number + ". "
        return DisplayWidth.truncate(label + row, to: width)
    }
}

/// Cuts each line to a width.
func fitted(_ lines: [String], width: Int) -> [String] {
    lines.map { DisplayWidth.truncate($0, to: width) }
}

/// A frame of at most `size.rows` lines, each cut to `size.columns` cells with "…", as screens must return.
///
/// - Parameters:
///   - lines: The lines to show.
///   - size: The size available.
///   - cursor: Where the cursor goes, if it shows.
/// - Returns: The clipped frame.
func clipped(_ lines: [Line], to size: Size, cursor: (row: Int, column: Int)? = nil) -> Frame {
    let rows = lines.prefix(max(size.rows, 0)).map { line -> Line in
        guard DisplayWidth.of(line.text) > size.columns else { return line }
        guard size.columns > 0 else { return Line() }
        // Keep whole characters up to one cell short of the width, then mark the cut in the style it fell in.
        var spans: [Span] = []
        var remaining = size.columns - 1
        for span in line.spans {
            var kept = ""
            for character in span.text {
                let width = DisplayWidth.of(character)
                if width > remaining {
                    spans.append(Span(kept + "…", span.style))
                    return Line(spans)
                }
                kept.append(character)
                remaining -= width
            }
            spans.append(Span(kept, span.style))
        }
        return Line(spans)
    }
    return Frame(lines: Array(rows), cursor: cursor)
}
