/// The bounds of a file's entries, from pieces read one bound an entry (``Piece/boundsPerEntry``).
extension CatalogFile {
    /// The records, numbered in the whole file, whose line the next record's does not follow at once, as a bit
    /// each (``EntryTable/breaks``): those each piece found, and the last of a piece when the next piece's first
    /// line does not start where its line ended. Empty when there are none. The pieces' lists are freed.
    static func lineBreaks(_ pieces: [Piece]) -> [UInt64] {
        let total = pieces.reduce(0) { $0 + $1.bounds.count }
        var bits: [UInt64] = []
        func mark(_ record: Int) {
            if bits.isEmpty { bits = [UInt64](repeating: 0, count: (total + 63) / 64) }
            bits[record >> 6] |= 1 << UInt64(record & 63)
        }
        var base = 0
        var last: (record: Int, next: Int)?
        for piece in pieces {
            let count = piece.bounds.count
            guard count > 0 else { continue }
            if let last, Int(piece.bounds.base[0]) != last.next { mark(last.record) }
            for index in 0..<piece.breaks.count { mark(base + Int(piece.breaks.base[index])) }
            piece.breaks.release()
            last = (base + count - 1, piece.lastNext)
            base += count
        }
        return bits
    }

    /// The three bounds of every record, from pieces read one bound a record: a line without keywords ends where
    /// its path does, at its LF as the reader found it, and the others say where.
    ///
    /// - Complexity: O(n + B) for n records of B bytes.
    static func threeBounds(_ pieces: [Piece], file: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var bounds: [UInt32] = []
        bounds.reserveCapacity(3 * pieces.reduce(0) { $0 + $1.bounds.count })
        for piece in pieces {
            let text = file.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            let keywords = piece.keywordBounds
            var next = 0
            for record in 0..<piece.bounds.count {
                bounds.append(piece.bounds.base[record])
                if next < keywords.count && Int(keywords.base[next]) == record {
                    bounds.append(keywords.base[next + 1])
                    bounds.append(keywords.base[next + 2])
                    next += 3
                } else {
                    // The line ends at its LF, less a CR before it, as the reader split it.
                    let start = Int(piece.bounds.base[record])
                    let lineFeed = EntryTable.PathRanges.lineFeed(in: text, count: file.count, from: start)
                    let end = EntryTable.PathRanges.lineEnd(start, lineFeed: lineFeed, in: text)
                    bounds.append(UInt32(end))
                    bounds.append(UInt32(end))
                }
            }
            piece.bounds.release()
            keywords.release()
        }
        return bounds
    }

    /// The lines of a list as they were read, for entries whose path was rewritten to be read: the line of each
    /// entry, byte for byte, is what a picker prints.
    struct SourceLines: Sendable {
        /// The input as read.
        let raw: [UInt8]
        /// Where each rewritten entry's path starts in the rewritten text, ascending.
        let starts: [UInt32]
        /// Where each rewritten entry's line starts in `raw`, where its path ends, and where the line ends (after
        /// its keywords), three offsets an entry.
        let ranges: [UInt32]

        /// The range in `raw` of the line of the entry whose rewritten path starts at `pathStart`, keywords and all
        /// when `whole`.
        ///
        /// - Complexity: O(log n) in the number of entries.
        func range(ofPathAt pathStart: UInt32, whole: Bool = false) -> Range<Int> {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < pathStart { low = middle + 1 } else { high = middle }
            }
            let entry = min(low, starts.count - 1)
            return Int(ranges[3 * entry])..<Int(ranges[3 * entry + (whole ? 2 : 1)])
        }
    }
}
