/// Decides which records of some folded text match a query, and scores them in fuzzy mode: the test a full scan,
/// a narrowing scan and a streaming read share.
///
/// A plain query (``Query/isPlain``) takes the scans made for it: one SIMD pass for the longest exact term, or the
/// fuzzy scan from its rarest character. Any other query is driven by its longest term that stands alone and must
/// match exactly (a substring, or a field's start, end or whole, found as the term next to the NUL that ends every
/// field), and every record that holds it is tested against the whole query; with no such term, every record is
/// tested.
struct RecordMatcher: Sendable {
    /// One term, ready to find: the bytes to look for (with a NUL where the term must meet a field's edge), and
    /// for a fuzzy term its matcher.
    struct Compiled: Sendable {
        let term: Query.Term
        /// The term's bytes, a NUL before them for a prefix or whole field and after them for a suffix or whole
        /// field.
        let needle: [UInt8]
        /// Whether `needle` starts with the NUL before a field: the field starts one byte after a match.
        let lead: Bool
        let fuzzy: FuzzyMatcher?
    }

    let query: Query
    private let fuzzy: FuzzyMatcher?
    private let groups: [[Compiled]]
    /// The term whose needle a full scan looks for, if any stands alone and must match exactly.
    private let driver: Compiled?
    /// A plain query's terms that match their case or accents, which its scans' hits are checked for (others check
    /// them with the whole query).
    private let plainTyped: [(typed: Query.AsTyped, kind: Query.Kind)]

    init(_ query: Query) {
        self.query = query
        fuzzy = query.fuzzy && query.isPlain ? FuzzyMatcher(terms: query.terms) : nil
        // The last group that must match holds the term meant for the name (``FuzzyMatcher/named``).
        let named = query.groups.lastIndex { group in group.contains { !$0.inverse } }
        groups = query.groups.enumerated().map { index, group in
            group.map { RecordMatcher.compile($0, named: index == named) }
        }
        plainTyped = query.isPlain ? query.typedTerms : []
        driver =
            groups.filter { $0.count == 1 && !$0[0].term.inverse && $0[0].term.kind != .fuzzy }.map { $0[0] }
            .max { $0.needle.count < $1.needle.count }
    }

    private static func compile(_ term: Query.Term, named: Bool) -> Compiled {
        let before = term.kind == .prefix || term.kind == .equal
        let after = term.kind == .suffix || term.kind == .equal
        let needle = (before ? [0] : []) + term.bytes + (after ? [0] : [])
        let fuzzy =
            term.kind == .fuzzy || !term.inverse ? FuzzyMatcher(terms: [term.bytes], named: named ? 0 : -1) : nil
        return Compiled(term: term, needle: needle, lead: before, fuzzy: fuzzy)
    }

    // MARK: - Scans

    /// The records that match, in record order.
    ///
    /// - Parameters:
    ///   - text: Folded records, each field followed by a NUL.
    ///   - records: The records to test.
    /// - Returns: Every record in `records` that the query matches.
    /// - Complexity: O(B) for B bytes of text (see ``RecordText``).
    func matches(_ text: RecordText, _ records: Range<Int>) -> [UInt32] {
        if query.fuzzy { return scored(text, records, isCancelled: nil).map(\.record) }
        return matches(text, records, isCancelled: nil)
    }

    /// The records in a range that match an exact-mode query, in record order.
    ///
    /// - Complexity: O(B) for B bytes of text, plus O(L) to test each record that holds the driving term.
    func matches(_ text: RecordText, _ records: Range<Int>, isCancelled: (@Sendable () -> Bool)?) -> [UInt32] {
        if query.matchesNothing || records.isEmpty { return [] }
        if query.isEmpty { return records.map { UInt32($0) } }
        if query.isPlain {
            return keepingCase(text.exactMatches(records, query.terms, isCancelled: isCancelled), text) { $0 }
        }
        var hits: [UInt32] = []
        forEachCandidate(text, records, isCancelled: isCancelled) { record in
            if evaluate(text.bytes(of: record), raw: text.rawPath(of: record), keywords: text.rawKeywords(of: record))
                != nil
            {
                hits.append(UInt32(record))
            }
        }
        return hits
    }

    /// The records in a range that match a fuzzy-mode query, with their scores, in record order.
    ///
    /// - Complexity: O(B) for B bytes of text, plus the scoring of each record that may match.
    func scored(
        _ text: RecordText, _ records: Range<Int>, isCancelled: (@Sendable () -> Bool)?
    ) -> [SearchIndex.Scored] {
        if query.matchesNothing || records.isEmpty { return [] }
        if query.isEmpty { return records.map { SearchIndex.Scored(record: UInt32($0), score: 0) } }
        if let fuzzy {
            return keepingCase(text.fuzzyMatches(records, fuzzy, isCancelled: isCancelled), text) { $0.record }
        }
        var hits: [SearchIndex.Scored] = []
        forEachCandidate(text, records, isCancelled: isCancelled) { record in
            if let score = evaluate(
                text.bytes(of: record), raw: text.rawPath(of: record), keywords: text.rawKeywords(of: record))
            {
                hits.append(SearchIndex.Scored(record: UInt32(record), score: score))
            }
        }
        return hits
    }

    /// The candidates that match an exact-mode query, in the order given.
    ///
    /// - Complexity: O(Σ length of the candidates' text).
    func matches(
        among candidates: ArraySlice<UInt32>, _ text: RecordText, isCancelled: (@Sendable () -> Bool)?
    ) -> [UInt32] {
        if query.isPlain {
            return keepingCase(
                text.exactMatches(among: candidates, query.terms, isCancelled: isCancelled), text
            ) { $0 }
        }
        var hits: [UInt32] = []
        var scanned = 0
        for record in candidates {
            let bytes = text.bytes(of: Int(record))
            if scanned >= RecordText.cancellationInterval, let isCancelled {
                if isCancelled() { return hits }
                scanned = 0
            }
            scanned += bytes.count
            if evaluate(
                bytes, raw: text.rawPath(of: Int(record)), keywords: text.rawKeywords(of: Int(record))) != nil
            {
                hits.append(record)
            }
        }
        return hits
    }

    /// The candidates that match a fuzzy-mode query, with their scores, in the order given.
    ///
    /// - Complexity: O(Σ length of the candidates' text).
    func scored(
        among candidates: ArraySlice<UInt32>, _ text: RecordText, isCancelled: (@Sendable () -> Bool)?
    ) -> [SearchIndex.Scored] {
        if let fuzzy {
            return keepingCase(
                text.fuzzyMatches(among: candidates, fuzzy, isCancelled: isCancelled), text
            ) { $0.record }
        }
        var hits: [SearchIndex.Scored] = []
        var scanned = 0
        for record in candidates {
            let bytes = text.bytes(of: Int(record))
            if scanned >= RecordText.cancellationInterval, let isCancelled {
                if isCancelled() { return hits }
                scanned = 0
            }
            scanned += bytes.count
            if let score = evaluate(
                bytes, raw: text.rawPath(of: Int(record)), keywords: text.rawKeywords(of: Int(record)))
            {
                hits.append(SearchIndex.Scored(record: record, score: score))
            }
        }
        return hits
    }

    /// Calls `body` with every record in a range that may match: those that hold the driving term, found by one
    /// SIMD pass, or every record when no term drives the scan.
    private func forEachCandidate(
        _ text: RecordText, _ records: Range<Int>, isCancelled: (@Sendable () -> Bool)?, _ body: (Int) -> Void
    ) {
        guard let driver else {
            var scanned = 0
            for record in records {
                if scanned >= RecordText.cancellationInterval, let isCancelled {
                    if isCancelled() { return }
                    scanned = 0
                }
                scanned += Int(text.starts[record + 1] &- text.starts[record])
                body(record)
            }
            return
        }
        // The first record's first field follows no NUL within the range: it is tested on its own.
        var first = records.lowerBound
        if driver.lead {
            body(first)
            first += 1
            guard first < records.upperBound else { return }
        }
        driver.needle.withUnsafeBufferPointer { needle in
            // A needle that starts with a NUL is looked for from the NUL that ends the record before.
            var position = Int(text.starts[first]) - (driver.lead ? 1 : 0)
            let end = Int(text.starts[records.upperBound])
            var record = first
            var windowEnd = min(end, position + max(RecordText.cancellationInterval, 2 * needle.count))
            while position < end {
                if let offset = ByteSearch.find(needle, in: text.text, from: position, to: windowEnd) {
                    record = text.record(
                        containing: offset + (driver.lead ? 1 : 0), from: record, before: records.upperBound)
                    body(record)
                    position = Int(text.starts[record + 1]) - (driver.lead ? 1 : 0)
                    continue
                }
                if windowEnd == end { return }
                if isCancelled?() == true { return }
                position = max(position, windowEnd - needle.count + 1)
                windowEnd = min(end, position + max(RecordText.cancellationInterval, 2 * needle.count))
            }
        }
    }

    /// A plain query's hits less those whose raw path and keywords lack a term that matches its case or accents;
    /// all of them when the raw paths are not at hand (see ``find(_:in:raw:keywords:)``).
    ///
    /// - Complexity: O(h · L) for h hits of L bytes, and nothing when no term matches its case or accents.
    private func keepingCase<Hit>(_ hits: [Hit], _ text: RecordText, record: (Hit) -> UInt32) -> [Hit] {
        guard !plainTyped.isEmpty, text.rawPaths != nil else { return hits }
        return hits.filter { hit in
            let record = Int(record(hit))
            guard let raw = text.rawPath(of: record) else { return true }
            let keywords = text.rawKeywords(of: record)
            return plainTyped.allSatisfy { RecordMatcher.holdsTyped($0.typed, $0.kind, path: raw, keywords: keywords) }
        }
    }

    // MARK: - One record

    /// Whether a record matches the whole query, and its score: the sum over groups of the score of the first
    /// term that matches (0 for a `!` term), or `nil` when it does not match.
    ///
    /// - Parameters:
    ///   - record: The record's fields, each followed by a NUL.
    ///   - raw: The record's raw path, for camelCase and case, when at hand.
    ///   - keywords: Its raw keywords, divided by commas, for case.
    /// - Complexity: O(t · L) for t terms and L bytes.
    func evaluate(
        _ record: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>? = nil,
        keywords: UnsafeBufferPointer<UInt8>? = nil
    ) -> Int32? {
        var total: Int32 = 0
        for group in groups {
            var matched = false
            for compiled in group {
                let found = RecordMatcher.find(compiled, in: record, raw: raw, keywords: keywords)
                if compiled.term.inverse {
                    if found == nil {
                        matched = true
                        break
                    }
                } else if let score = found {
                    total &+= score
                    matched = true
                    break
                }
            }
            if !matched { return nil }
        }
        return total
    }

    /// A query of one exact term that matches in any case (`readme`, `^/usr`), as the picker's ranking scores it for
    /// every hit: its scorer and anchors, so a hit known to match is scored with no match tested again and no term
    /// copied (``SearchIndex/rankedByScore(_:for:)``).
    var singleExactTerm: (scorer: FuzzyMatcher, atStart: Bool, atEnd: Bool)? {
        guard groups.count == 1, groups[0].count == 1, let scorer = groups[0][0].fuzzy else { return nil }
        let term = groups[0][0].term
        guard term.kind != .fuzzy, !term.inverse, term.typed == nil else { return nil }
        return (scorer, term.kind == .prefix || term.kind == .equal, term.kind == .suffix || term.kind == .equal)
    }

    /// The score of a term in a record, or `nil` when no field holds it as the term's kind asks. An exact term is
    /// scored at its best occurrence, as fuzzy mode scores those places (``FuzzyMatcher/exactScore``). A term that matches its case or accents
    /// must also be in the raw path; without it (a one-shot read's first pass, which the index's search follows), it
    /// keeps every record its folded text keeps, and a `!` one leaves none out.
    static func find(
        _ compiled: Compiled, in record: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>? = nil,
        keywords: UnsafeBufferPointer<UInt8>? = nil
    ) -> Int32? {
        guard let found = findFolded(compiled, in: record, raw: raw) else { return nil }
        guard let typed = compiled.term.typed else { return found }
        guard let raw else { return compiled.term.inverse ? nil : found }
        return holdsTyped(typed, compiled.term.kind, path: raw, keywords: keywords) ? found : nil
    }

    private static func findFolded(
        _ compiled: Compiled, in record: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>?
    ) -> Int32? {
        guard let base = record.baseAddress else { return nil }
        if compiled.term.kind == .fuzzy { return compiled.fuzzy?.score(record, raw: raw) }
        let found = compiled.needle.withUnsafeBufferPointer { needle -> Bool in
            if compiled.lead {
                // The first field follows no NUL: it starts the record.
                let rest = UnsafeBufferPointer(rebasing: needle[1...])
                if rest.count <= record.count && memcmp(base, rest.baseAddress!, rest.count) == 0 { return true }
            }
            return ByteSearch.find(needle, in: base, from: 0, to: record.count) != nil
        }
        guard found else { return nil }
        let kind = compiled.term.kind
        return compiled.term.inverse
            ? 0
            : compiled.fuzzy?.exactScore(
                record, raw: raw, atStart: kind == .prefix || kind == .equal, atEnd: kind == .suffix || kind == .equal)
                ?? 0
    }

    /// Whether a raw path, or one of its raw keywords (divided by commas, as a file's are), holds a term in its typed
    /// form.
    ///
    /// - Complexity: O(L) for L bytes of path and keywords.
    static func holdsTyped(
        _ term: Query.AsTyped, _ kind: Query.Kind, path: UnsafeBufferPointer<UInt8>,
        keywords: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        if holdsTyped(term, kind, in: path) { return true }
        guard let keywords, !keywords.isEmpty else { return false }
        return keywords.split(separator: 0x2C).contains { keyword in
            keyword.withUnsafeBufferPointer { holdsTyped(term, kind, in: $0) }
        }
    }

    /// Whether a raw field holds a term in its typed form, as its kind asks: a substring, the field's start, end or
    /// whole, or its scalars in order. A `∕` that stands for a `/` inside a name reads as `/`. An ASCII field is
    /// compared byte for byte, since it has no accents and a term that keeps its case compares it as read.
    ///
    /// - Complexity: O(L) for a field of L bytes.
    static func holdsTyped(_ term: Query.AsTyped, _ kind: Query.Kind, in raw: UnsafeBufferPointer<UInt8>) -> Bool {
        if raw.allSatisfy({ $0 < 0x80 }) {
            // A term that keeps accents holds a non-ASCII scalar, which no ASCII field holds.
            guard term.keepsCase, !term.keepsAccents else { return false }
            return holds(term.bytes, kind, in: raw)
        }
        var text = String(decoding: raw, as: UTF8.self)
        if text.unicodeScalars.contains("\u{2215}") { text = text.replacingOccurrences(of: "\u{2215}", with: "/") }
        return Array(term.form(of: text).utf8).withUnsafeBufferPointer { holds(term.bytes, kind, in: $0) }
    }

    /// Whether a field holds a term's bytes as its kind asks.
    private static func holds(_ term: [UInt8], _ kind: Query.Kind, in field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = field.baseAddress else { return term.isEmpty }
        switch kind {
        case .substring:
            return term.withUnsafeBufferPointer { ByteSearch.find($0, in: base, from: 0, to: field.count) != nil }
        case .prefix: return field.starts(with: term)
        case .suffix: return field.reversed().starts(with: term.reversed())
        case .equal: return field.elementsEqual(term)
        case .fuzzy:
            // Byte by byte for an ASCII term, whose bytes are never part of another scalar; else scalar by scalar.
            if term.allSatisfy({ $0 < 0x80 }) { return Query.isSubsequence(term, of: Array(field)) }
            return Query.isSubsequence(
                Array(String(decoding: term, as: UTF8.self).unicodeScalars),
                of: Array(String(decoding: field, as: UTF8.self).unicodeScalars))
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
