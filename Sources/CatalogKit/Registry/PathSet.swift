/// The paths of one piece of a catalog file, hashed as the lines are split, for finding duplicate lines without
/// sorting the lines or probing a large table at random.
///
/// Reading only appends each path's 32-bit hash, and where its line starts unless the piece's bounds say it.
/// ``repeats(in:pathAt:finding:)`` then scatters
/// every path of every piece into partitions by the top bits of its hash (each piece on its own core, in file
/// order), and finds equal paths in each partition with a small hash table that fits in the first-level cache,
/// the partitions split over the cores. Paths are compared byte for byte only when their hashes agree.
struct PathSet: Sendable {
    /// The ``shortHash(_:count:)`` of each path: 4 bytes a line. Paths are compared whole when two agree, which
    /// for distinct paths happens about n² / 2³³ times (a hundred times in a million lines).
    let hashes: RawBuffer<UInt32>
    /// Where each path's line starts: every `spacing`-th value from the first.
    private let offsets: RawBuffer<UInt32>
    private let spacing: Int
    /// Whether the offsets are this set's own, freed with it, rather than the piece's bounds.
    private let ownsOffsets: Bool

    /// The paths a reader recorded: the hash of each path's canonical form (``ShellPath``), and where its line
    /// starts in the file.
    ///
    /// - Parameters:
    ///   - offsets: The line starts, one a path; or, read where every line is kept, the piece's bounds, whose first
    ///     of every `stride` values is the line's start: a million lines then hold no second copy (4 MB).
    ///   - stride: How many values of `offsets` a path takes.
    init(hashes: RawStorage<UInt32>, offsets: RawBuffer<UInt32>, stride: Int, owned: Bool) {
        self.hashes = RawBuffer(adopting: hashes)
        self.offsets = offsets
        spacing = stride
        ownsOffsets = owned
    }

    /// Where the line of path `index` starts.
    @inline(__always)
    func offset(_ index: Int) -> UInt32 { offsets.base[index &* spacing] }

    /// Frees the hashes, and the offsets if they are the set's own, once the duplicate check is done.
    func release() {
        hashes.release()
        if ownsOffsets { offsets.release() }
    }

    /// Which repeats ``repeats(in:pathAt:finding:)`` finds.
    enum Finding {
        /// The first path (in file order) that an earlier path equals, and that path.
        case first
        /// Every path but the first of those equal to it, each with the first.
        case allButFirst
        /// Every path but the last of those equal to it, each with the next of them.
        case allButLast
    }

    /// Finds paths that other paths equal: the first such in file order, or every one but the first or the last of
    /// each set of equal paths (the lines a picker leaves out).
    ///
    /// - Parameters:
    ///   - parts: The pieces of the file, in order.
    ///   - pathAt: The bytes of the path that starts at an offset.
    ///   - finding: Which repeats to find.
    /// - Returns: Where each path found starts (`offset`), and where the path it was found equal to starts
    ///   (`earlier`: for ``Finding/allButLast``, the next one), in no particular order but for ``Finding/first``.
    /// - Complexity: O(n) expected for n paths, split over the cores.
    static func repeats(
        in parts: [PathSet], pathAt: @Sendable (Int) -> UnsafeBufferPointer<UInt8>, finding: Finding
    ) -> [(offset: Int, earlier: Int)] {
        let total = parts.reduce(0) { $0 + $1.hashes.count }
        guard total > 1 else { return [] }
        // About 2,000 paths a partition: its table of 4,096 slots takes 16 KB.
        var bits = 1
        while bits < 16 && total >> bits > 2_048 { bits += 1 }
        let shift = UInt32(32 - bits)
        let partitions = 1 << bits
        // counts[part][partition], then the start of each part's run in each partition.
        let counts = Parallel.map(parts.count) { part -> [Int] in
            var counts = [Int](repeating: 0, count: partitions)
            let hashes = parts[part].hashes
            for index in 0..<hashes.count { counts[Int(hashes.base[index] >> shift)] += 1 }
            return counts
        }
        var bounds = [Int](repeating: 0, count: partitions + 1)
        var runStarts = Array(repeating: [Int](repeating: 0, count: partitions), count: parts.count)
        var running = 0
        for partition in 0..<partitions {
            bounds[partition] = running
            for part in parts.indices {
                runStarts[part][partition] = running
                running += counts[part][partition]
            }
        }
        bounds[partitions] = running
        let scatteredHashes = RawBuffer<UInt32>(capacity: total)
        let scatteredOffsets = RawBuffer<UInt32>(capacity: total)
        let starts = runStarts
        _ = Parallel.map(parts.count) { part -> Int in
            var next = starts[part]
            let hashes = parts[part].hashes.base
            for index in 0..<parts[part].hashes.count {
                let partition = Int(hashes[index] >> shift)
                scatteredHashes.base[next[partition]] = hashes[index]
                scatteredOffsets.base[next[partition]] = parts[part].offset(index)
                next[partition] += 1
            }
            // Scattered: the part's own copy goes now, so the check holds its paths once, not twice.
            parts[part].release()
            return 0
        }
        let partitionBounds = bounds
        let found = Parallel.map(Parallel.pieces) { worker -> [(offset: Int, earlier: Int)] in
            var best: (offset: Int, earlier: Int)?
            var all: [(offset: Int, earlier: Int)] = []
            var table: [Int32] = []
            for partition in stride(from: worker, to: partitions, by: Parallel.pieces) {
                let lower = partitionBounds[partition]
                let upper = partitionBounds[partition + 1]
                var size = 16
                while size < (upper - lower) * 2 { size *= 2 }
                table.removeAll(keepingCapacity: true)
                table.append(contentsOf: repeatElement(-1, count: size))
                let mask = size - 1
                let hashes = scatteredHashes.base
                let offsets = scatteredOffsets.base
                // Paths are in file order within a partition, so the first repeat found here is this partition's
                // earliest, and what it repeats is the path's first occurrence: for the first, nothing after it
                // matters. The table holds the first of equal paths, or the last one seen to find all but the last.
                scan: for position in lower..<upper {
                    let hash = hashes[position]
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    var repeated = false
                    while table[slot] >= 0 {
                        let other = Int(table[slot])
                        if hashes[other] == hash
                            && equal(pathAt(Int(offsets[other])), pathAt(Int(offsets[position])))
                        {
                            switch finding {
                            case .first:
                                let pair = (offset: Int(offsets[position]), earlier: Int(offsets[other]))
                                if best.map({ pair.offset < $0.offset }) ?? true { best = pair }
                                break scan
                            case .allButFirst:
                                all.append((offset: Int(offsets[position]), earlier: Int(offsets[other])))
                                repeated = true
                            case .allButLast:
                                all.append((offset: Int(offsets[other]), earlier: Int(offsets[position])))
                            }
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    if !repeated { table[slot] = Int32(position) }
                }
            }
            return best.map { [$0] } ?? all
        }
        if finding == .first { return found.joined().min { $0.offset < $1.offset }.map { [$0] } ?? [] }
        return Array(found.joined())
    }

    /// Whether two paths name the same entry: the same canonical form (``ShellPath``), which the hashes were made
    /// of.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        ShellPath.equal(a, b)
    }

    /// The 32 bits of ``hash(_:count:)`` that the duplicate check keeps.
    @inline(__always)
    static func shortHash(_ start: UnsafePointer<UInt8>?, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: hash(start, count: count))
    }

    /// A fast 64-bit hash of bytes, eight at a time.
    static func hash(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        hash(text.baseAddress.map { $0 + range.lowerBound }, count: range.count)
    }

    /// A fast 64-bit hash of `count` bytes at `start` (which may be `nil` when `count` is 0), eight at a time.
    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>?, count: Int) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var tail: UInt64 = 0
        if let base = start {
            var index = 0
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
            if count >= 8 && index < count {
                // The last eight bytes, shifted so that only those not hashed yet remain.
                let last = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
                tail = last >> UInt64(8 * (8 - (count - index)))
            } else {
                while index < count {
                    tail = tail << 8 | UInt64(base[index])
                    index += 1
                }
            }
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        hash = hash &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
