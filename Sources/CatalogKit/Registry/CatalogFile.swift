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
    ///   name, or a path that an earlier line already has.
    /// - Complexity: O(B) to fold B bytes, then O(n log n) to order n entries.
    public static func parse<Handler>(_ bytes: [UInt8]) throws -> Snapshot<Handler> {
        var bounds: [UInt32] = []
        var builder = SearchIndex.Builder(expectedBytes: bytes.count, expectedRecords: bytes.count / 24)
        bounds.reserveCapacity(bytes.count / 8)
        guard bytes.count < Int(UInt32.max) else { throw Error(line: 1, problem: "the file is larger than 4 GiB") }
        var lineNumber = 0
        try bytes.withUnsafeBufferPointer { text in
            var lineStart = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while lineStart < text.count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart && text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                defer { lineStart = next }
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
                if isBlank(line) { continue }
                let pathEnd = line.firstIndex(of: 0x09) ?? line.count
                let path = UnsafeBufferPointer(rebasing: line[..<pathEnd])
                let titleStart = try checkPath(path, line: lineNumber)
                let keywords = UnsafeBufferPointer(rebasing: line[min(pathEnd + 1, line.count)...])
                if line.contains(0) { throw Error(line: lineNumber, problem: "the line contains a NUL byte") }
                guard builder.append(path: path, titleStart: titleStart, keywords: keywords, separator: 0x2C) else {
                    throw Error(line: lineNumber, problem: "the line is not valid UTF-8")
                }
                bounds.append(UInt32(lineStart))
                bounds.append(UInt32(lineStart + pathEnd))
                bounds.append(UInt32(lineEnd))
            }
        }
        let table = EntryTable(bytes: bytes, bounds: bounds, keywordSeparator: 0x2C, details: nil)
        let index = builder.build { a, b in
            let byTitle = compareRaw(table, Int(a), Int(b), titleOnly: true)
            return byTitle != 0 ? byTitle < 0 : compareRaw(table, Int(a), Int(b), titleOnly: false) < 0
        }
        try checkDuplicates(table, index, bytes)
        return Snapshot(table: table, index: index)
    }

    /// Checks the path's components and returns where its title starts.
    private static func checkPath(_ path: UnsafeBufferPointer<UInt8>, line: Int) throws -> Int {
        var componentStart = 0
        for index in 0...path.count where index == path.count || path[index] == 0x2F {
            let component = UnsafeBufferPointer(rebasing: path[componentStart..<index])
            if isBlank(component) {
                let what = index == path.count ? "an empty title" : "an empty group name"
                throw Error(line: line, problem: "the path has \(what)")
            }
            if index == path.count { return componentStart }
            componentStart = index + 1
        }
        return componentStart
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

    /// Equal paths sort next to each other, so one pass over the order finds every duplicate.
    private static func checkDuplicates(_ table: EntryTable, _ index: SearchIndex, _ bytes: [UInt8]) throws {
        let order = index.recordsInOrder
        var firstDuplicate: (line: Int, earlier: Int, path: String)?
        for position in order.indices.dropFirst() {
            let a = Int(order[position - 1])
            let b = Int(order[position])
            guard compareRaw(table, a, b, titleOnly: false) == 0 else { continue }
            let (earlier, later) = (min(a, b), max(a, b))
            let line = lineNumber(of: table, later, in: bytes)
            if firstDuplicate.map({ line < $0.line }) ?? true {
                firstDuplicate = (line, lineNumber(of: table, earlier, in: bytes), table.path(later))
            }
        }
        if let firstDuplicate {
            throw Error(
                line: firstDuplicate.line,
                problem: "duplicate path '\(firstDuplicate.path)' (first on line \(firstDuplicate.earlier))")
        }
    }

    private static func lineNumber(of table: EntryTable, _ record: Int, in bytes: [UInt8]) -> Int {
        let start = Int(table.bounds[3 * record])
        return bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
