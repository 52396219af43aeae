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
public enum CatalogFile {
    /// A line that cannot be an entry.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The 1-based line number.
        public var line: Int
        /// What is wrong, as a sentence fragment.
        public var problem: String

        public var description: String { "line \(line): \(problem)" }
    }

    /// Parses and indexes a catalog file.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: A snapshot with no factories.
    /// - Throws: ``Error`` for the first malformed line: invalid UTF-8, a NUL byte, an empty title or group
    ///   name, more than ``maximumGroups`` groups, or a path that an earlier line already has.
    /// - Complexity: O(B) to fold B bytes, split over the cores, then O(n log n) to order n entries.
    public static func parse<Handler>(_ bytes: [UInt8]) throws -> Snapshot<Handler> {
        try read(bytes, keeping: nil)
    }

    /// Reads a catalog file in one streaming pass and keeps only the entries that match a query.
    ///
    /// The whole file is checked exactly as ``parse(_:)`` checks it, but only matching entries are kept and
    /// sorted, so a one-off search of a large file never orders the entries it does not print.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - query: The query.
    /// - Returns: A snapshot of the matching entries; search it with `query` again for their order and scores.
    /// - Throws: ``Error`` as ``parse(_:)`` does.
    /// - Complexity: O(B) to fold B bytes, split over the cores, then O(h log h) to order h matches.
    public static func matching<Handler>(_ bytes: [UInt8], _ query: Query) throws -> Snapshot<Handler> {
        try read(bytes, keeping: RecordMatcher(query))
    }

    private static func read<Handler>(_ bytes: [UInt8], keeping matcher: RecordMatcher?) throws -> Snapshot<Handler> {
        guard bytes.count < Int(UInt32.max) else { throw Error(line: 1, problem: "the file is larger than 4 GiB") }
        let ranges = pieces(of: bytes)
        let pieces = Parallel.map(ranges.count) { piece in read(bytes, ranges[piece], keeping: matcher) }
        // Report the first malformed line, else the first line that repeats a path.
        var linesBefore = 0
        var firstLines: [Int] = []
        for piece in pieces {
            if let error = piece.error { throw Error(line: linesBefore + error.line, problem: error.problem) }
            firstLines.append(linesBefore)
            linesBefore += piece.lines
        }
        try checkDuplicates(pieces, firstLines: firstLines, bytes)
        var builder = pieces[0].builder
        var bounds = pieces[0].bounds
        for piece in pieces.dropFirst() {
            guard builder.append(contentsOf: piece.builder) else {
                throw Error(line: 1, problem: "the file's folded text is larger than 4 GiB")
            }
            bounds.append(contentsOf: piece.bounds)
        }
        let table = EntryTable(bytes: bytes, bounds: bounds, keywordSeparator: 0x2C, details: nil)
        let index = builder.build { a, b in
            let byTitle = compareRaw(table, Int(a), Int(b), titleOnly: true)
            return byTitle != 0 ? byTitle < 0 : compareRaw(table, Int(a), Int(b), titleOnly: false) < 0
        }
        return Snapshot(table: table, index: index)
    }

    /// Splits a file at line ends into one piece per core, or one piece for a small file.
    private static func pieces(of bytes: [UInt8]) -> [Range<Int>] {
        let pieceCount = bytes.count < 1 << 20 ? 1 : Parallel.width
        var cuts = [0]
        for piece in 1..<max(pieceCount, 1) {
            var cut = max(cuts[cuts.count - 1], bytes.count * piece / pieceCount)
            while cut < bytes.count && bytes[cut] != 0x0A { cut += 1 }
            cuts.append(min(bytes.count, cut + 1))
        }
        cuts.append(bytes.count)
        return (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
    }

    /// What one piece of the file holds after reading.
    private struct Piece: Sendable {
        var builder: SearchIndex.Builder
        var bounds: [UInt32] = []
        var lines = 0
        var error: Error?
        var paths: PathSet
    }

    /// Reads the lines in one piece of the file: checks each, folds it, and keeps it if it matches.
    private static func read(_ bytes: [UInt8], _ range: Range<Int>, keeping matcher: RecordMatcher?) -> Piece {
        let expected = range.count / 24
        var piece = Piece(
            builder: SearchIndex.Builder(
                expectedBytes: matcher == nil ? range.count : 0, expectedRecords: matcher == nil ? expected : 0),
            paths: PathSet(expected: expected))
        bytes.withUnsafeBufferPointer { text in
            var lineStart = range.lowerBound == 0 && text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : range.lowerBound
            while lineStart < range.upperBound {
                piece.lines += 1
                var lineEnd = find(0x0A, in: text, lineStart..<range.upperBound) ?? range.upperBound
                let next = lineEnd + 1
                if lineEnd > lineStart && text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                defer { lineStart = next }
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
                if isBlank(line) { continue }
                let pathEnd = (find(0x09, in: text, lineStart..<lineEnd) ?? lineEnd) - lineStart
                let path = UnsafeBufferPointer(rebasing: line[..<pathEnd])
                let keywords = UnsafeBufferPointer(rebasing: line[min(pathEnd + 1, line.count)...])
                if find(0, in: text, lineStart..<lineEnd) != nil {
                    piece.error = Error(line: piece.lines, problem: "the line contains a NUL byte")
                    return
                }
                let titleStart: Int
                switch checkPath(path, line: piece.lines) {
                case .success(let start): titleStart = start
                case .failure(let error):
                    piece.error = error
                    return
                }
                let appended = piece.builder.append(
                    path: path, titleStart: titleStart, keywords: keywords, separator: 0x2C, keeping: matcher)
                if appended == .invalid {
                    piece.error = Error(line: piece.lines, problem: "the line is not valid UTF-8")
                    return
                }
                piece.paths.append(text, lineStart..<lineStart + pathEnd, line: piece.lines)
                if appended == .skipped { continue }
                piece.bounds.append(UInt32(lineStart))
                piece.bounds.append(UInt32(lineStart + pathEnd))
                piece.bounds.append(UInt32(lineEnd))
            }
        }
        return piece
    }

    /// The most groups a path may have. Deeper paths are refused: every group level costs the tree drawing and
    /// the grouping a prefix as long as the depth, so a path 10,000 groups deep would draw hundreds of megabytes,
    /// and JSON readers refuse nesting much deeper than this.
    public static let maximumGroups = 100

    /// Checks the path's components and returns where its title starts.
    private static func checkPath(_ path: UnsafeBufferPointer<UInt8>, line: Int) -> Result<Int, Error> {
        var componentStart = 0
        var groups = 0
        while true {
            let index = find(0x2F, in: path, componentStart..<path.count) ?? path.count
            if index < path.count {
                groups += 1
                if groups > maximumGroups {
                    let total = groups + path[(index + 1)...].reduce(0) { $1 == 0x2F ? $0 + 1 : $0 }
                    let problem = "the path has \(total) groups, more than the \(maximumGroups) allowed; flatten it"
                    return .failure(Error(line: line, problem: problem))
                }
            }
            let component = UnsafeBufferPointer(rebasing: path[componentStart..<index])
            if isBlank(component) {
                let what = index == path.count ? "an empty title" : "an empty group name"
                return .failure(Error(line: line, problem: "the path has \(what)"))
            }
            if index == path.count { return .success(componentStart) }
            componentStart = index + 1
        }
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
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// Compares raw titles, or raw full paths, byte by byte.
    private static func compareRaw(_ table: EntryTable, _ a: Int, _ b: Int, titleOnly: Bool) -> Int {
        table.withPathBytes(a) { x in
            table.withPathBytes(b) { y in
                let xs = titleOnly ? UnsafeBufferPointer(rebasing: x[((x.lastIndex(of: 0x2F) ?? -1) + 1)...]) : x
                let ys = titleOnly ? UnsafeBufferPointer(rebasing: y[((y.lastIndex(of: 0x2F) ?? -1) + 1)...]) : y
                for (p, q) in zip(xs, ys) where p != q { return p < q ? -1 : 1 }
                return xs.count - ys.count
            }
        }
    }

    /// Finds the first line whose path an earlier line already has, across all pieces.
    private static func checkDuplicates(_ pieces: [Piece], firstLines: [Int], _ bytes: [UInt8]) throws {
        let first = bytes.withUnsafeBufferPointer { text in
            PathSet.firstDuplicate(in: pieces.map(\.paths), text, lineOffsets: firstLines)
        }
        if let first {
            let lineStart = lineStartOffset(of: first.line, in: bytes)
            var pathEnd = lineStart
            while pathEnd < bytes.count && bytes[pathEnd] != 0x0A && bytes[pathEnd] != 0x09 && bytes[pathEnd] != 0x0D {
                pathEnd += 1
            }
            let path = String(decoding: bytes[lineStart..<pathEnd], as: UTF8.self)
            throw Error(line: first.line, problem: "duplicate path '\(path)' (first on line \(first.earlier))")
        }
    }

    /// The byte offset where a 1-based line starts, after a byte order mark on the first line.
    private static func lineStartOffset(of line: Int, in bytes: [UInt8]) -> Int {
        var remaining = line - 1
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while remaining > 0 && offset < bytes.count {
            if bytes[offset] == 0x0A { remaining -= 1 }
            offset += 1
        }
        return offset
    }
}
