import CatalogKit
import Testing

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(
        "width of whole strings",
        arguments: [
            ("", 0),
            ("abc", 3),
            ("아프리카", 8),
            ("한국어 abc", 10),
            ("中文", 4),
            ("日本語のテキスト", 16),
            ("ｆｕｌｌ", 8),
            ("e\u{301}", 1),
            ("a\u{300}\u{301}\u{302}b", 2),
            ("😀", 2),
            ("👍🏽", 2),
            ("👨‍👩‍👧‍👦", 2),
            ("❤️", 2),
            ("♥", 1),
            ("☺︎", 1),
            ("1️⃣", 2),
            ("🇰🇷", 2),
            ("\u{200B}", 0),
            ("\u{FE0F}", 0),
            ("\u{1100}\u{1161}\u{11A8}", 2),
            ("Ελληνικά", 8),
            ("…", 1),
            // Halfwidth katakana with a halfwidth voiced or semi-voiced mark: one cluster, a column each.
            ("ﾃﾞ", 2),
            ("ﾊﾟｯｸ", 4),
            ("ﾃﾞｰﾀﾍﾞｰｽ", 8),
        ])
    func width(of text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func characterWidths() {
        #expect(DisplayWidth.of(Character("가")) == 2)
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of(Character("\u{1B}")) == 0)
        #expect(DisplayWidth.of(Character("🚀")) == 2)
    }

    @Test(
        "truncation keeps clusters whole and marks the cut",
        arguments: [
            ("abcdef", 4, "abc…"),
            ("abcd", 4, "abcd"),
            ("abc", 10, "abc"),
            ("아프리카", 8, "아프리카"),
            ("아프리카", 7, "아프리…"),
            ("아프리카", 5, "아프…"),
            ("아프리카", 4, "아…"),
            ("아프리카", 2, "…"),
            ("ab", 1, "…"),
            ("ab", 0, ""),
            ("ab", -3, ""),
            ("cafe\u{301} au lait", 5, "cafe\u{301}…"),
            ("😀😀😀", 4, "😀…"),
            ("👨‍👩‍👧‍👦 family", 3, "👨‍👩‍👧‍👦…"),
        ])
    func truncate(text: String, width: Int, expected: String) {
        let result = DisplayWidth.truncate(text, to: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(width, 0))
    }

    @Test func truncationNeverSplitsGraphemes() {
        let text = "e\u{301}가😀👍🏽🇰🇷中x"
        for width in 0...15 {
            let result = DisplayWidth.truncate(text, to: width)
            #expect(DisplayWidth.of(result) <= width)
            let kept = result.hasSuffix("…") ? String(result.dropLast()) : result
            #expect(Array(text).starts(with: Array(kept)))
        }
    }

    @Test func padding() {
        #expect(DisplayWidth.pad("ab", to: 5) == "ab   ")
        #expect(DisplayWidth.pad("아프리카", to: 10) == "아프리카  ")
        #expect(DisplayWidth.pad("아프리카", to: 5) == "아프…")
        #expect(DisplayWidth.pad("아프리카", to: 4) == "아… ")
        #expect(DisplayWidth.pad("abc", to: 0) == "")
        for width in 0...12 {
            #expect(DisplayWidth.of(DisplayWidth.pad("中文 text 😀", to: width)) == width)
        }
    }

    @Test("leading truncation keeps the end, by display width, and never splits a grapheme")
    func leadingTruncation() {
        #expect(DisplayWidth.truncateLeading("∕ › usr › share › doc › bzip2", to: 13) == "… doc › bzip2")
        #expect(DisplayWidth.truncateLeading("short", to: 5) == "short")
        // Wide characters take two cells: "…한국어" needs 7, so 6 leaves room for two of them.
        #expect(DisplayWidth.truncateLeading("문서 › 한국어", to: 7) == "…한국어")
        #expect(DisplayWidth.truncateLeading("문서 › 한국어", to: 6) == "…국어")
        #expect(DisplayWidth.truncateLeading("abc", to: 0) == "")
        #expect(DisplayWidth.truncateLeading("e\u{301}xyz", to: 3) == "…yz")
        for width in 1...14 {
            let cut = DisplayWidth.truncateLeading("中文 text 😀 e\u{301}", to: width)
            #expect(DisplayWidth.of(cut) <= width)
        }
    }

    @Test("ASCII text, controls and CR LF included, measures what its grapheme clusters add up to")
    func asciiFastPath() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<500 {
            let text = String(
                (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "a"
                })
            let perCluster = text.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(DisplayWidth.of(text) == perCluster, "\(text.debugDescription)")
            for width in [1, 5, 20] {
                let cut = DisplayWidth.truncate(text, to: width)
                #expect(DisplayWidth.of(cut) <= width, "\(text.debugDescription) at \(width)")
                if perCluster <= width { #expect(cut == text) }
            }
        }
    }
}
