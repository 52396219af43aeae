/// One record to sort, as a reader makes it while the record's title is in the cache: the first eight bytes of its
/// natural-order key (``NaturalOrder``), and where its folded title is, so the rest of the key can be made again
/// for the few records whose first eight bytes agree with another's. Sixteen bytes a record, where a key kept
/// whole took its length again.
struct SortItem: Sendable {
    /// Key bytes 0 ..< 8, big-endian, zero past the key's end.
    var chunk: UInt64
    var record: UInt32
    /// The folded title's offset in its record (high 16 bits) and its length (low 16 bits), or ``explicit`` when
    /// the key is kept whole instead (a title that starts with a combining mark, or one longer than 65,534 bytes).
    var title: UInt32

    static let explicit = UInt32.max

    /// The item of a record whose key is already written out (`encodedLength` bytes at `key`), for a writer that
    /// copies keys (``KeySort/KeyWriter/encoded``).
    @inline(__always)
    init(record: UInt32, key: UnsafePointer<UInt8>, keyLength: Int, encodedLength: Int) {
        self.init(record: record, key: key, keyLength: keyLength, titleOffset: 0, titleLength: 0)
        title = encodedLength < 0xFFFF ? UInt32(encodedLength) : SortItem.explicit
    }

    /// The item of a record whose folded title is at `offset` in it, `length` bytes long, and whose key starts
    /// with the bytes at `key` (`keyLength` of them).
    @inline(__always)
    init(record: UInt32, key: UnsafePointer<UInt8>, keyLength: Int, titleOffset: Int, titleLength: Int) {
        var chunk: UInt64 = 0
        if keyLength >= 8 {
            chunk = UInt64(bigEndian: UnsafeRawPointer(key).loadUnaligned(as: UInt64.self))
        } else {
            for index in 0..<keyLength { chunk |= UInt64(key[index]) << UInt64(56 - 8 * index) }
        }
        self.chunk = chunk
        self.record = record
        let fits = titleOffset < 0xFFFF && titleLength < 0xFFFF
        title = fits ? UInt32(titleOffset) << 16 | UInt32(titleLength) : SortItem.explicit
    }
}

extension RawBuffer where Element == SortItem {
    /// The items' records, in their order, with the items freed.
    ///
    /// The records are written over the front of the items (each at or before its own item, so nothing unread is
    /// overwritten), the rest of the items' pages are given back, and the records are copied out: a million items
    /// (15 MB) never stand beside the records' array (4 MB), as a `map` would have them.
    ///
    /// - Complexity: O(n).
    func takeRecords() -> [UInt32] {
        let count = self.count
        let raw = UnsafeMutableRawPointer(base)
        for index in 0..<count {
            raw.storeBytes(of: base[index].record, toByteOffset: 4 * index, as: UInt32.self)
        }
        storage.discardPages(bytes: 4 * count..<Int.max)
        let records = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: raw, count: 4 * count))
            initialized = count
        }
        release()
        return records
    }
}

extension KeySort {
    /// Sorts sort items in key order, in place (``RawBuffer/takeRecords()`` then takes their records).
    ///
    /// The items are split at sampled first chunks into ranges, two per piece of work (equal chunks always share
    /// a range), moved into their ranges in place, and each range is radix sorted on its chunks by whichever core
    /// is free, with a scratch buffer the size of the range. Each run of items whose chunks agree then has its keys made
    /// again whole, from the folded titles, and is sorted by ``order(keys:starts:tieBreak:)``'s method: only such
    /// runs ever hold whole keys, so the sort needs 16 bytes a record and a little more for its largest run, where
    /// holding every key and 64 bytes of items took several times that.
    ///
    /// - Parameters:
    ///   - items: The items, one per record, in any order; they are reordered.
    ///   - keys: Writes items' whole keys. Called from several threads.
    ///   - tieKeys: Writes keys in the tie break's order, for many records with equal keys. Called from several
    ///     threads.
    ///   - tieBreak: Orders two records whose keys are equal. Called from several threads.
    /// - Complexity: O(n · w) for n items and w radix passes, plus O(K) to make the keys of runs with equal first
    ///   chunks (K their bytes) and what ``order(keys:starts:tieBreak:)`` costs on them.
    static func order(
        items: UnsafeMutableBufferPointer<SortItem>, keys: KeyWriter, tieKeys: TieKeys? = nil,
        tieBreak: @escaping @Sendable (UInt32, UInt32) -> Bool
    ) {
        let count = items.count
        guard count > 1, let base = items.baseAddress else { return }
        nonisolated(unsafe) let all = base
        // Small ranges: a range's radix sort takes scratch space its own size, and only as many ranges sort at once
        // as there are cores, so a million items take 2 MB of it on two cores. (More ranges take less, but finding
        // each item's range then costs more than the memory is worth: 64 ranges took 50 ms more of a million.)
        let pieces = count < 50_000 ? 1 : 2 * Parallel.pieces
        // Range bounds from a sample of first chunks.
        let step = max(1, count / 4_096)
        let sample = stride(from: 0, to: count, by: step).map { all[$0].chunk }.sorted()
        let bounds = (1..<max(pieces, 1)).map { sample[sample.count * $0 / pieces] }
        /// The number of bounds at or below a chunk.
        @inline(__always) func range(of chunk: UInt64) -> Int {
            var range = 0
            while range < bounds.count && chunk >= bounds[range] { range += 1 }
            return range
        }
        // Move each item into its range in place: count, then swap each item into the next free place of its
        // range (the ranges fill from their starts).
        var sizes = [Int](repeating: 0, count: pieces)
        for index in 0..<count { sizes[range(of: all[index].chunk)] += 1 }
        var starts = [Int](repeating: 0, count: pieces + 1)
        for piece in 0..<pieces { starts[piece + 1] = starts[piece] + sizes[piece] }
        var next = Array(starts.dropLast())
        for piece in 0..<pieces {
            while next[piece] < starts[piece + 1] {
                var item = all[next[piece]]
                var target = range(of: item.chunk)
                while target != piece {
                    swap(&item, &all[next[target]])
                    next[target] += 1
                    target = range(of: item.chunk)
                }
                all[next[piece]] = item
                next[piece] += 1
            }
        }
        let ranges = (0..<pieces).map { starts[$0]..<starts[$0 + 1] }
        _ = Parallel.map(pieces) { piece -> Int in
            sortRange(all, ranges[piece], keys: keys, tieKeys: tieKeys, tieBreak: tieBreak)
            return 0
        }
    }

    /// How many records' text is fetched at once before it is read: enough loads to overlap, few enough that
    /// what they fetch stays in the cache until it is read.
    static let touchedAtOnce = 64

    /// Where the keys of items are made again: the folded titles they point into, and the keys kept whole.
    struct KeyWriter: @unchecked Sendable {
        let text: UnsafePointer<UInt8>
        let starts: UnsafePointer<UInt32>
        let explicit: [UInt32: [UInt8]]
        /// Whether `text` holds the keys themselves, each at its record's start, rather than folded titles.
        var encoded = false

        /// The most bytes an item's key takes.
        @inline(__always)
        func bound(_ item: SortItem) -> Int {
            item.title == SortItem.explicit
                ? explicit[item.record]?.count ?? 0
                : encoded ? Int(item.title & 0xFFFF) : NaturalOrder.maximumKeyLength(Int(item.title & 0xFFFF))
        }

        /// The first byte of an item's folded title (0 for a key kept whole): a load that brings its title into the
        /// cache.
        @inline(__always)
        func first(_ item: SortItem) -> UInt8 {
            guard item.title != SortItem.explicit else { return 0 }
            return text[Int(starts[Int(item.record)]) + Int(item.title >> 16)]
        }

        /// Writes an item's whole key, with room for ``bound(_:)`` bytes, and returns its length.
        @inline(__always)
        func write(_ item: SortItem, to out: UnsafeMutablePointer<UInt8>) -> Int {
            guard item.title != SortItem.explicit else {
                guard let key = explicit[item.record] else { return 0 }
                key.withUnsafeBufferPointer {
                    if let base = $0.baseAddress { out.update(from: base, count: key.count) }
                }
                return key.count
            }
            let start = Int(starts[Int(item.record)]) + Int(item.title >> 16)
            if encoded {
                out.update(from: text + start, count: Int(item.title & 0xFFFF))
                return Int(item.title & 0xFFFF)
            }
            return NaturalOrder.writeKey(text + start, count: Int(item.title & 0xFFFF), to: out)
        }
    }

    /// Sorts one range of items: a radix sort on their chunks, then each run of equal chunks by whole keys.
    private static func sortRange(
        _ items: UnsafeMutablePointer<SortItem>, _ range: Range<Int>, keys writer: KeyWriter, tieKeys: TieKeys?,
        tieBreak: @escaping (UInt32, UInt32) -> Bool
    ) {
        guard range.count > 1 else { return }
        let scratch = RawStorage<SortItem>(capacity: range.count)
        defer { scratch.deallocate() }
        radixSortChunks(items + range.lowerBound, range.count, scratch.base)
        var keys = RawStorage<UInt8>(capacity: 1 << 16)
        var keyStarts = RawStorage<UInt32>(capacity: 1 << 12)
        var records = RawStorage<UInt32>(capacity: 1 << 12)
        defer {
            keys.deallocate()
            keyStarts.deallocate()
            records.deallocate()
        }
        var lower = range.lowerBound
        while lower < range.upperBound {
            var upper = lower + 1
            while upper < range.upperBound && items[upper].chunk == items[lower].chunk { upper += 1 }
            if upper - lower > 1 {
                // The run's keys, made again whole, sorted as keys are.
                keys.count = 0
                keyStarts.count = 0
                keyStarts.append(0)
                records.count = 0
                // The run's titles are scattered through the text: touching a block of them first, in a loop of
                // independent loads, lets the memory fetch many at once, before their keys are written one by one.
                // A block, not the whole run: a run of 19,000 titles (a common first word) fetched at once is
                // evicted again before its keys are written.
                for block in stride(from: lower, to: upper, by: KeySort.touchedAtOnce) {
                    let end = min(block + KeySort.touchedAtOnce, upper)
                    var touched: UInt8 = 0
                    for index in block..<end { touched |= writer.first(items[index]) }
                    keys.reserve(1)
                    keys.base[keys.count] = touched
                    for index in block..<end {
                        let item = items[index]
                        records.append(item.record)
                        keys.reserve(writer.bound(item))
                        keys.count += writer.write(item, to: keys.base + keys.count)
                        keyStarts.append(UInt32(keys.count))
                    }
                }
                let local = records.base
                let order = KeySort.order(
                    keys: UnsafeBufferPointer(start: keys.base, count: keys.count),
                    starts: UnsafeBufferPointer(start: keyStarts.base, count: keyStarts.count), parallel: false,
                    tieKeys: tieKeys.map { outer in
                        TieKeys(
                            write: { outer.write(local[Int($0)], &$1) },
                            touch: outer.touch.map { touch in { touch(local[Int($0)]) } })
                    }
                ) { a, b in
                    tieBreak(local[Int(a)], local[Int(b)])
                }
                for (offset, position) in order.enumerated() { items[lower + offset].record = local[Int(position)] }
            }
            lower = upper
        }
    }

    /// Sorts items by chunk, least significant digit first, 11 bits a pass, skipping digits in which no two
    /// chunks differ.
    private static func radixSortChunks(
        _ items: UnsafeMutablePointer<SortItem>, _ count: Int, _ scratch: UnsafeMutablePointer<SortItem>
    ) {
        guard count > 1 else { return }
        var all: UInt64 = ~0
        var any: UInt64 = 0
        for index in 0..<count {
            all &= items[index].chunk
            any |= items[index].chunk
        }
        let differing = all ^ any
        guard differing != 0 else { return }
        var histogram = [Int](repeating: 0, count: 2_048)
        var source = items
        var target = scratch
        var shift: UInt64 = 0
        while shift < 64 {
            defer { shift += 11 }
            if (differing >> shift) & 2_047 == 0 { continue }
            histogram.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                for index in 0..<count { counts[Int((source[index].chunk >> shift) & 2_047)] += 1 }
                var running = 0
                for bucket in 0..<2_048 {
                    let size = counts[bucket]
                    counts[bucket] = running
                    running += size
                }
                for index in 0..<count {
                    let item = source[index]
                    let bucket = Int((item.chunk >> shift) & 2_047)
                    target[counts[bucket]] = item
                    counts[bucket] += 1
                }
            }
            swap(&source, &target)
        }
        if source != items { items.update(from: source, count: count) }
    }
}
