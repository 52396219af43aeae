import Foundation

/// A parsed search query: terms in fzf's extended syntax, each folded once.
///
/// Terms are separated by whitespace (`\ ` is a space inside a term), and an entry matches when every term
/// matches one of its fields: its full path as read (`Group/Sub/Title`, or the line a list had) or one of its
/// keywords, each a field of its own. A term is:
/// - `word`: the word's characters in order (fuzzy) or as a substring (exact), as the query's mode says;
/// - `'word`: the other of the two: a substring in fuzzy mode, in order in exact mode;
/// - `^word`: a field that starts with `word`; `word$`: a field that ends with it; `^word$`: a field that is it;
/// - `!word`: no field holds `word` as a substring (`!^word`, `!word$` and `!'word` likewise, `!'word` fuzzily);
/// - `a | b`: `a` or `b` (any terms, any number of them).
///
/// A term that is only an operator (`!`, `^`, `'`) matches everything, and `$` alone is the text `$`. An empty
/// query matches every entry. A NUL separates terms as a space does: no entry holds one.
///
/// With smart case (a picker's, as fzf's), a term that holds a capital letter matches only where the line as read
/// holds it in that case: `README` finds `README.md` and not `readme.txt`, while `readme` finds both. Likewise a
/// term with an accented letter matches only where the line holds that accent: `é` finds `étude` and `École`, not
/// `etude`, while `e` and `E` find `École` as well; `ß` likewise finds only `ß`, not `ss`. The path as read and each keyword are fields of their own here too.
package struct Query: Sendable, Hashable {
    /// How a plain term matches: as a substring, or its characters in order.
    public enum Matching: Sendable, Hashable {
        /// A plain term is a substring: what `catalog search` and the launcher do by default.
        case exact
        /// A plain term's characters in order, best-scoring alignment first: what fzf does by default.
        case fuzzy

        /// The other mode: what a key that switches modes live asks for.
        public var toggled: Matching { self == .exact ? .fuzzy : .exact }
    }

    /// How one term matches a field.
    enum Kind: Sendable, Hashable {
        /// The term's characters in order.
        case fuzzy
        /// The term as a substring.
        case substring
        /// The field starts with the term.
        case prefix
        /// The field ends with the term.
        case suffix
        /// The field is the term.
        case equal
    }

    /// One term: its kind, whether it must not match, and its folded bytes (without operators).
    struct Term: Sendable, Hashable {
        var kind: Kind
        var inverse: Bool
        var bytes: [UInt8]
        /// With smart case, a term with a capital or an accented letter: the form the path as read or a keyword
        /// must hold as the term's kind asks, besides its folded text.
        var typed: AsTyped? = nil
    }

    /// What smart case keeps of a term as typed: its case where it holds a capital letter, its accents where it holds
    /// an accented one, and the term in that form. A field is compared in the same form: ``form(of:)``.
    struct AsTyped: Sendable, Hashable {
        /// The term's UTF-8 in the compared form.
        var bytes: [UInt8]
        var keepsCase: Bool
        var keepsAccents: Bool

        /// The term's form, or `nil` for a term that has neither a capital nor an accented letter, which its folded
        /// text answers alone.
        init?(_ text: Substring) {
            keepsCase = text.unicodeScalars.contains { $0.properties.isUppercase }
            // A letter that folds to another besides its lower case: an accented one (é to e), or ß to ss. Composed
            // first, so that `e` and a combining accent (a paste, a macOS keyboard) is the `é` it stands for.
            let composed =
                text.allSatisfy(\.isASCII) ? String(text) : String(text).precomposedStringWithCanonicalMapping
            keepsAccents = composed.unicodeScalars.contains { scalar in
                scalar.value >= 0x80
                    && Folding.foldedBytes(String(scalar)) != Array(String(scalar).lowercased().utf8)
            }
            guard keepsCase || keepsAccents else { return nil }
            bytes = []
            bytes = Array(form(of: String(text)).utf8)
        }

        /// A field's text in the form this term is compared in: without accents unless the term keeps them, in
        /// lower case unless it keeps its case.
        ///
        /// - Complexity: O(L) for L characters; only for a field that holds a non-ASCII scalar or folds case.
        func form(of text: String) -> String {
            // Composed, so that an `é` typed matches one a file system wrote as `e` and a combining accent.
            let accents = keepsAccents ? text.precomposedStringWithCanonicalMapping : AsTyped.withoutAccents(text)
            return keepsCase ? accents : accents.lowercased()
        }

        private static func withoutAccents(_ text: String) -> String {
            text.folding(options: .diacriticInsensitive, locale: nil)
        }
    }

    /// The text as typed.
    public let text: String
    /// Whether plain terms match as subsequences rather than substrings.
    public let fuzzy: Bool
    /// Whether a term with a capital letter matches its case (see above).
    public let smartCase: Bool
    /// The folded UTF-8 bytes of each term that must match (not `!` terms), without operators, in the order typed:
    /// what a view highlights.
    public let terms: [[UInt8]]
    /// The terms, grouped: every group must match, and a group matches when one of its terms does (`a | b`).
    let groups: [[Term]]

    /// Parses a query.
    ///
    /// - Parameters:
    ///   - text: Terms separated by any Unicode whitespace, in the extended syntax above.
    ///   - fuzzy: Whether plain terms match as subsequences.
    ///   - smartCase: Whether a term with a capital letter matches its case.
    public init(_ text: String, fuzzy: Bool = false, smartCase: Bool = false) {
        self.text = text
        self.fuzzy = fuzzy
        self.smartCase = smartCase
        groups = Query.parse(text, fuzzy: fuzzy, smartCase: smartCase)
        terms = groups.flatMap { $0 }.filter { !$0.inverse }.map(\.bytes)
    }

    /// Parses a query in a mode.
    ///
    /// - Parameters:
    ///   - text: The query as typed, in the extended syntax above.
    ///   - matching: How plain terms match.
    ///   - smartCase: Whether a term with a capital letter matches its case.
    public init(_ text: String, matching: Matching, smartCase: Bool = false) {
        self.init(text, fuzzy: matching == .fuzzy, smartCase: smartCase)
    }

    /// How plain terms match.
    public var matching: Matching { fuzzy ? .fuzzy : .exact }

    /// The same text in another mode, for a key that switches exact and fuzzy matching live.
    ///
    /// - Parameter matching: The mode.
    /// - Returns: The query parsed again in that mode.
    public func switched(to matching: Matching) -> Query { Query(text, matching: matching, smartCase: smartCase) }

    /// Whether two queries match the same entries: the same folded terms in the same mode, whatever the spacing.
    public func matchesSameEntries(as other: Query) -> Bool {
        fuzzy == other.fuzzy && groups == other.groups
    }

    /// Whether the query matches everything.
    public var isEmpty: Bool { groups.isEmpty }

    /// How many terms the query holds, each counted once, `!` terms and alternatives included.
    package var termCount: Int { groups.reduce(0) { $0 + $1.count } }

    /// The terms that match their case or accents, with their kinds.
    var typedTerms: [(typed: AsTyped, kind: Kind)] {
        groups.flatMap { $0 }.compactMap { term in term.typed.map { ($0, term.kind) } }
    }

    /// Whether no entry can match: a group whose every term must match a NUL byte, which entries never contain.
    var matchesNothing: Bool {
        groups.contains { group in group.allSatisfy { !$0.inverse && $0.bytes.contains(0) } }
    }

    /// Whether the query is plain: every group one term of the mode's own kind, none negated, so the scans that
    /// take a list of terms answer it (and those that match their case then check it, ``RecordMatcher``).
    var isPlain: Bool {
        groups.allSatisfy { $0.count == 1 && !$0[0].inverse && $0[0].kind == (fuzzy ? .fuzzy : .substring) }
    }

    /// Whether every entry that matches `self` also matches `previous`, so `self` can search among the results of
    /// `previous` instead of the whole index.
    ///
    /// That holds when both use the same mode, `previous` has no `!` term and no `|`, and each of its terms is
    /// implied by a term of `self` that stands alone: `gri` by `grid`, `^gr` by `^gri`, `id$` by `rid$`, a fuzzy
    /// `gd` by `grid` or `'grid`. Terms `self` adds, negated or not, only narrow it further. After `!` or `|` in
    /// `previous`, a longer query can match entries the previous one did not (`!a` → `!ab`), so it is searched
    /// whole.
    ///
    /// - Complexity: O(t² · m) for t terms of length m, which is tiny next to a scan.
    public func narrows(_ previous: Query) -> Bool {
        guard fuzzy == previous.fuzzy, !matchesNothing else { return false }
        guard previous.groups.allSatisfy({ $0.count == 1 && !$0[0].inverse }) else { return false }
        let alone = groups.filter { $0.count == 1 && !$0[0].inverse }.map { $0[0] }
        return previous.groups.allSatisfy { group in alone.contains { Query.implies($0, group[0]) } }
    }

    /// Whether a field that matches `new` matches `old`: both must match, neither negated. A term that matches its
    /// case or accents is implied only by one compared in the same form that holds it.
    static func implies(_ new: Term, _ old: Term) -> Bool {
        guard implies(new.kind, new.bytes, old.kind, old.bytes) else { return false }
        guard let oldTyped = old.typed else { return true }
        guard let newTyped = new.typed, newTyped.keepsCase == oldTyped.keepsCase,
            newTyped.keepsAccents == oldTyped.keepsAccents
        else { return false }
        // A fuzzy term in its typed form is found scalar by scalar (``RecordMatcher/holdsTyped``), so it is implied so.
        if old.kind == .fuzzy {
            return isSubsequence(
                Array(String(decoding: oldTyped.bytes, as: UTF8.self).unicodeScalars),
                of: Array(String(decoding: newTyped.bytes, as: UTF8.self).unicodeScalars))
        }
        return implies(new.kind, newTyped.bytes, old.kind, oldTyped.bytes)
    }

    private static func implies(_ newKind: Kind, _ new: [UInt8], _ oldKind: Kind, _ old: [UInt8]) -> Bool {
        switch (oldKind, newKind) {
        case (.fuzzy, _): return isSubsequence(old, of: new)
        case (_, .fuzzy): return false
        case (.substring, _): return isSubstring(old, of: new)
        case (.prefix, .prefix), (.prefix, .equal): return new.starts(with: old)
        case (.suffix, .suffix), (.suffix, .equal): return new.reversed().starts(with: old.reversed())
        case (.equal, .equal): return new == old
        default: return false
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

    static func isSubsequence<Element: Equatable>(_ needle: [Element], of haystack: [Element]) -> Bool {
        var iterator = haystack.makeIterator()
        return needle.allSatisfy { byte in
            while let next = iterator.next() { if next == byte { return true } }
            return false
        }
    }

    // MARK: - Parsing

    /// Splits the text into groups of terms, as fzf's extended mode does.
    private static func parse(_ text: String, fuzzy: Bool, smartCase: Bool) -> [[Term]] {
        var groups: [[Term]] = []
        var group: [Term] = []
        // A "|" after a term joins the next term to its group; the first term after it is still pending.
        var afterBar = false
        // A NUL, which no entry holds and the record text divides fields at, is a space.
        // Foundation's replacingOccurrences would cost a start-up its first lookups of generic conformances (0.4 ms).
        let scalars = text.unicodeScalars
        let spaced =
            scalars.contains("\u{0}")
            ? String(String.UnicodeScalarView(scalars.map { $0 == "\u{0}" ? " " : $0 })) : text
        for token in tokens(of: spaced) {
            if token == "|" && !group.isEmpty && !afterBar {
                afterBar = true
                continue
            }
            defer { afterBar = false }
            guard let term = term(token, fuzzy: fuzzy, smartCase: smartCase) else { continue }
            if !afterBar && !group.isEmpty {
                groups.append(group)
                group = []
            }
            group.append(term)
        }
        if !group.isEmpty { groups.append(group) }
        // A term or group typed again asks nothing new, and each copy would cost a pass over every hit: a pasted
        // "usr share doc " forty times is three terms.
        var seen: Set<[Term]> = []
        return groups.compactMap { group in
            var inGroup: Set<Term> = []
            let unique = group.filter { inGroup.insert($0).inserted }
            return seen.insert(unique).inserted ? unique : nil
        }
    }

    /// The tokens of a query: split at whitespace, where a backslash before a space keeps the space in the token.
    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                if !character.isWhitespace { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character.isWhitespace {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// One token as a term, or `nil` for one that is only operators.
    private static func term(_ token: String, fuzzy: Bool, smartCase: Bool) -> Term? {
        var text = Substring(token)
        var kind: Kind = fuzzy ? .fuzzy : .substring
        var inverse = false
        if text.hasPrefix("!") {
            inverse = true
            kind = .substring
            text = text.dropFirst()
        }
        if text != "$" && text.hasSuffix("$") {
            kind = .suffix
            text = text.dropLast()
        }
        if text.hasPrefix("'") {
            // The other mode: exact in fuzzy mode; fuzzy in exact mode, and after "!".
            kind = fuzzy && !inverse ? .substring : .fuzzy
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = kind == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        let bytes = Folding.foldedBytes(String(text))
        guard !bytes.isEmpty else { return nil }
        return Term(kind: kind, inverse: inverse, bytes: bytes, typed: smartCase ? AsTyped(text) : nil)
    }
}
