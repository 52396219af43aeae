import Foundation
import Synchronization

/// Text folding: the one function that decides which strings search treats as equal.
///
/// `fold(s)` is, in order:
/// 1. NFKD (compatibility decomposition: "Ｇｒｉｄ" → "Grid", "ﬁ" → "fi");
/// 2. drop each nonspacing mark (general category Mn) whose base letter is Latin (U+0000–U+024F, U+1E00–U+1EFF),
///    so "Ü" → "U" but Cyrillic "й" keeps its breve;
/// 3. full Unicode case folding ("ß" → "ss", "Σ"/"ς" → "σ");
/// 4. NFC, so Hangul and other composed scripts read as written.
///
/// U+2215 DIVISION SLASH folds to "/": it stands for a "/" inside a name read from a list (the root group `/` of
/// an absolute path, `TCP/IP notes` with `--flat`; see ``CatalogFile/Format``), so typing "/" finds it.
///
/// ``referenceFold(_:)`` implements those steps literally, one string at a time. ``Folder`` produces the same
/// bytes far faster for bulk text; the two are checked against each other by tests and by the fuzzer.
package enum Folding {
    private static let shared = Mutex(Folder())

    /// Folds a string for comparison.
    ///
    /// - Parameter text: Any string.
    /// - Returns: The folded string; equal results mean search treats the inputs as the same text.
    /// - Complexity: O(n) in the UTF-8 length, with a one-time cost per distinct non-ASCII scalar.
    public static func fold(_ text: String) -> String {
        String(decoding: foldedBytes(text), as: UTF8.self)
    }

    /// Folds a string to its UTF-8 bytes: the form the search index stores.
    ///
    /// - Parameter text: Any string.
    /// - Returns: The UTF-8 bytes of `fold(text)`.
    public static func foldedBytes(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { utf8 in
            shared.withLock { folder in
                var out: [UInt8] = []
                out.reserveCapacity(utf8.count)
                // A Swift String is always valid UTF-8, so this cannot fail.
                _ = folder.append(utf8, to: &out)
                return out
            }
        }
    }

    /// The literal, slow definition of folding, used to build ``Folder``'s per-scalar table and as the oracle
    /// that tests and the fuzzer compare the fast path against.
    ///
    /// - Parameter text: Any string.
    /// - Returns: The folded string.
    public static func referenceFold(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        var baseIsLatin = false
        for scalar in decomposed.unicodeScalars {
            if scalar.value == 0x2215 {
                kept.append("/")
                baseIsLatin = true
                continue
            }
            if scalar.properties.generalCategory == .nonspacingMark {
                if !baseIsLatin { kept.append(scalar) }
                continue
            }
            baseIsLatin = isLatin(scalar.value)
            kept.append(scalar)
        }
        var folded = String.UnicodeScalarView()
        for scalar in kept { folded.append(contentsOf: caseFold(scalar)) }
        return String(folded).precomposedStringWithCanonicalMapping
    }

    /// Whether a scalar belongs to the Latin ranges whose marks folding drops.
    static func isLatin(_ value: UInt32) -> Bool {
        value <= 0x24F || (0x1E00...0x1EFF).contains(value)
    }

    /// Full case folding of one scalar.
    ///
    /// Lower-casing the upper-case form of the lower-case form reaches the case-folded form for every scalar
    /// whose folding changes it ("ß" → "SS" → "ss", "ẞ" → "ß" → "ss", "ς" → "Σ" → "σ"). The one documented
    /// difference from CaseFolding.txt is Cherokee, which this folds to lower case rather than upper case; both
    /// cases still fold to the same text.
    static func caseFold(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        let properties = scalar.properties
        guard properties.changesWhenCaseFolded || properties.changesWhenLowercased else {
            return String.UnicodeScalarView([scalar])
        }
        let once = properties.lowercaseMapping.uppercased().lowercased()
        return once.unicodeScalars
    }
}
