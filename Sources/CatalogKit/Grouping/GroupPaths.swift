#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The distinct group paths of a table's entries (each path less its title), found in one pass over the paths on
/// the cores, without making a string or a dictionary entry per entry.
///
/// A million entries usually share a few thousand group paths, so ``Hierarchy`` walks each distinct path once
/// instead of once per entry. Each core hashes its entries' group paths into its own small open-addressing table,
/// comparing bytes only when hashes agree; the tables are then merged.
struct GroupPaths {
    /// For each distinct group path, the record that has it and comes first in search order.
    private(set) var representatives: [UInt32] = []
    /// For each distinct group path, that record's rank.
    private var firstRanks: [UInt32] = []
    /// For each record, the index of its group path.
    private(set) var pathOfRecord: [UInt32]

    /// The distinct paths by first appearance in search order: the order a walk over the entries in search order
    /// meets them.
    var inOrderOfFirstEntry: [Int] { firstRanks.indices.sorted { firstRanks[$0] < firstRanks[$1] } }

    /// The number of distinct group paths.
    var count: Int { representatives.count }

    /// Finds the group paths of every entry.
    ///
    /// - Parameters:
    ///   - table: The entries.
    ///   - ranks: Each record's position in search order.
    /// - Complexity: O(total path length) expected, split over the cores.
    init(table: EntryTable, ranks: [UInt32]) {
        let count = table.count
        var pathOfRecord = [UInt32](repeating: 0, count: count)
        let pieces = count < 50_000 ? 1 : Parallel.pieces
        let parts = pathOfRecord.withUnsafeMutableBufferPointer { ids in
            nonisolated(unsafe) let ids = ids
            return table.bytes.withUnsafeBufferPointer { bytes in
                table.bounds.withUnsafeBufferPointer { bounds in
                    ranks.withUnsafeBufferPointer { ranks in
                        nonisolated(unsafe) let text = Text(bytes: bytes, bounds: bounds)
                        nonisolated(unsafe) let ranks = ranks
                        return Parallel.map(pieces) { piece in
                            var part = Part()
                            for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                                let id = part.insert(record, rank: ranks[record], text)
                                ids[record] = UInt32(id)
                            }
                            return part
                        }
                    }
                }
            }
        }
        // Merge the other parts into the first, and renumber their records' paths.
        var merged = parts[0]
        var renumbered: [[UInt32]] = [[]]
        table.bytes.withUnsafeBufferPointer { bytes in
            table.bounds.withUnsafeBufferPointer { bounds in
                let text = Text(bytes: bytes, bounds: bounds)
                for part in parts.dropFirst() {
                    renumbered.append(
                        part.representatives.indices.map { id in
                            UInt32(merged.insert(Int(part.representatives[id]), rank: part.firstRanks[id], text))
                        })
                }
            }
        }
        for piece in 1..<pieces {
            let map = renumbered[piece]
            for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                pathOfRecord[record] = map[Int(pathOfRecord[record])]
            }
        }
        self.pathOfRecord = pathOfRecord
        representatives = merged.representatives
        firstRanks = merged.firstRanks
        paths = merged
    }

    /// The merged table of distinct paths, to look paths up in.
    private let paths: Part

    /// The records whose full path is itself one of the group paths (a directory that `find` lists besides what
    /// is in it), each with the index of that path.
    ///
    /// A filter on a path's length and its first and last bytes, which the table's bounds give without reading the
    /// path, rules out nearly every record before one is hashed.
    ///
    /// - Complexity: O(n) for n records, split over the cores, plus O(path length) for each that passes the filter.
    func ownEntries(of table: EntryTable) -> [(record: UInt32, path: Int)] {
        let count = table.count
        let pieces = count < 50_000 ? 1 : Parallel.pieces
        return table.bytes.withUnsafeBufferPointer { bytes in
            table.bounds.withUnsafeBufferPointer { bounds in
                nonisolated(unsafe) let text = Text(bytes: bytes, bounds: bounds)
                var filter = [UInt64](repeating: 0, count: 1 << 10)
                for path in paths.allPaths where path.count > 0 {
                    let key = Self.filterKey(text, path.start, path.count)
                    filter[key >> 6] |= 1 << UInt64(key & 63)
                }
                let bits = filter
                let paths = self.paths
                return Parallel.map(pieces) { piece -> [(record: UInt32, path: Int)] in
                    var found: [(record: UInt32, path: Int)] = []
                    for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                        let start = Int(text.bounds[3 * record])
                        let length = Int(text.bounds[3 * record + 1]) - start
                        let key = Self.filterKey(text, start, length)
                        guard bits[key >> 6] & (1 << UInt64(key & 63)) != 0,
                            let path = paths.find((start, length), text)
                        else { continue }
                        found.append((UInt32(record), path))
                    }
                    return found
                }.flatMap { $0 }
            }
        }
    }

    /// A 16-bit key of a path's length and first and last bytes.
    @inline(__always)
    private static func filterKey(_ text: Text, _ start: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        let first = Int(text.bytes[start])
        let last = Int(text.bytes[start + count - 1])
        return (count &* 0x9E37 ^ first &* 0x3B ^ last &* 0x1F1) & 0xFFFF
    }

    /// Each group's entries in search order: one counting sort over the search order, split over the cores.
    ///
    /// - Complexity: O(n + g) for n entries and g groups.
    /// - Parameters:
    ///   - order: The records in search order.
    ///   - groupOfPath: The group of each distinct path.
    ///   - groups: The number of groups.
    /// - Returns: The records of each group, in search order.
    func entriesByGroup(order: [UInt32], groupOfPath: [Int], groups: Int) -> [[UInt32]] {
        let count = order.count
        let pathOfRecord = self.pathOfRecord
        let pieces = count < 50_000 ? 1 : Parallel.width
        var groupAt = [UInt32](repeating: 0, count: count)
        let counts = groupAt.withUnsafeMutableBufferPointer { groupAt in
            nonisolated(unsafe) let groupAt = groupAt
            return Parallel.map(pieces) { piece -> [Int] in
                var counts = [Int](repeating: 0, count: groups)
                for position in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                    let group = groupOfPath[Int(pathOfRecord[Int(order[position])])]
                    groupAt[position] = UInt32(group)
                    counts[group] += 1
                }
                return counts
            }
        }
        let groupOf = groupAt
        // Where each piece's entries of each group go in one flat array, grouped, in search order.
        var next = Array(repeating: [Int](repeating: 0, count: groups), count: pieces)
        var starts = [Int](repeating: 0, count: groups + 1)
        var running = 0
        for group in 0..<groups {
            starts[group] = running
            for piece in 0..<pieces {
                next[piece][group] = running
                running += counts[piece][group]
            }
        }
        starts[groups] = running
        var flat = [UInt32](repeating: 0, count: count)
        let firstSlots = next
        flat.withUnsafeMutableBufferPointer { flat in
            nonisolated(unsafe) let flat = flat
            _ = Parallel.map(pieces) { piece -> Int in
                var slots = firstSlots[piece]
                for position in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                    let group = Int(groupOf[position])
                    flat[slots[group]] = order[position]
                    slots[group] += 1
                }
                return 0
            }
        }
        return (0..<groups).map { Array(flat[starts[$0]..<starts[$0 + 1]]) }
    }

    /// The raw text the scan reads: a record's group path is its path up to its last "/".
    private struct Text {
        let bytes: UnsafeBufferPointer<UInt8>
        let bounds: UnsafeBufferPointer<UInt32>

        /// Where the group path of a record starts, and its length: 0 for an entry at the root.
        @inline(__always)
        func groupPath(_ record: Int) -> (start: Int, count: Int) {
            let start = Int(bounds[3 * record])
            var end = Int(bounds[3 * record + 1])
            guard let base = bytes.baseAddress else { return (start, 0) }
            // Eight bytes at a time from the end: the exact zero-byte test marks each "/" of a word.
            while end - start >= 8 {
                let word = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self) ^ 0x2F2F_2F2F_2F2F_2F2F
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                let slashes = ~(((word & low) &+ low) | word | low)
                if slashes != 0 { return (start, end - 8 + 7 - slashes.leadingZeroBitCount / 8 - start) }
                end -= 8
            }
            while end > start {
                end -= 1
                if bytes[end] == 0x2F { return (start, end - start) }
            }
            return (start, 0)
        }

        @inline(__always)
        func equal(_ a: (start: Int, count: Int), _ b: (start: Int, count: Int)) -> Bool {
            guard a.count == b.count else { return false }
            guard let base = bytes.baseAddress, a.count > 0 else { return true }
            return memcmp(base + a.start, base + b.start, a.count) == 0
        }
    }

    /// The distinct paths of some records, with an open-addressing table of their indices by hash.
    private struct Part {
        var representatives: [UInt32] = []
        var firstRanks: [UInt32] = []
        /// Each distinct path's hash, and where its representative's path is.
        private var hashes: [UInt64] = []
        private var paths: [(start: Int, count: Int)] = []
        private var slots = [Int32](repeating: -1, count: 64)
        /// The last path found, checked first: entries of one group are often next to each other.
        private var last = -1

        /// The index of a record's group path, added if new; keeps the record of lowest rank as representative.
        ///
        /// - Complexity: O(path length) expected.
        mutating func insert(_ record: Int, rank: UInt32, _ text: Text) -> Int {
            let path = text.groupPath(record)
            let hash = PathSet.hash(text.bytes.baseAddress.map { $0 + path.start }, count: path.count)
            var id = -1
            if last >= 0 && hashes[last] == hash && text.equal(paths[last], path) {
                id = last
            } else {
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] >= 0 {
                    let candidate = Int(slots[slot])
                    if hashes[candidate] == hash && text.equal(paths[candidate], path) {
                        id = candidate
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if id < 0 {
                    id = representatives.count
                    representatives.append(UInt32(record))
                    firstRanks.append(rank)
                    hashes.append(hash)
                    paths.append(path)
                    slots[slot] = Int32(id)
                    if representatives.count * 2 > slots.count { grow() }
                }
                last = id
            }
            if rank < firstRanks[id] {
                firstRanks[id] = rank
                representatives[id] = UInt32(record)
            }
            return id
        }

        /// Every distinct path, by index.
        var allPaths: [(start: Int, count: Int)] { paths }

        /// The index of a path equal to the bytes at `path`, if there is one.
        ///
        /// - Complexity: O(path length) expected.
        func find(_ path: (start: Int, count: Int), _ text: Text) -> Int? {
            let hash = PathSet.hash(text.bytes.baseAddress.map { $0 + path.start }, count: path.count)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let candidate = Int(slots[slot])
                if hashes[candidate] == hash && text.equal(paths[candidate], path) { return candidate }
                slot = (slot + 1) & mask
            }
            return nil
        }

        private mutating func grow() {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (id, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(id)
            }
        }
    }
}
