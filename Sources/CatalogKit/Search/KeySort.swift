#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sorts records by their natural-order keys (see ``NaturalOrder``): a radix sort on eight key bytes at a time.
///
/// Each record's next eight key bytes are loaded once into a 16-byte item with the record number, and the items
/// are sorted by those bytes as one 64-bit number, with a least-significant-digit radix sort for large runs.
/// Runs of items whose eight bytes agree are then ordered by how much key is left, and those that go on are sorted
/// again on their next eight bytes; keys that are equal to the end fall to the caller's tie break. So each key
/// byte is read about once, and no comparison walks two keys from their start.
///
/// The items are first split at sampled boundaries into one range per core, so both halves sort at once.
enum KeySort {
    private struct Item {
        /// Key bytes `depth ..< depth + 8`, big-endian, zero past the key's end.
        var chunk: UInt64
        var record: UInt32
        /// How many key bytes are left from `depth`, at most 9 (more than the chunk holds).
        var remaining: UInt32
    }

    /// The records in key order.
    ///
    /// - Parameters:
    ///   - keys: The keys of all records, back to back.
    ///   - starts: Where each record's key starts, and one past the last key's end.
    ///   - tieBreak: Orders two records whose keys are equal. Called from several threads.
    /// - Returns: Record numbers, sorted.
    /// - Complexity: O(K + n · w) for K key bytes read and w radix passes per run (at most 6); O(k log k) tie-break
    ///   calls for a run of k equal keys.
    static func order(
        keys: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>,
        tieBreak: @escaping @Sendable (UInt32, UInt32) -> Bool
    ) -> [UInt32] {
        let count = starts.count - 1
        guard count > 1 else { return (0..<UInt32(max(count, 0))).map { $0 } }
        nonisolated(unsafe) let keys = keys
        nonisolated(unsafe) let starts = starts
        let items = RawBuffer<Item>(capacity: count)
        let scratch = RawBuffer<Item>(capacity: count)
        let pieces = count < 50_000 ? 1 : Parallel.width
        // Load the first chunk of every key, in record order, on every core.
        _ = Parallel.map(pieces) { piece in
            for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                items.base[record] = item(UInt32(record), depth: 0, keys, starts)
            }
            return 0
        }
        let ranges = split(items.base, scratch.base, count: count, into: pieces)
        _ = Parallel.map(ranges.count) { piece in
            sort(items.base, scratch.base, ranges[piece], keys, starts, tieBreak)
            return 0
        }
        return (0..<count).map { items.base[$0].record }
    }

    @inline(__always)
    private static func item(
        _ record: UInt32, depth: Int, _ keys: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>
    ) -> Item {
        let start = Int(starts[Int(record)]) + depth
        let end = Int(starts[Int(record) + 1])
        var chunk: UInt64 = 0
        let available = end - start
        if available >= 8, let base = keys.baseAddress {
            chunk = UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        } else if available > 0 {
            var shift: UInt64 = 56
            for index in start..<end {
                chunk |= UInt64(keys[index]) << shift
                shift &-= 8
            }
        }
        return Item(chunk: chunk, record: record, remaining: UInt32(max(0, min(available, 9))))
    }

    /// Moves the items into `pieces` consecutive ranges by sampled chunk boundaries (equal chunks always share a
    /// range), so each range sorts on its own.
    private static func split(
        _ items: UnsafeMutablePointer<Item>, _ scratch: UnsafeMutablePointer<Item>, count: Int, into pieces: Int
    ) -> [Range<Int>] {
        guard pieces > 1 else { return [0..<count] }
        let step = max(1, count / 4_096)
        let sample = stride(from: 0, to: count, by: step).map { items[$0].chunk }.sorted()
        let bounds = (1..<pieces).map { sample[sample.count * $0 / pieces] }
        @inline(__always) func piece(_ chunk: UInt64) -> Int {
            var piece = 0
            while piece < bounds.count && chunk >= bounds[piece] { piece += 1 }
            return piece
        }
        var counts = [Int](repeating: 0, count: pieces)
        for index in 0..<count { counts[piece(items[index].chunk)] += 1 }
        var next = [Int](repeating: 0, count: pieces)
        for index in 1..<pieces { next[index] = next[index - 1] + counts[index - 1] }
        let ranges = (0..<pieces).map { next[$0]..<next[$0] + counts[$0] }
        for index in 0..<count {
            let target = piece(items[index].chunk)
            scratch[next[target]] = items[index]
            next[target] += 1
        }
        items.update(from: scratch, count: count)
        return ranges
    }

    /// Sorts one range completely, without recursion: a stack holds the runs still to sort deeper.
    private static func sort(
        _ items: UnsafeMutablePointer<Item>, _ scratch: UnsafeMutablePointer<Item>, _ range: Range<Int>,
        _ keys: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>,
        _ tieBreak: (UInt32, UInt32) -> Bool
    ) {
        @inline(__always) func view(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Item> {
            UnsafeMutableBufferPointer(start: items + range.lowerBound, count: range.count)
        }
        var stack: [(range: Range<Int>, depth: Int)] = [(range, 0)]
        while let (range, depth) = stack.popLast() {
            var run = view(range)
            if depth > 0 {
                for index in run.indices { run[index] = item(run[index].record, depth: depth, keys, starts) }
            }
            if run.count <= 16 || depth >= 512 {
                // Few items, or keys that agree for hundreds of bytes: compare whole keys from here.
                run.sort { a, b in
                    let byKey = compare(a.record, b.record, from: depth, keys, starts)
                    return byKey != 0 ? byKey < 0 : tieBreak(a.record, b.record)
                }
                continue
            }
            if run.count >= 2_048 {
                radixSort(run, scratch + range.lowerBound)
            } else {
                run.sort { $0.chunk < $1.chunk }
            }
            var lower = range.lowerBound
            while lower < range.upperBound {
                var upper = lower + 1
                while upper < range.upperBound && items[upper].chunk == items[lower].chunk { upper += 1 }
                if upper - lower > 1 {
                    var same = view(lower..<upper)
                    same.sort { $0.remaining < $1.remaining }
                    var first = lower
                    while first < upper {
                        var last = first + 1
                        while last < upper && items[last].remaining == items[first].remaining { last += 1 }
                        if last - first > 1 {
                            if items[first].remaining > 8 {
                                stack.append((first..<last, depth + 8))
                            } else {
                                var equal = view(first..<last)
                                equal.sort { tieBreak($0.record, $1.record) }
                            }
                        }
                        first = last
                    }
                }
                lower = upper
            }
        }
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

    /// Sorts items by chunk: least significant 11 bits first, six passes, skipping a pass whose digit is the same
    /// for every item.
    private static func radixSort(_ run: UnsafeMutableBufferPointer<Item>, _ scratch: UnsafeMutablePointer<Item>) {
        let count = run.count
        guard let items = run.baseAddress else { return }
        let digits = 6
        let radix = 2_048
        var counts = [Int](repeating: 0, count: digits * radix)
        counts.withUnsafeMutableBufferPointer { counts in
            for index in 0..<count {
                let chunk = items[index].chunk
                for digit in 0..<digits { counts[digit * radix + Int((chunk >> UInt64(11 * digit)) & 2_047)] += 1 }
            }
            var source = items
            var target = scratch
            for digit in 0..<digits {
                let shift = UInt64(11 * digit)
                guard let histogram = counts.baseAddress.map({ $0 + digit * radix }) else { return }
                if histogram[Int((source[0].chunk >> shift) & 2_047)] == count { continue }
                var running = 0
                for bucket in 0..<radix {
                    let size = histogram[bucket]
                    histogram[bucket] = running
                    running += size
                }
                for index in 0..<count {
                    let item = source[index]
                    let bucket = Int((item.chunk >> shift) & 2_047)
                    target[histogram[bucket]] = item
                    histogram[bucket] += 1
                }
                swap(&source, &target)
            }
            if source != items { items.update(from: source, count: count) }
        }
    }
}
