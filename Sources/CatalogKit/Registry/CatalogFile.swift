#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a catalog file: UTF-8 text, one entry per line written as its full path `Group/Sub/Title`, optionally
/// followed by a TAB and comma-separated keywords.
///
/// Blank lines are skipped, CRLF line endings and a leading byte order mark are accepted, and an empty file is an
/// empty catalog. The file's bytes are kept as read and folded in one streaming pass; no `String` is made per
/// entry.
package enum CatalogFile {
    /// A line that cannot be an entry.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The 1-based line number.
        public var line: Int
        /// What is wrong, as a sentence fragment.
        public var problem: String
        /// Whether the line is a file name whose bytes are not UTF-8, which the standard format reads by rewriting
        /// the list (``Format``) rather than refusing it.
        var needsRewrite = false
        /// Whether the line repeats an earlier line's path, which a list read with ``Format/Repeats/listedOnce``
        /// leaves out by rewriting it.
        var isRepeat = false
        /// Whether no path can be read from the line (a blank title or group, too many groups, keywords alone),
        /// which a list read with ``Format/Repeats/listedOnce`` (a picker's) lists whole, as `--flat` would.
        var isNotAPath = false
        /// For a list whose repeats are left out, where each line to leave out starts, in no particular order.
        var repeatedLines: [Int] = []
        /// For a list whose repeats are left out, whether a line repeats an earlier line's path but not what follows
        /// its TAB: the TABs part columns (`git diff --numstat`, ctags), so a picker reads the lines whole.
        var keywordsDiffer = false

        public init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }

        init(line: Int, problem: String, needsRewrite: Bool) {
            self.init(line: line, problem: problem)
            self.needsRewrite = needsRewrite
        }

        init(line: Int, problem: String, notAPath: Bool) {
            self.init(line: line, problem: problem)
            isNotAPath = notAPath
        }

        public var description: String { "line \(line): \(problem)" }

        public static func == (a: Error, b: Error) -> Bool { a.line == b.line && a.problem == b.problem }
    }

    /// Parses and indexes a catalog file, or a list in another format.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - format: How its lines are read.
    /// - Returns: A snapshot with no factories.
    /// - Throws: ``Error`` for the first malformed line: invalid UTF-8, a NUL byte, an empty title or group
    ///   name, more than ``maximumGroups`` groups, or a path that an earlier line already has.
    /// - Complexity: O(B) to fold B bytes, split over the cores, then O(n log n) to order n entries. Paths as shell
    ///   tools print them (`/usr/x`, `./a`, `a//b`) are read as they are; other formats, and file names that are
    ///   not UTF-8, take one more pass to rewrite the list first (``Format``).
    public static func parse<Handler>(_ bytes: [UInt8], format: Format = .standard) throws -> Snapshot<Handler> {
        try read(bytes, keeping: nil, format: format)
    }

    /// Reads a catalog file in one streaming pass and keeps only the entries that match a query.
    ///
    /// The whole file is checked exactly as ``parse(_:format:)`` checks it, but only matching entries are kept and
    /// sorted, so a one-off search of a large file never orders the entries it does not print.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - query: The query.
    ///   - format: How its lines are read.
    /// - Returns: A snapshot of the matching entries; search it with `query` again for their order and scores.
    /// - Throws: ``Error`` as ``parse(_:format:)`` does.
    /// - Complexity: O(B) to fold B bytes, split over the cores, then O(h log h) to order h matches.
    public static func matching<Handler>(_ bytes: [UInt8], _ query: Query, format: Format = .standard) throws
        -> Snapshot<Handler>
    {
        try read(bytes, keeping: RecordMatcher(query), format: format)
    }

    /// Reads a catalog file from memory it does not own (a mapped file, say) and keeps only the entries that
    /// match a query, copying their text, so the snapshot does not refer to `bytes` after it returns.
    ///
    /// A one-shot search of a mapped file reads it without copying the whole file first, unless its lines must be
    /// rewritten (``Format``: another format, or names that are not UTF-8), which copies it.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, valid for the duration of the call.
    ///   - query: The query.
    ///   - format: How its lines are read.
    /// - Returns: A snapshot of the matching entries, as ``matching(_:_:format:)-(UInt8,_,_)`` returns.
    /// - Throws: ``Error`` as ``parse(_:format:)`` does.
    /// - Complexity: O(B) to fold B bytes, split over the cores, then O(h log h) to order h matches.
    public static func matching<Handler>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ query: Query, format: Format = .standard
    ) throws -> Snapshot<Handler> {
        // Another format is read by the rewriting path, which copies the file, and so are colours left out.
        guard !format.readsNames && !format.stripsEscapes else {
            return try read(Array(bytes), keeping: RecordMatcher(query), format: format)
        }
        let index: (EntryTable) -> Snapshot<Handler>
        let bounds: [UInt32]
        do {
            (index, _, bounds, _) = try read(
                bytes, keeping: RecordMatcher(query), plainLines: true, pathsOnly: false, order: format.order,
                ranksFuzzyHits: format.ranksFuzzyHits, breaksTiesByLength: format.breaksTiesByLength,
                leavesOutRepeats: format.leavesOutRepeats)
        } catch let error as Error where format.recovers(from: error) {
            // So are names that are not UTF-8, and a picker's list with repeats or lines that are no path: only
            // then is the file copied (`--filter` on a list that has neither holds it once).
            return try read(Array(bytes), keeping: RecordMatcher(query), format: format, after: error)
        }
        var copied: [UInt8] = []
        copied.reserveCapacity(
            stride(from: 0, to: bounds.count, by: 3).reduce(0) { $0 + Int(bounds[$1 + 2] - bounds[$1]) })
        var rebased = bounds
        for entry in stride(from: 0, to: bounds.count, by: 3) {
            let start = Int(bounds[entry])
            let base = UInt32(copied.count)
            rebased[entry] = base
            rebased[entry + 1] = base + bounds[entry + 1] - bounds[entry]
            rebased[entry + 2] = base + bounds[entry + 2] - bounds[entry]
            copied.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<Int(bounds[entry + 2])]))
        }
        return index(EntryTable(bytes: copied, bounds: rebased, keywordSeparator: 0x2C, registered: nil))
    }

    /// The largest file a catalog can be: offsets into it are 32-bit.
    public static let maximumSize = Int(UInt32.max) - 1

    /// Refuses a file too large to index, before it is read.
    ///
    /// - Parameter byteCount: The file's size in bytes.
    /// - Throws: ``Error`` on line 1 when the file is larger than ``maximumSize``.
    public static func checkSize(_ byteCount: Int) throws {
        guard byteCount <= maximumSize else { throw Error(line: 1, problem: "the file is larger than 4 GiB") }
    }

    /// Reads a file.
    ///
    /// - Parameters:
    ///   - matcher: Keeps only the entries that match, or `nil` for all.
    ///   - format: How its lines are read.
    ///   - plainLines: Whether plain lines take the fast path; `false` reads every line with the exact checks and
    ///     the reference folding, which tests compare the fast path against.
    ///   - failure: What reading the bytes as they are already failed with, if they were (in place).
    static func read<Handler>(
        _ bytes: [UInt8], keeping matcher: RecordMatcher?, format: Format = .standard, plainLines: Bool = true,
        after failure: Error? = nil
    ) throws -> Snapshot<Handler> {
        try read(bytes, keeping: matcher, format: format, plainLines: plainLines, after: failure) { table, index, _ in
            index(table)
        }
    }

    /// Reads a file into a table, then hands it to `finish` with the function that sorts it into a snapshot, and
    /// the one that makes its snapshot in the order read at once (``SearchIndex/inReadOrder(folded:starts:)``).
    private static func read<Handler, T>(
        _ bytes: [UInt8], keeping matcher: RecordMatcher?, format: Format, plainLines: Bool = true,
        after failure: Error? = nil,
        finish: (EntryTable, _ sorted: (EntryTable) -> Snapshot<Handler>, _ asRead: (EntryTable) -> Snapshot<Handler>)
            throws -> T
    ) throws -> T {
        func readText(_ text: [UInt8], _ lines: SourceLines?, _ order: Format.Order) throws -> T {
            let (index, asRead, bounds, layout) =
                try text.withUnsafeBufferPointer { (text) -> ReadOut<Handler> in
                    try read(
                        text, keeping: matcher, plainLines: plainLines, pathsOnly: true, order: order,
                        ranksFuzzyHits: format.ranksFuzzyHits, breaksTiesByLength: format.breaksTiesByLength,
                        leavesOutRepeats: format.leavesOutRepeats, skipsByteOrderMark: lines == nil)
                }
            return try finish(
                EntryTable(
                    bytes: text, bounds: consume bounds, keywordSeparator: 0x2C, registered: nil, lines: lines,
                    layout: layout),
                index, asRead)
        }
        if let failure, format.recovers(from: failure) { return try format.recover(bytes, from: failure, readText) }
        return try format.read(bytes, readText)
    }

    /// Parses a catalog file and groups it, the grouping running while the entries are sorted when they lie in
    /// many directories (``Hierarchy/prepare(_:whileSorting:)``): what a launcher needs before its first menu,
    /// sooner than ``parse(_:format:)`` and then ``Hierarchy/init(_:rootTitle:maxChildren:)``.
    ///
    /// - Parameter afterReading: Called once the file is read and sorted and the reader's buffers are gone, before
    ///   the entries are placed (the launcher tunes its allocator there, as it did between parsing and grouping).
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is less than 2, before anything is read; ``Error`` as
    ///   ``parse(_:format:)`` does.
    package static func parseGrouped<Handler>(
        _ bytes: [UInt8], format: Format = .standard, rootTitle: String = "Catalog", maxChildren: Int = 10,
        afterReading: () -> Void = {}, topLevel: (@Sendable (Snapshot<Handler>, Hierarchy) -> Void)? = nil
    ) throws -> (Snapshot<Handler>, Hierarchy) {
        try Hierarchy.check(maxChildren: maxChildren)
        let (snapshot, prepared): (Snapshot<Handler>, Hierarchy.Prepared?) = try read(
            bytes, keeping: nil, format: format
        ) { table, index, asRead in
            // A list kept as read needs no sort to overlap, and orders its groups by its lines, once they are read.
            guard format.order == .natural else { return (index(table), nil) }
            // The top level first, when it needs no sort: a launcher shows it while the rest is made. Found before the
            // sort starts, it shows sooner than beside it, where the two share the cores. Its snapshot searches the
            // records in the order read, so typing acts on it while they are sorted.
            if let topLevel, let level = Hierarchy.provisional(table, rootTitle: rootTitle, maxChildren: maxChildren) {
                topLevel(asRead(table), level)
            }
            return Hierarchy.prepare(table) { index(table) }
        }
        afterReading()
        // Placed once the reader's buffers are gone, as grouping a parsed snapshot is.
        return (snapshot, try Hierarchy(snapshot, prepared: prepared, rootTitle: rootTitle, maxChildren: maxChildren))
    }

    /// What reading a file's bytes gives: the function that sorts its table into a snapshot, the one that makes its
    /// snapshot in the order read, at once, the entries' bounds in the file, and how they are laid out.
    private typealias ReadOut<Handler> = (
        index: (EntryTable) -> Snapshot<Handler>, asRead: (EntryTable) -> Snapshot<Handler>, bounds: [UInt32],
        layout: EntryTable.Layout
    )

    /// Reads a file's lines on the cores: checks every line, folds the kept ones and finds duplicate paths.
    ///
    /// - Parameter pathsOnly: Whether the bounds may leave out what no line needs when no line has keywords: one
    ///   bound a record (where its line starts, its path running to the line's end) for a whole file, a table of a
    ///   million paths then 8 MB smaller; two for the entries that match a query.
    /// - Parameter skipsByteOrderMark: Whether a byte order mark at the start is skipped; text the rewriting wrote
    ///   has none of the input's.
    /// - Returns: The kept entries' bounds in the file, a function that sorts them and makes the snapshot once they
    ///   are in a table (which the sort's tie break reads), one that makes it in the order read, and how the
    ///   bounds are laid out.
    private static func read<Handler>(
        _ file: UnsafeBufferPointer<UInt8>, keeping matcher: RecordMatcher?, plainLines: Bool, pathsOnly: Bool,
        order: Format.Order, ranksFuzzyHits: Bool, breaksTiesByLength: Bool = true, leavesOutRepeats: Bool,
        skipsByteOrderMark: Bool = true
    ) throws -> ReadOut<Handler> {
        try checkSize(file.count)
        let ranges = pieces(of: file)
        nonisolated(unsafe) let text = file
        let pieces = Parallel.map(ranges.count) { piece in
            Reader(
                text, ranges[piece], keeping: matcher, plainLines: plainLines, skipsByteOrderMark: skipsByteOrderMark
            ).read()
        }
        // Report the first malformed line, else the first line that repeats a path.
        var linesBefore = 0
        for piece in pieces {
            if var error = piece.error {
                error.line += linesBefore
                throw error
            }
            linesBefore += piece.lines
        }
        // A list whose repeats are left out finds every one, so that only they are (``Format/read(_:_:)``).
        let leavingOut: PathSet.Finding =
            !leavesOutRepeats ? .first : order == .lastFirst ? .allButLast : .allButFirst
        try checkDuplicates(pieces.map(\.paths), file, finding: leavingOut)
        for piece in pieces { piece.paths.release() }
        guard pieces.reduce(0, { $0 + $1.folded.count }) < Int(UInt32.max) else {
            throw Error(line: 1, problem: "the file's folded text is larger than 4 GiB")
        }
        let pathsOnly = pathsOnly && !pieces.contains { $0.hasKeywords }
        let (folded, starts, titles, explicitKeys, (bounds, layout)) = joined(pieces, pathsOnly: pathsOnly, file: file)
        // The snapshot of the table in an order of its records: the one way both orders below end.
        let snapshot = { (table: EntryTable, records: [UInt32]) -> Snapshot<Handler> in
            var index = SearchIndex(folded: folded, starts: starts, order: records)
            index.table = table
            index.ranksFuzzyHits = ranksFuzzyHits
            index.breaksTiesByLength = breaksTiesByLength
            index.isNatural = order == .natural
            return Snapshot(table: table, index: index)
        }
        // The snapshot in the order read, made at once: a launcher searches it while the sort runs.
        let asRead = { (table: EntryTable) -> Snapshot<Handler> in
            var index = SearchIndex.inReadOrder(folded: folded, starts: starts)
            index.table = table
            index.ranksFuzzyHits = ranksFuzzyHits
            index.breaksTiesByLength = breaksTiesByLength
            index.isNatural = false
            return Snapshot(table: table, index: index)
        }
        guard order == .natural else {
            // Records are numbered as their lines were read: that order, or its reverse, needs no sort.
            let count = UInt32(titles.count)
            let records = order == .asRead ? Array(0..<count) : Array((0..<count).reversed())
            return ({ snapshot($0, records) }, asRead, bounds, layout)
        }
        let items = sortItems(folded, starts, titles, explicitKeys)
        let index = { (table: EntryTable) -> Snapshot<Handler> in
            folded.withUnsafeBufferPointer { text in
                starts.withUnsafeBufferPointer { starts in
                    KeySort.order(
                        items: UnsafeMutableBufferPointer(start: items.base, count: items.count),
                        keys: KeySort.KeyWriter(
                            text: text.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped,
                            starts: starts.baseAddress.unsafelyUnwrapped, explicit: explicitKeys),
                        tieKeys: KeySort.TieKeys(
                            write: { record, key in
                                // The raw title, a 0 that no title holds, then the raw path: compareRaw's order.
                                table.withPathBytes(Int(record)) { path in
                                    key.append(
                                        contentsOf: UnsafeBufferPointer(rebasing: path[table.titleRange(of: path)]))
                                    key.append(0)
                                    key.append(contentsOf: path)
                                }
                            },
                            // Equal titles are spread over the file: their paths' first and last bytes.
                            touch: { record in table.withPathBytes(Int(record)) { ($0.first ?? 0) ^ ($0.last ?? 0) } }),
                        tieBreak: { a, b in
                            let byTitle = compareRaw(table, Int(a), Int(b), titleOnly: true)
                            return byTitle != 0
                                ? byTitle < 0 : compareRaw(table, Int(a), Int(b), titleOnly: false) < 0
                        })
                }
            }
            return snapshot(table, items.takeRecords())
        }
        return (index, asRead, bounds, layout)
    }

    /// Joins the pieces' buffers into arrays, rebasing each piece's offsets and record numbers, each piece's
    /// buffers freed once copied.
    ///
    /// - Parameter pathsOnly: Whether the bounds may be fewer than three a record (no line has keywords).
    private static func joined(
        _ pieces: [Piece], pathsOnly: Bool, file: UnsafeBufferPointer<UInt8>
    ) -> (
        folded: [UInt8], starts: [UInt32], titles: [UInt32], explicitKeys: [UInt32: [UInt8]],
        bounds: ([UInt32], EntryTable.Layout)
    ) {
        func rebase(_ counts: [Int]) -> [UInt32] {
            var running = 0
            return counts.map { count in
                defer { running += count }
                return UInt32(running)
            }
        }
        let foldedBases = rebase(pieces.map(\.folded.count))
        let recordBases = rebase(pieces.map(\.titles.count))
        let folded = RawBuffer.joined(pieces.map(\.folded))
        let starts = RawBuffer.joined(pieces.map(\.starts), dropFirst: 1, adjust: foldedBases)
        var explicitKeys: [UInt32: [UInt8]] = [:]
        for (piece, part) in pieces.enumerated() {
            for (record, key) in part.explicitKeys { explicitKeys[record + recordBases[piece]] = key }
        }
        let titles = RawBuffer.joined(pieces.map(\.titles))
        let bounds = pieces.map(\.bounds)
        let perEntry = pieces.first?.boundsPerEntry ?? 1
        if perEntry == 3 {
            let joined = pathsOnly ? RawBuffer.joined(bounds, keeping: 2, of: 3) : RawBuffer.joined(bounds)
            return (folded, starts, titles, explicitKeys, (joined, pathsOnly ? .two : .three))
        }
        if !pathsOnly { return (folded, starts, titles, explicitKeys, (threeBounds(pieces, file: file), .three)) }
        let breaks = lineBreaks(pieces)
        return (folded, starts, titles, explicitKeys, (RawBuffer.joined(bounds), .lineStarts(breaks: breaks)))
    }

    /// Splits bytes from `first` at entry ends into pieces for the cores (`count` of them), or one piece for less
    /// than a megabyte: the reader's and the rewriting's one way to share a file out.
    static func pieces(
        of bytes: UnsafeBufferPointer<UInt8>, from first: Int = 0, at terminator: UInt8 = 0x0A,
        count: Int = Parallel.pieces
    ) -> [Range<Int>] {
        let size = bytes.count - first
        let pieceCount = size < 1 << 20 ? 1 : count
        var cuts = [first]
        for piece in 1..<max(pieceCount, 1) {
            var cut = max(cuts[cuts.count - 1], first + size * piece / pieceCount)
            while cut < bytes.count && bytes[cut] != terminator { cut += 1 }
            cuts.append(min(bytes.count, cut + 1))
        }
        cuts.append(bytes.count)
        return (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
    }

    /// The most groups a path may have. Deeper paths are refused: every group level costs the tree drawing and
    /// the grouping a prefix as long as the depth, so a path 10,000 groups deep would draw hundreds of megabytes,
    /// and JSON readers refuse nesting much deeper than this.
    public static let maximumGroups = 100

    /// Checks a path's components, read as shell tools print paths (``ShellPath``), and finds its title.
    ///
    /// - Returns: The title's range in `path` (`/` or `.` for a path of the root or the current directory alone,
    ///   ``ShellPath/bareTitle(of:)``), `nil` for an empty path, or the problem.
    static func checkPath(_ path: UnsafeBufferPointer<UInt8>, line: Int) -> Result<Range<Int>?, Error> {
        var groups = -1
        var last: Range<Int>?
        var blank: Range<Int>?
        PathComponents.slash.forEachComponent(of: path) { range in
            groups += 1
            if blank == nil, let previous = last, isBlank(UnsafeBufferPointer(rebasing: path[previous])) {
                blank = previous
            }
            last = range
        }
        guard let title = last else { return .success(ShellPath.bareTitle(of: path)) }
        if blank != nil {
            return .failure(Error(line: line, problem: "the path has an empty group name", notAPath: true))
        }
        if isBlank(UnsafeBufferPointer(rebasing: path[title])) {
            return .failure(Error(line: line, problem: "the path has an empty title", notAPath: true))
        }
        if groups > maximumGroups {
            let problem = "the path has \(groups) groups, more than the \(maximumGroups) allowed; flatten it"
            return .failure(Error(line: line, problem: problem, notAPath: true))
        }
        return .success(title)
    }

    /// The first offset of a byte in a range of the text, by `memchr`.
    @inline(__always)
    private static func find(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let base = text.baseAddress, !range.isEmpty,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether bytes are empty or only whitespace (ASCII, or Unicode spaces such as U+3000).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            // Lead bytes of the other Unicode whitespace (U+0085, U+00A0, U+1680, U+2000–U+205F, U+3000).
            case 0xC2, 0xE1, 0xE2, 0xE3: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }

    /// Compares raw titles, or raw full paths, byte by byte, the shorter first where one starts the other.
    private static func compareRaw(_ table: EntryTable, _ a: Int, _ b: Int, titleOnly: Bool) -> Int {
        table.withPathBytes(a) { x in
            table.withPathBytes(b) { y in
                let xs = titleOnly ? UnsafeBufferPointer(rebasing: x[table.titleRange(of: x)]) : x
                let ys = titleOnly ? UnsafeBufferPointer(rebasing: y[table.titleRange(of: y)]) : y
                return NaturalOrder.compare(xs, ys)
            }
        }
    }
}
