import CatalogKit

/// `---complete open [--file PATH [--flat] [--read0] [--delimiter TEXT]] -- PREFIX`: the callback the completion
/// scripts use. Prints the ids and titles that start with the prefix (compared folded), one a line, ids first, of the
/// catalog file read as the command line being completed reads it.
enum CompleteCommand {
    /// The most candidates printed: a shell asks before showing more than a screenful anyway.
    static let limit = 1000

    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        guard arguments.operands.first == "open" else {
            throw Arguments.UsageError(description: "'---complete' completes 'open' only.")
        }
        let prefix = arguments.operands.count > 1 ? arguments.operands[1] : ""
        let (snapshot, _) = try CatalogSource.load(arguments, context)
        for candidate in candidates(prefix, in: snapshot) { context.out.line(candidate) }
        return 0
    }

    /// The ids, then the titles, that start with a prefix: found by the index (every candidate holds the prefix
    /// somewhere), then checked from the start.
    ///
    /// - Complexity: One index search, O(B) for B bytes of folded text, then O(h) for h hits.
    static func candidates(_ prefix: String, in snapshot: Snapshot<any Screen>) -> [String] {
        let folded = Folding.foldedBytes(prefix)
        let records = prefix.isEmpty ? snapshot.recordsInOrder : snapshot.index.search(Query(prefix))
        var ids: [String] = []
        var titles: [String] = []
        var seen: Set<String> = []
        for record in records where ids.count + titles.count < limit {
            let id = snapshot.table.id(Int(record))
            let title = snapshot.table.title(Int(record))
            if Folding.foldedBytes(id).starts(with: folded), seen.insert(id).inserted { ids.append(id) }
            if title != id, Folding.foldedBytes(title).starts(with: folded), seen.insert(title).inserted {
                titles.append(title)
            }
        }
        return ids + titles
    }
}
