import Synchronization

/// Which bytes each record holds, as a 32-bit mask per record (bit `b & 31` for every byte `b`), so a fuzzy scan
/// skips a record that lacks one of the query's characters with one test instead of reading its text.
///
/// A fuzzy term matches a field only if every byte of the term occurs in it, so a record whose mask lacks a bit
/// of the query's mask cannot match; the converse does not hold (the masks fold 256 byte values onto 32 bits), so
/// the records that pass are still scored. The masks are made the first time a fuzzy query scans every record, on
/// the cores, and kept: four bytes per record, and nothing for an index only searched exactly.
final class CharacterMasks: Sendable {
    private let masks = Mutex<[UInt32]?>(nil)

    /// The bits of every byte of the text. Bit 0, which NUL (the field separator) sets, is left out everywhere.
    @inline(__always)
    static func mask(of bytes: some Sequence<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 | 1 << UInt32($1 & 31) } & ~1
    }

    /// The masks of an index's records, made on first use.
    ///
    /// - Complexity: O(B) for B bytes of text the first time, split over the cores; O(1) after.
    func masks(of text: RecordText, count: Int) -> [UInt32] {
        masks.withLock { stored in
            if let stored { return stored }
            let pieces = count < 50_000 ? 1 : Parallel.width
            let made = Parallel.map(pieces) { piece -> [UInt32] in
                (count * piece / pieces..<count * (piece + 1) / pieces).map {
                    CharacterMasks.mask(of: text.bytes(of: $0))
                }
            }.flatMap { $0 }
            stored = made
            return made
        }
    }
}
