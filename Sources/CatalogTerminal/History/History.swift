import Foundation

/// What a user has opened in one catalog: the recent entries, how often each was opened, and the favourites.
///
/// A pure value with no I/O: ``HistoryStore`` reads and writes it. Records are kept in the order of their last
/// openings, most recent first (a favourite never opened goes first when it is made one), not sorted by date, so a
/// clock that jumps back still puts the entry just opened first. Toggling a favourite doesn't move a record. At most ``limit`` records that are not favourites are kept; favourites are kept whatever their age.
/// Any value, including one decoded from a hand-edited file, holds these invariants: ids are unique, counts are at
/// least zero, and every record was opened at least once or is a favourite (see ``checkInvariants()``).
package struct History: Sendable, Equatable, Codable {
    /// One entry's history.
    public struct Record: Sendable, Equatable, Codable {
        /// The entry's id in its catalog.
        public var id: String
        /// How many times it was opened; `Int.max` at most (the count saturates there).
        public var count: Int
        /// When it was last opened; for a favourite never opened, when it was made a favourite.
        public var lastOpened: Date
        /// Whether the user marked it as a favourite.
        public var favourite: Bool

        public init(id: String, count: Int, lastOpened: Date, favourite: Bool = false) {
            self.id = id
            self.count = count
            self.lastOpened = lastOpened
            self.favourite = favourite
        }
    }

    /// The records, most recently opened first.
    public private(set) var records: [Record]

    /// How many entries that are not favourites are remembered; favourites are kept beyond it.
    public static let limit = 50

    /// A history made of records, in the order given (most recent first), made consistent: a repeated id keeps its
    /// first record, a negative count becomes zero, a record neither opened nor a favourite is dropped, and
    /// non-favourites beyond ``limit`` are dropped.
    ///
    /// - Parameter records: The records, most recent first.
    /// - Complexity: O(*n*) in the number of records.
    public init(records: [Record] = []) {
        var seen: Set<String> = []
        self.records = []
        for var record in records where seen.insert(record.id).inserted {
            record.count = max(record.count, 0)
            if record.count > 0 || record.favourite { self.records.append(record) }
        }
        trim()
    }

    /// Notes that an entry was opened: its count goes up by one (staying at `Int.max` once there) and it moves to
    /// the front. The oldest non-favourites beyond ``limit`` are forgotten.
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - date: When it was opened.
    /// - Complexity: O(*n*) in the number of records.
    public mutating func recordOpening(_ id: String, at date: Date) {
        var record = Record(id: id, count: 0, lastOpened: date)
        if let index = records.firstIndex(where: { $0.id == id }) {
            record = records.remove(at: index)
        }
        let (sum, overflow) = record.count.addingReportingOverflow(1)
        record.count = overflow ? Int.max : sum
        record.lastOpened = date
        records.insert(record, at: 0)
        trim()
    }

    /// Marks an entry as a favourite, or unmarks it.
    ///
    /// An id with no record becomes a favourite that was never opened (count 0), placed first. An entry that stops
    /// being a favourite stays only if it was opened and is among the ``limit`` most recent non-favourites.
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - date: Now, the date a new favourite record carries.
    /// - Returns: Whether the entry is now a favourite.
    /// - Complexity: O(*n*) in the number of records.
    @discardableResult
    public mutating func toggleFavourite(_ id: String, at date: Date) -> Bool {
        guard let index = records.firstIndex(where: { $0.id == id }) else {
            records.insert(Record(id: id, count: 0, lastOpened: date, favourite: true), at: 0)
            return true
        }
        records[index].favourite.toggle()
        let favourite = records[index].favourite
        if !favourite {
            if records[index].count == 0 { records.remove(at: index) }
            trim()
        }
        return favourite
    }

    /// The ids of the entries opened at least once, most recent first: the "Recent" group.
    public var recent: [String] { records.compactMap { $0.count > 0 ? $0.id : nil } }

    /// The ids of the favourites, most recently opened first: the "Favourites" group.
    public var favourites: [String] { records.compactMap { $0.favourite ? $0.id : nil } }

    /// How strongly an entry should rank among equal search matches: opened more often and more recently is higher.
    ///
    /// The score is the count times a weight for the age of the last opening: 4 within the hour, 2 within the day,
    /// 0.5 within the week, and 0.25 after that (the buckets zoxide uses). A last opening "in the future" (a clock
    /// that moved back) counts as within the hour. So the score never falls when the count rises or the last opening
    /// is more recent.
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - now: The time to measure the age from.
    /// - Returns: 0 for an entry never opened, otherwise a positive, finite score.
    /// - Complexity: O(*n*) in the number of records.
    public func frecency(of id: String, now: Date) -> Double {
        guard let record = records.first(where: { $0.id == id }) else { return 0 }
        return Double(record.count) * Self.weight(age: now.timeIntervalSince(record.lastOpened))
    }

    /// The weight of an opening by its age in seconds; never increases with age.
    static func weight(age: TimeInterval) -> Double {
        if age < 3600 { return 4 }
        if age < 86_400 { return 2 }
        if age < 604_800 { return 0.5 }
        // Also an age that is not a number, from a date that is not one.
        return 0.25
    }

    /// The history without the entries a catalog no longer has, such as the lines taken out of a catalog file.
    ///
    /// - Parameter keep: The ids the catalog has now.
    /// - Returns: The records whose ids are in `keep`, in the same order.
    /// - Complexity: O(*n*) in the number of records.
    public func forgetting(ids keep: Set<String>) -> History {
        var result = self
        result.records.removeAll { !keep.contains($0.id) }
        return result
    }

    /// Drops the non-favourites after the first ``limit`` of them.
    private mutating func trim() {
        var kept = 0
        records.removeAll { record in
            if record.favourite { return false }
            kept += 1
            return kept > Self.limit
        }
    }

    /// Checks what every history holds, for tests.
    ///
    /// - Returns: A description of each broken invariant; empty when there is none.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        let ids = records.map(\.id)
        if Set(ids).count != ids.count { problems.append("an id has two records: \(ids)") }
        for record in records where record.count < 0 || (record.count == 0 && !record.favourite) {
            problems.append("'\(record.id)' has count \(record.count) and favourite \(record.favourite)")
        }
        let others = records.count(where: { !$0.favourite })
        if others > Self.limit { problems.append("\(others) records are not favourites; the limit is \(Self.limit)") }
        return problems
    }

    private enum CodingKeys: String, CodingKey {
        case records
    }

    /// Decodes a history and makes it consistent, as ``init(records:)`` does.
    ///
    /// - Throws: `DecodingError` when the data is not a list of records.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(records: try container.decode([Record].self, forKey: .records))
    }
}
