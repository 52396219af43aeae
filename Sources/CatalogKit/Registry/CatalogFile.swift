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
    /// - Complexity: O(B) to fold B bytes, then O(n log n) to order n entries.
    public static func parse<Handler>(_ bytes: [UInt8]) throws -> Snapshot<Handler> {
        guard bytes.count < Int(UInt32.max) else { throw Error(line: 1, problem: "the file is larger than 4 GiB") }
        // Split at line ends into one piece per core; each piece is parsed and folded on its own, then joined.
        let pieceCount = bytes.count < 1 << 20 ? 1 : Parallel.width
        var cuts = [0]
        for piece in 1..<max(pieceCount, 1) {
            var cut = max(cuts[cuts.count - 1], bytes.count * piece / pieceCount)
            while cut < bytes.count && bytes[cut] != 0x0A { cut += 1 }
            cuts.append(min(bytes.count, cut + 1))
        }
        cuts.append(bytes.count)
        let ranges = (0..<cuts.count - 1).map { cuts[$0]..<cuts[$0 + 1] }
        let pieces = Parallel.map(ranges.count) { piece in parsePiece(bytes, ranges[piece]) }
        var linesBefore = 0
        for piece in pieces {
            if let error = piece.error { throw Error(line: linesBefore + error.line, problem: error.problem) }
            linesBefore += piece.lines
        }
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
        try checkDuplicates(table, index, bytes)
        return Snapshot(table: table, index: index)
    }

    private struct Piece: Sendable {
        var builder: SearchIndex.Builder
        var bounds: [UInt32] = []
        var lines = 0
        var error: Error?
    }

    /// Parses the lines in one part of the file.
    private static func parsePiece(_ bytes: [UInt8], _ range: Range<Int>) -> Piece {
        var piece = Piece(builder: SearchIndex.Builder(expectedBytes: range.count, expectedRecords: range.count / 24))
        piece.bounds.reserveCapacity(range.count / 8)
        bytes.withUnsafeBufferPointer { text in
            var lineStart = range.lowerBound == 0 && text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : range.lowerBound
            while lineStart < range.upperBound {
                piece.lines += 1
                var lineEnd = lineStart
                while lineEnd < range.upperBound && text[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart && text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                defer { lineStart = next }
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
                if isBlank(line) { continue }
                let pathEnd = line.firstIndex(of: 0x09) ?? line.count
                let path = UnsafeBufferPointer(rebasing: line[..<pathEnd])
                let keywords = UnsafeBufferPointer(rebasing: line[min(pathEnd + 1, line.count)...])
                if line.contains(0) {
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
                guard piece.builder.append(path: path, titleStart: titleStart, keywords: keywords, separator: 0x2C)
                else {
                    piece.error = Error(line: piece.lines, problem: "the line is not valid UTF-8")
                    return
                }
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
        let groups = path.reduce(0) { $1 == 0x2F ? $0 + 1 : $0 }
        if groups > maximumGroups {
            let problem = "the path has \(groups) groups, more than the \(maximumGroups) allowed; flatten it"
            return .failure(Error(line: line, problem: problem))
        }
        var componentStart = 0
        for index in 0...path.count where index == path.count || path[index] == 0x2F {
            let component = UnsafeBufferPointer(rebasing: path[componentStart..<index])
            if isBlank(component) {
                let what = index == path.count ? "an empty title" : "an empty group name"
                return .failure(Error(line: line, problem: "the path has \(what)"))
            }
            if index == path.count { return .success(componentStart) }
            componentStart = index + 1
        }
        return .success(componentStart)
    }

    /// Whether bytes are empty or only ASCII whitespace, or only Unicode spaces such as U+3000.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) { return true }
        guard bytes.contains(where: { $0 >= 0x80 }) else { return false }
        return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
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

    /// Equal paths sort next to each other, so one pass over the order finds every duplicate. The error names the
    /// earliest line that repeats a path, found by record number (records are in file order), so however many
    /// duplicates there are, line numbers are counted only twice.
    private static func checkDuplicates(_ table: EntryTable, _ index: SearchIndex, _ bytes: [UInt8]) throws {
        let order = index.recordsInOrder
        var firstDuplicate: (later: Int, earlier: Int)?
        var runStart = 0
        for position in order.indices
        where position == order.count - 1
            || compareRaw(table, Int(order[position]), Int(order[position + 1]), titleOnly: false) != 0
        {
            // order[runStart...position] share one path: its first two records are the first line and the repeat.
            if position > runStart {
                let run = order[runStart...position].map(Int.init).sorted()
                if firstDuplicate.map({ run[1] < $0.later }) ?? true { firstDuplicate = (run[1], run[0]) }
            }
            runStart = position + 1
        }
        if let (later, earlier) = firstDuplicate {
            throw Error(
                line: lineNumber(of: table, later, in: bytes),
                problem:
                    "duplicate path '\(table.path(later))' (first on line \(lineNumber(of: table, earlier, in: bytes)))"
            )
        }
    }

    private static func lineNumber(of table: EntryTable, _ record: Int, in bytes: [UInt8]) -> Int {
        let start = Int(table.bounds[3 * record])
        return bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
