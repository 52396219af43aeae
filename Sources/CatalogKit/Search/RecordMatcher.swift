/// Decides whether one record's folded text matches a query: the test a full scan and a streaming read share.
struct RecordMatcher: Sendable {
    private let query: Query
    private let fuzzy: FuzzyMatcher?

    init(_ query: Query) {
        self.query = query
        fuzzy = query.fuzzy ? FuzzyMatcher(query) : nil
    }

    /// Whether a record matches.
    ///
    /// - Parameter record: Folded fields, each followed by a NUL.
    /// - Returns: `true` when every term occurs in some field (or, fuzzily, matches some field).
    /// - Complexity: O(t · L) for t terms and L bytes.
    func matches(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
        if query.matchesNothing { return false }
        if let fuzzy { return fuzzy.score(record) != nil }
        guard let base = record.baseAddress else { return query.isEmpty }
        return query.terms.allSatisfy { term in
            term.withUnsafeBufferPointer { ByteSearch.find($0, in: base, from: 0, to: record.count) != nil }
        }
    }
}
