/// The paths of one part of a catalog file, hashed as they are read, for finding duplicate lines without sorting
/// the lines or probing a large table at random.
///
/// Reading only appends (hash, start, length, line) to flat arrays. ``firstDuplicate(in:_:lineOffsets:)`` then
/// scatters every path of every part into 256 partitions by the top byte of its hash, and finds equal paths in each
/// partition with a small hash table that fits in cache, the partitions split over the cores.
struct PathSet: Sendable {
    private(set) var hashes: [UInt64] = []
    private(set) var starts: [UInt32] = []
    private(set) var lengths: [UInt32] = []
    private(set) var lines: [UInt32] = []

    init(expected: Int) {
        hashes.reserveCapacity(expected)
        starts.reserveCapacity(expected)
        lengths.reserveCapacity(expected)
        lines.reserveCapacity(expected)
    }

    /// Records a path.
    ///
    /// - Parameters:
    ///   - text: The whole file.
    ///   - range: The path's bytes.
    ///   - line: Its line number within the part.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) {
        hashes.append(PathSet.hash(text, range))
        starts.append(UInt32(range.lowerBound))
        lengths.append(UInt32(range.count))
        lines.append(UInt32(line))
    }

    /// A path of some part: the part's number and the path's index in it, packed.
    private struct Reference: Sendable {
        var hash: UInt64
        var part: UInt32
        var index: UInt32
    }

    /// Finds the first line (in file order) whose path an earlier line already has.
    ///
    /// - Parameters:
    ///   - parts: The parts of the file, in order.
    ///   - text: The whole file.
    ///   - lineOffsets: The number of lines before each part.
    /// - Returns: The repeating line and the line it repeats, both 1-based in the whole file, or `nil`.
    /// - Complexity: O(n) expected for n paths.
    static func firstDuplicate(
        in parts: [PathSet], _ text: UnsafeBufferPointer<UInt8>, lineOffsets: [Int]
    ) -> (line: Int, earlier: Int)? {
        var counts = [Int](repeating: 0, count: 257)
        for part in parts { for hash in part.hashes { counts[Int(hash >> 56) + 1] += 1 } }
        for bucket in 1...256 { counts[bucket] += counts[bucket - 1] }
        var next = counts
        var references = [Reference](repeating: Reference(hash: 0, part: 0, index: 0), count: counts[256])
        for (number, part) in parts.enumerated() {
            for (index, hash) in part.hashes.enumerated() {
                let bucket = Int(hash >> 56)
                references[next[bucket]] = Reference(hash: hash, part: UInt32(number), index: UInt32(index))
                next[bucket] += 1
            }
        }
        nonisolated(unsafe) let text = text
        @Sendable func line(of reference: Reference) -> Int {
            lineOffsets[Int(reference.part)] + Int(parts[Int(reference.part)].lines[Int(reference.index)])
        }
        let bounds = counts
        let partitioned = references
        let found = Parallel.map(Parallel.width) { worker -> (line: Int, earlier: Int)? in
            var best: (line: Int, earlier: Int)?
            var table: [Int32] = []
            for bucket in stride(from: worker, to: 256, by: Parallel.width) {
                // A small open-addressing table per partition; it fits in cache, so probing is cheap.
                let slice = partitioned[bounds[bucket]..<bounds[bucket + 1]]
                var size = 16
                while size < slice.count * 2 { size *= 2 }
                table.removeAll(keepingCapacity: true)
                table.append(contentsOf: repeatElement(-1, count: size))
                let mask = size - 1
                // References are in file order within a partition, so the first repeat found here is this
                // partition's earliest, and what it repeats is the path's first line: nothing after it matters.
                scan: for position in slice.indices {
                    let reference = slice[position]
                    var slot = Int(truncatingIfNeeded: reference.hash) & mask
                    while table[slot] >= 0 {
                        let other = slice[slice.startIndex + Int(table[slot])]
                        if other.hash == reference.hash && same(other, reference, parts, text) {
                            let pair = (line: line(of: reference), earlier: line(of: other))
                            if best.map({ pair.line < $0.line }) ?? true { best = pair }
                            break scan
                        }
                        slot = (slot + 1) & mask
                    }
                    table[slot] = Int32(position - slice.startIndex)
                }
            }
            return best
        }
        return found.compactMap { $0 }.min { $0.line < $1.line || ($0.line == $1.line && $0.earlier < $1.earlier) }
    }

    private static func same(_ a: Reference, _ b: Reference, _ parts: [PathSet], _ text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let x = parts[Int(a.part)]
        let y = parts[Int(b.part)]
        let length = Int(x.lengths[Int(a.index)])
        guard length == Int(y.lengths[Int(b.index)]) else { return false }
        let p = Int(x.starts[Int(a.index)])
        let q = Int(y.starts[Int(b.index)])
        return text[p..<p + length].elementsEqual(text[q..<q + length])
    }

    /// A fast 64-bit hash of bytes, eight at a time.
    static func hash(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
        var index = range.lowerBound
        if let base = text.baseAddress {
            while index + 8 <= range.upperBound {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
        }
        var tail: UInt64 = 0
        while index < range.upperBound {
            tail = tail << 8 | UInt64(text[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        hash = hash &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
