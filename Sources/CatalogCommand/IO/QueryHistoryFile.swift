import CatalogTerminal
import Foundation

/// fzf's `--history FILE` and `--history-size N`: the filter's earlier queries, one a line, read as the menu opens
/// and written back, with the run's query added, when it ends having picked or found nothing (status 0 or 1) on a
/// screen someone used, as fzf writes it; a cancelled run, or one `--select-1` or `--exit-0` decided alone, leaves
/// the file as it was. Lines are kept as their bytes: a line that isn't UTF-8 is written back unchanged.
struct QueryHistoryFile: Equatable {
    let path: String
    let limit: Int
    /// The file's lines as read: a CR before a line's end, and blank lines, left out.
    let lines: [[UInt8]]

    /// The queries, as Ctrl-P shows them.
    var entries: [String] { lines.map { String(decoding: $0, as: UTF8.self) } }

    /// The file `--history` names, read; `nil` without the option (`--history-size` alone, as in
    /// `CATALOG_DEFAULT_OPTS`, is taken and does nothing, as in fzf). A file that isn't there yet is empty, in a
    /// directory that must be.
    ///
    /// - Throws: ``Arguments/UsageError`` naming the file and why it can't be read or written (a directory, a missing
    ///   directory), or a size that isn't a number from 1.
    init?(_ arguments: Arguments) throws {
        let size = try arguments.number("--history-size", in: 1...1_000_000, default: 1000)
        guard let path = arguments.values["--history"] else { return nil }
        guard !path.isEmpty, path != "-" else {
            throw Arguments.UsageError(description: "option '--history' needs a file, not '\(path)'.")
        }
        self.path = path
        limit = size
        // A file not made yet is no history yet; one that can't be read is named with why.
        guard FileManager.default.fileExists(atPath: path) else {
            let directory = (path as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            guard directory.isEmpty || FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
                directory.isEmpty || isDirectory.boolValue
            else {
                throw Arguments.UsageError(
                    description: "option '--history': there is no directory '\(directory)' to keep '\(path)' in.")
            }
            lines = []
            return
        }
        do {
            lines = Self.lines(of: try CatalogSource.read(path))
        } catch {
            throw Arguments.UsageError(description: "option '--history': \(error).")
        }
    }

    /// The lines of a history file's bytes: split at line feeds, a CR before one dropped, blank ones left out.
    static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap { line in
            let kept = line.last == 0x0D ? line.dropLast() : line
            return kept.isEmpty ? nil : Array(kept)
        }
    }

    /// A history file's lines after a run that searched for `query`: it is added last, unless empty or of more than
    /// one line (pasted), and the oldest are dropped past `limit`; repeats are kept, as fzf keeps them.
    static func adding(_ query: String, to lines: [[UInt8]], limit: Int) -> [[UInt8]] {
        guard !query.isEmpty, !query.contains(where: \.isNewline) else { return lines }
        return Array((lines + [Array(query.utf8)]).suffix(max(limit, 1)))
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

    /// Keeps a run's query when the run picked or found nothing (status 0 or 1) on a screen someone used, not when
    /// it was cancelled or decided alone: the lines are written back with it added, in one step, so the file is
    /// whole, old or new, whatever happens.
    ///
    /// - Returns: What went wrong writing the file, for one line on standard error; `nil` when nothing did.
    func keep(_ menu: MenuScreen?, after status: Int32) -> String? {
        guard let menu, status == 0 || status == 1, !menu.decidedAlone else { return nil }
        let updated = Self.adding(menu.query, to: lines, limit: limit)
        guard updated != lines else { return nil }
        do {
            let text: [UInt8] = updated.flatMap { $0 + [0x0A] }
            try AtomicFile.write(Data(text), to: URL(fileURLWithPath: path), place: .typed)
            return nil
        } catch {
            return "could not keep the query in the file of --history: \(error)"
        }
    }
}
