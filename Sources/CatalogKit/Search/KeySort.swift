#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sorts records by their natural-order keys (see ``NaturalOrder``): a radix sort on eight key bytes at a time.
///
/// Each record's first 24 key bytes are loaded once, in record order, into a 32-byte item with the record number,
/// and the items are sorted by their first eight bytes as one 64-bit number, with a least-significant-digit radix
/// sort. Runs of items whose eight bytes agree are then ordered by how much key is left, and those that go on are
/// sorted again on their next eight bytes, which the items already hold: only keys that agree for 24 bytes read
/// the key buffer again, at random. Keys that are equal to the end fall to the caller's tie break. So each key
/// byte is read about once, and no comparison walks two keys from their start.
///
/// The items are first split at sampled boundaries into one range per core, so both halves sort at once.
enum KeySort {
    fileprivate struct Item {
        /// Key bytes `depth ..< depth + 8`, big-endian, zero past the key's end: what the items sort on now.
        var chunk: UInt64
        /// Key bytes 8 ..< 16 and 16 ..< 24, kept for the next two depths.
        var second: UInt64
        var third: UInt64
        var record: UInt32
        /// The key's length in bytes.
        var length: UInt32

        /// How many key bytes are left from `depth`, at most 9 (more than the chunk holds).
        @inline(__always)
        func remaining(at depth: Int) -> Int { max(0, min(Int(length) - depth, 9)) }
    }

    /// The records in key order.
    ///
    /// - Parameters:
    ///   - keys: The keys of all records, back to back.
    ///   - starts: Where each record's key starts, and one past the last key's end.
    ///   - parallel: Whether to split the work over the cores (a caller already on a core of its own says no).
    ///   - tieKeys: Writes keys whose byte order is `tieBreak`'s, so that many records with equal keys are sorted
    ///     by their tie keys as keys are, not by pairwise comparisons.
    ///   - tieBreak: Orders two records whose keys are equal. Called from several threads when `parallel`.
    /// - Returns: Record numbers, sorted.
    /// - Complexity: O(K + n · w) for K key bytes read and w radix passes per run (at most 6); O(k log k) tie-break
    ///   calls for a run of k equal keys.
    static func order(
        keys: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, parallel: Bool = true,
        tieKeys: TieKeys? = nil, tieBreak: @escaping (UInt32, UInt32) -> Bool
    ) -> [UInt32] {
        let count = starts.count - 1
        guard count > 1 else { return (0..<UInt32(max(count, 0))).map { $0 } }
        nonisolated(unsafe) let keys = keys
        nonisolated(unsafe) let starts = starts
        nonisolated(unsafe) let tieBreak = tieBreak
        let items = RawBuffer<Item>(capacity: count)
        let scratch = RawBuffer<Item>(capacity: count)
        let pieces = count < 50_000 || !parallel ? 1 : Parallel.pieces
        // Ranges of the sorted order, cut at sampled first chunks (equal chunks always share a range), so each
        // range sorts on its own core.
        let step = max(1, count / 4_096)
        let sample = stride(from: 0, to: count, by: step).map { record in
            chunk(keys, Int(starts[record]), Int(starts[record + 1] - starts[record]))
        }.sorted()
        let bounds = (1..<max(pieces, 1)).map { sample[sample.count * $0 / pieces] }
        @Sendable @inline(__always) func range(of chunk: UInt64) -> Int {
            var range = 0
            while range < bounds.count && chunk >= bounds[range] { range += 1 }
            return range
        }
        // Load each key's first 24 bytes, in record order, and count the items of each range, a piece per core.
        let counts = Parallel.map(pieces) { piece -> [Int] in
            var counts = [Int](repeating: 0, count: pieces)
            for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                let made = item(UInt32(record), keys, starts)
                items.base[record] = made
                counts[range(of: made.chunk)] += 1
            }
            return counts
        }
        // Move each piece's items into their ranges, in parallel, then sort the ranges.
        var firstSlots = Array(repeating: [Int](repeating: 0, count: pieces), count: pieces)
        var ranges: [Range<Int>] = []
        var running = 0
        for target in 0..<pieces {
            let lower = running
            for piece in 0..<pieces {
                firstSlots[piece][target] = running
                running += counts[piece][target]
            }
            ranges.append(lower..<running)
        }
        let slots = firstSlots
        _ = Parallel.map(pieces) { piece in
            var next = slots[piece]
            for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                let made = items.base[record]
                let target = range(of: made.chunk)
                scratch.base[next[target]] = made
                next[target] += 1
            }
            return 0
        }
        let sortedRanges = ranges
        _ = Parallel.map(pieces) { piece in
            sort(scratch.base, items.base, sortedRanges[piece], keys, starts, tieKeys, tieBreak)
            return 0
        }
        return (0..<count).map { scratch.base[$0].record }
    }

    /// The item of a record at depth 0: its first 24 key bytes.
    @inline(__always)
    private static func item(
        _ record: UInt32, _ keys: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>
    ) -> Item {
        let start = Int(starts[Int(record)])
        let length = Int(starts[Int(record) + 1]) - start
        return Item(
            chunk: chunk(keys, start, length), second: chunk(keys, start + 8, length - 8),
            third: chunk(keys, start + 16, length - 16), record: record, length: UInt32(length))
    }

    /// Eight key bytes from `start`, of which `available` exist, big-endian and zero-padded.
    @inline(__always)
    private static func chunk(_ keys: UnsafeBufferPointer<UInt8>, _ start: Int, _ available: Int) -> UInt64 {
        if available >= 8, let base = keys.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        }
        var chunk: UInt64 = 0
        var shift: UInt64 = 56
        for index in start..<start + max(available, 0) {
            chunk |= UInt64(keys[index]) << shift
            shift &-= 8
        }
        return chunk
    }

    /// Moves an item to a deeper eight bytes of its key: from the item for its first 24 bytes, and from the key
    /// buffer, at random, only past them (for keys that agree with another key for 24 bytes).
    @inline(__always)
    private static func deeper(
        _ item: inout Item, to depth: Int, _ keys: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>
    ) {
        switch depth {
        case 8: item.chunk = item.second
        case 16: item.chunk = item.third
        default: item.chunk = chunk(keys, Int(starts[Int(item.record)]) + depth, Int(item.length) - depth)
        }
    }

    /// Sorts one range completely, without recursion: a stack holds the runs still to sort deeper.
    private static func sort(
        _ items: UnsafeMutablePointer<Item>, _ scratch: UnsafeMutablePointer<Item>, _ range: Range<Int>,
        _ keys: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>, _ tieKeys: TieKeys?,
        _ tieBreak: (UInt32, UInt32) -> Bool
    ) {
        @inline(__always) func view(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Item> {
            UnsafeMutableBufferPointer(start: items + range.lowerBound, count: range.count)
        }
        var counts = [Int](repeating: 0, count: 2_048)
        var stack: [(range: Range<Int>, depth: Int)] = [(range, 0)]
        while let (range, depth) = stack.popLast() {
            var run = view(range)
            if depth > 0 {
                for index in run.indices { deeper(&run[index], to: depth, keys, starts) }
            }
            if run.count <= 16 || depth >= 512 {
                // Few items, or keys that agree for hundreds of bytes: compare whole keys from here.
                run.sort { a, b in
                    let byKey = compare(a.record, b.record, from: depth, keys, starts)
                    return byKey != 0 ? byKey < 0 : tieBreak(a.record, b.record)
                }
                continue
            }
            counts.withUnsafeMutableBufferPointer { radixSort(run, scratch + range.lowerBound, $0) }
            var lower = range.lowerBound
            while lower < range.upperBound {
                var upper = lower + 1
                var mixed = false
                while upper < range.upperBound && items[upper].chunk == items[lower].chunk {
                    mixed = mixed || items[upper].remaining(at: depth) != items[lower].remaining(at: depth)
                    upper += 1
                }
                if upper - lower > 1 {
                    // Keys that end within these eight bytes come first, shortest first.
                    if mixed { view(lower..<upper).sortByRemaining(at: depth) }
                    var first = lower
                    while first < upper {
                        var last = first + 1
                        let remaining = items[first].remaining(at: depth)
                        while last < upper && items[last].remaining(at: depth) == remaining { last += 1 }
                        if last - first > 1 {
                            if remaining > 8 {
                                stack.append((first..<last, depth + 8))
                            } else {
                                var equal = view(first..<last)
                                if let tieKeys, equal.count > 8 {
                                    sortEqual(equal, tieKeys, tieBreak)
                                } else {
                                    tieKeys?.prefetch(equal)
                                    equal.sort { tieBreak($0.record, $1.record) }
                                }
                            }
                        }
                        first = last
                    }
                }
                lower = upper
            }
        }
    }

    /// Writes the tie keys of records: byte strings in the order of the caller's tie break.
    struct TieKeys: @unchecked Sendable {
        let write: (UInt32, inout [UInt8]) -> Void
        /// Loads the text a record's tie key is made of and returns a byte of it: a run's records are touched
        /// first, in a loop of independent loads, so the memory fetches their scattered text at once, before the
        /// keys are written (or compared) one by one. `nil` when there is nothing to fetch.
        var touch: ((UInt32) -> UInt8)? = nil

        /// Brings the tie-key text of a run of records into the cache.
        ///
        /// - Complexity: O(k) independent loads for k records.
        @inline(__always)
        fileprivate func prefetch(_ run: UnsafeMutableBufferPointer<Item>) {
            guard let touch else { return }
            // The caller's closure must load the byte to return it, so the loads happen though it is dropped.
            for item in run { _ = touch(item.record) }
        }
    }

    /// Sorts records whose keys are equal by their tie keys, sorted as keys are; equal tie keys fall to the tie
    /// break.
    private static func sortEqual(
        _ equal: UnsafeMutableBufferPointer<Item>, _ tieKeys: TieKeys, _ tieBreak: (UInt32, UInt32) -> Bool
    ) {
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]
        starts.reserveCapacity(equal.count + 1)
        // Fetched a block at a time, as a run's keys are (``touchedAtOnce``): ten thousand files named alike
        // (`__init__.py`) fetched at once are evicted before their keys are written.
        for block in stride(from: 0, to: equal.count, by: touchedAtOnce) {
            let run = UnsafeMutableBufferPointer(rebasing: equal[block..<min(block + touchedAtOnce, equal.count)])
            tieKeys.prefetch(run)
            for item in run {
                tieKeys.write(item.record, &bytes)
                starts.append(UInt32(bytes.count))
            }
        }
        let records = equal.map(\.record)
        let order = withoutActuallyEscaping(tieBreak) { tieBreak in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    KeySort.order(keys: bytes, starts: starts, parallel: false) { a, b in
                        tieBreak(records[Int(a)], records[Int(b)])
                    }
                }
            }
        }
        for (offset, position) in order.enumerated() { equal[offset].record = records[Int(position)] }
    }

    /// Compares two keys from byte `depth` on: bytes, then the shorter first.
    private static func compare(
        _ a: UInt32, _ b: UInt32, from depth: Int, _ keys: UnsafeBufferPointer<UInt8>,
        _ starts: UnsafeBufferPointer<UInt32>
    ) -> Int {
        let x = UnsafeBufferPointer(rebasing: keys[Int(starts[Int(a)]) + depth..<Int(starts[Int(a) + 1])])
        let y = UnsafeBufferPointer(rebasing: keys[Int(starts[Int(b)]) + depth..<Int(starts[Int(b) + 1])])
        return NaturalOrder.compare(x, y)
    }

    /// Sorts items by chunk, least significant digit first: 11-bit digits for long runs, 8-bit ones for short
    /// runs, and only the digits in which some chunks differ (the rest would leave the order as it is).
    ///
    /// - Parameter counts: Room for 2,048 counters.
    private static func radixSort(
        _ run: UnsafeMutableBufferPointer<Item>, _ scratch: UnsafeMutablePointer<Item>,
        _ counts: UnsafeMutableBufferPointer<Int>
    ) {
        let count = run.count
        guard let items = run.baseAddress, let histograms = counts.baseAddress else { return }
        var all: UInt64 = ~0
        var any: UInt64 = 0
        for index in 0..<count {
            all &= items[index].chunk
            any |= items[index].chunk
        }
        let differing = all ^ any
        guard differing != 0 else { return }
        let width: UInt64 = count >= 1 << 16 ? 11 : 8
        let radix = 1 << Int(width)
        let mask = UInt64(radix - 1)
        var source = items
        var target = scratch
        var shift: UInt64 = 0
        while shift < 64 {
            defer { shift += width }
            if (differing >> shift) & mask == 0 { continue }
            histograms.initialize(repeating: 0, count: radix)
            for index in 0..<count { histograms[Int((source[index].chunk >> shift) & mask)] += 1 }
            var running = 0
            for bucket in 0..<radix {
                let size = histograms[bucket]
                histograms[bucket] = running
                running += size
            }
            for index in 0..<count {
                let item = source[index]
                let bucket = Int((item.chunk >> shift) & mask)
                target[histograms[bucket]] = item
                histograms[bucket] += 1
            }
            swap(&source, &target)
        }
        if source != items { items.update(from: source, count: count) }
    }
}

extension KeySort {
    /// Sorts 64-bit numbers ascending: a least-significant-digit radix sort on 11-bit digits that skips the digits
    /// in which no two numbers differ (so numbers that fit in 32 bits take at most three passes).
    ///
    /// - Complexity: O(n · w) for w differing digits, at most 6.
    static func sortNumbers(_ values: inout [UInt64]) {
        let count = values.count
        guard count > 64 else { return values.sort() }
        var all: UInt64 = ~0
        var any: UInt64 = 0
        for value in values {
            all &= value
            any |= value
        }
        let differing = all ^ any
        var scratch = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 2_048)
        var shift: UInt64 = 0
        while shift < 64 {
            defer { shift += 11 }
            if (differing >> shift) & 2_047 == 0 { continue }
            values.withUnsafeMutableBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        counts.update(repeating: 0)
                        for value in source { counts[Int((value >> shift) & 2_047)] += 1 }
                        var running = 0
                        for bucket in 0..<2_048 {
                            let size = counts[bucket]
                            counts[bucket] = running
                            running += size
                        }
                        for value in source {
                            let bucket = Int((value >> shift) & 2_047)
                            target[counts[bucket]] = value
                            counts[bucket] += 1
                        }
                    }
                }
            }
            swap(&values, &scratch)
        }
    }
}

extension UnsafeMutableBufferPointer where Element == KeySort.Item {
    /// Orders items by how much key they have left at `depth` (0 to 9), keeping the order within each count.
    fileprivate func sortByRemaining(at depth: Int) {
        var buckets = Array(repeating: [KeySort.Item](), count: 10)
        for item in self { buckets[item.remaining(at: depth)].append(item) }
        var position = startIndex
        for bucket in buckets {
            for item in bucket {
                self[position] = item
                position += 1
            }
        }
    }
}
