/// A parsed search query: whitespace-separated terms, each folded once.
///
/// An entry matches when every term occurs in its folded full path (`Group/Sub/Title`) or in one of its folded
/// keywords. In fuzzy mode a term only needs its characters to appear in that order. An empty query matches
/// every entry.
public struct Query: Sendable, Hashable {
    /// The text as typed.
    public let text: String
    /// Whether terms match as subsequences rather than substrings.
    public let fuzzy: Bool
    /// The folded UTF-8 bytes of each term, in the order typed.
    public let terms: [[UInt8]]

    /// Parses a query.
    ///
    /// - Parameters:
    ///   - text: Terms separated by any Unicode whitespace.
    ///   - fuzzy: Whether to match terms as subsequences.
    public init(_ text: String, fuzzy: Bool = false) {
        self.text = text
        self.fuzzy = fuzzy
        self.terms = text.split(whereSeparator: \.isWhitespace).map { Folding.foldedBytes(String($0)) }
            .filter { !$0.isEmpty }
    }

    /// Whether two queries match the same entries: the same folded terms in the same mode, whatever the spacing.
    public func matchesSameEntries(as other: Query) -> Bool {
        fuzzy == other.fuzzy && terms == other.terms
    }

    /// Whether the query matches everything.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether no entry can match: a term with a NUL byte, which entries never contain.
    var matchesNothing: Bool { terms.contains { $0.contains(0) } }

    /// Whether every entry that matches `self` also matches `previous`, so `self` can search among the results of
    /// `previous` instead of the whole index.
    ///
    /// That holds when each term of `previous` occurs within some term of `self` (as a substring, or as a
    /// subsequence in fuzzy mode), and both queries use the same mode.
    ///
    /// - Complexity: O(t² · m) for t terms of length m, which is tiny next to a scan.
    public func narrows(_ previous: Query) -> Bool {
        guard fuzzy == previous.fuzzy, !matchesNothing else { return false }
        return previous.terms.allSatisfy { old in
            terms.contains { new in fuzzy ? Query.isSubsequence(old, of: new) : Query.isSubstring(old, of: new) }
        }
    }

    static func isSubstring(_ needle: [UInt8], of haystack: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    static func isSubsequence(_ needle: [UInt8], of haystack: [UInt8]) -> Bool {
        var iterator = haystack.makeIterator()
        return needle.allSatisfy { byte in
            while let next = iterator.next() { if next == byte { return true } }
            return false
        }
    }
}
