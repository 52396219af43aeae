#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CatalogFile {
    /// What one piece of a file holds after reading: the folded records, where each one's title is, where each
    /// entry's text is in the file, and the hashes of every path for the duplicate check.
    struct Piece: Sendable {
        let folded: RawBuffer<UInt8>
        /// Where each record ends in `folded`, after a leading 0.
        let starts: RawBuffer<UInt32>
        /// Where each record's folded title is in it (``SortItem/title``): its sort item is made from it once the
        /// duplicate check has freed its hashes, so the two never take memory at once.
        let titles: RawBuffer<UInt32>
        /// The whole keys of the records whose titles say ``SortItem/explicit``, numbered within the piece.
        let explicitKeys: [(record: UInt32, key: [UInt8])]
        /// Where each kept entry is in the file: read with a matcher, its path start, path end and line end; read
        /// without, where its line starts, its path running to the line's end unless `keywordBounds` says otherwise.
        let bounds: RawBuffer<UInt32>
        /// How many values of `bounds` an entry takes: 3 with a matcher, else 1.
        let boundsPerEntry: Int
        /// Read without a matcher, the entries whose lines have keywords: the entry's number in the piece, its path
        /// end and its line end. A list of paths holds none, and its bounds take 4 bytes a line while it is read.
        let keywordBounds: RawBuffer<UInt32>
        /// Read without a matcher, the entries (numbered in the piece) whose line the next entry's line does not
        /// follow at once: a blank line, or a line with no path, comes between them.
        let breaks: RawBuffer<UInt32>
        /// Where the line after the last entry's starts, or -1 with no entries.
        let lastNext: Int
        let paths: PathSet
        let lines: Int
        let error: Error?

        /// Whether a kept line has keywords: its line ends after its path.
        var hasKeywords: Bool {
            if boundsPerEntry == 1 { return keywordBounds.count > 0 }
            var record = 0
            while record < bounds.count {
                if bounds.base[record + 2] != bounds.base[record + 1] { return true }
                record += 3
            }
            return false
        }
    }

    /// Reads one piece of a file in a single pass over its lines: splits each line, checks it, folds it into the
    /// piece's buffer, hashes its path, and makes its sort key, while the line is in the first-level cache.
    ///
    /// A plain line (a path whose components each start with a letter, digit or other plain character, valid
    /// UTF-8, no NUL, and text that folds scalar by scalar) is folded by the loop below: ASCII eight bytes at a
    /// time with a byte-wise lower-casing, other scalars through a packed per-scalar table. Paths as shell tools
    /// print them are plain too: a leading `/` or `./`, or an empty or `.` component inside, costs a flag, and
    /// only the duplicate check's hash reads the path's canonical form (``ShellPath``). Any other line (a trailing
    /// `/`, a blank component) is read by the exact checks and the reference folding (``SearchIndex/Builder``),
    /// which also produce the error message, so both paths give the same bytes and the same errors.
    ///
    /// With a matcher, records are folded a block at a time and the block is searched in one pass; only the
    /// records that match are kept and given sort keys.
    ///
    /// The buffers are plain values written through pointers (``RawStorage``), so the inner loops do no reference
    /// counting; ``read()`` hands them to the ``Piece`` it returns.
    struct Reader {
        private let text: UnsafePointer<UInt8>
        /// The file's size: words may be read up to it.
        private let fileEnd: Int
        private let range: Range<Int>
        private let matcher: RecordMatcher?
        /// Whether records wait in a block to be matched (`matcher != nil`), read without copying the matcher.
        private let matching: Bool
        /// Whether plain lines take the fast path (see ``CatalogFile/read(_:keeping:plainLines:)``).
        private let plainLines: Bool
        /// Whether a byte order mark at the file's start is skipped: not in text the rewriting wrote, which skipped
        /// the input's own, so a name that starts with U+FEFF after it stays whole and its line is found again.
        private let skipsByteOrderMark: Bool
        private var folder = Folder()
        private var exact = SearchIndex.Builder()
        private var lines = 0
        private var error: Error?
        private var folded: RawStorage<UInt8>
        private var starts: RawStorage<UInt32>
        private var titles: RawStorage<UInt32>
        private var explicitKeys: [(record: UInt32, key: [UInt8])] = []
        /// Where a record's key is written, to take its first eight bytes.
        private var keyScratch = RawStorage<UInt8>(capacity: 1 << 12)
        private var bounds: RawStorage<UInt32>
        private var keywordBounds = RawStorage<UInt32>(capacity: 0)
        private var breaks = RawStorage<UInt32>(capacity: 0)
        /// Where the line after the one being read starts, and where the one after the last kept entry's starts.
        private var nextLine = 0
        private var lastNext = -1
        private var hashes: RawStorage<UInt32>
        /// Where each line starts, for the duplicate check, in matching mode only: otherwise every line is kept,
        /// and its bounds say where it starts.
        private var offsets: RawStorage<UInt32>
        /// The packed folds of the BMP scalars seen so far (``Folder/Packed``), 0 for those not seen.
        private var table = RawStorage<UInt64>(zeros: 0x10000)
        /// Records folded but not yet searched, in matching mode: where each starts in `folded`; where its folded
        /// title starts and ends (packed in one word), or `UInt64.max` for a record whose key was made by the
        /// exact path and waits in `blockKeys`; and its bounds in the file.
        private var blockStarts = RawStorage<UInt32>(capacity: Reader.blockRecords + 1)
        private var blockTitles = RawStorage<UInt64>(capacity: Reader.blockRecords)
        private var blockBounds = RawStorage<UInt32>(capacity: 3 * Reader.blockRecords)
        private var blockKeys: [Int: [UInt8]] = [:]
        /// The canonical form of a path whose lines hold an empty or `.` component inside, for its hash.
        private var canonical: [UInt8] = []

        /// Folded bytes searched at a time in matching mode: large enough for the scan to run at full speed,
        /// small enough to stay in the second-level cache.
        private static let blockBytes = 1 << 17
        /// The most records a block holds: its arrays are made this large once, so adding to them checks nothing.
        private static let blockRecords = 1 << 13

        init(
            _ file: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, keeping matcher: RecordMatcher?,
            plainLines: Bool = true, skipsByteOrderMark: Bool = true
        ) {
            self.skipsByteOrderMark = skipsByteOrderMark
            text = file.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            fileEnd = file.count
            self.range = range
            self.matcher = matcher
            matching = matcher != nil
            self.plainLines = plainLines
            let expected = range.count / 24
            let records = matching ? 1 << 12 : expected
            folded = RawStorage(capacity: matching ? 1 << 18 : range.count + expected + 64)
            starts = RawStorage(capacity: records + 1)
            starts.append(0)
            titles = RawStorage(capacity: records)
            bounds = RawStorage(capacity: matching ? 3 * records : records)
            hashes = RawStorage(capacity: expected)
            offsets = RawStorage(capacity: matching ? expected : 0)
        }

        /// Reads every line of the piece, stopping at the first malformed one, and hands over what it read.
        ///
        /// - Complexity: O(bytes).
        consuming func read() -> Piece {
            run()
            table.deallocate()
            keyScratch.deallocate()
            blockStarts.deallocate()
            blockTitles.deallocate()
            blockBounds.deallocate()
            let kept = RawBuffer(adopting: bounds)
            let paths =
                matching
                ? PathSet(hashes: hashes, offsets: RawBuffer(adopting: offsets), stride: 1, owned: true)
                : PathSet(hashes: hashes, offsets: kept, stride: 1, owned: false)
            if !matching { offsets.deallocate() }
            return Piece(
                folded: RawBuffer(adopting: folded), starts: RawBuffer(adopting: starts),
                titles: RawBuffer(adopting: titles), explicitKeys: explicitKeys, bounds: kept,
                boundsPerEntry: matching ? 3 : 1, keywordBounds: RawBuffer(adopting: keywordBounds),
                breaks: RawBuffer(adopting: breaks), lastNext: lastNext, paths: paths, lines: lines, error: error)
        }

        private mutating func run() {
            var lineStart = range.lowerBound
            if skipsByteOrderMark && lineStart == 0 && range.count >= 3 && text[0] == 0xEF && text[1] == 0xBB
                && text[2] == 0xBF
            {
                lineStart = 3
            }
            let end = range.upperBound
            while lineStart < end {
                lines += 1
                var lineEnd = end
                if let found = memchr(text + lineStart, 0x0A, end - lineStart) {
                    lineEnd = UnsafeRawPointer(found) - UnsafeRawPointer(text)
                }
                let next = lineEnd + 1
                nextLine = next
                lineEnd = EntryTable.PathRanges.lineEnd(lineStart, lineFeed: lineEnd, in: text)
                if lineEnd > lineStart && !read(lineStart, lineEnd) { return }
                lineStart = next
                // A block is searched when it holds enough text, or as many records as its arrays hold.
                if matching && blockStarts.count > 0
                    && (folded.count - Int(blockStarts.base[0]) >= Reader.blockBytes
                        || blockStarts.count == Reader.blockRecords)
                {
                    searchBlock()
                }
            }
            if matching { searchBlock() }
        }

        /// Reads one non-empty line (without its line end).
        ///
        /// - Returns: `false` when the line is malformed; `error` says why.
        private mutating func read(_ start: Int, _ end: Int) -> Bool {
            // Room for the most a line's folding can take (64 bytes a byte), within the 32-bit offsets.
            if 64 * (end - start) + 64 > Int(UInt32.max) {
                error = Error(line: lines, problem: "the line is longer than 64 MiB, the most a line can be")
                return false
            }
            if folded.count > Int(UInt32.max) - 64 * (end - start) - 64 {
                error = Error(line: lines, problem: "the file's folded text is larger than 4 GiB")
                return false
            }
            guard plainLines else { return readExactly(start, end) }
            let recordStart = folded.count
            folded.reserve(3 * (end - start) + 16)
            var plain = foldPlain(start, end)
            if case .needsRoom = plain {
                folded.reserve(64 * (end - start) + 64)
                plain = foldPlain(start, end)
            }
            guard case .folded(let pathEnd, let title, let pathOut, let recordEnd, let dotPrefix) = plain else {
                return readExactly(start, end)
            }
            folded.count = recordEnd
            if dotPrefix >= 0 {
                hashes.append(PathSet.shortHash(text + start + dotPrefix, count: pathEnd - start - dotPrefix))
            } else {
                hashes.append(canonicalHash(UnsafeBufferPointer(start: text + start, count: pathEnd - start)))
            }
            if matching {
                offsets.append(UInt32(start))
                // The block has room (see run()); the title and the bounds wait with the record to be matched.
                let record = blockTitles.count
                blockTitles.base[record] = UInt64(title) << 32 | UInt64(pathOut)
                blockStarts.base[record] = UInt32(truncatingIfNeeded: recordStart)
                blockBounds.base[3 &* record] = UInt32(truncatingIfNeeded: start)
                blockBounds.base[3 &* record &+ 1] = UInt32(truncatingIfNeeded: pathEnd)
                blockBounds.base[3 &* record &+ 2] = UInt32(truncatingIfNeeded: end)
                blockTitles.count = record &+ 1
                blockStarts.count = record &+ 1
                blockBounds.count = 3 &* (record &+ 1)
            } else {
                keep(recordStart, title: title..<pathOut, key: nil, bounds: (start, pathEnd, end))
            }
            return true
        }

        /// Adds a folded record to the piece, or to the block waiting to be searched.
        @inline(__always)
        private mutating func keep(
            _ recordStart: Int, title: Range<Int>, key: [UInt8]?, bounds: (Int, Int, Int)
        ) {
            if matching {
                if let key {
                    blockKeys[blockTitles.count] = key
                    blockTitles.append(UInt64.max)
                } else {
                    blockTitles.append(UInt64(title.lowerBound) << 32 | UInt64(title.upperBound))
                }
                blockStarts.append(UInt32(recordStart))
                blockBounds.reserve(3)
                blockBounds.base[blockBounds.count] = UInt32(bounds.0)
                blockBounds.base[blockBounds.count + 1] = UInt32(bounds.1)
                blockBounds.base[blockBounds.count + 2] = UInt32(bounds.2)
                blockBounds.count += 3
                return
            }
            starts.append(UInt32(folded.count))
            if let key {
                appendItem(explicit: key)
            } else {
                appendItem(recordStart: recordStart, title: title)
            }
            if bounds.1 != bounds.2 {
                keywordBounds.reserve(3)
                keywordBounds.base[keywordBounds.count] = UInt32(self.bounds.count)
                keywordBounds.base[keywordBounds.count &+ 1] = UInt32(bounds.1)
                keywordBounds.base[keywordBounds.count &+ 2] = UInt32(bounds.2)
                keywordBounds.count &+= 3
            }
            let entry = self.bounds.count
            if entry > 0 && bounds.0 != lastNext { breaks.append(UInt32(entry - 1)) }
            self.bounds.append(UInt32(bounds.0))
            lastNext = nextLine
        }

        /// Records where the next record's folded title is (at `title` in `folded`), or its whole key when that
        /// does not fit.
        @inline(__always)
        private mutating func appendItem(recordStart: Int, title: Range<Int>) {
            let offset = title.lowerBound - recordStart
            if offset < 0xFFFF && title.count < 0xFFFF {
                titles.append(UInt32(offset) << 16 | UInt32(title.count))
                return
            }
            keyScratch.reserve(NaturalOrder.maximumKeyLength(title.count))
            let length = NaturalOrder.writeKey(folded.base + title.lowerBound, count: title.count, to: keyScratch.base)
            appendItem(explicit: Array(UnsafeBufferPointer(start: keyScratch.base, count: length)))
        }

        /// Records the next record's whole key, which the exact path made.
        private mutating func appendItem(explicit key: [UInt8]) {
            explicitKeys.append((UInt32(truncatingIfNeeded: titles.count), key))
            titles.append(SortItem.explicit)
        }

        /// Searches the block of records folded since the last search and keeps only those that match, moved
        /// down over the ones that do not.
        private mutating func searchBlock() {
            guard let matcher, blockStarts.count > 0 else { return }
            let records = blockTitles.count
            let first = Int(blockStarts.base[0])
            blockStarts.append(UInt32(folded.count))
            let hits = matcher.matches(RecordText(text: folded.base, starts: blockStarts.base), 0..<records)
            var write = first
            for hit in hits {
                let record = Int(hit)
                let title = blockTitles.base[record]
                let from = Int(blockStarts.base[record])
                if title == UInt64.max {
                    appendItem(explicit: blockKeys[record] ?? [])
                } else {
                    // The title's offset in its record stays when the record moves down.
                    let range = Int(title >> 32)..<Int(title & 0xFFFF_FFFF)
                    appendItem(recordStart: from, title: range)
                }
                let length = Int(blockStarts.base[record + 1]) - from
                if write != from { memmove(folded.base + write, folded.base + from, length) }
                write += length
                starts.append(UInt32(write))
                for part in 0..<3 { bounds.append(blockBounds.base[3 * record + part]) }
            }
            folded.count = write
            blockStarts.count = 0
            blockTitles.count = 0
            blockBounds.count = 0
            blockKeys.removeAll()
        }

        // MARK: - The exact path

        /// Reads a line that is not plain with the exact checks, in the order that decides which error a line
        /// with several problems reports: blank lines are skipped, then a NUL, then the path, then UTF-8.
        private mutating func readExactly(_ start: Int, _ end: Int) -> Bool {
            let line = UnsafeBufferPointer(start: text + start, count: end - start)
            if CatalogFile.isBlank(line) { return true }
            let pathEnd =
                (memchr(text + start, 0x09, end - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(text) }
                    ?? end)
            if memchr(text + start, 0, end - start) != nil {
                error = Error(line: lines, problem: "the line contains a NUL byte")
                return false
            }
            let path = UnsafeBufferPointer(start: text + start, count: pathEnd - start)
            let keywords = UnsafeBufferPointer(start: text + min(pathEnd + 1, end), count: end - min(pathEnd + 1, end))
            let title: Range<Int>
            switch CatalogFile.checkPath(path, line: lines) {
            case .success(let found?): title = found
            // An empty path with keywords after it (a blank line was skipped above): a title left out, not a
            // blank line, so it is named rather than dropped without a word.
            case .success(nil):
                error = Error(
                    line: lines, problem: "the line has keywords but no path before its TAB (--flat reads lines whole)",
                    notAPath: true)
                return false
            case .failure(let problem):
                error = problem
                return false
            }
            exact.removeAll()
            guard exact.append(path: path, title: title, keywords: keywords, separator: 0x2C) else {
                // File names are bytes: a path that is not UTF-8 is read by rewriting (shown with U+FFFD, printed as
                // read); keywords are the catalog's own, and must be.
                let pathIsValid = String(validating: path, as: UTF8.self) != nil
                error = Error(line: lines, problem: "the line is not valid UTF-8", needsRewrite: !pathIsValid)
                return false
            }
            let recordStart = folded.count
            let key = exact.withContents { text, key in
                folded.append(contentsOf: text)
                return Array(key)
            }
            hashes.append(canonicalHash(path))
            if matching { offsets.append(UInt32(start)) }
            keep(recordStart, title: 0..<0, key: key, bounds: (start, pathEnd, end))
            return true
        }

        /// The duplicate check's hash of a path: of its canonical form (``ShellPath``).
        private mutating func canonicalHash(_ path: UnsafeBufferPointer<UInt8>) -> UInt32 {
            ShellPath.withCanonical(path, scratch: &canonical) { PathSet.shortHash($0.baseAddress, count: $0.count) }
        }

        // MARK: - Plain lines

        private enum Plain {
            /// Folded into `folded` from its count up to `end` (not yet committed); `title` to `pathOut` is the
            /// folded title. The path's canonical form is its bytes after the first `dotPrefix` (its leading
            /// `./`s), or, when `dotPrefix` is -1, needs working out (an empty or `.` component inside).
            case folded(pathEnd: Int, title: Int, pathOut: Int, end: Int, dotPrefix: Int)
            /// The expansion of some scalar needs more room than was reserved.
            case needsRoom
            /// Anything unusual: the exact path decides.
            case notPlain
        }

        private static let high: UInt64 = 0x8080_8080_8080_8080
        private static let ones: UInt64 = 0x0101_0101_0101_0101

        /// The high bit of each zero byte of a word; exact up to the first zero byte, which is all the reader
        /// needs.
        @inline(__always)
        private static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & high }

        /// Lower-cases eight ASCII bytes: adds 0x20 to each of A–Z. Bytes past the first non-ASCII one may come
        /// out wrong (carries run upwards), so only the leading ASCII bytes of the result may be kept.
        @inline(__always)
        private static func lowercased(_ word: UInt64) -> UInt64 {
            let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F
            let pastZ = word &+ 0x2525_2525_2525_2525
            return word | ((atLeastA & ~pastZ & high) >> 2)
        }

        @inline(__always)
        private static func lowercased(_ byte: UInt8) -> UInt8 { byte &+ (byte &- 0x41 < 26 ? 0x20 : 0) }

        /// Copies the run of plain ASCII bytes at `index` (not NUL, not the two separators, before `end`),
        /// lower-cased, up to eight at a time.
        ///
        /// - Returns: How many bytes it copied; 0 when the byte at `index` stops the run.
        @inline(__always)
        private func copyPlainRun(
            _ index: Int, _ end: Int, _ out: Int, separators first: UInt64, _ second: UInt64
        ) -> Int {
            let available = end - index
            if index + 8 <= fileEnd {
                let word = UnsafeRawPointer(text + index).loadUnaligned(as: UInt64.self)
                var stops =
                    word & Reader.high | Reader.zeroBytes(word) | Reader.zeroBytes(word ^ first)
                    | Reader.zeroBytes(word ^ second)
                if available < 8 { stops |= Reader.high << UInt64(8 * available) }
                UnsafeMutableRawPointer(folded.base + out).storeBytes(of: Reader.lowercased(word), as: UInt64.self)
                return stops == 0 ? 8 : stops.trailingZeroBitCount >> 3
            }
            // The last bytes of the file, where a word would read past it.
            var count = 0
            while count < available {
                let byte = text[index + count]
                if byte >= 0x80 || byte == 0 || byte == UInt8(first & 0xFF) || byte == UInt8(second & 0xFF) { break }
                folded.base[out + count] = Reader.lowercased(byte)
                count += 1
            }
            return count
        }

        /// The high bit of each byte of a word that equals `byte`'s pattern, exactly (no carry crosses a byte).
        @inline(__always)
        private static func equalBytes(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
            let x = word ^ pattern
            return ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
        }

        /// Copies path bytes lower-cased, eight at a time, through "/" where the component after it starts
        /// plainly, up to the first byte that is not printable ASCII, a TAB, or a "/" whose next component needs a
        /// look (it starts with whitespace, "/" or ".", or lies past the words read).
        ///
        /// - Returns: The bytes copied; the slashes among them; where the last title starts, relative to `out`,
        ///   or -1; and whether the next byte starts a component still to check.
        @inline(__always)
        private func copyPathWords(_ start: Int, _ end: Int, _ out: Int) -> (Int, Int, Int, Bool) {
            var index = start
            var slashes = 0
            var lastTitle = -1
            while index &+ 9 <= end && index &+ 9 <= fileEnd {
                let word = UnsafeRawPointer(text + index).loadUnaligned(as: UInt64.self)
                // Bytes that stop the words: not ASCII, NUL and control characters (TAB ends the path).
                let low = ~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) & Reader.high
                let stops = word & Reader.high | low
                var slashBits = Reader.equalBytes(word, 0x2F2F_2F2F_2F2F_2F2F)
                let limit = stops == 0 ? 8 : stops.trailingZeroBitCount >> 3
                if limit < 8 { slashBits &= (1 << UInt64(8 * limit)) &- 1 }
                UnsafeMutableRawPointer(folded.base + out + (index &- start))
                    .storeBytes(of: Reader.lowercased(word), as: UInt64.self)
                var taken = limit
                while slashBits != 0 {
                    let position = slashBits.trailingZeroBitCount >> 3
                    // The byte after the "/" is in this word or the next one: both are in the line.
                    let next = text[index &+ position &+ 1]
                    if next <= 0x20 || next == 0x2F || next == 0x2E || next >= 0x80 {
                        // The component after this "/" is checked byte-wise: stop right after it.
                        slashes &+= 1
                        lastTitle = index &- start &+ position &+ 1
                        return (lastTitle, slashes, lastTitle, true)
                    }
                    slashes &+= 1
                    lastTitle = index &- start &+ position &+ 1
                    slashBits &= slashBits &- 1
                }
                index &+= taken
                if taken < 8 { break }
                taken = 0
            }
            return (index &- start, slashes, lastTitle, false)
        }

        /// Folds a plain line into the spare capacity of `folded`, or says why it cannot.
        ///
        /// The caller reserves three bytes of room per input byte: the most a BMP scalar's packed fold takes per
        /// byte; longer expansions check for room themselves.
        @inline(__always)
        private mutating func foldPlain(_ start: Int, _ end: Int) -> Plain {
            let base = folded.base
            var out = folded.count
            var index = start
            var slashes = 0
            var title = out
            var baseIsLatin = false
            // One loop for the path and the keywords, so the scalar loop below is written (and inlined) once. In
            // the path, runs of ASCII stop at a TAB or "/"; in the keywords, at ",".
            var inPath = true
            var atComponentStart = true
            var separators: (UInt64, UInt64) = (0x0909_0909_0909_0909, 0x2F2F_2F2F_2F2F_2F2F)
            var pathEnd = end
            var pathOut = 0
            var keywordStart = 0
            var dotPrefix = 0
            var irregular = false
            while index < end {
                if atComponentStart {
                    // Each path component must start plainly: not with whitespace, a TAB, or a scalar that could
                    // be blank or join what precedes it. A "/" here is a root ("/usr") or an empty component
                    // ("a//b"), and a "." followed by "/" a "." component ("./a"), which the canonical form drops.
                    atComponentStart = false
                    let first = text[index]
                    if first < 0x80 {
                        if first == 0x2F {
                            if index != start { irregular = true }
                        } else if first <= 0x20 {
                            return .notPlain
                        } else if first == 0x2E
                            && (index &+ 1 == end || text[index &+ 1] == 0x2F || text[index &+ 1] == 0x09)
                        {
                            // A "." title ("a/.") names its group: the exact checks find the title.
                            guard index &+ 1 < end, text[index &+ 1] == 0x2F else { return .notPlain }
                            if index == start &+ dotPrefix { dotPrefix &+= 2 } else { irregular = true }
                        }
                    } else {
                        guard let (scalar, _) = decode(index, end),
                            scalar < 0x10000
                                ? Folder.Packed.flags(packedFold(scalar)) & Folder.Packed.startsPlainly != 0
                                : folder.lookup(scalar).startsPlainly
                        else { return .notPlain }
                    }
                }
                if inPath {
                    // Eight path bytes at a time across "/": each "/" followed by a byte that starts a component
                    // plainly (printable ASCII, not "/" or ".") is counted and moves the title on; anything else
                    // stops the words here and is read by the byte-wise steps below.
                    let (count, found, lastTitle, nextStarts) = copyPathWords(index, end, out)
                    if count > 0 {
                        slashes &+= found
                        if slashes > CatalogFile.maximumGroups { return .notPlain }
                        if lastTitle >= 0 { title = out &+ lastTitle }
                        index &+= count
                        out &+= count
                        baseIsLatin = true
                        atComponentStart = nextStarts
                        continue
                    }
                }
                let count = copyPlainRun(index, end, out, separators: separators.0, separators.1)
                if count > 0 {
                    index &+= count
                    out &+= count
                    baseIsLatin = true
                    continue
                }
                let byte = text[index]
                if byte < 0x80 {
                    if byte == 0 { return .notPlain }
                    if !inPath {
                        // A ",": the keyword ends, followed by a NUL unless it is empty.
                        if index > keywordStart {
                            base[out] = 0
                            out &+= 1
                        }
                        index &+= 1
                        keywordStart = index
                        baseIsLatin = false
                    } else if byte == 0x2F {
                        slashes &+= 1
                        if slashes > CatalogFile.maximumGroups { return .notPlain }
                        base[out] = 0x2F
                        out &+= 1
                        index &+= 1
                        title = out
                        atComponentStart = true
                        baseIsLatin = true
                    } else {
                        // A TAB: the path ends, and keywords follow, each folded on its own.
                        pathEnd = index
                        pathOut = out
                        base[out] = 0
                        out &+= 1
                        index &+= 1
                        inPath = false
                        separators = (0x2C2C_2C2C_2C2C_2C2C, 0x2C2C_2C2C_2C2C_2C2C)
                        keywordStart = index
                        baseIsLatin = false
                    }
                    continue
                }
                // A run of scalars of two or three bytes through the packed table, with the checks of
                // Folder.decode; others through the folder.
                repeat {
                    let lead = text[index]
                    var scalar: UInt32
                    var length: Int
                    if lead & 0xE0 == 0xC0 {
                        guard lead >= 0xC2, index &+ 1 < end, text[index &+ 1] & 0xC0 == 0x80 else {
                            return .notPlain
                        }
                        scalar = UInt32(lead & 0x1F) << 6 | UInt32(text[index &+ 1] & 0x3F)
                        length = 2
                    } else if lead & 0xF0 == 0xE0 {
                        guard index &+ 2 < end, text[index &+ 1] & 0xC0 == 0x80, text[index &+ 2] & 0xC0 == 0x80 else {
                            return .notPlain
                        }
                        scalar =
                            UInt32(lead & 0x0F) << 12 | UInt32(text[index &+ 1] & 0x3F) << 6
                            | UInt32(text[index &+ 2] & 0x3F)
                        guard scalar >= 0x800, scalar & 0xF800 != 0xD800 else { return .notPlain }
                        length = 3
                    } else {
                        let status = foldOther(&index, end, &out, &baseIsLatin)
                        if status != 0 { return status == -2 ? .needsRoom : .notPlain }
                        continue
                    }
                    let entry = packedFold(scalar)
                    let flags = Folder.Packed.flags(entry)
                    if flags & (Folder.Packed.mark | Folder.Packed.combining | Folder.Packed.long) == 0 {
                        // One store writes the folded bytes; the ones past the count are overwritten next.
                        UnsafeMutableRawPointer(base + out).storeBytes(of: entry.littleEndian, as: UInt64.self)
                        out &+= Folder.Packed.count(entry)
                        baseIsLatin = flags & Folder.Packed.latin != 0
                    } else if flags & Folder.Packed.mark != 0 {
                        if !baseIsLatin { return .notPlain }
                    } else if flags & Folder.Packed.combining != 0 {
                        return .notPlain
                    } else {
                        let cached = folder.lookup(scalar)
                        if out + Int(cached.count) + 3 * (end - index) + 16 > folded.capacity { return .needsRoom }
                        out &+= folder.copyFolded(cached, to: base + out)
                        baseIsLatin = cached.kind == .latinBase
                    }
                    index &+= length
                } while index < end && text[index] >= 0x80
            }
            if inPath {
                // An empty title: the path ends with "/".
                if atComponentStart { return .notPlain }
                pathOut = out
                base[out] = 0
                out &+= 1
            } else if index > keywordStart {
                base[out] = 0
                out &+= 1
            }
            return .folded(
                pathEnd: pathEnd, title: title, pathOut: pathOut, end: out, dotPrefix: irregular ? -1 : dotPrefix)
        }

        @inline(__always)
        private func decode(_ index: Int, _ end: Int) -> (UInt32, Int)? {
            Folder.decode(UnsafeBufferPointer(start: text, count: end), at: index)
        }

        /// Folds a four-byte scalar, which the packed table does not hold, or reports invalid UTF-8.
        private mutating func foldOther(_ index: inout Int, _ end: Int, _ out: inout Int, _ baseIsLatin: inout Bool)
            -> Int
        {
            guard let (scalar, length) = decode(index, end) else { return -1 }
            let cached = folder.lookup(scalar)
            switch cached.kind {
            case .mark where baseIsLatin:
                break
            case .latinBase, .otherBase:
                if out + Int(cached.count) + 3 * (end - index) + 16 > folded.capacity { return -2 }
                out += folder.copyFolded(cached, to: folded.base + out)
                baseIsLatin = cached.kind == .latinBase
            default:
                return -1
            }
            index += length
            return 0
        }

        /// The packed fold of a BMP scalar, from the table or, the first time, from the folder.
        @inline(__always)
        private mutating func packedFold(_ scalar: UInt32) -> UInt64 {
            let entry = table.base[Int(scalar)]
            return entry != 0 ? entry : packNew(scalar)
        }

        private mutating func packNew(_ scalar: UInt32) -> UInt64 {
            let entry = folder.pack(scalar)
            table.base[Int(scalar)] = entry
            return entry
        }
    }
}
