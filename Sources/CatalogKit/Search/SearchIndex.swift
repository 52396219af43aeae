/// An immutable, contiguous index of folded entry text, and the order of its entries.
///
/// Record `r` occupies `folded[starts[r]..<starts[r + 1]]`: its folded full path and each folded keyword, every
/// field followed by a NUL byte. Entries never contain NUL, so a term found by one scan of the whole buffer never
/// spans two fields or two records. `order` lists records in search order and `rank` inverts it.
///
/// Memory is the folded text plus 12 bytes per record; the index keeps no `String` per record.
public struct SearchIndex: Sendable {
    /// The number of records.
    public var count: Int { order.count }

    let folded: [UInt8]
    let starts: [UInt32]
    let order: [UInt32]
    let rank: [UInt32]

    init(folded: [UInt8], starts: [UInt32], order: [UInt32]) {
        self.folded = folded
        self.starts = starts
        self.order = order
        var rank = [UInt32](repeating: 0, count: order.count)
        for (position, record) in order.enumerated() { rank[Int(record)] = UInt32(position) }
        self.rank = rank
    }

    /// The records in search order.
    public var recordsInOrder: [UInt32] { order }

    /// The bytes the index holds, for memory reports.
    public var memoryFootprint: Int {
        folded.capacity + (starts.capacity + order.capacity + rank.capacity) * MemoryLayout<UInt32>.stride
    }

    /// Finds the records that match a query.
    ///
    /// - Parameters:
    ///   - query: The parsed query.
    ///   - previous: Earlier hits of a query that `query` narrows (see ``Query/narrows(_:)``); only they are
    ///     checked, front to back through the folded text. `nil` scans everything.
    ///   - isCancelled: Checked about every megabyte of text; when it turns true the search stops and returns
    ///     nothing, because a newer query has taken its place.
    /// - Returns: The hits, in result order (search order for exact queries; best fuzzy score first, then search
    ///   order, for fuzzy ones) and in record order for narrowing further.
    /// - Complexity: A full search is one pass over the folded text, split over the cores: O(B + h log n) for B
    ///   bytes and h hits. Narrowing is O(Σ length of the candidates' text), plus O(n / 64 + h) to put the hits in
    ///   search order with a bitmap of ranks; fuzzy hits are then ranked in O(h log h).
    public func hits(for query: Query, among previous: Hits? = nil, isCancelled: (@Sendable () -> Bool)? = nil) -> Hits
    {
        if query.matchesNothing { return Hits(ordered: [], byRecord: []) }
        // Checking candidates one by one costs more per byte than one pass over all the text, so a large
        // candidate set is cheaper to scan again than to filter.
        let candidates = previous.flatMap { $0.count > count / 8 ? nil : $0.byRecord }
        if query.isEmpty { return previous ?? Hits(ordered: order, byRecord: nil) }
        if query.fuzzy {
            let matcher = FuzzyMatcher(query)
            let scored =
                candidates.map { list in
                    chunked(list) { slice in
                        slice.compactMap { record in score(record, matcher).map { Scored(record: record, score: $0) } }
                    }
                } ?? fuzzyScan(query)
            return Hits(ordered: rankFuzzy(scored), byRecord: scored.map(\.record))
        }
        let found: [UInt32]
        if let candidates {
            let terms = query.terms
            found = chunked(candidates) { slice in filter(slice, terms) }
        } else {
            found = scan(query, isCancelled: isCancelled)
        }
        if isCancelled?() == true { return Hits(ordered: [], byRecord: []) }
        return Hits(ordered: inSearchOrder(found), byRecord: found)
    }

    /// Finds the records that match a query, in result order.
    ///
    /// - Complexity: See ``hits(for:among:isCancelled:)``.
    public func search(_ query: Query, isCancelled: (@Sendable () -> Bool)? = nil) -> [UInt32] {
        hits(for: query, isCancelled: isCancelled).ordered
    }

    /// Finds the records among earlier results, given in result order, that match a query that narrows the
    /// earlier one.
    ///
    /// - Complexity: As ``hits(for:among:isCancelled:)``, plus O(h log h) to put the candidates in record order;
    ///   keep the ``Hits`` to avoid that.
    public func search(
        _ query: Query, among candidates: [UInt32], isCancelled: (@Sendable () -> Bool)? = nil
    ) -> [UInt32] {
        hits(for: query, among: Hits(ordered: candidates, byRecord: candidates.sorted()), isCancelled: isCancelled)
            .ordered
    }

    /// The candidates whose text holds every term, in the order given.
    private func filter(_ candidates: ArraySlice<UInt32>, _ terms: [[UInt8]]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(candidates.count / 2)
        folded.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { bounds in
                guard let base = text.baseAddress else { return }
                for record in candidates {
                    let lower = Int(bounds[Int(record)])
                    let upper = Int(bounds[Int(record) + 1])
                    var matched = true
                    for term in terms where matched {
                        matched = term.withUnsafeBufferPointer {
                            ByteSearch.find($0, in: base, from: lower, to: upper) != nil
                        }
                    }
                    if matched { result.append(record) }
                }
            }
        }
        return result
    }

    // MARK: - Exact scanning

    /// Scans for the longest term and checks the others on each hit record.
    private func scan(_ query: Query, isCancelled: (@Sendable () -> Bool)?) -> [UInt32] {
        let terms = query.terms.sorted { $0.count > $1.count }
        let pieces = Parallel.map(chunkCount) { chunk in
            let records = chunkRange(chunk)
            return scan(records, primary: terms[0], others: terms.dropFirst(), isCancelled: isCancelled)
        }
        return pieces.flatMap { $0 }
    }

    private func scan(
        _ records: Range<Int>, primary: [UInt8], others: ArraySlice<[UInt8]>, isCancelled: (@Sendable () -> Bool)?
    ) -> [UInt32] {
        var hits: [UInt32] = []
        guard !records.isEmpty else { return hits }
        folded.withUnsafeBufferPointer { text in
            primary.withUnsafeBufferPointer { needle in
                guard let base = text.baseAddress else { return }
                var position = Int(starts[records.lowerBound])
                let end = Int(starts[records.upperBound])
                var record = records.lowerBound
                var nextCheck = position + (1 << 20)
                while position < end {
                    if position >= nextCheck, let isCancelled {
                        if isCancelled() { return }
                        nextCheck = position + (1 << 20)
                    }
                    guard let offset = ByteSearch.find(needle, in: base, from: position, to: end) else { break }
                    record = recordContaining(offset, from: record, in: records)
                    if others.isEmpty || matchesAll(record, others) { hits.append(UInt32(record)) }
                    position = Int(starts[record + 1])
                }
            }
        }
        return hits
    }

    /// Whether every term occurs in a record's text.
    private func matchesAll(_ record: some BinaryInteger, _ terms: some Collection<[UInt8]>) -> Bool {
        let lower = Int(starts[Int(record)])
        let upper = Int(starts[Int(record) + 1])
        return folded.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            return terms.allSatisfy { term in
                term.withUnsafeBufferPointer { needle in
                    ByteSearch.find(needle, in: base, from: lower, to: upper) != nil
                }
            }
        }
    }

    /// The record whose bytes include `offset`, searching forward from `hint`, a record at or before it.
    ///
    /// - Complexity: O(log d) for a record d records after the hint (galloping, then binary search).
    @inline(__always)
    private func recordContaining(_ offset: Int, from hint: Int, in records: Range<Int>) -> Int {
        var low = hint
        var step = 1
        var high = min(records.upperBound, hint + step)
        while high < records.upperBound && Int(starts[high]) <= offset {
            low = high
            step *= 2
            high = min(records.upperBound, low + step)
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// Puts records found in record order into search order.
    ///
    /// A handful of hits are sorted by rank; more are marked in a bitmap of ranks and read back in one pass, which
    /// costs O(n / 64 + h) whatever h is.
    private func inSearchOrder(_ records: [UInt32]) -> [UInt32] {
        if records.count < 64 || records.count < count / 1024 {
            return records.map { rank[Int($0)] }.sorted().map { order[Int($0)] }
        }
        var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        for record in records {
            let position = Int(rank[Int(record)])
            bits[position >> 6] |= 1 << UInt64(position & 63)
        }
        var result: [UInt32] = []
        result.reserveCapacity(records.count)
        for (word, value) in bits.enumerated() where value != 0 {
            var remaining = value
            while remaining != 0 {
                result.append(order[word << 6 | remaining.trailingZeroBitCount])
                remaining &= remaining - 1
            }
        }
        return result
    }

    // MARK: - Fuzzy matching

    struct Scored: Sendable {
        var record: UInt32
        var score: Int32
    }

    private func fuzzyScan(_ query: Query) -> [Scored] {
        let matcher = FuzzyMatcher(query)
        let pieces = Parallel.map(chunkCount) { chunk in
            chunkRange(chunk).compactMap { record in
                score(UInt32(record), matcher).map { Scored(record: UInt32(record), score: $0) }
            }
        }
        return pieces.flatMap { $0 }
    }

    private func score(_ record: UInt32, _ matcher: FuzzyMatcher) -> Int32? {
        let lower = Int(starts[Int(record)])
        let upper = Int(starts[Int(record) + 1])
        return folded.withUnsafeBufferPointer { text in
            matcher.score(UnsafeBufferPointer(rebasing: text[lower..<upper]))
        }
    }

    private func rankFuzzy(_ scored: [Scored]) -> [UInt32] {
        scored.sorted { a, b in
            a.score != b.score ? a.score > b.score : rank[Int(a.record)] < rank[Int(b.record)]
        }.map(\.record)
    }

    // MARK: - Chunks

    /// How many pieces a full scan splits into: one per core once the text is large enough to pay for threads.
    private var chunkCount: Int { folded.count < 1 << 20 ? 1 : Parallel.width }

    private func chunkRange(_ chunk: Int) -> Range<Int> {
        let size = (count + chunkCount - 1) / max(chunkCount, 1)
        return min(count, chunk * size)..<min(count, (chunk + 1) * size)
    }

    /// Applies an order-preserving filter to slices of `items` (all records when `nil`) concurrently when there are
    /// many.
    private func chunked<T: Sendable>(_ items: [UInt32]?, _ body: @Sendable (ArraySlice<UInt32>) -> [T]) -> [T] {
        let items = items ?? Array(0..<UInt32(count))
        // Candidates are scattered through the text, so each costs a cache miss: two threads overlap them.
        let pieces = items.count < 8_192 ? 1 : Parallel.width
        let size = (items.count + pieces - 1) / pieces
        return Parallel.map(pieces) { piece in
            body(items[min(items.count, piece * size)..<min(items.count, (piece + 1) * size)])
        }.flatMap { $0 }
    }
}

/// The records a query found, in result order for showing and in record order for narrowing further.
public struct Hits: Sendable {
    /// The records in result order.
    public let ordered: [UInt32]
    /// The same records by ascending record number; `nil` stands for every record.
    let byRecord: [UInt32]?

    /// No hits.
    public static let none = Hits(ordered: [], byRecord: [])

    /// Every record of an index: what the empty query finds.
    public init(all index: SearchIndex) {
        self.init(ordered: index.recordsInOrder, byRecord: nil)
    }

    init(ordered: [UInt32], byRecord: [UInt32]?) {
        self.ordered = ordered
        self.byRecord = byRecord
    }

    /// The number of hits.
    public var count: Int { ordered.count }
    public var isEmpty: Bool { ordered.isEmpty }
}
