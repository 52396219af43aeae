import Foundation

/// The captures file of an entry: a first line that names the entry (`# captures of indicators/progress`), then the
/// scenarios captured in the launcher (F9), one a line in the form `catalog snapshot --scenario-file` reads
/// (``Link/options``), oldest first.
package enum Captures {
    /// How the first line of a captures file begins, before the entry's id.
    static let headerPrefix = "# captures of "

    /// The first line of an entry's captures file, a comment to the reader of scenarios: `# captures of ID`.
    package static func header(for id: String) -> String { headerPrefix + id }

    /// The entry a captures file is for: the id its first line names, or else the entry whose captures file its
    /// path is (`…/captures/indicators/progress.txt`, a file kept before the first line named it).
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: Where it was read from.
    ///   - ids: The ids of the entries there are.
    /// - Returns: The entry's id, or `nil` when neither the file nor its path names one.
    package static func entry(in text: String, path: String, among ids: [String]) -> String? {
        let first = text.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        if first.hasPrefix(headerPrefix) {
            let id = first.dropFirst(headerPrefix.count).prefix { !$0.isWhitespace }
            if !id.isEmpty { return String(id) }
        }
        let parts = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        guard let folder = parts.lastIndex(of: "captures"), folder + 1 < parts.count, path.hasSuffix(".txt") else {
            return nil
        }
        let kept = parts[(folder + 1)...].joined(separator: "/").dropLast(4)
        return ids.first { id in
            id.split(separator: "/").map { SnapshotCheck.fileName(String($0)) }.joined(separator: "/") == kept
        }
    }

    /// There is no state directory to keep captures in.
    package struct NoPlace: Error, CustomStringConvertible {
        package var description: String { "there is no state directory for captures: set XDG_STATE_HOME or HOME." }
    }

    /// Where a program's captures are kept, which the session names in its status line when it captures.
    package struct Place: Sendable {
        package var program: String
        package var environment: [String: String]

        package init(program: String, environment: [String: String]) {
            self.program = program
            self.environment = environment
        }

        /// An entry's captures file as a person would type it: under the home directory, `~/…`.
        ///
        /// - Returns: The path, or `nil` when there is no state directory.
        package func file(for id: String) -> String? {
            guard let path = url(program: program, id: id, environment: environment)?.path else { return nil }
            guard let home = environment["HOME"], !home.isEmpty, home != "/" else { return path }
            let base = home.hasSuffix("/") ? String(home.dropLast()) : home
            return path.hasPrefix(base + "/") ? "~" + path.dropFirst(base.count) : path
        }
    }

    /// Where an entry's captures are kept: `<state>/captures/<id>.txt`, each part of the id a directory, as
    /// goldens are kept (``HistoryStore/stateDirectory(program:environment:)``).
    ///
    /// - Returns: The file, or `nil` when there is no state directory.
    package static func url(program: String, id: String, environment: [String: String]) -> URL? {
        guard let base = HistoryStore.stateDirectory(program: program, environment: environment) else { return nil }
        let parts = id.split(separator: "/").map { SnapshotCheck.fileName(String($0)) }
        return parts.reduce(base.appendingPathComponent("captures")) { $0.appendingPathComponent($1) }
            .appendingPathExtension("txt")
    }

    /// Appends a capture to its entry's file, replacing the file in one step, so a failed write loses nothing. A file
    /// without the first line that names the entry gains it, so the file says whose it is wherever it is copied.
    ///
    /// - Throws: ``AtomicFile/Error`` when the file can't be written; ``NoPlace`` when there is no state directory.
    package static func append(_ line: String, id: String, program: String, environment: [String: String]) throws {
        guard let url = url(program: program, id: id, environment: environment) else { throw NoPlace() }
        var data = (try? Data(contentsOf: url)) ?? Data()
        if !data.starts(with: Array(headerPrefix.utf8)) { data = Data((header(for: id) + "\n").utf8) + data }
        if let last = data.last, last != 0x0A { data.append(0x0A) }
        data.append(contentsOf: Array((line + "\n").utf8))
        try AtomicFile.write(data, to: url)
    }
}
