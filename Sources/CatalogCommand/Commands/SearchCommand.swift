import CatalogKit
import CatalogTerminal
import Foundation

/// `search QUERY...`: the entries that match, in result order; exit 1 when none do.
enum SearchCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        try EntryWriter.checkFormat(arguments)
        let limit = try arguments.number("--limit", in: 1...Int(Int32.max), default: Int(Int32.max))
        let query = Query(arguments.operands.joined(separator: " "), matching: try matching(arguments))
        // Fuzzy matches are listed best first, and frecency orders equal matches only: it would change nothing.
        if query.fuzzy, arguments.values["--sort"] == "frecency" {
            throw Arguments.UsageError(
                description: "options '--sort frecency' and '--fuzzy' exclude each other: fuzzy matches are listed "
                    + "best match first.")
        }
        let (snapshot, _) = try CatalogSource.load(arguments, context, matching: query)
        var hits = snapshot.index.search(query)
        switch arguments.values["--sort"] {
        case nil, "name"?: break
        case "frecency"?:
            // Opened often and lately first, among equal matches; read from the same history the launcher keeps.
            let history = HistoryFiles.store(arguments, context)?.load().history ?? History()
            hits = MenuScreen.ranked(hits, by: history, in: snapshot, fuzzy: query.fuzzy, now: Date())
        case let other?:
            throw Arguments.UsageError(description: "option '--sort' needs name or frecency, not '\(other)'.")
        }
        EntryWriter.write(snapshot, hits.prefix(limit), arguments, to: &context.out)
        return hits.isEmpty ? 1 : 0
    }

    /// `--fuzzy` or `--exact`, which exclude each other, or the command's default.
    ///
    /// - Parameters:
    ///   - arguments: The command line.
    ///   - default: The mode when neither is given: exact for `search` and the built-in launcher, which promise
    ///     sorted exact lookup; fuzzy for a picker over `--file`, as fzf's users expect.
    /// - Throws: ``Arguments/UsageError`` when both are given.
    static func matching(_ arguments: Arguments, default: Query.Matching = .exact) throws -> Query.Matching {
        if arguments.has("--fuzzy") && arguments.has("--exact") {
            throw Arguments.UsageError(description: "options '--fuzzy' and '--exact' exclude each other.")
        }
        if arguments.has("--fuzzy") { return .fuzzy }
        if arguments.has("--exact") { return .exact }
        return `default`
    }
}
