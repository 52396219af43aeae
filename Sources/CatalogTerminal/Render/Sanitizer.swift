import CatalogKit

/// Makes untrusted text safe to print: the one function every string passes through on its way out.
///
/// Text from the registry, from screens or from error messages could contain escape sequences that retitle the
/// window, clear the screen, move the cursor or reorder what the reader sees. The sanitizer replaces each such
/// character with its visible Swift escape (`\u{1B}`), so the text is shown, never obeyed.
package enum Sanitizer {
    /// Replaces control and bidirectional-formatting characters with visible escapes.
    ///
    /// Replaced: C0 controls U+0000–U+001F (including tab, line feed, carriage return and escape), DEL U+007F,
    /// C1 controls U+0080–U+009F, the bidi marks U+061C, U+200E and U+200F, the bidi embeddings and overrides
    /// U+202A–U+202E, and the bidi isolates U+2066–U+2069. Each becomes `\u{XX}` with uppercase hex digits.
    ///
    /// - Parameter s: Any text.
    /// - Returns: `s` itself when nothing needed escaping, otherwise a copy with the escapes.
    /// - Complexity: O(*n*) in the UTF-8 length of the string; the common case only scans bytes.
    public static func sanitize(_ s: String) -> String {
        guard mayNeedEscaping(s) else { return s }
        var result = ""
        result.reserveCapacity(s.utf8.count + 16)
        for scalar in s.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Appends raw UTF-8 text to an output buffer, sanitized: the same rule as ``sanitize(_:)`` for bulk output
    /// that never makes a `String` for safe text.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; invalid sequences are written as U+FFFD.
    ///   - out: The buffer to append to.
    /// - Complexity: O(*n*); safe text is checked in one pass and copied as it is.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if isSafe(bytes) {
            out.append(contentsOf: bytes)
        } else {
            out.append(contentsOf: sanitize(String(decoding: bytes, as: UTF8.self)).utf8)
        }
    }

    /// Whether bytes can be printed as they are: valid UTF-8 without a scalar that ``isUnsafe(_:)``.
    ///
    /// One pass without allocating: printable ASCII eight bytes at a time, other scalars decoded as the reader
    /// decodes them (``Folder/decode(_:at:)``: no overlong forms, surrogates or scalars past U+10FFFF). A million lines of a file
    /// list go out through here.
    ///
    /// - Complexity: O(*n*).
    package static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // A byte below 0x20 loses its high bit when 0x60 is added; 0x7F gains a carry into it when 1 is.
                let low = ~(word & 0x7F7F_7F7F_7F7F_7F7F &+ 0x6060_6060_6060_6060)
                let delete = (word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x0101_0101_0101_0101
                if (word | low | delete) & 0x8080_8080_8080_8080 == 0 {
                    index &+= 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { return false }
                index &+= 1
                continue
            }
            guard let (value, length) = Folder.decode(bytes, at: index),
                let scalar = Unicode.Scalar(value), !isUnsafe(scalar)
            else { return false }
            index &+= length
        }
        return true
    }

    /// Whether a scalar must not reach the terminal as itself.
    ///
    /// - Parameter scalar: The scalar to check.
    /// - Returns: `true` for control and bidi-formatting characters.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A byte scan that rules out escaping for most strings.
    ///
    /// Every unsafe scalar's UTF-8 encoding starts with a byte below 0x20, 0x7F, 0xC2 (C1 controls), 0xD8 (U+061C)
    /// or 0xE2 (U+200E–U+2069), so a string with none of these bytes is safe as it is.
    private static func mayNeedEscaping(_ s: String) -> Bool {
        s.utf8.contains(where: isSuspicious)
    }

    @inline(__always)
    private static func isSuspicious(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }
}

extension Line {
    /// The line with every span's text through `Sanitizer/sanitize(_:)`: what the renderer draws, snapshots store
    /// and pictures show.
    public var sanitized: Line {
        Line(spans.map { Span(Sanitizer.sanitize($0.text), $0.style) })
    }
}
