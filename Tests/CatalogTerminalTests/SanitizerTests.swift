import CatalogTerminal
import CatalogTestSupport
import Testing

@Suite("Sanitizer")
struct SanitizerTests {
    @Test(
        "hostile text is shown, not obeyed",
        arguments: [
            ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{7}"),
            ("\u{1B}[2J", "\\u{1B}[2J"),
            ("a\u{9B}31mb", "a\\u{9B}31mb"),
            ("abc\u{202E}fed", "abc\\u{202E}fed"),
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("\u{200E}\u{200F}\u{61C}", "\\u{200E}\\u{200F}\\u{61C}"),
            ("tab\there", "tab\\u{9}here"),
            ("line\r\nnext", "line\\u{D}\\u{A}next"),
            ("\u{0}\u{7F}\u{80}\u{9F}", "\\u{0}\\u{7F}\\u{80}\\u{9F}"),
            ("한국어\u{1B}[31m빨강", "한국어\\u{1B}[31m빨강"),
        ])
    func escapes(input: String, expected: String) {
        let output = Sanitizer.sanitize(input)
        #expect(output == expected)
        #expect(!output.unicodeScalars.contains(where: Sanitizer.isUnsafe))
    }

    @Test(
        "safe text passes unchanged",
        arguments: [
            "", "plain ascii", "아프리카", "中文 😀 👨‍👩‍👧‍👦", "café", "\u{A0}non-breaking", "‘quotes’ — dash …",
            "\u{2010}\u{2030}\u{20AC}", "ÂÃ",
        ])
    func unchanged(input: String) {
        #expect(Sanitizer.sanitize(input) == input)
    }

    @Test func everyUnsafeScalarIsEscaped() {
        let all = (0...0x2100).compactMap(Unicode.Scalar.init).filter(Sanitizer.isUnsafe)
        #expect(all.count == 32 + 1 + 32 + 3 + 5 + 4)
        for scalar in all {
            let output = Sanitizer.sanitize("x" + String(scalar) + "y")
            #expect(output == "x\\u{\(String(scalar.value, radix: 16, uppercase: true))}y")
        }
    }

    /// The byte check that bulk output takes (`catalog list` of a million lines) against the reference: a `String`
    /// validated from the bytes, its scalars checked one by one.
    @Test func bytesCheckedAsTheReferenceDoes() {
        func reference(_ bytes: [UInt8]) -> Bool {
            guard let text = String(validating: bytes, as: UTF8.self) else { return false }
            return !text.unicodeScalars.contains(where: Sanitizer.isUnsafe)
        }
        var cases: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE4, 0xB8], [0xE4, 0xB8, 0x41], [0xC3, 0x41],
            [0xF0, 0x9F, 0x98], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        // Every scalar up to U+3000 (controls, C1, the bidi marks), then a sample to U+10FFFF.
        for value in Array(0..<0x3000) + Array(stride(from: 0x3000, through: 0x10FFFF, by: 499)) {
            if let scalar = Unicode.Scalar(UInt32(value)) { cases.append(Array(String(scalar).utf8)) }
        }
        // Each edge of printable ASCII at each place in two words.
        for byte: UInt8 in [0x00, 0x1F, 0x20, 0x7E, 0x7F] {
            for place in 0..<16 {
                var line = Array("abcdefghijklmnop".utf8)
                line[place] = byte
                cases.append(line)
            }
        }
        var generator = SeededGenerator(seed: 18)
        let pieces: [[UInt8]] = [
            [0x61], [0x1B], [0x7F], [0x0A], [0xC2, 0x9B], [0xC3, 0xA9], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0x94],
            [0xEC, 0x9C, 0xA0], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC2], [0xED, 0xA0, 0x80], [0xF8],
        ]
        for _ in 0..<1500 {
            cases.append(
                (0..<Int.random(in: 0...24, using: &generator)).flatMap { _ in
                    pieces.randomElement(using: &generator) ?? []
                })
        }
        for bytes in cases {
            // At the start of a word, within one, and across the end of one.
            for padding in [0, 5, 8] {
                let padded = Array(repeating: UInt8(0x78), count: padding) + bytes
                let safe = padded.withUnsafeBufferPointer(Sanitizer.isSafe)
                #expect(safe == reference(padded), "\(padded)")
                var out: [UInt8] = []
                padded.withUnsafeBufferPointer { Sanitizer.append($0, to: &out) }
                #expect(out == Array(Sanitizer.sanitize(String(decoding: padded, as: UTF8.self)).utf8))
            }
        }
    }
}
