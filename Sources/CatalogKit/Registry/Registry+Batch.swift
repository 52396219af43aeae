#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A batch of entries made ready to register before the registry is locked: checked, each id hashed (a default
/// id is hashed as its slug is made, without keeping it), the text laid out as a snapshot's table holds it, and
/// folded into an index builder. A large batch is prepared on the cores, a slice each, and the slices joined.
struct Batch {
    /// Entries' raw text: each path, a NUL, and the keywords joined by NULs; three bounds per entry.
    struct Text: Sendable {
        var bytes: [UInt8] = []
        var bounds: [UInt32] = []

        /// Appends another text, rebasing its bounds.
        mutating func append(_ other: Text) {
            let base = UInt32(bytes.count)
            bytes.append(contentsOf: other.bytes)
            bounds.append(contentsOf: other.bounds.lazy.map { $0 + base })
        }
    }

    /// The ``IDHash`` of each entry's id.
    private(set) var hashes: [UInt64] = []
    private(set) var text = Text()
    private(set) var builder = SearchIndex.Builder()
    /// The explicit ids and summaries, by position in the batch.
    private(set) var registered = EntryTable.Registered()
    /// The batch's ids on their own, numbered by position, and the first one that an earlier one repeats.
    private(set) var ids = IDTable()
    private(set) var duplicate: (position: Int, earlier: Int)?

    /// Prepares a batch.
    ///
    /// - Throws: The first problem, in the order of the entries, as ``Registry/register(_:)`` reports it.
    /// - Complexity: O(total text length), split over the cores.
    init<Handler>(_ entries: [Entry<Handler>]) throws {
        let count = entries.count
        let pieces = count < 20_000 ? 1 : Parallel.width
        let parts = Parallel.map(pieces) { piece -> Result<Batch, Registry<Handler>.Error> in
            var part = Batch()
            var slugs = Slug.Maker()
            let range = (count * piece / pieces)..<(count * (piece + 1) / pieces)
            part.hashes.reserveCapacity(range.count)
            part.text.bounds.reserveCapacity(3 * range.count)
            for index in range {
                let entry = entries[index]
                if let problem = Batch.problem(entry) { return .failure(problem) }
                part.add(entry, slugs: &slugs)
                if let id = entry.explicitID { part.registered.ids[UInt32(index)] = id }
                if !entry.summary.isEmpty { part.registered.summaries[UInt32(index)] = entry.summary }
            }
            return .success(part)
        }
        for part in parts {
            switch part {
            case .failure(let error): throw error
            case .success(let part):
                if hashes.isEmpty && text.bytes.isEmpty {
                    self = part
                } else {
                    hashes.append(contentsOf: part.hashes)
                    text.append(part.text)
                    _ = builder.append(contentsOf: part.builder)
                    registered.ids.merge(part.registered.ids) { first, _ in first }
                    registered.summaries.merge(part.registered.summaries) { first, _ in first }
                }
            }
        }
        (ids, duplicate) = IDTable.building(hashes) { entries[$0].id == entries[$1].id }
    }

    private init() {}

    /// Lays out, folds and hashes one entry.
    private mutating func add<Handler>(_ entry: Entry<Handler>, slugs: inout Slug.Maker) {
        let pathStart = text.bytes.count
        for group in entry.groups {
            text.bytes.append(contentsOf: group.utf8)
            text.bytes.append(0x2F)
        }
        let titleStart = text.bytes.count - pathStart
        text.bytes.append(contentsOf: entry.title.utf8)
        let pathEnd = text.bytes.count
        text.bytes.append(0)
        for (position, keyword) in entry.keywords.enumerated() {
            if position > 0 { text.bytes.append(0) }
            text.bytes.append(contentsOf: keyword.utf8)
        }
        let end = text.bytes.count
        text.bounds.append(UInt32(pathStart))
        text.bounds.append(UInt32(pathEnd))
        text.bounds.append(UInt32(end))
        text.bytes.withUnsafeBufferPointer { bytes in
            _ = builder.append(
                path: UnsafeBufferPointer(rebasing: bytes[pathStart..<pathEnd]), titleStart: titleStart,
                keywords: UnsafeBufferPointer(rebasing: bytes[pathEnd + 1..<end]), separator: 0)
        }
        hashes.append(
            entry.explicitID.map(IDHash.of) ?? Slug.hash(groups: entry.groups, title: entry.title, using: &slugs))
    }

    // MARK: - Checks

    /// What is wrong with an entry, if anything, checked in the order the errors are reported: title, groups, "/"
    /// in a name, NUL anywhere.
    static func problem<Handler>(_ entry: Entry<Handler>) -> Registry<Handler>.Error? {
        (problemHere(entry)).map { .at(entry.source, $0) }
    }

    private static func problemHere<Handler>(_ entry: Entry<Handler>) -> Registry<Handler>.Error? {
        if isBlank(entry.title) { return .emptyTitle(path: entry.path) }
        for group in entry.groups where isBlank(group) { return .emptyGroup(path: entry.path) }
        for name in entry.groups where holds(name, 0x2F) { return .slashInName(name) }
        if holds(entry.title, 0x2F) { return .slashInName(entry.title) }
        if holds(entry.title, 0) || holds(entry.summary, 0) || entry.groups.contains(where: { holds($0, 0) })
            || entry.keywords.contains(where: { holds($0, 0) })
        {
            return .nulCharacter(path: entry.path)
        }
        // A line break or TAB would make `list` print the entry as two lines, or as a path and keywords, which
        // `--file` then reads back as other entries; an escape would move a terminal's cursor.
        if hasControl(entry.title) || entry.groups.contains(where: hasControl) {
            return .invalid(
                path: entry.path.controlsEscaped,
                problem: "a title or group name holds a control character (a line break, TAB or escape), which "
                    + "`list` would print as it is. Use a space.")
        }
        if entry.keywords.contains(where: hasControl) {
            return .invalid(
                path: entry.path,
                problem: "a keyword holds a control character (a line break, TAB or escape). Use a space.")
        }
        if let id = entry.explicitID,
            id.split(separator: "/", omittingEmptySubsequences: false).contains(where: { isBlank(String($0)) })
                || hasControl(id)
        {
            return .invalid(
                path: entry.path,
                problem: "its id '\(id.controlsEscaped)' has an empty part or a control character. Give ids such as "
                    + "'basics/counter', or none to use the path's.")
        }
        if let problem = Control.problem(with: entry.controls) { return .invalid(path: entry.path, problem: problem) }
        if let problem = entry.traits.problem(controls: entry.controls) {
            return .invalid(path: entry.path, problem: problem)
        }
        return nil
    }

    /// Whether text holds a C0 control character or DEL (a NUL is reported on its own, before this).
    private static func hasControl(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 < 0x20 || $0 == 0x7F } }
            ?? text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// Whether text is empty or only whitespace, checking ASCII bytes before any grapheme breaking.
    private static func isBlank(_ text: String) -> Bool {
        if let byte = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), byte < 0x80 {
            return false
        }
        return text.allSatisfy(\.isWhitespace)
    }

    /// Whether a string's UTF-8 holds a byte, by `memchr` where the bytes are contiguous.
    @inline(__always)
    private static func holds(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? text.utf8.contains(byte)
    }

    // MARK: - Order

    /// The title of a raw path: the bytes after its last "/".
    static func title(of path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: path[((path.lastIndex(of: 0x2F) ?? -1) + 1)...])
    }

    /// Compares bytes, then the shorter first: the order of their strings' UTF-8.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        NaturalOrder.compare(a, b)
    }
}

/// Registered ids by their ``IDHash``: 256 open-addressing tables, one per top byte of the hash, of slot words
/// that hold bits 24–55 of the hash above the entry number plus one (0 is an empty slot). A probe compares those bits first, so ids are compared in full only when their hashes agree, which for
/// distinct ids almost never happens; a batch's table is built on the cores, a partition each, before the
/// registry is locked.
struct IDTable: Sendable {
    /// Each entry's hash, by entry number.
    private var hashes: [UInt64] = []
    private var partitions = Array(repeating: [UInt64](repeating: 0, count: 16), count: 256)
    /// Slots used in each partition.
    private var filled = [Int](repeating: 0, count: 256)

    @inline(__always) private static func partition(_ hash: UInt64) -> Int { Int(hash >> 56) }
    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { (hash >> 24) & 0xFFFF_FFFF }

    /// The table of a batch's ids on their own, numbered from 0, and its first id that an earlier one repeats.
    ///
    /// - Parameters:
    ///   - sameID: Whether two entries of the batch, by position, have the same id.
    /// - Returns: The table, and the first position whose id an earlier position has, with that position.
    /// - Complexity: O(n) expected, split over the cores.
    static func building(
        _ hashes: [UInt64], sameID: @Sendable (Int, Int) -> Bool
    ) -> (table: IDTable, duplicate: (position: Int, earlier: Int)?) {
        let workers = hashes.count < 20_000 ? 1 : Parallel.width
        let built = Parallel.map(workers) { worker -> (tables: [Int: [UInt64]], filled: [Int: Int], (Int, Int)?) in
            var table = IDTable()
            table.hashes = hashes
            var duplicate: (Int, Int)?
            for (number, hash) in hashes.enumerated() where partition(hash) % workers == worker {
                if let earlier = table.find(hash, matching: { sameID($0, number) }) {
                    duplicate = duplicate ?? (number, earlier)
                    continue
                }
                table.insert(hash, number)
            }
            var tables: [Int: [UInt64]] = [:]
            var filled: [Int: Int] = [:]
            for partition in stride(from: worker, to: 256, by: workers) {
                tables[partition] = table.partitions[partition]
                filled[partition] = table.filled[partition]
            }
            return (tables, filled, duplicate)
        }
        var table = IDTable()
        table.hashes = hashes
        for part in built {
            for (partition, slots) in part.tables { table.partitions[partition] = slots }
            for (partition, count) in part.filled { table.filled[partition] = count }
        }
        let duplicate = built.compactMap { $0.2 }.min { $0.0 < $1.0 }
        return (table, duplicate.map { (position: $0.0, earlier: $0.1) })
    }

    private mutating func insert(_ hash: UInt64, _ number: Int) {
        let partition = IDTable.partition(hash)
        if (filled[partition] + 1) * 2 > partitions[partition].count { rebuild(partition) }
        let mask = partitions[partition].count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while partitions[partition][slot] != 0 { slot = (slot + 1) & mask }
        partitions[partition][slot] = IDTable.tag(hash) << 32 | UInt64(number + 1)
        filled[partition] += 1
    }

    /// Takes in a batch's table, its entries numbered from `first`, the number of entries before it.
    ///
    /// - Complexity: O(1) when this table is empty; O(k) expected for k entries otherwise.
    mutating func append(_ batch: IDTable, from first: Int) {
        if hashes.isEmpty && first == 0 {
            self = batch
            return
        }
        for (offset, hash) in batch.hashes.enumerated() {
            hashes.append(hash)
            insert(hash, first + offset)
        }
    }

    /// The entry whose id has this hash and passes `matching`.
    func find(_ hash: UInt64, matching: (Int) -> Bool) -> Int? {
        let slots = partitions[IDTable.partition(hash)]
        let mask = slots.count - 1
        let tag = IDTable.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let word = slots[slot]
            if word >> 32 == tag {
                let number = Int(word & 0xFFFF_FFFF) - 1
                if hashes[number] == hash && matching(number) { return number }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Doubles a partition's table.
    private mutating func rebuild(_ partition: Int) {
        let old = partitions[partition]
        var slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        var count = 0
        for word in old where word != 0 {
            let hash = hashes[Int(word & 0xFFFF_FFFF) - 1]
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = word
            count += 1
        }
        partitions[partition] = slots
        filled[partition] = count
    }
}
