import CatalogTerminal
import Foundation

/// fzf's `--history FILE` and `--history-size N`: the filter's earlier queries, one a line, read as the menu opens
/// and written back, with the run's query added, when it ends having picked or found nothing (status 0 or 1), as
/// fzf writes it; a cancelled run leaves the file as it was.
struct QueryHistoryFile {
    let path: String
    let limit: Int
    let entries: [String]

    /// The file `--history` names, read; `nil` without the option. A file that isn't there yet is empty.
    ///
    /// - Throws: ``Arguments/UsageError`` naming the file and why it can't be read (a directory, no permission),
    ///   or a size that isn't a number from 1.
    init?(_ arguments: Arguments) throws {
        let size = try arguments.number("--history-size", in: 1...1_000_000, default: 1000)
        guard let path = arguments.values["--history"] else {
            if arguments.values["--history-size"] != nil {
                throw Arguments.UsageError(description: "option '--history-size' needs --history FILE too.")
            }
            return nil
        }
        self.path = path
        limit = size
        // A file not made yet is no history yet; one that can't be read is named with why.
        guard FileManager.default.fileExists(atPath: path) || path == "-" else {
            entries = []
            return
        }
        guard path != "-" else {
            throw Arguments.UsageError(description: "option '--history' needs a file, not standard input.")
        }
        do {
            entries = QueryHistory.entries(of: String(decoding: try CatalogSource.read(path), as: UTF8.self))
        } catch {
            throw Arguments.UsageError(description: "option '--history': \(error).")
        }
    }

    /// Gives the menu the queries, and Ctrl-P and Ctrl-N to step through them, as fzf's --history remaps them; a
    /// `--bind` of the same keys still wins, coming after.
    func apply(to options: inout MenuScreen.Options) {
        options.queryHistory = entries
        options.bindings.insert(
            contentsOf: [
                MenuKeys.Binding(key: .control("p"), commands: [.previousHistory]),
                MenuKeys.Binding(key: .control("n"), commands: [.nextHistory]),
            ], at: 0)
    }

    /// Keeps a run's query when the run picked or found nothing (status 0 or 1), not when it was cancelled: the
    /// entries are written back with it added, in one step, so the file is whole, old or new, whatever happens.
    ///
    /// - Returns: What went wrong writing the file, for one line on standard error; `nil` when nothing did.
    func keep(_ query: String?, after status: Int32) -> String? {
        guard let query, status == 0 || status == 1 else { return nil }
        let updated = QueryHistory.adding(query, to: entries, limit: limit)
        guard updated != entries else { return nil }
        do {
            try AtomicFile.write(
                Data(QueryHistory.text(of: updated).utf8), to: URL(fileURLWithPath: path), place: .typed)
            return nil
        } catch {
            return "could not keep the query in the file of --history: \(error)"
        }
    }
}
