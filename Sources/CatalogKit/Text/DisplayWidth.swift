/// How many terminal cells text occupies, measured per grapheme cluster.
///
/// A cluster is two cells wide when its first scalar is East Asian Wide or Fullwidth (Hangul, CJK, kana,
/// fullwidth forms) or has emoji presentation, or when it asks for emoji presentation with VS16 (U+FE0F) or is a
/// flag (two regional indicators). A cluster is zero cells wide when it is made only of combining marks, joiners,
/// variation selectors, other format characters, or controls. Everything else is one cell, and a halfwidth voiced
/// or semi-voiced mark (U+FF9E, U+FF9F) inside a cluster adds one: terminals draw `ﾃﾞ` in two.
///
/// The wide ranges follow `EastAsianWidth.txt` (W and F) and `emoji-data.txt` (Emoji_Presentation) from Unicode
/// 15.1, merged where they touch. The zero-width ranges are the combining-mark blocks, the Hangul jungseong and
/// jongseong (which join a preceding choseong), and the zero-width format characters; any other scalar whose
/// general category is Mn, Me or Cf is also treated as zero width, so marks outside these blocks are covered too.
public enum DisplayWidth {
    /// The number of cells a string occupies.
    ///
    /// - Parameter s: The text, which should already be free of control characters.
    /// - Returns: The sum of the widths of its grapheme clusters.
    /// - Complexity: O(*n*) in the length of the string; ASCII text is measured a byte at a time, with no grapheme
    ///   breaking and no Unicode property lookups.
    public static func of(_ s: String) -> Int {
        if let ascii = asciiWidth(s) { return ascii }
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// The width of ASCII text, or `nil` when the text holds anything else: a printable byte is one cell, a control
    /// none, as the count per grapheme cluster has them.
    private static func asciiWidth(_ s: String) -> Int? {
        var s = s
        return s.withUTF8 { bytes -> Int? in
            var width = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte >= 0x20 && byte != 0x7F { width += 1 }
            }
            return width
        }
    }

    /// The number of cells one grapheme cluster occupies: 0, 1 or 2, or more with halfwidth voiced marks.
    ///
    /// - Parameter c: The grapheme cluster.
    /// - Returns: 2 for wide and emoji clusters, 0 for clusters of marks and format characters, otherwise 1; one
    ///   more for each halfwidth voiced mark after the first scalar.
    public static func of(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isWide(first) { return 2 }
        var count = 0
        var hasEmojiSelector = false
        var hasTextSelector = false
        var firstNonZero: Unicode.Scalar?
        // Halfwidth voiced and semi-voiced marks (U+FF9E, U+FF9F) extend a cluster but take a column of their own.
        var spacingMarks = 0
        for scalar in scalars {
            count += 1
            if scalar.value == 0xFE0F { hasEmojiSelector = true }
            if scalar.value == 0xFE0E { hasTextSelector = true }
            if count > 1 && (scalar.value == 0xFF9E || scalar.value == 0xFF9F) { spacingMarks += 1 }
            if firstNonZero == nil, !isZeroWidth(scalar) { firstNonZero = scalar }
        }
        guard let base = firstNonZero else { return 0 }
        if isRegionalIndicator(first), count >= 2 { return 2 }
        if hasEmojiSelector, !hasTextSelector { return 2 }
        return (isWide(base) ? 2 : 1) + spacingMarks
    }

    /// Shortens a string to fit a width, marking the cut with "…".
    ///
    /// The result never splits a grapheme cluster; when a wide cluster does not fit, the result may be one cell
    /// narrower than `width`.
    ///
    /// - Parameters:
    ///   - s: The text to shorten.
    ///   - width: The number of cells available; nothing fits in zero or fewer.
    /// - Returns: `s` itself when it fits, otherwise its longest prefix that fits with "…" appended.
    /// - Complexity: O(*n*) in the length of the string.
    public static func truncate(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        // Find the prefix that fits with room for the ellipsis, and whether the whole string fits.
        var used = 0
        var cutIndex: String.Index?
        var index = s.startIndex
        while index < s.endIndex {
            let w = of(s[index])
            if cutIndex == nil, used + w > width - 1 { cutIndex = index }
            used += w
            if used > width { break }
            index = s.index(after: index)
        }
        guard used > width, let cut = cutIndex else { return s }
        return s[..<cut] + "…"
    }

    /// Shortens a string to fit a width from its start, marking the cut with a leading "…": for text whose end
    /// tells items apart, such as a group path (`… › doc › bzip2`).
    ///
    /// - Parameters:
    ///   - s: The text to shorten.
    ///   - width: The number of cells available; nothing fits in zero or fewer.
    /// - Returns: `s` itself when it fits, otherwise "…" and its longest suffix that fits after it; never splits a
    ///   grapheme cluster.
    /// - Complexity: O(*n*) in the length of the string.
    public static func truncateLeading(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(s) > width else { return s }
        var used = 1
        var start = s.endIndex
        while start > s.startIndex {
            let previous = s.index(before: start)
            let w = of(s[previous])
            if used + w > width { break }
            used += w
            start = previous
        }
        return "…" + s[start...]
    }

    /// Fits a string to exactly a width: truncated as by ``truncate(_:to:)``, then padded with spaces.
    ///
    /// - Parameters:
    ///   - s: The text to fit.
    ///   - width: The number of cells the result occupies; zero or fewer gives an empty string.
    /// - Returns: A string whose display width is exactly `max(width, 0)`.
    public static func pad(_ s: String, to width: Int) -> String {
        let fitted = truncate(s, to: width)
        let missing = max(width, 0) - of(fitted)
        return missing > 0 ? fitted + String(repeating: " ", count: missing) : fitted
    }

    // MARK: - Classification

    /// Whether a scalar is East Asian Wide or Fullwidth, or an emoji presented as an image by default.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        contains(scalar.value, in: wideRanges)
    }

    /// Whether a scalar takes no cell of its own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if contains(scalar.value, in: zeroWidthRanges) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return scalar.value != 0x00AD
        default: return false
        }
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Binary search in a sorted table of non-overlapping closed ranges.
    private static func contains(_ value: UInt32, in table: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = table.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = table[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    // MARK: - Tables

    /// Scalars that take no cell: combining marks, Hangul medial and final jamo, joiners and variation selectors.
    static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F,  // Combining Diacritical Marks
        0x0483...0x0489,  // Cyrillic combining marks
        0x0591...0x05BD,  // Hebrew points
        0x0610...0x061A,  // Arabic marks
        0x061C...0x061C,  // Arabic letter mark
        0x064B...0x065F,  // Arabic harakat
        0x0E31...0x0E31,  // Thai mai han-akat
        0x0E34...0x0E3A,  // Thai vowel signs
        0x0E47...0x0E4E,  // Thai tone marks
        0x1160...0x11FF,  // Hangul Jamo: jungseong and jongseong, joined to a preceding choseong
        0x1AB0...0x1AFF,  // Combining Diacritical Marks Extended
        0x1DC0...0x1DFF,  // Combining Diacritical Marks Supplement
        0x200B...0x200F,  // zero width space, ZWNJ, ZWJ, LRM, RLM
        0x2028...0x202E,  // line and paragraph separators, bidi embeddings and overrides
        0x2060...0x206F,  // word joiner, invisible operators, bidi isolates
        0x20D0...0x20FF,  // Combining Diacritical Marks for Symbols (includes the keycap U+20E3)
        0x302A...0x302F,  // ideographic and Hangul tone marks
        0x3099...0x309A,  // combining kana voiced sound marks
        0xD7B0...0xD7FF,  // Hangul Jamo Extended-B: more jungseong and jongseong
        0xFE00...0xFE0F,  // Variation Selectors
        0xFE20...0xFE2F,  // Combining Half Marks
        0xFEFF...0xFEFF,  // zero width no-break space
        0xE0000...0xE007F,  // Tags
        0xE0100...0xE01EF,  // Variation Selectors Supplement
    ]

    /// Scalars two cells wide: East Asian Wide (W) and Fullwidth (F), and Emoji_Presentation.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo: choseong (initial consonants)
        0x231A...0x231B,  // watch, hourglass
        0x2329...0x232A,  // angle brackets
        0x23E9...0x23EC,  // media buttons
        0x23F0...0x23F0,  // alarm clock
        0x23F3...0x23F3,  // hourglass with flowing sand
        0x25FD...0x25FE,  // medium small squares
        0x2614...0x2615,  // umbrella with rain, hot beverage
        0x2648...0x2653,  // zodiac signs
        0x267F...0x267F,  // wheelchair
        0x2693...0x2693,  // anchor
        0x26A1...0x26A1,  // high voltage
        0x26AA...0x26AB,  // medium circles
        0x26BD...0x26BE,  // soccer ball, baseball
        0x26C4...0x26C5,  // snowman, sun behind cloud
        0x26CE...0x26CE,  // Ophiuchus
        0x26D4...0x26D4,  // no entry
        0x26EA...0x26EA,  // church
        0x26F2...0x26F3,  // fountain, golf
        0x26F5...0x26F5,  // sailboat
        0x26FA...0x26FA,  // tent
        0x26FD...0x26FD,  // fuel pump
        0x2705...0x2705,  // check mark button
        0x270A...0x270B,  // raised fist, raised hand
        0x2728...0x2728,  // sparkles
        0x274C...0x274C,  // cross mark
        0x274E...0x274E,  // cross mark button
        0x2753...0x2755,  // question and exclamation marks
        0x2757...0x2757,  // exclamation mark
        0x2795...0x2797,  // plus, minus, divide
        0x27B0...0x27B0,  // curly loop
        0x27BF...0x27BF,  // double curly loop
        0x2B1B...0x2B1C,  // large squares
        0x2B50...0x2B50,  // star
        0x2B55...0x2B55,  // heavy circle
        0x2E80...0x303E,  // CJK Radicals, Kangxi Radicals, Ideographic Description, CJK Symbols and Punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul Compatibility Jamo, Kanbun, CJK Strokes, etc.
        0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi Syllables and Radicals
        0xA960...0xA97F,  // Hangul Jamo Extended-A (choseong)
        0xAC00...0xD7A3,  // Hangul Syllables
        0xF900...0xFAFF,  // CJK Compatibility Ideographs
        0xFE10...0xFE19,  // Vertical Forms
        0xFE30...0xFE6F,  // CJK Compatibility Forms, Small Form Variants
        0xFF00...0xFF60,  // Fullwidth ASCII variants and brackets
        0xFFE0...0xFFE6,  // Fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols and punctuation
        0x16FF0...0x16FF1,  // Vietnamese reading marks
        0x17000...0x18CFF,  // Tangut, Tangut Components, Khitan Small Script
        0x18D00...0x18D08,  // Tangut Supplement
        0x1AFF0...0x1B2FF,  // Kana Extended-A/B, Kana Supplement, Small Kana Extension, Nushu
        0x1F004...0x1F004,  // mahjong red dragon
        0x1F0CF...0x1F0CF,  // joker
        0x1F18E...0x1F18E,  // AB button
        0x1F191...0x1F19A,  // squared CL … VS
        0x1F200...0x1F202,  // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x1F300...0x1F320,  // weather, landscapes
        0x1F32D...0x1F335,  // food, plants
        0x1F337...0x1F37C,
        0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA,  // activities
        0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0,  // buildings
        0x1F3F4...0x1F3F4,  // black flag
        0x1F3F8...0x1F43E,  // sports, animals
        0x1F440...0x1F440,
        0x1F442...0x1F4FC,  // people, objects
        0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E,
        0x1F550...0x1F567,  // clock faces
        0x1F57A...0x1F57A,
        0x1F595...0x1F596,
        0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F,  // landmarks, smileys
        0x1F680...0x1F6C5,  // transport
        0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7,
        0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB,  // coloured circles and squares
        0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A,  // Supplemental Symbols and Pictographs
        0x1F93C...0x1F945,
        0x1F947...0x1F9FF,
        0x1FA70...0x1FAFF,  // Symbols and Pictographs Extended-A
        0x20000...0x2FFFD,  // CJK Extensions B–F and Compatibility Supplement (plane 2)
        0x30000...0x3FFFD,  // CJK Extensions G–H (plane 3)
    ]
}
