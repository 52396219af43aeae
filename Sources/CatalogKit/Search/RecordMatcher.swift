/// Decides which records of some folded text match a query: the test a full scan and a streaming read share.
struct RecordMatcher: Sendable {
    private let query: Query
    private let fuzzy: FuzzyMatcher?

    init(_ query: Query) {
        self.query = query
        fuzzy = query.fuzzy ? FuzzyMatcher(query) : nil
    }

    /// The records that match, in record order.
    ///
    /// - Parameters:
    ///   - text: Folded records, each field followed by a NUL.
    ///   - records: The records to test.
    /// - Returns: Every record in `records` whose fields hold every term (or, fuzzily, match every term).
    /// - Complexity: O(B) for B bytes of text (see ``RecordText``).
    func matches(_ text: RecordText, _ records: Range<Int>) -> [UInt32] {
        if query.matchesNothing { return [] }
        if query.isEmpty { return records.map { UInt32($0) } }
        if let fuzzy { return text.fuzzyMatches(records, fuzzy, isCancelled: nil).map(\.record) }
        return text.exactMatches(records, query.terms, isCancelled: nil)
    }
}
