/// The folded text of records as the scans read it: record `r` is `text[starts[r] ..< starts[r + 1]]`, each of its
/// fields followed by a NUL.
///
/// Both the search index and a one-shot read of a file scan this layout, so they share one implementation of every
/// scan. A view is valid only while the buffers it points into are alive and unchanged.
struct RecordText: @unchecked Sendable {
    let text: UnsafePointer<UInt8>
    let starts: UnsafePointer<UInt32>
    /// The raw paths of the records, as the table holds them: their case, which folding drops, tells a fuzzy
    /// score where camelCase words start.
    var rawPaths: EntryTable.PathRanges?

    init(text: UnsafePointer<UInt8>, starts: UnsafePointer<UInt32>, rawPaths: EntryTable.PathRanges? = nil) {
        self.text = text
        self.starts = starts
        self.rawPaths = rawPaths
    }

    /// The raw path of a record, when the table's text is at hand.
    @inline(__always)
    func rawPath(of record: Int) -> UnsafeBufferPointer<UInt8>? { rawPaths?.path(record) }

    /// The raw keywords of a record, divided by the table's separator, when the table's text is at hand.
    func rawKeywords(of record: Int) -> UnsafeBufferPointer<UInt8>? { rawPaths?.keywords(record) }

    /// How often a scan asks whether it was cancelled: every this many bytes of text, per core.
    static let cancellationInterval = 1 << 18

    @inline(__always)
    func range(of record: Int) -> Range<Int> { Int(starts[record])..<Int(starts[record + 1]) }

    @inline(__always)
    func bytes(of record: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text + Int(starts[record]), count: Int(starts[record + 1] - starts[record]))
    }

    /// The record whose bytes include `offset`, searching forward from `hint`, a record at or before it.
    ///
    /// - Complexity: O(log d) for a record d records after the hint (galloping, then binary search).
    @inline(__always)
    func record(containing offset: Int, from hint: Int, before end: Int) -> Int {
        var low = hint
        var step = 1
        var high = min(end, hint + step)
        while high < end && Int(starts[high]) <= offset {
            low = high
            step *= 2
            high = min(end, low + step)
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// Whether every term occurs in a record's text.
    @inline(__always)
    func holdsAll(_ record: Int, _ terms: some Collection<[UInt8]>) -> Bool {
        let range = range(of: record)
        return terms.allSatisfy { term in
            term.withUnsafeBufferPointer { ByteSearch.find($0, in: text, from: range.lowerBound, to: range.upperBound) }
                != nil
        }
    }

    // MARK: - Exact

    /// Calls `body` with each record in a range whose text holds `needle`, in record order: one pass of the SIMD
    /// scanner over the range's text, a window at a time, asking `isCancelled` after each window.
    ///
    /// - Returns: `false` when the scan was cancelled before the end.
    /// - Complexity: O(B) expected for B bytes of text, plus O(log d) to place each hit.
    @inline(__always)
    func forEachRecord(
        holding needle: [UInt8], in records: Range<Int>, isCancelled: (@Sendable () -> Bool)?,
        _ body: (Int) -> Void
    ) -> Bool {
        guard !records.isEmpty else { return true }
        // A window is never shorter than twice the needle, so a scan that restarts a needle's length before the
        // window's end, to find a match that straddles it, always moves on.
        let window = max(RecordText.cancellationInterval, 2 * needle.count)
        return needle.withUnsafeBufferPointer { needle in
            var position = Int(starts[records.lowerBound])
            let end = Int(starts[records.upperBound])
            var record = records.lowerBound
            var windowEnd = min(end, position + window)
            while position < end {
                if position < windowEnd, let offset = ByteSearch.find(needle, in: text, from: position, to: windowEnd) {
                    record = self.record(containing: offset, from: record, before: records.upperBound)
                    body(record)
                    position = Int(starts[record + 1])
                    continue
                }
                // Nothing more starts in this window.
                if windowEnd == end { return true }
                if isCancelled?() == true { return false }
                position = max(position, windowEnd - needle.count + 1)
                windowEnd = min(end, position + window)
            }
            return true
        }
    }

    /// The records in a range whose text holds every term, in record order: one pass for the longest term over
    /// all the range's text, then the other terms on each record that holds it.
    ///
    /// - Parameter terms: At least one term.
    /// - Returns: The matching records; a cancelled scan stops early with what it found so far.
    /// - Complexity: O(B) expected for B bytes of text, plus O(log d) to place each hit.
    func exactMatches(_ records: Range<Int>, _ terms: [[UInt8]], isCancelled: (@Sendable () -> Bool)?) -> [UInt32] {
        var hits: [UInt32] = []
        guard let primary = terms.max(by: { $0.count < $1.count }) else { return hits }
        var others = terms
        if let position = others.firstIndex(of: primary) { others.remove(at: position) }
        _ = forEachRecord(holding: primary, in: records, isCancelled: isCancelled) { record in
            if others.isEmpty || holdsAll(record, others) { hits.append(UInt32(record)) }
        }
        return hits
    }

    /// The candidates whose text holds every term, in the order given.
    ///
    /// - Complexity: O(Σ length of the candidates' text).
    func exactMatches(
        among candidates: ArraySlice<UInt32>, _ terms: [[UInt8]], isCancelled: (@Sendable () -> Bool)?
    ) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(candidates.count / 2)
        var scanned = 0
        for record in candidates {
            if scanned >= RecordText.cancellationInterval, let isCancelled {
                if isCancelled() { return result }
                scanned = 0
            }
            scanned += Int(starts[Int(record) + 1] - starts[Int(record)])
            if holdsAll(Int(record), terms) { result.append(record) }
        }
        return result
    }

    // MARK: - Fuzzy

    /// The records in a range that match a fuzzy query, with their scores, in record order.
    ///
    /// The exact scanner finds the records that hold the query's rarest character (judged on a sample), and only
    /// those are scored: a record without one of the query's characters cannot match. (Per-record masks of the
    /// characters each holds skipped the others a little faster, 3 % of the benchmark's fuzzy time, but took 4 MB
    /// a million records for as long as the index lived.)
    ///
    /// - Complexity: O(B) for B bytes of text, plus the scoring of the records that hold the character.
    func fuzzyMatches(
        _ records: Range<Int>, _ matcher: FuzzyMatcher, isCancelled: (@Sendable () -> Bool)?
    ) -> [SearchIndex.Scored] {
        var hits: [SearchIndex.Scored] = []
        guard !records.isEmpty else { return hits }
        let anchor = matcher.rarestCharacter(in: self, records: records).bytes
        if anchor.isEmpty {
            // A query without characters: every record is a candidate.
            var scanned = 0
            for record in records {
                if scanned >= RecordText.cancellationInterval, let isCancelled {
                    if isCancelled() { return hits }
                    scanned = 0
                }
                scanned += Int(starts[record + 1] &- starts[record])
                if let score = matcher.score(bytes(of: record), raw: rawPath(of: record)) {
                    hits.append(SearchIndex.Scored(record: UInt32(record), score: score))
                }
            }
            return hits
        }
        _ = forEachRecord(holding: anchor, in: records, isCancelled: isCancelled) { record in
            if let score = matcher.score(bytes(of: record), raw: rawPath(of: record)) {
                hits.append(SearchIndex.Scored(record: UInt32(record), score: score))
            }
        }
        return hits
    }

    /// The candidates that match a fuzzy query, with their scores, in the order given.
    ///
    /// - Complexity: O(Σ length of the candidates' text).
    func fuzzyMatches(
        among candidates: ArraySlice<UInt32>, _ matcher: FuzzyMatcher, isCancelled: (@Sendable () -> Bool)?
    ) -> [SearchIndex.Scored] {
        var hits: [SearchIndex.Scored] = []
        var scanned = 0
        for record in candidates {
            if scanned >= RecordText.cancellationInterval, let isCancelled {
                if isCancelled() { return hits }
                scanned = 0
            }
            let bytes = bytes(of: Int(record))
            scanned += bytes.count
            if let score = matcher.score(bytes, raw: rawPath(of: Int(record))) {
                hits.append(SearchIndex.Scored(record: record, score: score))
            }
        }
        return hits
    }
}
