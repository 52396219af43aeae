import CatalogKit
import CatalogTerminal

/// Where a command finds the history of the catalog it works on.
enum HistoryFiles {
    /// The history store of the catalog: the program's own for its registry, one per catalog file by its real
    /// path; `nil` with `--no-history`, for standard input, or when there is nowhere to keep it.
    static func store(_ arguments: Arguments, _ context: Context) -> HistoryStore? {
        guard !arguments.has("--no-history") else { return nil }
        return HistoryStore.url(
            program: context.name, catalogFile: arguments.values["--file"], environment: context.environment
        ).map { HistoryStore(url: $0) }
    }
}
