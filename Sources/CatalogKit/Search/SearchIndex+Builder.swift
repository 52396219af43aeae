extension SearchIndex {
    /// Builds a ``SearchIndex`` in one streaming pass: each record is folded straight into the contiguous buffer.
    public struct Builder: Sendable {
        private struct TitleSpan: Sendable {
            var start: UInt32
            var end: UInt32
            /// Whether the span is in `side` rather than in `folded`.
            var inSide: Bool
        }

        private var folded: [UInt8] = []
        private var starts: [UInt32] = [0]
        private var titles: [TitleSpan] = []
        private var side: [UInt8] = []
        private var folder = Folder()

        /// The number of records added so far.
        public var count: Int { titles.count }

        /// Creates a builder.
        ///
        /// - Parameters:
        ///   - expectedBytes: The raw text size expected, to reserve the folded buffer once.
        ///   - expectedRecords: The number of records expected.
        public init(expectedBytes: Int = 0, expectedRecords: Int = 0) {
            folded.reserveCapacity(expectedBytes + expectedRecords)
            starts.reserveCapacity(expectedRecords + 1)
            titles.reserveCapacity(expectedRecords)
        }

        /// Folds and adds one record.
        ///
        /// - Parameters:
        ///   - path: The raw UTF-8 full path, `Group/Sub/Title`.
        ///   - titleStart: The byte offset in `path` where the title starts.
        ///   - keywords: Raw UTF-8 keywords, separated by `separator`; empty keywords are skipped.
        ///   - separator: The byte between keywords.
        /// - Returns: `false`, adding nothing, when the text is not valid UTF-8 or exceeds the index's 4 GiB.
        /// - Complexity: O(bytes).
        @discardableResult
        public mutating func append(
            path: UnsafeBufferPointer<UInt8>, titleStart: Int, keywords: UnsafeBufferPointer<UInt8>,
            separator: UInt8
        ) -> Bool {
            let recordStart = folded.count
            let sideStart = side.count
            guard folded.count + 4 * (path.count + keywords.count) + 64 < Int(UInt32.max) else { return false }
            let prefix = UnsafeBufferPointer(rebasing: path[..<titleStart])
            let title = UnsafeBufferPointer(rebasing: path[titleStart...])
            var span: TitleSpan
            var valid: Bool
            if folder.startsWithCombining(title) {
                // The title's first scalar may join the "/" before it, so the path folds as a whole and the title
                // on its own.
                valid = folder.append(path, to: &folded) && folder.append(title, to: &side)
                span = TitleSpan(start: UInt32(sideStart), end: UInt32(side.count), inSide: true)
            } else {
                valid = folder.append(prefix, to: &folded)
                let titleFolded = folded.count
                valid = valid && folder.append(title, to: &folded)
                span = TitleSpan(start: UInt32(titleFolded), end: UInt32(folded.count), inSide: false)
            }
            folded.append(0)
            var keywordStart = 0
            for index in 0...keywords.count where index == keywords.count || keywords[index] == separator {
                if index > keywordStart {
                    let keyword = UnsafeBufferPointer(rebasing: keywords[keywordStart..<index])
                    valid = valid && folder.append(keyword, to: &folded)
                    folded.append(0)
                }
                keywordStart = index + 1
            }
            guard valid else {
                folded.removeSubrange(recordStart...)
                side.removeSubrange(sideStart...)
                return false
            }
            starts.append(UInt32(folded.count))
            titles.append(span)
            return true
        }

        /// Adds one record given as strings.
        ///
        /// - Parameters:
        ///   - path: The full path, `Group/Sub/Title`.
        ///   - titleStart: Where the title starts in `path`.
        ///   - keywords: The keywords; none may contain NUL.
        public mutating func append(path: String, titleStart: String.Index, keywords: [String]) {
            var path = path
            let offset = path.utf8.distance(from: path.utf8.startIndex, to: titleStart)
            var joined = keywords.joined(separator: "\0")
            path.withUTF8 { pathBytes in
                joined.withUTF8 { keywordBytes in
                    _ = append(path: pathBytes, titleStart: offset, keywords: keywordBytes, separator: 0)
                }
            }
        }

        /// Sorts the records and returns the finished index.
        ///
        /// - Parameter tieBreak: Orders two records whose folded titles are equal (raw title, then full path).
        ///   Called from several threads.
        /// - Returns: The index.
        /// - Complexity: O(n log n) comparisons, split over the cores; most are decided by a 64-bit key.
        public consuming func build(tieBreak: @Sendable (UInt32, UInt32) -> Bool) -> SearchIndex {
            let order = Builder.sortedOrder(folded: folded, side: side, titles: titles, tieBreak: tieBreak)
            folded.shrinkOrKeep()
            return SearchIndex(folded: folded, starts: starts, order: order)
        }

        private struct Key: Sendable {
            var prefix: UInt64
            var record: UInt32
        }

        private static func sortedOrder(
            folded: [UInt8], side: [UInt8], titles: [TitleSpan], tieBreak: @Sendable (UInt32, UInt32) -> Bool
        ) -> [UInt32] {
            @Sendable func withTitle<R>(_ record: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
                let span = titles[Int(record)]
                let buffer = span.inSide ? side : folded
                return buffer.withUnsafeBufferPointer {
                    body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.end)]))
                }
            }
            @Sendable func less(_ a: Key, _ b: Key) -> Bool {
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let byTitle = withTitle(a.record) { x in withTitle(b.record) { y in NaturalOrder.compare(x, y) } }
                if byTitle != 0 { return byTitle < 0 }
                return tieBreak(a.record, b.record)
            }
            let keys = (0..<titles.count).map { record in
                Key(prefix: withTitle(UInt32(record), NaturalOrder.prefixKey), record: UInt32(record))
            }
            // Sort halves on separate cores, then merge.
            let pieces = keys.count < 50_000 ? 1 : 2
            let size = (keys.count + 1) / 2
            let sorted = Parallel.map(pieces) { piece in
                pieces == 1
                    ? keys.sorted(by: less)
                    : keys[min(keys.count, piece * size)..<min(keys.count, (piece + 1) * size)].sorted(by: less)
            }
            guard sorted.count == 2 else { return (sorted.first ?? []).map(\.record) }
            var merged: [UInt32] = []
            merged.reserveCapacity(keys.count)
            var i = 0
            var j = 0
            let left = sorted[0]
            let right = sorted[1]
            while i < left.count && j < right.count {
                if less(right[j], left[i]) {
                    merged.append(right[j].record)
                    j += 1
                } else {
                    merged.append(left[i].record)
                    i += 1
                }
            }
            merged.append(contentsOf: left[i...].lazy.map(\.record))
            merged.append(contentsOf: right[j...].lazy.map(\.record))
            return merged
        }
    }
}

extension Array where Element == UInt8 {
    /// Drops spare capacity when it exceeds an eighth of the contents, so a finished index holds what it uses.
    fileprivate mutating func shrinkOrKeep() {
        if capacity - count > count / 8 { self = Array(self) }
    }
}
