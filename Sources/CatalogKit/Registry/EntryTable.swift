#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of many entries in columnar storage: one byte buffer and up to three offsets per entry.
///
/// Record `r`'s full path is `bytes[bounds[sr]..<bounds[sr+1]]` for a stride s of 3 or 2; with 3, the bytes up to
/// `bounds[3r+2]` after a one-byte separator hold its keywords, separated by `keywordSeparator`. A table with no
/// keywords keeps two bounds a record; a catalog file none of whose lines has keywords keeps one, where its path
/// starts, and the path runs to the end of its line (``PathRanges``). A catalog file is stored as read, with no copy
/// and no `String` per entry; strings are made only for the entries a screen shows.
package struct EntryTable: Sendable {
    /// Fields that a catalog file cannot express, for entries registered in code.
    public struct Details: Sendable {
        public var id: String
        public var summary: String
    }

    /// The ids and summaries of entries registered in code, kept only for the entries that have them: a default
    /// id is the slug of the entry's path, made when asked for.
    struct Registered: Sendable {
        var ids: [UInt32: String] = [:]
        var summaries: [UInt32: String] = [:]
    }

    let bytes: [UInt8]
    let bounds: [UInt32]
    let keywordSeparator: UInt8
    let registered: Registered?
    /// Whether the entries were registered in code, rather than read from a file.
    package var isRegistered: Bool { registered != nil }
    /// The lines as they were read, when the list was rewritten to be read (``CatalogFile/Format``).
    let lines: CatalogFile.SourceLines?
    /// Whether paths are read as shell tools print them (``ShellPath``): true for catalog files, whose lines are
    /// kept as read; false for entries registered in code, whose components are never empty or `.`.
    let shellPaths: Bool

    /// How many bounds a record has: 3 (path start, path end, line end), 2 when no record has keywords, or 1 for a
    /// catalog file's lines without keywords.
    let stride: Int
    /// With one bound a record, a bit for each record whose line the next record's does not follow at once (a
    /// blank line between them); empty when there is none.
    let breaks: [UInt64]

    /// How the bounds a table is made with are laid out.
    enum Layout {
        /// Path start, path end and line end a record; only the first two are kept when no record has keywords.
        case three
        /// Path start and path end a record.
        case two
        /// Where each record's line starts, as a catalog file's reader leaves them when no line has keywords: the
        /// path runs to the line's end (``PathRanges``). `breaks` marks the records whose line the next record's
        /// does not follow at once, or is empty.
        case lineStarts(breaks: [UInt64])
    }

    init(
        bytes: [UInt8], bounds: consuming [UInt32], keywordSeparator: UInt8, registered: Registered?,
        lines: CatalogFile.SourceLines? = nil, layout: Layout = .three
    ) {
        self.bytes = bytes
        self.keywordSeparator = keywordSeparator
        self.registered = registered
        self.lines = lines
        shellPaths = registered == nil
        switch layout {
        case .lineStarts(let breaks):
            self.bounds = bounds
            stride = 1
            self.breaks = breaks
            return
        case .two:
            self.bounds = bounds
            stride = 2
            breaks = []
            return
        case .three:
            breaks = []
        }
        // Without keywords, a line ends where its path does: the third bound of each record says nothing. (The
        // bounds are consumed, so they are compacted in place, not copied.)
        var keywords = registered != nil
        if !keywords {
            for record in 0..<bounds.count / 3 where bounds[3 * record + 2] != bounds[3 * record + 1] {
                keywords = true
                break
            }
        }
        if !keywords {
            let count = bounds.count / 3
            for record in 0..<count {
                bounds[2 * record] = bounds[3 * record]
                bounds[2 * record + 1] = bounds[3 * record + 1]
            }
            bounds.removeLast(count)
        }
        self.bounds = bounds
        stride = keywords ? 3 : 2
    }

    /// The number of entries.
    public var count: Int { bounds.count / stride }

    /// Where an entry's path is in ``bytes``: ``PathRanges/range(_:)``, reading the arrays directly, since it is
    /// called once a record by much of the code (and, unoptimised, three closures a call cost the tests time).
    @inline(__always)
    func pathRange(_ record: Int) -> Range<Int> {
        let start = Int(bounds[stride &* record])
        guard stride == 1 else { return start..<Int(bounds[stride &* record &+ 1]) }
        if record &+ 1 < bounds.count && (breaks.isEmpty || breaks[record >> 6] >> UInt64(record & 63) & 1 == 0) {
            let lineFeed = Int(bounds[record &+ 1]) &- 1
            return
                start..<bytes.withUnsafeBufferPointer {
                    PathRanges.lineEnd(start, lineFeed: lineFeed, in: $0.baseAddress.unsafelyUnwrapped)
                }
        }
        return withPathRanges { $0.range(record) }
    }

    /// Runs `body` on a view of where every record's path is, for loops over many records.
    @inline(__always)
    func withPathRanges<R>(_ body: (PathRanges) -> R) -> R {
        bytes.withUnsafeBufferPointer { text in
            bounds.withUnsafeBufferPointer { bounds in
                breaks.withUnsafeBufferPointer { breaks in
                    body(
                        PathRanges(
                            text: text.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped,
                            count: text.count,
                            bounds: bounds.baseAddress ?? UnsafePointer(bitPattern: 4).unsafelyUnwrapped,
                            stride: stride, records: bounds.count / stride,
                            breaks: breaks.isEmpty ? nil : breaks.baseAddress))
                }
            }
        }
    }

    /// Where each record's path is in a table's bytes: a view valid while the table is alive.
    struct PathRanges: @unchecked Sendable {
        /// The table's bytes.
        let text: UnsafePointer<UInt8>
        let count: Int
        let bounds: UnsafePointer<UInt32>
        let stride: Int
        let records: Int
        /// ``EntryTable/breaks``, or `nil` for none.
        let breaks: UnsafePointer<UInt64>?

        /// Where a record's path is in `text`.
        ///
        /// With one bound a record, the path is its line as the reader split it: up to the LF that comes just
        /// before the next record's line, or, for the last record and those before a blank line, up to the next
        /// LF; less one CR before it.
        ///
        /// - Complexity: O(1), or O(line length) for the last record and those before a blank line.
        @inline(__always)
        func range(_ record: Int) -> Range<Int> {
            let start = Int(bounds[stride &* record])
            guard stride == 1 else { return start..<Int(bounds[stride &* record &+ 1]) }
            let lineFeed =
                record &+ 1 < records && breaks.map({ $0[record >> 6] >> UInt64(record & 63) & 1 == 0 }) ?? true
                ? Int(bounds[record &+ 1]) &- 1 : PathRanges.lineFeed(in: text, count: count, from: start)
            return start..<PathRanges.lineEnd(start, lineFeed: lineFeed, in: text)
        }

        /// Where the line that starts at `start` ends, given where its LF is (or the text's end): before the LF,
        /// and before a CR just before it. The one rule for where a line ends, which the reader splits by.
        @inline(__always)
        static func lineEnd(_ start: Int, lineFeed: Int, in text: UnsafePointer<UInt8>) -> Int {
            lineFeed > start && text[lineFeed &- 1] == 0x0D ? lineFeed &- 1 : lineFeed
        }

        /// Where the first LF at or after `start` is, or `count` when there is none.
        static func lineFeed(in text: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
            memchr(text + start, 0x0A, count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(text) } ?? count
        }

        /// A record's path.
        @inline(__always)
        func path(_ record: Int) -> UnsafeBufferPointer<UInt8> {
            let range = range(record)
            return UnsafeBufferPointer(start: text + range.lowerBound, count: range.count)
        }

        /// A record's keywords as the table holds them, divided by its keyword separator: empty for none, and for
        /// a table that keeps fewer than three bounds a record (no line had keywords).
        func keywords(_ record: Int) -> UnsafeBufferPointer<UInt8> {
            guard stride == 3 else { return UnsafeBufferPointer(start: text, count: 0) }
            let pathEnd = Int(bounds[3 &* record &+ 1])
            let lineEnd = Int(bounds[3 &* record &+ 2])
            guard lineEnd > pathEnd else { return UnsafeBufferPointer(start: text, count: 0) }
            return UnsafeBufferPointer(start: text + pathEnd + 1, count: lineEnd - pathEnd - 1)
        }
    }

    /// The bytes the table holds, for memory reports.
    public var memoryFootprint: Int { bytes.capacity + bounds.capacity * 4 }

    /// The raw UTF-8 of an entry's full path, its groups and title divided by "/".
    ///
    /// A catalog file's path is its line as read, without keywords (`/usr/x`, `./src/a`), whose groups and title
    /// are divided as shell tools print paths (``PathComponents``). A list in another format (``CatalogFile/Format``)
    /// is rewritten to be read, and this is the rewritten path; ``withLineBytes(_:_:)`` gives the line as read.
    public func withPathBytes<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[pathRange(record)]))
        }
    }

    /// The bytes of an entry's line exactly as they were read, without its keywords: what a picker prints.
    ///
    /// For a catalog file read as it is, this is the path; for a list that was rewritten to be read
    /// (``CatalogFile/Format``), the line as the input had it (`./src/a`, `/usr/x`, a name with a newline in it).
    ///
    /// - Complexity: O(log n) for a rewritten list, to find the line.
    public func withLineBytes<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let lines else { return withPathBytes(record, body) }
        let range = lines.range(ofPathAt: bounds[stride * record])
        return lines.raw.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes of an entry's whole line as it was read, keywords and all: what a picker prints, as fzf prints a
    /// line. A TAB in a line starts its keywords for searching and showing (`grep -T`'s text, a name that holds a
    /// TAB), but a pick that left them out would name a file that may not exist.
    ///
    /// - Complexity: O(1), or as ``withLineBytes(_:_:)`` for a rewritten list.
    public func withWholeLineBytes<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let lines {
            let range = lines.range(ofPathAt: bounds[stride * record], whole: true)
            return lines.raw.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        guard registered == nil, stride == 3, bounds[3 * record + 2] > bounds[3 * record + 1] else {
            return withLineBytes(record, body)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(bounds[3 * record])..<Int(bounds[3 * record + 2])]))
        }
    }

    /// An entry's full path, `Group/Sub/Title`, exactly as given: its line as read (``withLineBytes(_:_:)``),
    /// with bytes that are not UTF-8 as U+FFFD.
    public func path(_ record: Int) -> String {
        withLineBytes(record) { String(decoding: $0, as: UTF8.self) }
    }

    /// An entry's title: the last component of its path.
    public func title(_ record: Int) -> String {
        withTitleBytes(record) { String(decoding: $0, as: UTF8.self) }
    }

    /// The raw UTF-8 of an entry's title: the last component of its path.
    ///
    /// - Complexity: O(title length).
    func withTitleBytes<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withPathBytes(record) { path in body(UnsafeBufferPointer(rebasing: path[titleRange(of: path)])) }
    }

    /// Where the title is in one of this table's paths.
    @inline(__always)
    func titleRange(of path: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        if shellPaths { return ShellPath.title(of: path) ?? 0..<path.count }
        guard let base = path.baseAddress else { return 0..<0 }
        return (ByteSearch.last(0x2F, in: base, count: path.count).map { $0 + 1 } ?? 0)..<path.count
    }

    /// An entry's group names, from the root; the root group of a path that starts with `/` is named `∕` (U+2215,
    /// which looks like it and which search reads as `/`).
    public func groups(_ record: Int) -> [String] {
        withPathBytes(record) { path in
            guard shellPaths else {
                return path.split(separator: 0x2F, omittingEmptySubsequences: false).dropLast().map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            var names: [String] = []
            PathComponents.slash.forEachComponent(of: path) { range in
                names.append(range == 0..<1 && path[0] == 0x2F ? "∕" : String(decoding: path[range], as: UTF8.self))
            }
            return Array(names.dropLast())
        }
    }

    /// An entry's id: the registered id, or for a catalog file the full path.
    ///
    /// - Complexity: O(path length): a default id is made from the path.
    public func id(_ record: Int) -> String {
        guard let registered else { return path(record) }
        if let id = registered.ids[UInt32(record)] { return id }
        let components = withPathBytes(record) { path in
            path.split(separator: 0x2F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        return Slug.make(components)
    }

    /// An entry's one-line summary; empty for catalog files.
    public func summary(_ record: Int) -> String {
        registered?.summaries[UInt32(record)] ?? ""
    }

    /// What a row shows after an entry's title: its summary, or, for an entry read from a file, its keywords as
    /// the line wrote them (`grep -rn` puts a line's text after a TAB), control characters escaped.
    package func detail(_ record: Int) -> String {
        if let registered { return registered.summaries[UInt32(record)] ?? "" }
        guard stride == 3 else { return "" }
        let start = Int(bounds[3 * record + 1]) + 1
        let end = Int(bounds[3 * record + 2])
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self).controlsEscaped
    }

    /// An entry's keywords.
    public func keywords(_ record: Int) -> [String] {
        guard stride == 3 else { return [] }
        let start = Int(bounds[3 * record + 1]) + 1
        let end = Int(bounds[3 * record + 2])
        guard start < end else { return [] }
        return bytes[start..<end].split(separator: keywordSeparator).map { String(decoding: $0, as: UTF8.self) }
    }
}
