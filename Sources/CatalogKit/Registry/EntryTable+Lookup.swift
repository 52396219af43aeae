extension EntryTable {
    /// The record with an id, found without making a string per entry.
    ///
    /// A catalog file's id is its path, compared byte for byte; a registered entry's id is looked up. The record
    /// `near` is tried first, since a catalog read again (a stream's next step) keeps its records in place.
    ///
    /// - Parameters:
    ///   - id: The id, as ``id(_:)`` gives it.
    ///   - near: A record to try first.
    /// - Returns: The record, or `nil` when no entry has the id.
    /// - Complexity: O(1) path comparisons when `near` has the id; otherwise O(n) over the entries.
    public func record(withID id: String, near: Int? = nil) -> Int? {
        if let near, near >= 0, near < count, hasID(id, near) { return near }
        if registered != nil { return (0..<count).first { self.id($0) == id } }
        var wanted = id
        return wanted.withUTF8 { wanted in
            (0..<count).first { record in withPathBytes(record) { $0.elementsEqual(wanted) } }
        }
    }

    /// Whether a record has an id.
    private func hasID(_ id: String, _ record: Int) -> Bool {
        if registered != nil { return self.id(record) == id }
        var wanted = id
        return wanted.withUTF8 { wanted in withPathBytes(record) { $0.elementsEqual(wanted) } }
    }

    /// The records with any of some ids, for the few ids a history holds.
    ///
    /// - Parameter ids: The ids wanted.
    /// - Returns: Each id found, with its record.
    /// - Complexity: O(n) over the entries, with no string made per entry of a catalog file.
    public func records(withIDs ids: Set<String>) -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: Int] = [:]
        if registered != nil {
            for record in 0..<count where found.count < ids.count {
                let id = self.id(record)
                if ids.contains(id), found[id] == nil { found[id] = record }
            }
            return found
        }
        // Paths are compared by length first, then bytes: most entries are passed over on their length.
        var byLength: [Int: [(id: String, bytes: [UInt8])]] = [:]
        for id in ids { byLength[id.utf8.count, default: []].append((id, Array(id.utf8))) }
        for record in 0..<count where found.count < ids.count {
            withPathBytes(record) { path in
                guard let candidates = byLength[path.count] else { return }
                for candidate in candidates where found[candidate.id] == nil && path.elementsEqual(candidate.bytes) {
                    found[candidate.id] = record
                }
            }
        }
        return found
    }
}
