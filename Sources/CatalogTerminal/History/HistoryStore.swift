import CatalogKit
import Foundation
import Glibc

/// One catalog's ``History`` in a JSON file, shared safely by launchers running at the same time.
///
/// The file is `{"version": 1, "records": [...]}` with ISO-8601 dates and sorted keys, so it diffs and hand-edits
/// well. Reading never changes a good file. ``update(_:)`` reads, changes and writes under an exclusive `flock(2)` on
/// a lock file beside it (`<name>.lock`, never removed: removing a lock file lets two processes lock two different
/// files), and writes with ``AtomicFile``, so two launchers saving at once never lose each other's openings and a
/// crash never leaves half a file. A file this program can't use (not JSON, not a history, another version) is kept
/// as `<name>.corrupt-<UTC time>` under a name no other file has, never overwritten, and the history starts empty.
package struct HistoryStore: Sendable {
    /// A history file that exists but can't be read.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The file can't be opened or read (permissions, a directory in its place); nothing is written over it.
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason):
                return "Could not read the history '\(path)': \(reason). It is left alone, and openings are not "
                    + "saved until it can be read; fix its permissions or move it away."
            }
        }
    }

    /// The version of the file format this program reads and writes.
    public static let version = 1

    /// The history file.
    public let url: URL
    /// Gives the time used in the names of files kept aside; tests fix it.
    private let now: @Sendable () -> Date

    /// A store for one file.
    ///
    /// - Parameters:
    ///   - url: The history file; its directory is created when the first opening is saved.
    ///   - now: The clock for the names of corrupt files kept aside.
    public init(url: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.url = url
        self.now = now
    }

    /// Where a catalog's history lives: `$XDG_STATE_HOME/<program>/history/<key>.json`, else
    /// `$HOME/.local/state/<program>/history/<key>.json`.
    ///
    /// The key is `registry` for the program's built-in catalog. For a catalog file it is the base name of the
    /// file's real path (symbolic links resolved), made safe and cut to 40 characters, then a dash and a 64-bit
    /// FNV-1a hash of the real path in hex, so every file has its own history and a link to it shares it.
    ///
    /// - Parameters:
    ///   - program: The program's name, such as `catalog`.
    ///   - catalogFile: The `--file` path, or `nil` for the built-in catalog.
    ///   - environment: The process environment.
    /// - Returns: The file, or `nil` when there is no place for it: neither `XDG_STATE_HOME` nor `HOME` is an
    ///   absolute path (the XDG specification says to ignore a relative one), or the catalog is standard input
    ///   (`-`), which has no path to tell one pipeline's catalog from another's.
    public static func url(program: String, catalogFile: String?, environment: [String: String]) -> URL? {
        guard let base = stateDirectory(program: program, environment: environment),
            let key = key(catalogFile: catalogFile)
        else { return nil }
        return base.appendingPathComponent("history").appendingPathComponent(key + ".json")
    }

    /// A program's state directory: `$XDG_STATE_HOME/<program>`, else `$HOME/.local/state/<program>`; `nil` when
    /// neither variable is an absolute path (the XDG specification says to ignore a relative one).
    package static func stateDirectory(program: String, environment: [String: String]) -> URL? {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        return base.appendingPathComponent(SnapshotCheck.fileName(program))
    }

    /// The file name stem for a catalog: `registry`, or the safe base name and hash of a file's real path.
    static func key(catalogFile: String?) -> String? {
        guard let catalogFile else { return "registry" }
        guard catalogFile != "-", !catalogFile.isEmpty else { return nil }
        let real = realPath(catalogFile)
        let name = SnapshotCheck.fileName((real as NSString).lastPathComponent)
        let hash = String(IDHash.of(real), radix: 16)
        return String(name.unicodeScalars.prefix(40)) + "-" + String(repeating: "0", count: 16 - hash.count) + hash
    }

    /// The path with symbolic links, `.` and `..` resolved; for a file that doesn't exist, its absolute path.
    private static func realPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Why a history file could not be used at start, for the launcher to say in its language.
    package enum LoadProblem: Equatable, Sendable {
        /// The file can't be opened or read; the system's reason. It is left alone.
        case unreadable(path: String, reason: String)
        /// It is not a history this program can use, and was moved aside to `aside`.
        case movedAside(path: String, why: Invalid, aside: String)
        /// It is not a history this program can use, and moving it aside failed with `message`.
        case notMovedAside(path: String, why: Invalid, message: String)

        /// The problem in a sentence or two of `locale`'s language.
        package func text(in locale: Locale) -> String {
            switch self {
            case .unreadable(let path, let reason):
                LauncherWords.text(.historyUnreadable, in: locale, ["path": path, "reason": reason])
            case .movedAside(let path, let why, let aside):
                LauncherWords.text(
                    .historyMovedAside, in: locale, ["path": path, "reason": why.text(in: locale), "aside": aside])
            case .notMovedAside(let path, let why, let message):
                LauncherWords.text(
                    .historyNotMovedAside, in: locale,
                    ["path": path, "reason": why.text(in: locale), "message": message])
            }
        }
    }

    /// Why a file that was read is not a history this program can use.
    package enum Invalid: Equatable, Sendable {
        case notJSON
        /// Another version than ``HistoryStore/version``, or none (`nil`).
        case version(Int?)
        /// Its records are not in the form expected, at a place in the JSON when it is known.
        case records(at: String?)

        func text(in locale: Locale) -> String {
            switch self {
            case .notJSON: LauncherWords.text(.historyNotJSON, in: locale)
            case .version(let found?):
                LauncherWords.text(.historyOtherVersion, in: locale, ["found": found, "version": HistoryStore.version])
            case .version(nil): LauncherWords.text(.historyNoVersion, in: locale, ["version": HistoryStore.version])
            case .records(let place?): LauncherWords.text(.historyRecordsAt, in: locale, ["place": place])
            case .records(nil): LauncherWords.text(.historyRecords, in: locale)
            }
        }
    }

    /// Reads the history.
    ///
    /// A missing file is an empty history. A file that is not a version-1 history is moved aside and the history
    /// starts empty; a file that can't be read is left alone and the history starts empty. Either way the problem
    /// says so.
    ///
    /// - Returns: The history, and the problem when the file could not be used.
    package func load() -> (history: History, problem: LoadProblem?) {
        switch read() {
        case .missing: return (History(), nil)
        case .history(let history): return (history, nil)
        case .unreadable(let reason): return (History(), .unreadable(path: url.path, reason: reason))
        case .invalid(let why):
            // Moved aside under the lock, and only if it is still bad then: another launcher may have just
            // replaced it with a good file.
            do {
                return try locked { try readRecovering() }
            } catch {
                return (History(), .notMovedAside(path: url.path, why: why, message: "\(error)"))
            }
        }
    }

    /// Changes the history in one step: reads the file, applies the change and writes the result, all under an
    /// exclusive lock, so changes from launchers running at the same time all count.
    ///
    /// A file this program can't use is moved aside first, as ``load()`` does, and the change applies to an empty
    /// history.
    ///
    /// - Parameter change: The change, such as `{ $0.recordOpening(id, at: Date()) }`. It runs under the lock, so it
    ///   should be quick.
    /// - Returns: The history as written.
    /// - Throws: ``Error/unreadable(path:reason:)`` when the file exists but can't be read (it is not written over),
    ///   or ``AtomicFile/Error`` naming the file or directory that could not be made, locked or written. The file
    ///   is then as it was.
    @discardableResult
    public func update(_ change: (inout History) -> Void) throws -> History {
        try locked {
            var history = try readRecovering().history
            change(&history)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let data = try encoder.encode(File(version: Self.version, records: history.records))
            try AtomicFile.write(data + Data("\n".utf8), to: url)
            return history
        }
    }

    /// The file as it appears on disk.
    private struct File: Codable {
        var version: Int
        var records: [History.Record]
    }

    /// Just the version, read before the rest, so another version's file is recognised whatever its shape.
    private struct Version: Decodable {
        var version: Int?
    }

    /// What reading the file found.
    private enum Contents {
        case missing
        case history(History)
        /// It exists but could not be read; the system's reason.
        case unreadable(String)
        /// It was read but is not a history this program can use; why not.
        case invalid(Invalid)
    }

    private func read() -> Contents {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return .unreadable("it is a directory")
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return .unreadable("\(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let version = try? decoder.decode(Version.self, from: data) else {
            return .invalid(.notJSON)
        }
        guard version.version == Self.version else {
            return .invalid(.version(version.version))
        }
        do {
            return .history(History(records: try decoder.decode(File.self, from: data).records))
        } catch DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context)
        {
            let place = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return .invalid(.records(at: place))
        } catch {
            return .invalid(.records(at: nil))
        }
    }

    /// Reads the file, moving it aside when it is not a history. Call it holding the lock.
    private func readRecovering() throws -> (history: History, problem: LoadProblem?) {
        switch read() {
        case .missing: return (History(), nil)
        case .history(let history): return (history, nil)
        case .unreadable(let reason): throw Error.unreadable(path: url.path, reason: reason)
        case .invalid(let why):
            let aside = try moveAside()
            return (History(), .movedAside(path: url.path, why: why, aside: aside.path))
        }
    }

    /// Renames the file to `<name>.corrupt-<UTC time>`, or that with `-2`, `-3`… when the name is taken.
    private func moveAside() throws -> URL {
        var time = time_t(now().timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        let stem = url.path + ".corrupt-" + stamp
        for attempt in 1...1000 {
            let target = attempt == 1 ? stem : "\(stem)-\(attempt)"
            // link(2) fails rather than replace an existing file, so no earlier copy is ever lost.
            if link(url.path, target) == 0 {
                unlink(url.path)
                return URL(fileURLWithPath: target)
            }
            guard errno == EEXIST else { throw AtomicFile.Error("move aside", path: url.path, code: errno) }
        }
        throw AtomicFile.Error("move aside", path: url.path, code: EEXIST)
    }

    /// Runs a body holding the exclusive lock on `<name>.lock`, creating the directory as needed.
    private func locked<T>(_ body: () throws -> T) throws -> T {
        try AtomicFile.createDirectories(url.deletingLastPathComponent().path)
        let path = url.path + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.Error("open the lock file", path: path, code: errno) }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw AtomicFile.Error("lock", path: path, code: errno) }
        }
        return try body()
    }
}
