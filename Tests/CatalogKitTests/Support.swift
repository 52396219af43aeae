import CatalogKit
import CatalogTestSupport
import Testing

/// Builds a file-style snapshot from lines, failing the test on a parse error.
func snapshot(_ lines: [String]) throws -> Snapshot<Void> {
    try CatalogFile.parse(Array(lines.joined(separator: "\n").utf8))
}

/// The full paths of records, in the order given.
func paths(_ snapshot: Snapshot<Void>, _ records: [UInt32]) -> [String] {
    records.map { snapshot.table.path(Int($0)) }
}

/// Pieces that random titles are made of: scripts, case, digits, combining marks and compatibility forms.
let randomPieces = [
    "Grid", "grid", "GRID", "Straße", "STRASSE", "Übersicht", "ubersicht", "Документы", "документы", "й", "и",
    "아프리카", "유라시아", "ﬁle", "Ｇｒｉｄ", "e\u{301}", "\u{301}", "İ", "ς", "Σ", "2", "02", "10", " ", "-", "x",
    "Ǆ", "ǅ", "ΐ", "ᄀ", "\u{1161}", "ก\u{0E31}", "日本", "😀", "Å", "ﬀ", "⑦", "ẞ",
]

/// A random title of one to four pieces.
func randomTitle(_ rng: inout SeededGenerator) -> String {
    let title = (0..<Int.random(in: 1...4, using: &rng)).map { _ in randomPieces.randomElement(using: &rng) ?? "x" }
        .joined()
    return title.allSatisfy(\.isWhitespace) ? title + "x" : title
}

/// Whether `needle`'s bytes occur in `haystack`'s: the naive reference for substring search.
func bytesContain(_ haystack: String, _ needle: String) -> Bool {
    let text = Array(haystack.utf8)
    let term = Array(needle.utf8)
    guard term.count <= text.count else { return false }
    return (0...(text.count - term.count)).contains { text[$0..<$0 + term.count].elementsEqual(term) }
}
