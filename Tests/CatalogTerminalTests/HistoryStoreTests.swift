import CatalogTerminal
import CatalogTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

/// The history file: where it lives, what it holds, and how it survives bad files, bad places and two launchers.
@Suite("History store")
struct HistoryStoreTests {
    static let time = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    func store(_ scratch: ScratchDirectory, _ path: String = "history/registry.json") -> HistoryStore {
        HistoryStore(url: scratch.file(path), now: { Self.time })
    }

    /// A store whose file holds one opening, and the file's text then.
    func storeWithOneOpening(_ scratch: ScratchDirectory) throws -> (store: HistoryStore, text: String?) {
        let store = store(scratch)
        try store.update { $0.recordOpening("a", at: Self.time) }
        return (store, scratch.text("history/registry.json"))
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    // MARK: Where

    /// Catches: a relative or empty XDG_STATE_HOME used (the spec says to ignore it), HOME not used as the
    /// fallback, or a made-up place when there is none.
    @Test func theLocationFollowsXDGStateHomeThenHome() {
        func url(_ environment: [String: String], file: String? = nil) -> String? {
            HistoryStore.url(program: "catalog", catalogFile: file, environment: environment)?.path
        }
        #expect(url(["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/catalog/history/registry.json")
        let fallback = "/home/a/.local/state/catalog/history/registry.json"
        #expect(url(["XDG_STATE_HOME": "x/state", "HOME": "/home/a"]) == fallback)
        #expect(url(["XDG_STATE_HOME": "", "HOME": "/home/a"]) == fallback)
        #expect(url(["HOME": "/home/a"]) == fallback)
        #expect(url(["XDG_STATE_HOME": "state", "HOME": "home"]) == nil)
        #expect(url([:]) == nil)
        #expect(url(["HOME": "/home/a"], file: "-") == nil, "standard input has no path to key a history by")
    }

    /// Catches: a hash that changes between runs (Swift's `Hasher` is seeded per process), a name that isn't safe
    /// as a file name, and histories shared between different files or split between a file and a link to it.
    @Test func eachCatalogFileHasItsOwnStableHistory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let environment = ["XDG_STATE_HOME": "/s"]
        func url(_ file: String) -> URL? {
            HistoryStore.url(program: "catalog", catalogFile: file, environment: environment)
        }
        // FNV-1a 64 of the path's UTF-8, worked out independently; the file doesn't exist, so its absolute path counts.
        #expect(
            url("/nonexistent-catalog/Über titles.txt")?.path
                == "/s/catalog/history/Über-titles-txt-aeae3f6ad8066605.json")
        try FileManager.default.createDirectory(at: scratch.file("one"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.file("two"), withIntermediateDirectories: true)
        try write("A\n", to: scratch.file("one/list.txt"))
        try write("A\n", to: scratch.file("two/list.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("link.txt").path, withDestinationPath: scratch.file("one/list.txt").path)
        let one = try #require(url(scratch.file("one/list.txt").path))
        #expect(one.lastPathComponent.hasPrefix("list-txt-"))
        #expect(url(scratch.file("link.txt").path) == one, "a link shares its file's history")
        #expect(url(scratch.file("two/../one/list.txt").path) == one)
        #expect(url(scratch.file("two/list.txt").path) != one, "same name, another file")
        let long = try #require(url("/nonexistent/" + String(repeating: "ж", count: 300)))
        #expect(long.lastPathComponent.utf8.count < 128, "room left for '.corrupt-…' under NAME_MAX")
    }

    // MARK: What

    /// Catches: a format change (key order, date format, version), a lost field, and stray files.
    @Test func aHistoryComesBackAsItWasSaved() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(store(scratch).load() == (History(), nil))
        #expect(scratch.names() == [], "loading a missing history creates nothing")
        try store(scratch).update { $0.recordOpening("basics/greeting", at: Self.time) }
        let saved = try store(scratch).update { history in
            history.recordOpening("basics/greeting", at: Self.time.addingTimeInterval(60))
            history.toggleFavourite("forms/slider", at: Self.time.addingTimeInterval(61))
        }
        let loaded = store(scratch).load()
        #expect(loaded.history == saved)
        #expect(loaded.problem == nil)
        #expect(
            scratch.text("history/registry.json") == """
                {
                  "records" : [
                    {
                      "count" : 0,
                      "favourite" : true,
                      "id" : "forms/slider",
                      "lastOpened" : "2023-11-14T22:14:21Z"
                    },
                    {
                      "count" : 2,
                      "favourite" : false,
                      "id" : "basics/greeting",
                      "lastOpened" : "2023-11-14T22:14:20Z"
                    }
                  ],
                  "version" : 1
                }

                """)
        #expect(scratch.names(in: "history") == ["registry.json", "registry.json.lock"])
    }

    /// Catches: a file this program can't use being overwritten or read as empty without a word, a message that
    /// doesn't name both files, and an earlier copy kept aside being replaced by a later one.
    @Test(arguments: [
        ("{ \"version\": 1, \"records\": [", "it is not a JSON object"),
        ("", "it is not a JSON object"),
        ("[1, 2]", "it is not a JSON object"),
        (#"{"version": 2, "records": []}"#, "it has version 2, and this program reads version 1"),
        (#"{"records": []}"#, "it has no version, and this program reads version 1"),
        (#"{"version": 1, "records": [{"id": 3}]}"#, "its records are not in the expected form at '.records[0].id'"),
    ])
    func aFileItCannotUseIsMovedAsideWithAMessage(content: String, reason: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = store(scratch)
        try write(content, to: store.url)
        let loaded = store.load()
        let aside = store.url.path + ".corrupt-20231114T221320Z"
        #expect(loaded.history == History())
        #expect(
            loaded.problem?.text(in: Locale(identifier: "en"))
                == "The history '\(store.url.path)' is not one this program can read (\(reason)); it was moved to "
                + "'\(aside)', and recents and favourites start empty.")
        #expect(scratch.text("history/registry.json.corrupt-20231114T221320Z") == content)
        // A second bad file in the same second gets a name of its own.
        try write("second", to: store.url)
        _ = store.load()
        #expect(scratch.text("history/registry.json.corrupt-20231114T221320Z") == content)
        #expect(scratch.text("history/registry.json.corrupt-20231114T221320Z-2") == "second")
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    /// Catches: `update` writing over a bad file instead of keeping it, or refusing to save after one.
    @Test func updateKeepsABadFileAsideAndSaves() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = store(scratch)
        try write("garbage", to: store.url)
        let saved = try store.update { $0.recordOpening("a", at: Self.time) }
        #expect(saved.recent == ["a"])
        #expect(store.load() == (saved, nil))
        #expect(scratch.text("history/registry.json.corrupt-20231114T221320Z") == "garbage")
    }

    // MARK: Bad places

    /// Catches: a file that can't be read being replaced (losing a history that is only unreadable for now), or
    /// read as empty without a word. A directory can't be read as a file even by root.
    @Test func anUnreadableFileIsLeftAloneWithAMessage() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = store(scratch)
        try write("keep me", to: store.url.appendingPathComponent("inside.txt"))
        let loaded = store.load()
        #expect(loaded.history == History())
        #expect(
            loaded.problem?.text(in: Locale(identifier: "en"))
                == "Could not read the history '\(store.url.path)': it is a directory. It is left alone, and openings "
                + "are not saved until it can be read; fix its permissions or move it away. Recents and favourites "
                + "start empty.")
        #expect(throws: HistoryStore.Error.unreadable(path: store.url.path, reason: "it is a directory")) {
            try store.update { $0.recordOpening("a", at: Self.time) }
        }
        #expect(scratch.text("history/registry.json/inside.txt") == "keep me")
    }

    /// Catches: the same for a file without read permission. Root reads it anyway, so this runs for other users.
    @Test(.enabled(if: geteuid() != 0, "root ignores permissions"))
    func aFileWithoutReadPermissionIsLeftAlone() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (store, before) = try storeWithOneOpening(scratch)
        chmod(store.url.path, 0)
        #expect(store.load().problem == .unreadable(path: store.url.path, reason: "Permission denied"))
        #expect(throws: HistoryStore.Error.self) { try store.update { $0.recordOpening("b", at: Self.time) } }
        chmod(store.url.path, 0o600)
        #expect(scratch.text("history/registry.json") == before)
    }

    /// Catches: an impossible place (a parent that is a regular file) trapping or failing without naming it, and
    /// the file in the way being touched. Fails for root too.
    @Test func anImpossibleLocationThrowsAClearError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try write("not a directory", to: scratch.file("state"))
        let store = store(scratch, "state/catalog/history/registry.json")
        let error = try #require(throws: AtomicFile.Error.self) {
            try store.update { $0.recordOpening("a", at: Self.time) }
        }
        #expect(error.code == ENOTDIR)
        #expect(error.description.hasPrefix("Could not create the directory '\(scratch.file("state").path)'"))
        #expect(store.load().history == History())
        #expect(scratch.text("state") == "not a directory")
        #expect(scratch.names() == ["state"])
    }

    /// Catches: a write going ahead when the lock can't be taken (it would race another launcher), or touching the
    /// history when it fails. A directory where the lock file goes can't be opened for writing, even by root.
    @Test func aLockThatCannotBeTakenLeavesTheFileAsItWas() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (store, before) = try storeWithOneOpening(scratch)
        try FileManager.default.removeItem(at: scratch.file("history/registry.json.lock"))
        try FileManager.default.createDirectory(
            at: scratch.file("history/registry.json.lock"), withIntermediateDirectories: false)
        let error = try #require(throws: AtomicFile.Error.self) {
            try store.update { $0.recordOpening("b", at: Self.time) }
        }
        #expect(error == AtomicFile.Error("open the lock file", path: store.url.path + ".lock", code: EISDIR))
        #expect(scratch.text("history/registry.json") == before)
        #expect(scratch.names(in: "history") == ["registry.json", "registry.json.lock"])
    }

    /// Catches: a read-only directory letting the history be replaced, or leaving debris. Root writes anyway, so
    /// this runs for other users.
    @Test(.enabled(if: geteuid() != 0, "root ignores permissions"))
    func aReadOnlyDirectoryThrowsAndKeepsTheFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (store, before) = try storeWithOneOpening(scratch)
        chmod(scratch.file("history").path, 0o555)
        defer { chmod(scratch.file("history").path, 0o700) }
        let error = try #require(throws: AtomicFile.Error.self) {
            try store.update { $0.recordOpening("b", at: Self.time) }
        }
        #expect(error.code == EACCES)
        #expect(scratch.text("history/registry.json") == before)
        #expect(scratch.names(in: "history") == ["registry.json", "registry.json.lock"])
    }

    // MARK: Two launchers

    /// Two launchers (separate stores, so separate lock descriptors, as two processes have) each save 100 openings
    /// at the same time on both cores. Catches: a read-modify-write without the lock, or a lock that doesn't
    /// exclude another descriptor, which loses openings.
    @Test func twoLaunchersSavingAtOnceLoseNothing() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let url = scratch.file("history/registry.json")
        DispatchQueue.concurrentPerform(iterations: 2) { launcher in
            let store = HistoryStore(url: url)
            for round in 0..<100 {
                let date = Self.time.addingTimeInterval(Double(round))
                do {
                    try store.update { history in
                        history.recordOpening("shared", at: date)
                        history.recordOpening("launcher \(launcher)", at: date)
                    }
                } catch {
                    Issue.record("launcher \(launcher), round \(round): \(error)")
                }
            }
        }
        let history = HistoryStore(url: url).load().history
        let counts = Dictionary(uniqueKeysWithValues: history.records.map { ($0.id, $0.count) })
        #expect(counts == ["shared": 200, "launcher 0": 100, "launcher 1": 100])
    }
}
