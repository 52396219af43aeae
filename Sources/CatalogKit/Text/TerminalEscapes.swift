#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The escape sequences that colour a program's output (`rg --color=always`, `git log --color`, `ls --color`),
/// found in a list so it can be read without them, as fzf's `--ansi` reads it.
///
/// A sequence is ESC followed by:
/// - `[`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F) and one final byte (0x40–0x7E): a control
///   sequence, such as SGR's `ESC[1;31m`;
/// - `]`, text, and BEL or ESC `\`: an operating system command, such as a hyperlink's `ESC]8;;URL ESC\`;
/// - intermediate bytes (0x20–0x2F) and a final byte (0x30–0x7E): a character set, such as the `ESC(B` that
///   `tput sgr0` writes;
/// - one byte from 0x30 to 0x7E: any other escape, such as `ESC M` or `ESC =`.
///
/// A sequence never runs past the end of a line: one cut short by a newline (or NUL) is dropped up to it, and the
/// line ends there as it did. A lone ESC at the end of the text is dropped.
package enum TerminalEscapes {
    /// The text without its escape sequences, or `nil` when it holds no ESC byte (nothing to copy).
    ///
    /// - Complexity: O(n): `memchr` to the first ESC, then one pass.
    package static func stripped(_ text: [UInt8]) -> [UInt8]? {
        text.withUnsafeBufferPointer { text -> [UInt8]? in
            guard let base = text.baseAddress, let found = memchr(base, 0x1B, text.count) else { return nil }
            var index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<index]))
            func endsLine(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x00 }
            while index < text.count {
                let byte = text[index]
                guard byte == 0x1B else {
                    out.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < text.count, !endsLine(text[index]) else { continue }
                let kind = text[index]
                index += 1
                switch kind {
                case 0x5B:  // "[": parameters and intermediates, then a final byte.
                    while index < text.count, (0x20...0x3F).contains(text[index]) { index += 1 }
                    if index < text.count, (0x40...0x7E).contains(text[index]) { index += 1 }
                case 0x5D:  // "]": text up to BEL or ESC "\".
                    while index < text.count, !endsLine(text[index]) {
                        if text[index] == 0x07 {
                            index += 1
                            break
                        }
                        if text[index] == 0x1B, index + 1 < text.count, text[index + 1] == 0x5C {
                            index += 2
                            break
                        }
                        index += 1
                    }
                case 0x20...0x2F:  // An intermediate ("(" of ESC(B): then one final byte.
                    while index < text.count, (0x20...0x2F).contains(text[index]) { index += 1 }
                    if index < text.count, (0x30...0x7E).contains(text[index]) { index += 1 }
                default:
                    // ESC and one byte (ESC M, ESC =); any other byte after ESC is kept, the ESC alone dropped.
                    if !(0x30...0x7E).contains(kind) { index -= 1 }
                }
            }
            return out
        }
    }
}
