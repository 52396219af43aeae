#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An immutable, contiguous index of folded entry text, and the order of its entries.
///
/// Record `r` occupies `folded[starts[r]..<starts[r + 1]]`: its folded full path and each folded keyword, every
/// field followed by a NUL byte. Entries never contain NUL, so a term found by one scan of the whole buffer never
/// spans two fields or two records. `order` lists records in search order and `rank` inverts it, unless the
/// records are searched in the order read (``inReadOrder(folded:starts:)``), which needs neither.
///
/// Memory is the folded text plus 12 bytes per record (4 in the order read); the index keeps no `String` per record.
package struct SearchIndex: Sendable {
    /// The number of records.
    public var count: Int { readOrder ? starts.count - 1 : order.count }

    let folded: [UInt8]
    let starts: [UInt32]
    /// The records in search order, and each record's place in it; both empty when ``readOrder``.
    let order: [UInt32]
    let rank: [UInt32]
    /// Whether records are searched in the order read, record 0 first: a launcher searches a file's records so
    /// while they are sorted. A ``Hierarchy`` is never made from such an index.
    let readOrder: Bool
    /// The entries' raw text, when the index was made from a table: fuzzy scores read camelCase from it.
    var table: EntryTable?
    /// Whether fuzzy hits go best first; `false` keeps them in search order (``CatalogFile/Format/ranksFuzzyHits``).
    package var ranksFuzzyHits = true
    /// Whether hits with equal scores go shorter name, then shorter path, first; `false` leaves them in search
    /// order (``CatalogFile/Format/breaksTiesByLength``, fzf's `--scheme=history`).
    package var breaksTiesByLength = true
    /// Whether the order is the natural order of the titles; `false` for a list kept as read (`--no-sort`, `--tac`),
    /// whose runs of entries are no ranges of titles (``Hierarchy``'s bucket labels).
    var isNatural = true

    init(folded: [UInt8], starts: [UInt32], order: [UInt32]) {
        self.folded = folded
        self.starts = starts
        self.order = order
        var rank = [UInt32](repeating: 0, count: order.count)
        for (position, record) in order.enumerated() { rank[Int(record)] = UInt32(position) }
        self.rank = rank
        readOrder = false
    }

    /// An index that searches records in the order read, keeping no order: what a launcher searches while the
    /// records are sorted, with none of the 8 bytes a record the sorted index's order and ranks take.
    package static func inReadOrder(folded: [UInt8], starts: [UInt32]) -> SearchIndex {
        SearchIndex(folded: folded, starts: starts)
    }

    private init(folded: [UInt8], starts: [UInt32]) {
        self.folded = folded
        self.starts = starts
        (order, rank, readOrder) = ([], [], true)
    }

    /// The records in search order.
    public var recordsInOrder: [UInt32] { readOrder ? Array(0..<UInt32(count)) : order }

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
    ///   - isCancelled: Asked after every 256 KB of text each core reads, on every path (exact or fuzzy, full scan
    ///     or narrowing); when it turns true the search stops and returns nothing, because a newer query has taken
    ///     its place.
    /// - Returns: The hits, in result order (search order for exact queries; best fuzzy score first, then search
    ///   order, for fuzzy ones) and in record order for narrowing further.
    /// - Complexity: A full exact search is one SIMD pass over the folded text, split over the cores: O(B + h log d)
    ///   for B bytes and h hits d records apart. A full fuzzy search looks for the query's rarest character with
    ///   the same scanner when few records hold it, and otherwise tests each record's character mask, O(n), and
    ///   scores the records that pass in O(their length). Narrowing is O(Σ length of the candidates' text). Exact
    ///   hits are put in search order with a bitmap of ranks, O(n / 64 + h); fuzzy hits are ranked by a radix sort,
    ///   O(h).
    public func hits(for query: Query, among previous: Hits? = nil, isCancelled: (@Sendable () -> Bool)? = nil) -> Hits
    {
        if query.matchesNothing { return Hits(ordered: [], byRecord: []) }
        // Checking candidates one by one costs more per byte than one pass over all the text, so a large
        // candidate set is cheaper to scan again than to filter.
        let candidates = previous.flatMap { narrowsOneByOne($0.count) ? $0.byRecord : nil }
        if query.isEmpty { return previous ?? Hits(ordered: recordsInOrder, byRecord: nil) }
        if count == 0 { return Hits(ordered: [], byRecord: []) }
        let matcher = RecordMatcher(query)
        if query.fuzzy {
            let scored = withText { text in
                if let candidates {
                    return chunked(candidates) { slice in
                        matcher.scored(among: slice, text, isCancelled: isCancelled)
                    }
                }
                return inChunks { records in matcher.scored(text, records, isCancelled: isCancelled) }
            }
            if isCancelled?() == true { return Hits(ordered: [], byRecord: []) }
            let byRecord = narrowsOneByOne(scored.count) ? scored.map(\.record) : nil
            guard ranksFuzzyHits else { return Hits(ordered: inSearchOrder(scored.map(\.record)), byRecord: byRecord) }
            return Hits(ordered: rankFuzzy(consume scored), byRecord: byRecord)
        }
        let found = withText { text in
            candidates.map { list in
                chunked(list) { slice in matcher.matches(among: slice, text, isCancelled: isCancelled) }
            } ?? inChunks { records in matcher.matches(text, records, isCancelled: isCancelled) }
        }
        if isCancelled?() == true { return Hits(ordered: [], byRecord: []) }
        return Hits(ordered: inSearchOrder(found), byRecord: narrowsOneByOne(found.count) ? found : nil)
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

    /// Whether a query that narrows one with `hits` hits checks those hits one by one: checking candidates costs
    /// more per byte than one pass over all the text, so past an eighth of the records a full scan is cheaper,
    /// and the hits aren't kept in record order for it (a million lines' "g" would keep 1.5 MB for nothing).
    private func narrowsOneByOne(_ hits: Int) -> Bool { hits <= count / 8 }

    /// Runs `body` on a view of the records' text; the index must not be empty.
    @inline(__always)
    private func withText<R>(_ body: (RecordText) -> R) -> R {
        folded.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                let records = RecordText(
                    text: text.baseAddress.unsafelyUnwrapped, starts: starts.baseAddress.unsafelyUnwrapped)
                guard let table, table.count == count else { return body(records) }
                return table.withPathRanges { paths in
                    var cased = records
                    cased.rawPaths = paths
                    return body(cased)
                }
            }
        }
    }

    /// Puts records found in record order into search order, which is record order for an index in the order read.
    ///
    /// A handful of hits are sorted by rank; more are marked in a bitmap of ranks and read back in one pass, which
    /// costs O(n / 64 + h) whatever h is.
    private func inSearchOrder(_ records: [UInt32]) -> [UInt32] {
        if readOrder { return records }
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

    /// Exact hits ranked as fuzzy ones are: best score first, then the shorter name and path, then search order. A
    /// picker's users expect fzf's order from `--exact` too, where `passwd` finds `/etc/passwd` first and not the
    /// first path in natural order that holds it. Each hit is scored at its terms' best occurrences
    /// (``FuzzyMatcher/exactScore(_:raw:atStart:atEnd:)``); a query of one term that matches in any case is scored
    /// without testing each hit again, as every hit holds it.
    ///
    /// - Complexity: O(Σ length of the hits' text) to score them, on the cores, and O(h) to rank them.
    package func rankedByScore(_ hits: Hits, for query: Query) -> Hits {
        guard !query.fuzzy, !query.isEmpty, hits.count > 1 else { return hits }
        let matcher = RecordMatcher(query)
        let single = matcher.singleExactTerm
        let scored: [Scored] = withText { text in
            chunked(hits.ordered) { slice in
                if let (scorer, atStart, atEnd) = single {
                    return slice.map { record in
                        let score = scorer.exactScore(
                            text.bytes(of: Int(record)), raw: text.rawPath(of: Int(record)), atStart: atStart,
                            atEnd: atEnd)
                        return Scored(record: record, score: score ?? 0)
                    }
                }
                return slice.map { record in
                    let score = matcher.evaluate(
                        text.bytes(of: Int(record)), raw: text.rawPath(of: Int(record)),
                        keywords: text.rawKeywords(of: Int(record)))
                    return Scored(record: record, score: score ?? 0)
                }
            }
        }
        return Hits(ordered: rankFuzzy(scored), byRecord: hits.byRecord)
    }

    /// Orders scored hits: best score first, then the shorter name (the path's last component, folded), then the
    /// shorter path (unless ``breaksTiesByLength`` is off), then search order.
    ///
    /// Of two hits the query fits equally well, the one whose name it covers more is likelier the one meant:
    /// `sudo` finds the name `sudo` before `sudo.fish` in a shorter path, and `con` finds `con.h` before `config.py`.
    ///
    /// - Complexity: O(h), a radix sort of one 64-bit number per hit: 16 bits of score (clamped), 6 of the name's
    ///   length (clamped at 63 bytes), 10 of the path's (clamped at 1,023) and 32 of rank.
    private func rankFuzzy(_ scored: consuming [Scored]) -> [UInt32] {
        var keys = folded.withUnsafeBufferPointer { text in
            scored.map { hit -> UInt64 in
                let limit = 1 << 15
                let score = UInt64(min(max(Int(hit.score), -limit), limit - 1) + limit)
                let start = Int(starts[Int(hit.record)])
                var length =
                    text.baseAddress.flatMap { memchr($0 + start, 0, Int(starts[Int(hit.record) + 1]) - start) }
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(text.baseAddress! + start) } ?? 0
                var name = text.baseAddress.map { SearchIndex.nameLength($0 + start, count: length) } ?? 0
                if !breaksTiesByLength { (name, length) = (0, 0) }
                return (UInt64(2 * limit - 1) - score) << 48 | UInt64(min(name, 63)) << 42
                    | UInt64(min(length, 1_023)) << 32 | UInt64(readOrder ? hit.record : rank[Int(hit.record)])
            }
        }
        // The scores go before the sort takes its scratch space: the two never take memory at once.
        _ = consume scored
        KeySort.sortNumbers(&keys)
        let place = { (key: UInt64) in UInt32(truncatingIfNeeded: key & 0xFFFF_FFFF) }
        return readOrder ? keys.map(place) : keys.map { order[Int(place($0))] }
    }

    /// The length of a path's name in bytes: what follows its last `/`, as the fuzzy matcher scores it.
    static func nameLength(_ path: UnsafePointer<UInt8>, count: Int) -> Int {
        count - (ByteSearch.last(0x2F, in: path, count: count).map { $0 + 1 } ?? 0)
    }

    // MARK: - Chunks

    /// How many pieces a full scan splits into: one per core once the text is large enough to pay for threads.
    private var chunkCount: Int { folded.count < 1 << 20 ? 1 : Parallel.pieces }

    /// Runs a scan over every record, split into consecutive ranges on the cores, and joins the results in order.
    private func inChunks<T: Sendable>(_ body: @Sendable (Range<Int>) -> [T]) -> [T] {
        let pieces = chunkCount
        let size = (count + pieces - 1) / pieces
        return Parallel.map(pieces) { chunk in
            body(min(count, chunk * size)..<min(count, (chunk + 1) * size))
        }.joinedExactly()
    }

    /// Applies an order-preserving filter to slices of `items` concurrently when there are many.
    private func chunked<T: Sendable>(_ items: [UInt32], _ body: @Sendable (ArraySlice<UInt32>) -> [T]) -> [T] {
        // Candidates are scattered through the text, so each costs a cache miss: two threads overlap them.
        let pieces = items.count < 8_192 ? 1 : Parallel.width
        let size = (items.count + pieces - 1) / pieces
        return Parallel.map(pieces) { piece in
            body(items[min(items.count, piece * size)..<min(items.count, (piece + 1) * size)])
        }.joinedExactly()
    }
}

/// The records a query found, in result order for showing and in record order for narrowing further.
package struct Hits: Sendable {
    /// The records in result order.
    public let ordered: [UInt32]
    /// The same records by ascending record number, for narrowing from them; `nil` for every record, or for more
    /// than narrowing checks one by one (it scans all the text then, as it does for every record).
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
