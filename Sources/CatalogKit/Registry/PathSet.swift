/// A hash set of the paths in one part of a catalog file, for finding duplicate lines without sorting.
///
/// Entries are byte ranges of the file. Each slot of the open-addressing table (linear probing, at most half full)
/// holds an entry number and the high half of its hash, so a probe rarely touches anything but the table.
struct PathSet: Sendable {
    private(set) var starts: [UInt32] = []
    private(set) var lengths: [UInt32] = []
    private(set) var lines: [UInt32] = []
    private(set) var hashes: [UInt64] = []
    private var slots: [UInt64] = Array(repeating: 0, count: 1024)

    init(expected: Int) {
        var capacity = 1024
        while capacity < expected * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        starts.reserveCapacity(expected)
        lengths.reserveCapacity(expected)
        lines.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
    }

    /// Adds a path, or finds the same path added before.
    ///
    /// - Parameters:
    ///   - text: The whole file.
    ///   - range: The path's bytes.
    ///   - line: The line number to remember for it.
    /// - Returns: The line number of the earlier equal path, or `nil` when the path is new.
    /// - Complexity: O(length) expected.
    mutating func insert(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> Int? {
        let hash = PathSet.hash(text, range)
        if let existing = find(text, range, hash: hash) { return Int(lines[existing]) }
        if (starts.count + 1) * 2 > slots.count { grow() }
        starts.append(UInt32(range.lowerBound))
        lengths.append(UInt32(range.count))
        lines.append(UInt32(line))
        hashes.append(hash)
        place(starts.count - 1, hash: hash)
        return nil
    }

    /// The line number of an equal path in this set, if any.
    func lookup(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64) -> Int? {
        find(text, range, hash: hash).map { Int(lines[$0]) }
    }

    private func find(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash & 0xFFFF_FFFF_0000_0000
        while slots[slot] != 0 {
            let value = slots[slot]
            let entry = Int(value & 0xFFFF_FFFF) - 1
            if value & 0xFFFF_FFFF_0000_0000 == tag && Int(lengths[entry]) == range.count {
                let start = Int(starts[entry])
                if text[start..<start + range.count].elementsEqual(text[range]) { return entry }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(entry + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for entry in hashes.indices { place(entry, hash: hashes[entry]) }
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
        return hash ^ (hash >> 29)
    }
}
