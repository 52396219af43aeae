import CatalogTerminal
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
}
