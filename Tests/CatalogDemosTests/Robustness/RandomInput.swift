import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation

/// Seeded random input for a screen: keys of every kind, line commands, ticks, sizes and environments.
///
/// Keys are what ``KeyDecoder`` can deliver: every named key, Ctrl and function keys, and printable characters in
/// many scripts, wide ones, emoji sequences, combining marks and invisible formatting characters. Line commands are
/// anything a line can hold: the screen's own commands with arguments from huge and negative numbers to garbage,
/// the driver's commands, and raw junk with control characters and escape sequences.
struct RandomInput {
    private var random: SeededGenerator
    private let characters: [Character]

    /// Creates a source of input.
    ///
    /// - Parameters:
    ///   - seed: The seed; the same seed gives the same input.
    ///   - joining: Whether keys include characters that join the one before them (a lone combining accent, a
    ///     zero-width joiner, a lone regional indicator), as a decoder delivers decomposed text one scalar at a time.
    init(seed: UInt64, joining: Bool = true) {
        random = SeededGenerator(seed: seed)
        characters = joining ? Self.characters + Self.joining : Self.characters
    }

    /// Numbers as a user might type them, from the sensible to the ones that overflow an `Int`.
    static let numbers = [
        "0", "1", "2", "3", "4", "5", "7", "9", "10", "12", "14", "99", "100", "101", "1000", "1001", "-1", "+3",
        "007", String(Int.max), String(Int.min), "-9223372036854775808", "9223372036854775808",
        "99999999999999999999", "-99999999999999999999", "1e3", "0x10", "٣", "３", "2024-02-29", "9999-12-31",
        "0-0-0", "-1--1--1",
    ]

    /// Characters beyond ASCII that a terminal delivers as keys.
    static let characters: [Character] = [
        "é", "ß", "Ж", "й", "한", "글", "漢", "字", "ｱ", "Ａ", "ﬁ", "🦊", "👩‍💻", "🇰🇷", "👍🏽", "e\u{301}", "\u{200B}",
        "\u{FEFF}", "\u{202E}", "\u{2066}", "\u{061C}", "\u{0627}", "𝔸", "\u{10FFFD}", "…",
        "·", "›",
    ]

    /// Characters that join the character before them into one.
    static let joining: [Character] = ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "🇰", "\u{11A8}", "\u{94F}"]

    /// Text no screen should take at face value: control characters, escape sequences, bidi overrides.
    static let junk = [
        "\u{1B}[2J", "\u{1B}]0;title\u{7}", "\u{7}", "\u{0}", "\u{9B}31m", "\u{7F}", "\t", "\r", "\u{8}", "\u{85}",
        "\u{202E}", "\u{1B}[?1049l", "\u{1B}", "%n%s", "../../", "\\u{1B}",
    ]

    private mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ percent: Int) -> Bool { int(0..<100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }

    /// The keys with names.
    static let namedKeys: [Key] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .backspace, .delete, .tab,
        .backTab,
    ]

    /// The keys that type numbers.
    static let digits = Array("0123456789+-")

    /// The locales an environment may have: the launcher's, one that ListSummary doesn't know, and none.
    static let locales = ["en", "de_DE", "ru", "ko", "ja", "ar", ""].map(Locale.init(identifier:))

    /// A key of any kind.
    mutating func key() -> Key {
        switch int(0..<100) {
        case 0..<40: return pick(Self.namedKeys)
        case 40..<46: return .control(Character(Unicode.Scalar(UInt8(int(0..<26)) + 0x61)))
        case 46..<51: return .function(int(1..<13))
        case 51..<80: return .character(Character(Unicode.Scalar(UInt8(int(0x20..<0x7F)))))
        case 80..<88: return .character(pick(Self.digits))
        default: return .character(pick(characters))
        }
    }

    /// A line-mode command for a screen whose help lists these line forms (`e <n>`, `accent <name>`, `/text`).
    mutating func line(forms: [String]) -> String {
        switch int(0..<100) {
        case 0..<55 where !forms.isEmpty: return filled(pick(forms))
        case 0..<62: return pick(Self.numbers)
        case 62..<72: return ".."
        case 72..<74: return "?"
        case 74..<75: return "q"
        case 75..<77: return String(repeating: pick(["9", "a", "한", "🦊", "\u{1B}"]), count: int(200..<3000))
        default: return text(length: int(0..<30))
        }
    }

    /// A line form with its placeholders filled: numbers for `<n>`, `[n]` and dates, text for the rest.
    private mutating func filled(_ form: String) -> String {
        var words: [String] = []
        for word in form.split(separator: " ") {
            if word.hasPrefix("[") {
                if chance(50) { words.append(pick(Self.numbers)) }
            } else if word.hasPrefix("<") {
                words.append(chance(70) ? pick(Self.numbers) : text(length: int(0..<12)))
            } else if word.hasPrefix("/") {
                words.append("/" + text(length: int(0..<6)))
            } else {
                words.append(chance(10) ? word.uppercased() : String(word))
            }
        }
        let line = words.joined(separator: pick([" ", " ", "  ", "\t"]))
        return chance(10) ? " " + line + " " : line
    }

    /// Text of some length from ASCII, other scripts and junk.
    mutating func text(length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            switch int(0..<100) {
            case 0..<60: text.append(Character(Unicode.Scalar(UInt8(int(0x20..<0x7F)))))
            case 60..<85: text.append(pick(characters))
            default: text += pick(Self.junk)
            }
        }
        return text
    }

    /// A terminal size from 1×1 to 300×100, with the extremes often.
    mutating func size() -> Size {
        switch int(0..<100) {
        case 0..<10:
            return pick([Size(columns: 1, rows: 1), Size(columns: 300, rows: 100), Size(columns: 1, rows: 100)])
        case 10..<20:
            return pick([Size(columns: 300, rows: 1), Size(columns: 2, rows: 3), Size(columns: 80, rows: 24)])
        case 20..<70: return Size(columns: int(1..<81), rows: int(1..<31))
        default: return Size(columns: int(1..<301), rows: int(1..<101))
        }
    }

    /// An environment: any locale the launcher cycles, either glyph set, any colour mode.
    mutating func environment() -> ScreenEnvironment {
        ScreenEnvironment(
            locale: pick(Self.locales),
            glyphs: chance(50) ? .unicode : .ascii, colorMode: pick(ColorMode.allCases))
    }

    /// A number from a range, for choosing what to do next.
    mutating func next(_ range: Range<Int>) -> Int { int(range) }
}
