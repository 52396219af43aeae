import CatalogKit
import CatalogTerminal
import Foundation

/// `snapshot [QUERY...]`: every scenario against its golden file.
enum SnapshotCommand {
    /// - Parameters:
    ///   - writable: `0` when a directory can be written to, or why not as an `errno`; tests stand in for a
    ///     read-only file system that even root can't write.
    ///   - notesCrashes: Whether a screen that traps is named on standard error, with its entry and scenario, before
    ///     the runtime's backtrace (``CrashNote``); a test that runs the command in its own process leaves the
    ///     process's signal handlers alone.
    static func run(
        _ arguments: Arguments, _ context: inout Context,
        writable: (String) -> Int32 = { access($0, W_OK) == 0 ? 0 : errno }, notesCrashes: Bool = true
    ) throws -> Int32 {
        let mode = try recordMode(arguments, context)
        let size = try arguments.values["--size"].map(parseSize)
        let directory = URL(fileURLWithPath: try arguments.values["--dir"] ?? defaultDirectory())
        let pictures = arguments.values["--svg"].map { DirectoryStore(URL(fileURLWithPath: $0)) }
        let check = SnapshotCheck(store: DirectoryStore(directory), mode: mode, size: size, pictures: pictures)
        let entries: [Entry<any Screen>]
        if let file = arguments.values["--scenario-file"] {
            entries = [try captured(file, arguments, context)]
        } else if arguments.operands.isEmpty {
            entries = SnapshotCheck.entries(of: context.registry)
        } else {
            entries = try matchingEntries(arguments, context)
        }
        // A directory that can't hold goldens is one error before any scenario runs, not one per scenario; one
        // that needn't be written to (every golden there, in the default mode) is only read.
        let writes = check.writes(entries)
        try usableDirectory(directory.path, option: "--dir", writing: writes.goldens, writable: writable)
        if let pictures {
            try usableDirectory(pictures.root.path, option: "--svg", writing: writes.pictures, writable: writable)
        }
        let complete = arguments.values["--scenario-file"] == nil && arguments.operands.isEmpty
        if notesCrashes { CrashNote.start(program: context.name) }
        let report = check.check(entries, complete: complete)
        CrashNote.stop()
        if arguments.has("--prune") { try check.prune(report) }
        if arguments.has("--json") {
            write(json: report, to: &context.out)
        } else {
            write(
                text: report, pruned: arguments.has("--prune"), directory: directory.path,
                pictures: pictures?.root.path, to: &context.out)
        }
        warnIdleSteps(report, after: &context.out)
        let staleFails = mode == .never && report.isStale && !arguments.has("--prune")
        return report.failed || staleFails ? 1 : 0
    }

    /// Checks that a directory for goldens or pictures is one, making it (and its parents) when files will be
    /// written there.
    ///
    /// - Throws: ``InputError`` naming the option, the path and the reason: a file in the way, or a directory that
    ///   can't be made or written to.
    static func usableDirectory(
        _ path: String, option: String, writing: Bool,
        writable: (String) -> Int32 = { access($0, W_OK) == 0 ? 0 : errno }
    ) throws {
        func refuse(_ problem: String) -> InputError { InputError(description: "\(option) '\(path)': \(problem).") }
        func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("is not a directory") }
            guard writing else { return }
            let code = writable(path)
            guard code == 0 else { throw refuse("cannot write there: \(reason(code))") }
            return
        }
        let missing = errno
        guard writing else { return }
        guard missing == ENOENT else { throw refuse(reason(missing)) }
        do {
            try AtomicFile.createDirectories(path, mode: 0o777)
        } catch let error as AtomicFile.Error {
            throw refuse("cannot make the directory \(error.path): \(reason(error.code))")
        }
    }

    /// `Tests/Snapshots`, when the working directory is a package root (it has a `Package.swift`), where the
    /// package's own tests check the same goldens; elsewhere a golden directory would be made in a random place.
    ///
    /// - Throws: ``InputError`` outside a package root.
    static func defaultDirectory() throws -> String {
        guard FileManager.default.fileExists(atPath: "Package.swift") else {
            let here = FileManager.default.currentDirectoryPath
            throw InputError(
                description: "no Package.swift in \(here): run snapshot in a package root, whose goldens are in "
                    + "Tests/Snapshots, or give --dir DIR.")
        }
        return "Tests/Snapshots"
    }

    /// The one entry the query names, with the scenarios of a captures file (F9 keeps them, one a line, in the
    /// form a link's options take) instead of its own: `captured 1`, `captured 2`… by their order in the file.
    ///
    /// - Throws: ``InputError`` when the query names no entry or several, the file can't be read, or it is another
    ///   entry's (its first line, or else its path, names that entry); a line that can't be read is named by the file
    ///   and its number.
    static func captured(_ file: String, _ arguments: Arguments, _ context: Context) throws -> Entry<any Screen> {
        let query = arguments.operands.joined(separator: " ")
        let found = entries(named: query, context)
        guard found.count == 1, let entry = found.first else {
            let names = found.prefix(8).map(\.id).joined(separator: ", ")
            throw InputError(
                description: query.isEmpty
                    ? "--scenario-file needs the entry it is for: catalog snapshot ID --scenario-file FILE."
                    : found.isEmpty
                        ? "no entry matches '\(query)'."
                        : "'\(query)' matches \(found.count) entries; give one id: \(names).")
        }
        // Read as every file of the command is, so a missing one is named as the others are.
        guard let text = String(validating: try CatalogSource.read(file), as: UTF8.self) else {
            throw InputError(description: "cannot read '\(file)': it is not UTF-8 text")
        }
        // A file made for another entry would record this one's goldens from keys meant for that one.
        let ids = SnapshotCheck.entries(of: context.registry).map(\.id)
        if let owner = Captures.entry(in: text, path: file, among: ids), owner != entry.id {
            throw InputError(
                description:
                    "\(file) holds the captures of \(owner), not of \(entry.id); give it to 'snapshot \(owner)'.")
        }
        var scenarios: [Scenario] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            do {
                scenarios.append(try scenario(line, named: "captured \(scenarios.count + 1)", for: entry))
            } catch {
                throw InputError(description: "\(file):\(number + 1): \(error)")
            }
        }
        guard !scenarios.isEmpty else { throw InputError(description: "\(file) holds no captured scenario.") }
        if let problem = Scenario.problem(with: scenarios, controls: entry.controls) {
            throw InputError(description: "\(file): \(problem)")
        }
        return entry.scenarios(scenarios)
    }

    /// A captured scenario from its one-line form: `--set`, `--locale`, `--color`, `--size` and `--keys`, as a link
    /// has them after `open ID`.
    static func scenario(_ line: String, named name: String, for entry: Entry<any Screen>) throws -> Scenario {
        let arguments = try Arguments(["open", entry.id] + Arguments.words(line))
        let extra = Set(arguments.values.keys).union(arguments.flags).subtracting([
            "--set", "--locale", "--color", "--size", "--keys",
        ])
        if let option = extra.sorted().first {
            throw Arguments.UsageError(description: "option '\(option)' is not part of a captured scenario.")
        }
        let settings = try OpenCommand.settings(arguments)
        let values: ControlValues
        do {
            values = try ControlValues(entry.controls, parsing: settings)
        } catch {
            throw InputError(description: "--set: \(error)")
        }
        var controls: [String: ControlValue] = [:]
        for control in entry.controls where values[control.name] != control.defaultValue {
            controls[control.name] = values[control.name]
        }
        let steps = try OpenCommand.keys(arguments)
        try Launcher.checkLocale(arguments.values["--locale"])
        return Scenario(
            name, size: try arguments.values["--size"].map(parseSize) ?? .standard,
            locale: arguments.values["--locale"],
            colorMode: try Launcher.colorMode(arguments, detected: .trueColor), controls: controls, steps: steps)
    }

    /// The entry whose id the query is (as `snapshot` prints it: `forms/signup-form`), or else the entries it
    /// matches as a search, in search order.
    static func entries(named query: String, _ context: Context) -> [Entry<any Screen>] {
        context.registry.entry(id: query).map { [$0] } ?? context.registry.search(query)
    }

    /// The entries the query names or matches (``entries(named:_:)``).
    static func matchingEntries(_ arguments: Arguments, _ context: Context) throws -> [Entry<any Screen>] {
        let entries = entries(named: arguments.operands.joined(separator: " "), context)
        guard !entries.isEmpty else {
            throw InputError(description: "no entry matches '\(arguments.operands.joined(separator: " "))'.")
        }
        return entries
    }

    static func recordMode(_ arguments: Arguments, _ context: Context) throws -> SnapshotCheck.Mode {
        if let text = arguments.values["--record"] {
            guard let mode = SnapshotCheck.Mode(rawValue: text) else {
                throw Arguments.UsageError(
                    description: "option '--record' needs missing, all, never or failed, not '\(text)'.")
            }
            return mode
        }
        if let text = context.environment["CATALOG_RECORD"], !text.isEmpty {
            guard let mode = SnapshotCheck.Mode(rawValue: text) else {
                throw InputError(description: "CATALOG_RECORD must be missing, all, never or failed, not '\(text)'.")
            }
            return mode
        }
        return .missing
    }

    /// `COLSxROWS`, each from 1 to 1,000.
    static func parseSize(_ text: String) throws -> Size {
        guard let size = Size(parsing: text) else {
            throw Arguments.UsageError(
                description: "option '--size' needs COLSxROWS, each from 1 to 1000 (such as 100x30), not '\(text)'.")
        }
        return size
    }

    private static func write(
        text report: SnapshotCheck.Report, pruned: Bool, directory: String, pictures: String?, to out: inout Output
    ) {
        for result in report.results where result.status != .matched {
            let name = "\(result.entryID) · \(result.scenario) · \(result.size)"
            switch result.status {
            case .matched: break
            case .recorded, .rewritten:
                // Each file written is named: the golden, the picture, or both.
                var written: [(String, SnapshotCheck.Status)] = []
                if let status = result.goldenStatus { written.append(("\(directory)/\(result.golden)", status)) }
                if let pictures, let picture = result.picture {
                    written.append(("\(pictures)/\(picture.path)", picture.status))
                }
                for (path, status) in written where status == .recorded || status == .rewritten {
                    out.line("\(status == .recorded ? "recorded" : "rewrote") \(name): \(path)")
                }
            case .failed, .error:
                out.line("FAILED \(name)")
                for line in (result.message ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
                    out.line(String(line))
                }
            }
        }
        for path in report.stale { out.line((pruned ? "removed stale " : "stale: ") + "\(directory)/\(path)") }
        for path in report.stalePictures {
            out.line((pruned ? "removed stale " : "stale: ") + "\(pictures ?? directory)/\(path)")
        }
        var counts: [SnapshotCheck.Status: Int] = [:]
        for result in report.results { counts[result.status, default: 0] += 1 }
        let parts = countsText(counts)
        let entries = Set(report.results.map(\.entryID)).count
        out.line(
            "\(report.results.count) \(report.results.count == 1 ? "scenario" : "scenarios") of \(entries) "
                + "\(entries == 1 ? "entry" : "entries"): \(parts.joined(separator: ", "))"
                + (report.isStale
                    ? ", \(report.stale.count + report.stalePictures.count) \(pruned ? "stale removed" : "stale")" : "")
        )
    }

    /// A line on standard error for each step that changed nothing its golden shows, naming the entry, the
    /// scenario and the step, after what standard output holds so far: such a scenario guards nothing, but it may
    /// mean to show a key ignored, so it fails nothing.
    private static func warnIdleSteps(_ report: SnapshotCheck.Report, after out: inout Output) {
        let lines = report.results.flatMap { result in
            result.idleSteps.map { "warning: \(result.entryID) · \(result.scenario): \($0)" }
        }
        guard !lines.isEmpty else { return }
        out.flush()
        var error = Output(STDERR_FILENO)
        for line in lines { error.line(line) }
        error.flush()
    }

    private static func write(json report: SnapshotCheck.Report, to out: inout Output) {
        out.raw("[")
        for (index, result) in report.results.enumerated() {
            var object: [UInt8] = []
            object += Array((index == 0 ? "\n  " : ",\n  ").utf8)
            object += Array("{\"entry\": ".utf8)
            JSONText.appendString(result.entryID, to: &object)
            object += Array(", \"title\": ".utf8)
            JSONText.appendString(result.title, to: &object)
            object += Array(", \"scenario\": ".utf8)
            JSONText.appendString(result.scenario, to: &object)
            object += Array(", \"size\": \"\(result.size.columns)x\(result.size.rows)\", \"status\": ".utf8)
            JSONText.appendString(result.status.rawValue, to: &object)
            object += Array(", \"golden\": ".utf8)
            JSONText.appendString(result.golden, to: &object)
            if let message = result.message {
                object += Array(", \"message\": ".utf8)
                JSONText.appendString(message, to: &object)
            }
            object.append(0x7D)
            out.raw(object)
        }
        for (index, path) in report.stale.enumerated() {
            var object = Array((report.results.isEmpty && index == 0 ? "\n  " : ",\n  ").utf8)
            object += Array("{\"golden\": ".utf8)
            JSONText.appendString(path, to: &object)
            object += Array(", \"status\": \"stale\"}".utf8)
            out.raw(object)
        }
        out.raw(report.results.isEmpty && report.stale.isEmpty ? "]\n" : "\n]\n")
    }

    /// The summary's counts, in a fixed order: "4 matched", "1 error", "2 errors".
    static func countsText(_ counts: [SnapshotCheck.Status: Int]) -> [String] {
        [SnapshotCheck.Status.matched, .recorded, .rewritten, .failed, .error].compactMap { status in
            counts[status].map { "\($0) \(status == .error && $0 != 1 ? "errors" : status.rawValue)" }
        }
    }
}
