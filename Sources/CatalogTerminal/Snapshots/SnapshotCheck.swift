import CatalogKit
import Foundation

/// Checks every scenario of a catalog against its golden file: what `catalog snapshot` and
/// `CatalogSnapshots.check` run.
///
/// Each scenario is played (see `ScenarioRun`), its frame turned into golden text (see `Golden`) and compared
/// with the file `DIRECTORY/<entry id>/<scenario>.txt`. Record modes follow swift-snapshot-testing's: ``Mode/missing``
/// writes goldens that don't exist yet and fails on differences; ``Mode/all`` writes every one, whether it differs
/// or not; ``Mode/never`` only compares, for CI; ``Mode/failed`` rewrites only those that differ.
public struct SnapshotCheck {
    /// When goldens are written.
    public enum Mode: String, Sendable, CaseIterable {
        /// `missing` writes goldens that don't exist yet; `all` writes every one; `never` only compares;
        /// `failed` rewrites those that differ.
        case missing, all, never, failed

        /// The mode `CATALOG_RECORD` names, if it names one.
        public static func from(environment: [String: String]) -> Mode? {
            environment["CATALOG_RECORD"].flatMap(Mode.init(rawValue:))
        }
    }

    /// What happened to one scenario.
    public enum Status: String, Sendable {
        /// The frame matches its golden.
        case matched
        /// There was no golden; one was written.
        case recorded
        /// There was a golden, and it was written again: it differed (``Mode/failed``), or every golden is written
        /// (``Mode/all``).
        case rewritten
        /// The frame differs from its golden (see the diff), or there is no golden and none may be written.
        case failed
        /// The screen could not be made or played.
        case error
    }

    /// One scenario's result.
    public struct Result: Sendable {
        /// The entry's id; for `assertSnapshot(of:scenario:)`, the screen's type.
        public var entryID: String
        /// The title shown in the frame's breadcrumb.
        public var title: String
        /// The scenario's name.
        public var scenario: String
        /// The size it was played at.
        public var size: Size
        /// What happened.
        public var status: Status
        /// The golden file, relative to the directory.
        public var golden: String
        /// A unified diff from the golden to the frame now, for a failure; an error's message.
        public var message: String?
        /// What became of the golden itself, and of the SVG picture (relative to the pictures' directory) when
        /// pictures are kept: ``status`` says the more newsworthy of the two.
        package var goldenStatus: Status?
        package var picture: (path: String, status: Status)?
        /// The scenario's steps that changed nothing its golden shows, one line each
        /// (`step 1 (x) did nothing: the screen ignored the key`): warnings, which fail nothing.
        package var idleSteps: [String] = []

        /// Whether the result fails the check.
        public var isFailure: Bool { status == .failed || status == .error }

        package init(
            entryID: String, title: String, scenario: String, size: Size, status: Status, golden: String,
            message: String? = nil
        ) {
            self.entryID = entryID
            self.title = title
            self.scenario = scenario
            self.size = size
            self.status = status
            self.golden = golden
            self.message = message
        }
    }

    /// A whole check.
    public struct Report: Sendable {
        /// Each scenario's result, in the registry's order.
        public var results: [Result]
        /// Golden files no scenario has any more, relative to the directory.
        public var stale: [String]
        /// Pictures no scenario has any more, relative to the pictures' directory.
        package var stalePictures: [String] = []
        /// Whether any golden or picture is stale.
        package var isStale: Bool { !stale.isEmpty || !stalePictures.isEmpty }
        /// Whether any result failed.
        public var failed: Bool { results.contains(where: \.isFailure) }
    }

    /// Where goldens are read and written.
    package let store: any GoldenStore
    /// When goldens are written.
    package let mode: Mode
    /// A size that replaces every scenario's; goldens then carry it in their names (`initial@100x30.txt`).
    package let size: Size?
    /// Where to write an SVG picture of each scenario, compared and recorded like the goldens; `nil` for none.
    package let pictures: (any GoldenStore)?

    package init(store: any GoldenStore, mode: Mode = .missing, size: Size? = nil, pictures: (any GoldenStore)? = nil) {
        self.store = store
        self.mode = mode
        self.size = size
        self.pictures = pictures
    }

    /// The golden file of a scenario, relative to the directory: the entry's id as folders, the scenario's name as
    /// the file.
    package func goldenPath(entryID: String, scenario: Scenario, ext: String = "txt") -> String {
        let folders = entryID.split(separator: "/", omittingEmptySubsequences: true).map { Self.fileName(String($0)) }
        let suffix = size.map { "@\($0.columns)x\($0.rows)" } ?? ""
        return (folders + [Self.fileName(scenario.name) + suffix + "." + ext]).joined(separator: "/")
    }

    /// A name made safe for a file: letters and digits of any script kept, runs of anything else a single "-".
    package static func fileName(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
                if pendingDash && !result.isEmpty { result.append("-") }
                result.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "_" : result
    }

    /// Checks every entry of a registry, in search order; goldens of entries it doesn't have are stale.
    ///
    /// - Parameter registry: The catalog.
    /// - Returns: Every scenario's result and the stale goldens.
    package func check(_ registry: Registry<any Screen>) -> Report {
        check(Self.entries(of: registry), complete: true)
    }

    /// A registry's entries in search order: those ``check(_:)-(Registry<any Screen>)`` checks.
    package static func entries(of registry: Registry<any Screen>) -> [Entry<any Screen>] {
        let snapshot = registry.snapshot()
        return snapshot.recordsInOrder.compactMap { registry.entry(id: snapshot.table.id(Int($0))) }
    }

    /// Whether checking entries may write goldens, and pictures: ``Mode/never`` writes none; ``Mode/all`` and
    /// ``Mode/failed`` may write any; ``Mode/missing`` writes only those missing, so a read-only directory that
    /// holds them all is only compared.
    package func writes(_ entries: [Entry<any Screen>]) -> (goldens: Bool, pictures: Bool) {
        switch mode {
        case .never: return (false, false)
        case .all, .failed: return (true, pictures != nil)
        case .missing:
            let paths = entries.flatMap { entry in entry.scenarios.map { goldenPath(entryID: entry.id, scenario: $0) } }
            let pictureMissing = pictures.map { pictures in
                paths.contains { pictures.read(Self.picturePath(of: $0)) == nil }
            }
            return (paths.contains { store.read($0) == nil }, pictureMissing ?? false)
        }
    }

    /// The SVG picture beside a golden's path: `at-75.svg` for `at-75.txt`.
    static func picturePath(of golden: String) -> String {
        (golden.hasSuffix(".txt") ? String(golden.dropLast(4)) : golden) + ".svg"
    }

    /// Checks entries.
    ///
    /// - Parameters:
    ///   - entries: The entries, with their scenarios.
    ///   - complete: Whether `entries` is the whole catalog, so goldens of other entries count as stale.
    /// - Returns: Every scenario's result, in order, and the stale goldens.
    package func check(_ entries: [Entry<any Screen>], complete: Bool) -> Report {
        var results: [Result] = []
        var expected: Set<String> = []
        // Ids that differ only where file names can't ("a b" and "a-b") would share a folder of goldens, and
        // each entry be checked against the other's.
        var folders: [String: String] = [:]
        for entry in entries {
            let folder = entry.id.split(separator: "/").map { Self.fileName(String($0)) }.joined(separator: "/")
            if let other = folders[folder], other != entry.id {
                for scenario in entry.scenarios {
                    results.append(
                        Result(
                            entryID: entry.id, title: entry.title, scenario: scenario.name,
                            size: size ?? scenario.size, status: .error,
                            golden: goldenPath(entryID: entry.id, scenario: scenario),
                            message: "its goldens would be kept in \(folder)/, where those of '\(other)' are; give "
                                + "one of the two entries a distinct id."))
                }
                continue
            }
            folders[folder] = entry.id
            for scenario in entry.scenarios {
                let result = check(scenario, of: entry)
                expected.insert(result.golden)
                results.append(result)
            }
        }
        var report = Report(results: results, stale: complete ? stale(besides: expected) : [])
        if complete, let pictures {
            let drawn = Set(results.compactMap { $0.picture?.path })
            report.stalePictures = pictures.files().filter {
                $0.hasSuffix(".svg") && !drawn.contains($0) && !Self.isCaptured($0)
            }.sorted()
        }
        return report
    }

    /// The goldens in the store that none of the given paths names: those of scenarios that are gone.
    ///
    /// - Parameter expected: Every scenario's golden path (see ``goldenPath(entryID:scenario:ext:)``).
    /// - Returns: The other goldens of this check's size, sorted; other files are left out, and so are captured
    ///   scenarios' goldens, which only a check with their captures file knows.
    package func stale(besides expected: Set<String>) -> [String] {
        store.files().filter { !expected.contains($0) && isOurs($0) && !Self.isCaptured($0) }.sorted()
    }

    /// Whether a golden or picture is a captured scenario's (`captured-3.txt`, `captured-3@80x24.txt`): the
    /// scenarios `snapshot --scenario-file` reads from a captures file are named "captured N". A check without the
    /// file can't tell whether they are gone, so it never calls them stale and `--prune` never removes what a
    /// capture recorded.
    static func isCaptured(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last?.split(separator: ".").first else { return false }
        let base = name.split(separator: "@").first ?? name
        guard base.hasPrefix("captured-") else { return false }
        let number = base.dropFirst("captured-".count)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// Whether a file is a golden of this check's size.
    private func isOurs(_ path: String) -> Bool {
        guard path.hasSuffix(".txt") else { return false }
        let hasSize = path.split(separator: "/").last?.contains("@") ?? false
        return size == nil ? !hasSize : path.hasSuffix("@\(size?.columns ?? 0)x\(size?.rows ?? 0).txt")
    }

    /// Checks one scenario of an entry against its golden, recording it as the mode says.
    ///
    /// - Parameters:
    ///   - scenario: One of the entry's scenarios.
    ///   - entry: The entry.
    /// - Returns: The scenario's result.
    package func check(_ scenario: Scenario, of entry: Entry<any Screen>) -> Result {
        check(
            scenario, id: entry.id, title: entry.title, golden: goldenPath(entryID: entry.id, scenario: scenario),
            make: { try entry.screen(for: scenario) })
    }

    /// Checks one scenario of a screen against the golden at a path, recording it as the mode says.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - id: What the golden's first line names: the entry's id, or for a screen checked on its own, its type.
    ///   - title: The title the breadcrumb shows when the screen has none of its own.
    ///   - path: The golden, relative to the store.
    ///   - make: Makes the screen.
    /// - Returns: The scenario's result; its ``Result/entryID`` is `id`.
    package func check(
        _ scenario: Scenario, id: String, title: String, golden path: String, make: () throws -> any Screen
    ) -> Result {
        var result = Result(
            entryID: id, title: title, scenario: scenario.name, size: size ?? scenario.size, status: .matched,
            golden: path)
        let run: ScenarioRun
        // A screen that traps can't be caught, but `snapshot` can name what it was playing.
        CrashNote.playing(id, scenario.name)
        do {
            run = try ScenarioRun.play(scenario, size: size, title: title, notesIdleSteps: true, of: make)
        } catch {
            result.status = .error
            result.message = "could not open '\(title.isEmpty ? id : title)': \(error)"
            return result
        }
        result.size = run.size
        result.idleSteps = run.idleSteps.map(\.description)
        let values = scenario.controlsLabel
        let name = "\(id) · \(scenario.name) · \(run.size)" + (values.isEmpty ? "" : " · \(values)")
        let text = Golden.text(of: run.frame, size: run.size, title: name)
        result.status = compare(text, at: path, in: store, named: name, message: &result.message)
        result.goldenStatus = result.status
        if let pictures, !result.isFailure {
            let picture = SVGPicture.document(
                of: run.frame, size: run.size, title: "\(title.isEmpty ? id : title) · \(scenario.name)")
            let picturePath = Self.picturePath(of: path)
            let status = compare(picture, at: picturePath, in: pictures, named: name, message: &result.message)
            result.picture = (picturePath, status)
            // A picture's news counts as well as the golden's: written, rewritten or failed.
            if status == .failed || status == .error || (result.status == .matched && status != .matched) {
                result.status = status
            }
        }
        return result
    }

    /// Compares a text with its file and records it as the mode says.
    private func compare(
        _ text: String, at path: String, in store: any GoldenStore, named title: String, message: inout String?
    ) -> Status {
        let golden = store.read(path)
        let differs = golden.map { $0 != text } ?? true
        let write: Bool
        switch mode {
        case .all: write = true
        case .missing: write = golden == nil
        case .failed: write = differs
        case .never: write = false
        }
        if write {
            do {
                try store.write(text, to: path)
                // What a rewrite changed, to look at before committing it (the golden's, before a picture's).
                if let golden, differs, message == nil {
                    message = LineDiff.unified(golden, text, oldName: "was: \(path)", newName: "now: \(title)")
                }
                return golden == nil ? .recorded : .rewritten
            } catch {
                message = "could not write \(path): \(error)"
                return .error
            }
        }
        guard differs else { return .matched }
        if let golden {
            message = LineDiff.unified(golden, text, oldName: "golden: \(path)", newName: "now: \(title)")
        } else {
            message = "there is no golden \(path), and record mode never writes one"
        }
        return .failed
    }

    /// Removes stale goldens.
    ///
    /// - Parameter report: A report of a complete check.
    /// - Throws: The first file that can't be removed.
    package func prune(_ report: Report) throws {
        for path in report.stale { try store.remove(path) }
        if let pictures { for path in report.stalePictures { try pictures.remove(path) } }
    }
}

/// Where golden files live: a directory on disk, or memory in tests.
package protocol GoldenStore: Sendable {
    /// The file's text, or `nil` when there is none.
    func read(_ path: String) -> String?
    /// Writes a file whole: a reader sees the old text or the new one, never half of one.
    func write(_ text: String, to path: String) throws
    /// Every file's path, relative.
    func files() -> [String]
    /// Removes a file.
    func remove(_ path: String) throws
}

/// Golden files in a directory.
package struct DirectoryStore: GoldenStore {
    /// The directory.
    public let root: URL

    public init(_ root: URL) {
        self.root = root
    }

    public func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    public func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        // Shared with the people who review goldens: the umask's permissions, not the state directories' 0700.
        try AtomicFile.createDirectories(url.deletingLastPathComponent().path, mode: 0o777)
        // Written beside the file, then renamed over it: the write is whole or not at all.
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    public func files() -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        return walker.compactMap { item in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
            else { return nil }
            let path = url.standardizedFileURL.path
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
    }

    /// Removes a file, then each folder above it, up to the root, that it leaves empty: a gone entry's folder goes
    /// with its last golden.
    public func remove(_ path: String) throws {
        var url = root.appendingPathComponent(path)
        try FileManager.default.removeItem(at: url)
        let top = root.standardizedFileURL.path
        while true {
            url = url.deletingLastPathComponent()
            // rmdir(2) removes only an empty folder; the first that holds something ends the walk.
            guard url.standardizedFileURL.path.count > top.count, rmdir(url.path) == 0 else { return }
        }
    }
}
