import CatalogKit
import CatalogTerminal

/// `search QUERY...`: the entries that match, in result order; exit 1 when none do.
enum SearchCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let limit = try arguments.number("--limit", in: 1...Int(Int32.max), default: Int(Int32.max))
        let query = Query(arguments.operands.joined(separator: " "), fuzzy: arguments.has("--fuzzy"))
        let (snapshot, _) = try CatalogSource.load(arguments, context, matching: query)
        let hits = snapshot.index.search(query)
        EntryWriter.write(snapshot, hits.prefix(limit), json: arguments.has("--json"), to: &context.out)
        return hits.isEmpty ? 1 : 0
    }
}
