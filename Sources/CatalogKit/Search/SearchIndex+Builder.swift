extension SearchIndex {
    /// Builds a ``SearchIndex`` in one streaming pass: each record is folded straight into the contiguous buffer.
    package struct Builder: Sendable {
        private var folded: [UInt8] = []
        private var starts: [UInt32] = [0]
        /// The natural-order sort key of each record's folded title (see ``NaturalOrder``), used only to sort.
        private var keys: [UInt8] = []
        private var keyStarts: [UInt32] = [0]
        private var titleScratch: [UInt8] = []
        private var keyScratch: [UInt8] = []
        private var folder = Folder()

        /// The number of records added so far.
        package var count: Int { starts.count - 1 }

        /// Creates a builder.
        ///
        /// - Parameters:
        ///   - expectedBytes: The raw text size expected, to reserve the folded buffer once.
        ///   - expectedRecords: The number of records expected.
        package init(expectedBytes: Int = 0, expectedRecords: Int = 0) {
            folded.reserveCapacity(expectedBytes + expectedRecords)
            starts.reserveCapacity(expectedRecords + 1)
            keyStarts.reserveCapacity(expectedRecords + 1)
            keys.reserveCapacity(expectedBytes / 2)
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
        package mutating func append(
            path: UnsafeBufferPointer<UInt8>, titleStart: Int, keywords: UnsafeBufferPointer<UInt8>,
            separator: UInt8
        ) -> Bool {
            append(path: path, title: titleStart..<path.count, keywords: keywords, separator: separator)
        }

        /// Folds and adds one record whose title need not end the path (`a/b/`, read as shell tools print it).
        ///
        /// - Parameters:
        ///   - path: The raw UTF-8 full path.
        ///   - title: Where the title is in `path`; what follows it is only `/` and `.`.
        ///   - keywords: Raw UTF-8 keywords, separated by `separator`; empty keywords are skipped.
        ///   - separator: The byte between keywords.
        /// - Returns: `false`, adding nothing, when the text is not valid UTF-8 or exceeds the index's 4 GiB.
        /// - Complexity: O(bytes).
        @discardableResult
        mutating func append(
            path: UnsafeBufferPointer<UInt8>, title titleRange: Range<Int>, keywords: UnsafeBufferPointer<UInt8>,
            separator: UInt8
        ) -> Bool {
            let recordStart = folded.count
            guard folded.count + 4 * (path.count + keywords.count) + 64 < Int(UInt32.max) else { return false }
            let prefix = UnsafeBufferPointer(rebasing: path[..<titleRange.lowerBound])
            let title = UnsafeBufferPointer(rebasing: path[titleRange])
            let suffix = UnsafeBufferPointer(rebasing: path[titleRange.upperBound...])
            var valid: Bool
            var titleFolded = -1  // where the folded title starts in `folded`, or -1 when it is in `titleScratch`
            var titleEnd = 0
            if folder.startsWithCombining(title) {
                // The title's first scalar may join the "/" before it, so the path folds as a whole and the title
                // on its own.
                titleScratch.removeAll(keepingCapacity: true)
                valid = folder.append(path, to: &folded) && folder.append(title, to: &titleScratch)
            } else {
                valid = folder.append(prefix, to: &folded)
                titleFolded = folded.count
                valid = valid && folder.append(title, to: &folded)
                titleEnd = folded.count
                // Only "/" and "." follow the title, which fold to themselves.
                folded.append(contentsOf: suffix)
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
                return false
            }
            if titleFolded < 0 {
                titleScratch.withUnsafeBufferPointer { NaturalOrder.appendKey($0, to: &keys, scratch: &keyScratch) }
            } else {
                folded.withUnsafeBufferPointer { buffer in
                    NaturalOrder.appendKey(
                        UnsafeBufferPointer(rebasing: buffer[titleFolded..<titleEnd]), to: &keys, scratch: &keyScratch)
                }
            }
            starts.append(UInt32(folded.count))
            keyStarts.append(UInt32(keys.count))
            return true
        }

        /// Empties the builder, keeping its buffers and its folder's cache, to fold one record at a time.
        mutating func removeAll() {
            folded.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            starts.append(0)
            keys.removeAll(keepingCapacity: true)
            keyStarts.removeAll(keepingCapacity: true)
            keyStarts.append(0)
        }

        /// The folded text and the sort key of the records added so far, for a reader that folded one record
        /// here and copies it out.
        func withContents<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
            folded.withUnsafeBufferPointer { text in keys.withUnsafeBufferPointer { key in body(text, key) } }
        }

        /// Adds one record given as strings.
        ///
        /// - Parameters:
        ///   - path: The full path, `Group/Sub/Title`.
        ///   - titleStart: Where the title starts in `path`.
        ///   - keywords: The keywords; none may contain NUL.
        package mutating func append(path: String, titleStart: String.Index, keywords: [String]) {
            var path = path
            let offset = path.utf8.distance(from: path.utf8.startIndex, to: titleStart)
            var joined = keywords.joined(separator: "\0")
            path.withUTF8 { pathBytes in
                joined.withUTF8 { keywordBytes in
                    _ = append(path: pathBytes, titleStart: offset, keywords: keywordBytes, separator: 0)
                }
            }
        }

        /// Appends the records of another builder after this one's, as if they had been added here.
        ///
        /// - Parameter other: A builder, typically one that folded another part of the same file on another core.
        /// - Returns: `false`, adding nothing, when the result would exceed the index's 4 GiB.
        package mutating func append(contentsOf other: Builder) -> Bool {
            guard folded.count + other.folded.count < Int(UInt32.max), keys.count + other.keys.count < Int(UInt32.max)
            else { return false }
            let foldedBase = UInt32(folded.count)
            let keyBase = UInt32(keys.count)
            folded.append(contentsOf: other.folded)
            keys.append(contentsOf: other.keys)
            starts.append(contentsOf: other.starts.dropFirst().lazy.map { $0 + foldedBase })
            keyStarts.append(contentsOf: other.keyStarts.dropFirst().lazy.map { $0 + keyBase })
            return true
        }

        /// The finished index with its records searched in the order given, unsorted: a second index over other
        /// text of the same records (the fields `--nth` searches) keeps the first one's order.
        ///
        /// - Parameter order: Every record added, once each, in search order.
        package consuming func build(order: [UInt32]) -> SearchIndex {
            folded.shrinkOrKeep()
            return SearchIndex(folded: folded, starts: starts, order: order)
        }

        /// Sorts the records and returns the finished index.
        ///
        /// - Parameter tieBreak: Orders two records whose folded titles are equal (raw title, then full path).
        ///   Called from several threads.
        /// - Returns: The index.
        /// - Complexity: O(K + n) for K key bytes and n records, a radix sort on the cores (see ``KeySort``), plus
        ///   O(k log k) tie breaks for each run of k equal titles.
        package consuming func build(tieBreak: @escaping @Sendable (UInt32, UInt32) -> Bool) -> SearchIndex {
            let order = keys.withUnsafeBufferPointer { keys in
                keyStarts.withUnsafeBufferPointer { starts in
                    KeySort.order(keys: keys, starts: starts, tieBreak: tieBreak)
                }
            }
            keys = []
            keyStarts = []
            folded.shrinkOrKeep()
            return SearchIndex(folded: folded, starts: starts, order: order)
        }
    }
}

extension Array where Element == UInt8 {
    /// Drops spare capacity when it exceeds an eighth of the contents, so a finished index holds what it uses.
    fileprivate mutating func shrinkOrKeep() {
        if capacity - count > count / 8 { self = Array(self) }
    }
}
