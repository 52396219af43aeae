import CatalogKit
import CatalogTerminal

/// Checks what a session draws: the frame fits its size exactly and holds no control characters, and the renderer's
/// bytes for it hold no escape sequence but the renderer's own.
enum FrameCheck {
    /// Whether a scalar is a control character: C0, DEL or C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// What is wrong with a frame drawn for a terminal of a size.
    ///
    /// - Parameters:
    ///   - frame: The frame, from ``Session/render(in:)``.
    ///   - size: The terminal's size.
    /// - Returns: The first problem, or `nil` when the frame has exactly `size.rows` lines, each at most
    ///   `size.columns` cells, no control character in any span, and a cursor (if any) inside the frame.
    static func problem(in frame: Frame, size: Size) -> String? {
        guard frame.lines.count == size.rows else { return "\(frame.lines.count) lines for \(size.rows) rows" }
        for (row, line) in frame.lines.enumerated() {
            let width = DisplayWidth.of(line.text)
            if width > size.columns { return "line \(row) is \(width) cells wide for \(size.columns): \(line.text)" }
            for span in line.spans {
                if let control = span.text.unicodeScalars.first(where: isControl) {
                    return "line \(row) holds U+\(String(control.value, radix: 16, uppercase: true)): \(span.text)"
                }
            }
        }
        if let cursor = frame.cursor,
            !(0..<size.rows).contains(cursor.row) || !(0..<size.columns).contains(cursor.column)
        {
            return "the cursor (\(cursor.row), \(cursor.column)) is outside \(size)"
        }
        return nil
    }

    /// What is wrong with a renderer's output.
    ///
    /// The renderer may write cursor moves inside the size (`CSI row;column H`), line erases (`CSI 2K`), SGR
    /// (`CSI … m`, digits and semicolons), cursor hiding and showing (`CSI ?25l`/`h`) and synchronized-update
    /// markers (`CSI ?2026h`/`l`); any other escape sequence or control character is a problem.
    ///
    /// - Parameters:
    ///   - output: The bytes, as text.
    ///   - size: The terminal's size.
    /// - Returns: The first problem, or `nil`.
    static func problem(inOutput output: String, size: Size) -> String? {
        // Bytes, not characters: every control character is one byte, or 0xC2 then 0x80–0x9F for C1.
        let bytes = Array(output.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0xC2, index < bytes.count, (0x80...0x9F).contains(bytes[index]) {
                return "a control character U+\(String(bytes[index], radix: 16, uppercase: true)) outside a sequence"
            }
            guard byte < 0x20 || byte == 0x7F else { continue }
            guard byte == 0x1B, index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
                return "a control character U+\(String(byte, radix: 16, uppercase: true)) outside a sequence"
            }
            index += 1
            let start = index
            while index < bytes.count,
                bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: ";")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            {
                index += 1
            }
            let parameters = String(decoding: bytes[start..<index], as: UTF8.self)
            guard index < bytes.count else { return "a sequence cut short: CSI \(parameters)" }
            if let problem = problem(inSequence: parameters, final: Unicode.Scalar(bytes[index]), size: size) {
                return problem
            }
            index += 1
        }
        return nil
    }

    private static func problem(inSequence parameters: String, final: Unicode.Scalar, size: Size) -> String? {
        // The parameters hold only digits, `;` and `?` (the caller read no others).
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 2, let row = numbers[0], let column = numbers[1], (1...size.rows).contains(row),
                (1...size.columns).contains(column)
            else { return "a cursor move CSI \(parameters)H outside \(size)" }
            return nil
        case "K" where parameters == "2":
            return nil
        case "m"
        where !parameters.isEmpty && !parameters.contains("?") && !parameters.hasSuffix(";")
            && !parameters.contains(";;"):
            return nil
        case "h", "l":
            return ["?25", "?2026"].contains(parameters) ? nil : "a foreign sequence CSI \(parameters)\(final)"
        default:
            return "a foreign sequence CSI \(parameters)\(final)"
        }
    }
}
