import CatalogTerminal
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The settings the @AppStorage demo keeps across runs.
struct AppSettings: Codable, Equatable, Sendable {
    /// The accent colour's name, one of ``accents``.
    var accent = "Blue"
    /// A counter that survives restarts, within ``counterRange``.
    var counter = 0

    /// The accent colours to choose from: the name saved, the word shown in the screen's language, and the RGB
    /// value.
    static let accents: [(name: String, word: DemoWords, rgb: (UInt8, UInt8, UInt8))] = [
        ("Blue", .blue, (10, 132, 255)), ("Green", .green, (48, 209, 88)), ("Orange", .orange, (255, 159, 10)),
        ("Pink", .pink, (255, 55, 95)), ("Purple", .purple, (191, 90, 242)),
    ]

    /// The values the counter takes: wide enough for any counting by hand, and far from `Int`'s ends, so `+` and
    /// `-` can never overflow.
    static let counterRange = -999_999...999_999

    /// The settings with every value brought into range, and a problem for each value that had to change.
    ///
    /// A hand-edited file can hold any number or name: a counter beyond ``counterRange`` is clamped to its nearest
    /// end, and an accent colour that isn't one of ``accents`` becomes the default.
    ///
    /// - Returns: The usable settings, and what was changed to make them so (empty when nothing was).
    func checked() -> (settings: AppSettings, problems: [SettingsProblem]) {
        var checked = self
        var problems: [SettingsProblem] = []
        let range = Self.counterRange
        if !range.contains(counter) {
            checked.counter = min(max(counter, range.lowerBound), range.upperBound)
            problems.append(.counterOutOfRange(saved: counter, now: checked.counter))
        }
        if !Self.accents.contains(where: { $0.name == accent }) {
            checked.accent = AppSettings().accent
            problems.append(.unknownAccent(saved: accent, now: checked.accent))
        }
        return (checked, problems)
    }
}

/// A problem with the settings, kept as what it is and said in the screen's language when shown.
enum SettingsProblem: Equatable, Sendable {
    /// A saved counter beyond ``AppSettings/counterRange``, and the nearest value in it.
    case counterOutOfRange(saved: Int, now: Int)
    /// A saved accent colour that isn't one of ``AppSettings/accents``, and the accent's name used instead.
    case unknownAccent(saved: String, now: String)
    /// The file exists but can't be read; the system's reason.
    case unreadable(path: String, reason: String)
    /// The file is not settings JSON.
    case notJSON(path: String)
    /// A directory sits where the file should be.
    case directoryInTheWay(path: String)
    /// There is nowhere to keep settings; why not.
    case inMemory(reason: String)
    /// A save failed; why.
    case notSaved(reason: String)

    /// The problem in `locale`'s language; numbers in its digits and grouping.
    func text(in locale: Locale) -> String {
        let (key, arguments): (DemoWords, [String: any Sendable]) =
            switch self {
            case .counterOutOfRange(let saved, let now): (.savedCounterOutOfRange, ["saved": saved, "now": now])
            case .unknownAccent(let saved, let now):
                (
                    .savedAccentUnknown,
                    [
                        "saved": saved,
                        "now": AppSettings.accents.first { $0.name == now }.map { DemoWords.text($0.word, in: locale) }
                            ?? now,
                    ]
                )
            case .unreadable(let path, let reason): (.settingsUnreadable, ["path": path, "reason": reason])
            case .notJSON(let path): (.settingsNotJSON, ["path": path])
            case .directoryInTheWay(let path): (.settingsDirectory, ["path": path])
            case .inMemory(let reason): (.settingsInMemory, ["reason": reason])
            case .notSaved(let reason): (.notSaved, ["reason": reason])
            }
        return DemoWords.text(key, in: locale, arguments)
    }
}

/// What loading found: the settings to use, and the problem when they are defaults because of one.
struct SettingsLoad: Equatable {
    var settings: AppSettings
    var problem: SettingsProblem?
}

/// Where settings live. The screen only talks to this, so tests give it a store in a temporary directory or memory.
///
/// Stores are `Sendable`: the screen hands a save to a background job, which calls the store off the input path.
protocol SettingsStore: Sendable {
    /// Reads the settings, falling back to defaults with a message when the file is missing, unreadable or corrupt.
    func load() -> SettingsLoad
    /// Replaces the stored settings in one step; on failure the previous settings stay as they were.
    func save(_ settings: AppSettings) throws
}

/// Settings kept in memory only, for when there is nowhere to write.
final class MemorySettingsStore: SettingsStore {
    private let stored: Mutex<AppSettings>
    private let problem: SettingsProblem?

    /// Creates a store holding settings.
    ///
    /// - Parameters:
    ///   - settings: What ``load()`` gives until the first save.
    ///   - problem: What ``load()`` reports, such as why settings can't be kept on disk.
    init(_ settings: AppSettings = AppSettings(), problem: SettingsProblem? = nil) {
        stored = Mutex(settings)
        self.problem = problem
    }

    /// The settings last saved.
    var settings: AppSettings { stored.withLock { $0 } }

    func load() -> SettingsLoad { SettingsLoad(settings: settings, problem: problem) }
    func save(_ settings: AppSettings) throws { stored.withLock { $0 = settings } }
}

/// Settings in `settings.json`, written atomically: a new file beside it, synced, then renamed over it.
///
/// A reader therefore sees the old file or the new one, never half of one, even with two writers at once (each
/// writes its own temporary file). A file that isn't valid settings JSON is left as it is by loading, and renamed to
/// `settings.json.corrupt-<timestamp>` by the first save, never overwritten in place.
struct FileSettingsStore: SettingsStore {
    /// A failure to find or write the settings file.
    enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Neither `XDG_CONFIG_HOME` nor `HOME` gives a place for the file.
        case noLocation
        /// A directory sits where the file should be.
        case directoryInTheWay(String)
        /// A system call failed on a path.
        case systemCall(String, path: String, reason: String)

        var description: String {
            switch self {
            case .noLocation:
                return "Neither XDG_CONFIG_HOME nor HOME is set, so there is nowhere to keep settings. "
                    + "Set one of them to save settings across runs."
            case .directoryInTheWay(let path):
                return "'\(path)' is a directory, not a settings file. Move it away to save settings."
            case .systemCall(let call, let path, let reason):
                return "Could not \(call) '\(path)': \(reason)."
            }
        }
    }

    /// The directory holding the file.
    let directory: URL
    /// Gives the time used in the names of corrupt files kept aside.
    var now: @Sendable () -> Date = { Date() }

    /// The settings file.
    var file: URL { directory.appendingPathComponent("settings.json") }

    init(directory: URL) {
        self.directory = directory
    }

    /// The standard place: `$XDG_CONFIG_HOME/catalog`, else `~/.config/catalog`.
    ///
    /// - Parameter environment: The process environment.
    /// - Throws: ``Error/noLocation`` when neither variable gives an absolute path.
    init(environment: [String: String]) throws {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            directory = URL(fileURLWithPath: config).appendingPathComponent("catalog")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            directory = URL(fileURLWithPath: home).appendingPathComponent(".config/catalog")
        } else {
            throw Error.noLocation
        }
    }

    func load() -> SettingsLoad {
        let path = file.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return SettingsLoad(settings: AppSettings())
        }
        if isDirectory.boolValue {
            return SettingsLoad(settings: AppSettings(), problem: .directoryInTheWay(path: path))
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return SettingsLoad(settings: AppSettings(), problem: .unreadable(path: path, reason: "\(error)"))
        }
        if let settings = try? JSONDecoder().decode(AppSettings.self, from: data) {
            return SettingsLoad(settings: settings)
        }
        // Loading only reads: a factory runs this, and so does the preview of a merely highlighted entry. The first
        // save, a job the screen asks the shell for, keeps the file aside before it writes.
        return SettingsLoad(settings: AppSettings(), problem: .notJSON(path: path))
    }

    /// Renames a corrupt file to a name no other file has.
    private func keepAside() throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stem = "settings.json.corrupt-" + formatter.string(from: now())
        for attempt in 1...1000 {
            let name = attempt == 1 ? stem : "\(stem)-\(attempt)"
            let target = directory.appendingPathComponent(name)
            // link(2) refuses to replace an existing file, so no earlier corrupt copy is lost.
            if link(file.path, target.path) == 0 {
                unlink(file.path)
                return target
            }
            if errno != EEXIST { throw Error.systemCall("keep aside", path: file.path, reason: Self.reason()) }
        }
        throw Error.systemCall("keep aside", path: file.path, reason: "too many corrupt copies already")
    }

    func save(_ settings: AppSettings) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Error.directoryInTheWay(file.path)
        }
        var kept: [String: Any] = [:]
        if FileManager.default.fileExists(atPath: file.path) {
            let existing = try? Data(contentsOf: file)
            if let existing, (try? JSONDecoder().decode(AppSettings.self, from: existing)) != nil {
                // Keys this screen doesn't know (another program's, a newer version's) are kept as they were.
                kept = (try? JSONSerialization.jsonObject(with: existing)) as? [String: Any] ?? [:]
            } else {
                // A corrupt file is evidence someone may want; keep it rather than write over it.
                _ = try keepAside()
            }
        }
        let ours = try JSONSerialization.jsonObject(with: JSONEncoder().encode(settings)) as? [String: Any] ?? [:]
        kept.merge(ours) { _, new in new }
        let text = try JSONSerialization.data(withJSONObject: kept, options: [.prettyPrinted, .sortedKeys])
        // The launcher's one atomic write: the old settings or the new, never half, and an error that names the
        // file and what to do.
        try AtomicFile.write(text + Data("\n".utf8), to: file)
    }

    private static func reason() -> String {
        String(validatingCString: strerror(errno)) ?? "error \(errno)"
    }
}
