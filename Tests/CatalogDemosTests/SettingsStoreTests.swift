import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func cleanUp() {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite("Settings store")
struct SettingsStoreTests {
    func store(in directory: TemporaryDirectory) -> FileSettingsStore {
        var store = FileSettingsStore(directory: directory.url.appendingPathComponent("catalog"))
        store.now = { Date(timeIntervalSince1970: 1_700_000_000) }
        return store
    }

    func contents(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    @Test func locationFollowsXDGThenHome() throws {
        let xdg = try FileSettingsStore(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"])
        #expect(xdg.file.path == "/x/config/catalog/settings.json")
        let home = try FileSettingsStore(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"])
        #expect(home.file.path == "/home/a/.config/catalog/settings.json")
        #expect(throws: FileSettingsStore.Error.noLocation) { try FileSettingsStore(environment: [:]) }
    }

    @Test func savesAndLoadsAcrossInstances() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        #expect(store(in: directory).load() == SettingsLoad(settings: AppSettings()))
        try store(in: directory).save(AppSettings(accent: "Pink", counter: 7))
        #expect(store(in: directory).load() == SettingsLoad(settings: AppSettings(accent: "Pink", counter: 7)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store(in: directory).directory.path)
        #expect(leftovers == ["settings.json"])
    }

    /// Catches: a save that writes only the keys it knows, dropping another program's or a newer version's.
    @Test func keysItDoesNotKnowAreKeptBySaving() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try #"{"accent":"Blue","counter":7,"myOtherKey":42,"nested":{"a":[1,2]}}"#.write(
            to: store.file, atomically: true, encoding: .utf8)
        try store.save(AppSettings(accent: "Blue", counter: 8))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(saved?["counter"] as? Int == 8)
        #expect(saved?["myOtherKey"] as? Int == 42)
        #expect((saved?["nested"] as? [String: Any])?["a"] as? [Int] == [1, 2])
        #expect(store.load() == SettingsLoad(settings: AppSettings(accent: "Blue", counter: 8)))
    }

    @Test func aCorruptFileIsReadWithAClearMessageAndKeptAsideByTheFirstSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{ \"accent\": ".utf8).write(to: store.file)
        let loaded = store.load()
        #expect(loaded.settings == AppSettings())
        #expect(loaded.problem == .notJSON(path: store.file.path))
        #expect(
            loaded.problem?.text(in: Locale(identifier: "en"))
                == "'\(store.file.path)' is not valid settings JSON, so defaults are used. It will be "
                + "kept as settings.json.corrupt-<time> when the settings are first saved.")
        #expect(contents(store.file) == "{ \"accent\": ", "loading never moves or changes the file")
        let aside = store.directory.appendingPathComponent("settings.json.corrupt-20231114T221320Z")
        try store.save(AppSettings(accent: "Green", counter: 1))
        #expect(contents(aside) == "{ \"accent\": ")
        #expect(store.load().settings.accent == "Green")
        // A second corrupt file at the same second gets its own name; the first is never overwritten.
        try Data("garbage".utf8).write(to: store.file)
        try store.save(AppSettings(accent: "Blue", counter: 2))
        #expect(contents(aside) == "{ \"accent\": ")
        #expect(
            contents(store.directory.appendingPathComponent("settings.json.corrupt-20231114T221320Z-2")) == "garbage")
    }

    /// The demo's first frame, as the launcher's preview draws it, over a settings file that is not JSON.
    func firstFrameOverGarbage(in directory: TemporaryDirectory, size: Size) throws -> (Frame, FileSettingsStore) {
        let store = store(in: directory)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: store.file)
        let frame = try FirstFrame.render(of: { AppStorageDemo.opening { store } }, size: size, environment: .standard)
        return (frame, store)
    }

    @Test("previewing the @AppStorage entry, as the launcher's pane does, moves no file")
    func previewWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let (frame, store) = try firstFrameOverGarbage(in: directory, size: Size(columns: 400, rows: 12))
        #expect(frame.text.contains("is not valid settings JSON"))
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["settings.json"], "the preview moved or wrote a file")
        #expect(contents(store.file) == "garbage")
    }

    @Test("the corrupt-file message wraps to the screen's width, so where the bad copy goes is never cut off")
    func corruptMessageWraps() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let (frame, store) = try firstFrameOverGarbage(in: directory, size: Size(columns: 60, rows: 14))
        let text = frame.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(text.contains(store.file.path), "the path is broken across lines, never cut: \(frame.text)")
        let words = frame.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(words.contains("settings.json.corrupt-<time> when the settings are first saved."))
        #expect(frame.lines.allSatisfy { DisplayWidth.of($0.text) <= 60 })
    }

    @Test func saveKeepsACorruptFileAsideInsteadOfOverwritingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try store.save(AppSettings(accent: "Blue", counter: 1))
        try Data("edited by hand, badly".utf8).write(to: store.file)
        try store.save(AppSettings(accent: "Blue", counter: 2))
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
        #expect(names == ["settings.json", "settings.json.corrupt-20231114T221320Z"])
    }

    @Test func aDirectoryInTheFilesPlaceIsReportedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: store.file.appendingPathComponent("inside.txt"))
        let loaded = store.load()
        #expect(loaded.settings == AppSettings())
        #expect(loaded.problem == .directoryInTheWay(path: store.file.path))
        #expect(throws: FileSettingsStore.Error.directoryInTheWay(store.file.path)) {
            try store.save(AppSettings(accent: "Pink", counter: 3))
        }
        #expect(contents(store.file.appendingPathComponent("inside.txt")) == "keep me")
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["settings.json"])
    }

    /// Root writes into read-only directories, so this case can't fail for root; it is skipped then, and
    /// ``aFailedWriteNeverLosesThePreviousValueEvenForRoot()`` makes a write fail for everyone.
    @Test(.enabled(if: geteuid() != 0, "root can write into a read-only directory"))
    func aReadOnlyDirectoryNeverLosesThePreviousValue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try store.save(AppSettings(accent: "Orange", counter: 41))
        chmod(store.directory.path, 0o555)
        defer { chmod(store.directory.path, 0o755) }
        #expect {
            try store.save(AppSettings(accent: "Orange", counter: 42))
        } throws: { error in
            "\(error)".hasPrefix("Could not create a temporary file for '\(store.file.path)': Permission denied")
        }
        #expect(store.load() == SettingsLoad(settings: AppSettings(accent: "Orange", counter: 41)))
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["settings.json"])
    }

    @Test func aFailedWriteNeverLosesThePreviousValueEvenForRoot() throws {
        // A directory whose path leaves room for "settings.json" but not for the longer name of the temporary file
        // beside it: creating that file fails with ENAMETOOLONG whoever runs the test, root included.
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let length = Int(PATH_MAX) - 1 - "/settings.json".utf8.count - 4  // the file's path fits, with 4 to spare
        let missing = length - directory.url.path.utf8.count
        let parts = (missing + 200) / 201
        var deep = directory.url
        for part in 0..<parts {
            // Each part is "/" and a name; the names share what is missing, so the path is exactly `length` long.
            let name = (missing - parts) / parts + (part < (missing - parts) % parts ? 1 : 0)
            deep.appendPathComponent(String(repeating: "d", count: name))
        }
        #expect(deep.path.utf8.count == length)
        var store = FileSettingsStore(directory: deep)
        store.now = { Date(timeIntervalSince1970: 1_700_000_000) }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data(#"{"accent": "Orange", "counter": 41}"#.utf8).write(to: store.file)
        #expect {
            try store.save(AppSettings(accent: "Orange", counter: 42))
        } throws: { error in
            "\(error)"
                == "Could not create a temporary file for '\(store.file.path)': File name too long (errno 36). "
                + "Nothing was changed."
        }
        #expect(store.load() == SettingsLoad(settings: AppSettings(accent: "Orange", counter: 41)))
        let names = try FileManager.default.contentsOfDirectory(atPath: deep.path)
        #expect(names == ["settings.json"])
    }

    @Test func anUnwritableLocationFailsCleanlyEvenForRoot() throws {
        // /proc refuses new directories whoever asks, so this fails for root too.
        let store = FileSettingsStore(directory: URL(fileURLWithPath: "/proc/self/catalog-test"))
        // One line that names the directory and what to do, not Foundation's error dump.
        #expect {
            try store.save(AppSettings())
        } throws: { error in
            "\(error)"
                == "Could not create the directory '/proc/self/catalog-test': No such file or directory (errno 2). "
                + "The directory it goes in exists but takes no new files (as /proc does); choose another path."
        }
        #expect(store.load() == SettingsLoad(settings: AppSettings()))
    }

    @Test func concurrentWritersNeverLeaveAHalfWrittenFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = store(in: directory)
        try store.save(AppSettings(accent: "Blue", counter: 0))
        let rounds = 150
        let failures = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var failures = 0
                    for round in 1...rounds {
                        let accent = AppSettings.accents[writer].name
                        do { try store.save(AppSettings(accent: accent, counter: round)) } catch { failures += 1 }
                    }
                    return failures
                }
            }
            group.addTask {
                // A reader that must always find one writer's whole file.
                var failures = 0
                for _ in 0..<(rounds * 2) {
                    guard let data = try? Data(contentsOf: store.file),
                        (try? JSONDecoder().decode(AppSettings.self, from: data)) != nil
                    else {
                        failures += 1
                        continue
                    }
                }
                return failures
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        let final = store.load()
        #expect(final.problem == nil)
        #expect(final.settings.counter == rounds)
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["settings.json"])
    }
}

/// A store whose saves always fail, and which counts them.
final class FailingSettingsStore: SettingsStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    func load() -> SettingsLoad { SettingsLoad(settings: AppSettings()) }
    func save(_ settings: AppSettings) throws { throw Failure() }
}

@Suite("@AppStorage demo")
struct AppStorageDemoTests {
    /// The settings file of a store, written by hand as a user might.
    func handEdited(_ json: String, in directory: TemporaryDirectory) throws -> FileSettingsStore {
        let store = FileSettingsStore(directory: directory.url)
        try Data(json.utf8).write(to: store.file)
        return store
    }

    @Test func changesAreSavedByJobsAndReloaded() throws {
        let memory = MemorySettingsStore()
        var session = started(AppStorageDemo.opening { memory })
        // A key only starts a job in the save lane: the screen itself never calls the store.
        let effects = session.handle(.key(.right))
        #expect(effects == [.run(Job(AppStorageDemo.save) { _ in .success(AppSettings()) }, for: session.topID)])
        #expect(memory.settings == AppSettings())
        #expect(session.settle(effects, with: InlineJobs()) == [])
        #expect(memory.settings == AppSettings(accent: "Green", counter: 0))
        press(.right, .down, .right, .character("+"), .character("-"), .character("+"), in: &session)
        #expect(memory.settings == AppSettings(accent: "Orange", counter: 2))
        let reopened = AppStorageDemo.opening { memory }
        #expect(reopened.settings == AppSettings(accent: "Orange", counter: 2))
        #expect(
            frame(started(reopened)) == """
                @AppStorage
                › Accent colour ◂ Orange ▸  ██
                  Counter       2

                ↑↓ move · ←→ change · +/- count · r reset
                """ + blank(19))
    }

    @Test("the accent colour is named in the screen's language, and typed in it or in English; the file keeps English")
    func accentInTheScreensLanguage() throws {
        let memory = MemorySettingsStore()
        let german = ScreenEnvironment(locale: Locale(identifier: "de"))
        var session = started(AppStorageDemo.opening { memory }, environment: german)
        press(.right, in: &session)
        #expect(frame(session).contains("◂ Grün ▸"), "\(frame(session))")
        #expect(memory.settings.accent == "Green")
        let typed = run(
            ["accent lila", "accent Orange", "accent gelb"], on: AppStorageDemo.opening { memory }, environment: german)
        #expect(typed.contains("Akzentfarbe: Lila"))
        #expect(typed.contains("Akzentfarbe: Orange"))
        #expect(typed.contains("Keine Akzentfarbe „gelb“. Zur Wahl stehen Blau, Grün, Orange, Rosa oder Lila."))
        #expect(memory.settings.accent == "Orange")
    }

    @Test("every change is saved, in order, as saves are (a queued lane): none is dropped at exit")
    func everySaveIsWrittenInOrder() throws {
        let memory = MemorySettingsStore()
        let jobs = InlineJobs(timing: .whenTold)
        var session = started(AppStorageDemo.opening { memory })
        for _ in 0..<3 { _ = session.settle(session.handle(.key(.character("+"))), with: jobs) }
        #expect(memory.settings.counter == 0)
        jobs.shutdown()
        #expect(jobs.runCount == 3, "shutting down finishes queued saves")
        #expect(memory.settings.counter == 3)
        #expect(session.settle([], with: jobs) == [])
        #expect((session.top as? AppStorageDemo)?.message == nil)
    }

    @Test func aFailedSaveRingsTheBellAndSaysWhy() throws {
        var session = started(AppStorageDemo.opening { FailingSettingsStore() })
        #expect(press(.character("+"), in: &session) == [.bell])
        let demo = try #require(session.top as? AppStorageDemo)
        #expect(demo.settings.counter == 1)
        #expect(demo.message == "Not saved: the disk is full")
        #expect(frame(session).contains("Not saved: the disk is full"))
    }

    @Test func aCorruptFilesMessageIsShownAndAFailedSaveRingsTheBell() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = FileSettingsStore(directory: directory.url)
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: true)
        var session = started(AppStorageDemo.opening { store })
        let message = try #require((session.top as? AppStorageDemo)?.message)
        #expect(message.contains("is a directory, not a settings file"))
        #expect(frame(session).contains(String(message.prefix(40))))
        #expect(press(.character("+"), in: &session) == [.bell])
        let demo = try #require(session.top as? AppStorageDemo)
        #expect(demo.settings.counter == 1)
        #expect(demo.message?.hasPrefix("Not saved: ") == true)
    }

    @Test func theFactoryFindsTheFileThroughTheEnvironmentItIsGiven() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let screen = try Demos.$environmentOverride.withValue(["XDG_CONFIG_HOME": directory.url.path]) {
            try Demos.appStorage.make()
        }
        var session = started(screen)
        press(.character("+"), .character("+"), in: &session)
        let saved = FileSettingsStore(directory: directory.url.appendingPathComponent("catalog")).load()
        #expect(saved == SettingsLoad(settings: AppSettings(accent: "Blue", counter: 2)))
    }

    @Test func aCounterOfIntMaxIsClampedReportedAndNeverOverflows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = try handEdited(#"{"accent": "Pink", "counter": 9223372036854775807}"#, in: directory)
        var session = started(AppStorageDemo.opening { store })
        let demo = try #require(session.top as? AppStorageDemo)
        #expect(demo.settings == AppSettings(accent: "Pink", counter: 999_999))
        let clamped = "The saved counter 9,223,372,036,854,775,807 is out of range, so it is 999,999 now."
        #expect(demo.message == clamped)
        // Wrapped at the screen's 80 columns.
        #expect(
            frame(session).contains(
                "\nThe saved counter 9,223,372,036,854,775,807 is out of range, so it is 999,999\nnow.\n"))
        // + and → at the top ring the bell and save nothing; - saves the clamped value less one.
        #expect(press(.character("+"), in: &session) == [.bell])
        #expect(session.status == "The counter goes from -999,999 to 999,999.")
        #expect(press(.down, .right, in: &session) == [.bell])
        #expect(store.load().settings.counter == Int.max)
        press(.character("-"), in: &session)
        #expect(store.load().settings == AppSettings(accent: "Pink", counter: 999_998))
        #expect((session.top as? AppStorageDemo)?.message == nil)
    }

    @Test func aCounterOfIntMinAndAnUnknownColourAreClamped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = try handEdited(#"{"accent": "Teal", "counter": -9223372036854775808}"#, in: directory)
        let output = run(["-", "+"], on: AppStorageDemo.opening { store })
        #expect(
            output == [
                "Accent colour: Blue", "Counter: -999,999",
                "The saved counter -9,223,372,036,854,775,808 is out of range, so it is -999,999 now.",
                "The saved accent colour “Teal” is unknown, so it is Blue now.",
                "The counter goes from -999,999 to 999,999.",
                "Accent colour: Blue", "Counter: -999,999",
                "The saved counter -9,223,372,036,854,775,808 is out of range, so it is -999,999 now.",
                "The saved accent colour “Teal” is unknown, so it is Blue now.",
                "Accent colour: Blue", "Counter: -999,998",
            ])
        #expect(store.load().settings == AppSettings(accent: "Blue", counter: -999_998))
    }

    /// Catches: a problem kept as English text made before the screen knew its language, or a number shown
    /// without the locale's grouping.
    @Test func problemsAndTheCounterSpeakTheScreensLanguage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = try handEdited(#"{"accent": "Red", "counter": 1234567}"#, in: directory)
        let session = started(
            AppStorageDemo.opening { store }, environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        let text = frame(session)
        #expect(text.contains("Zähler        999.999"), "\(text)")
        #expect(
            text.contains(
                "Der gespeicherte Zähler 1.234.567 liegt außerhalb des Bereichs, daher ist er\njetzt 999.999."),
            "\(text)")
        #expect(text.contains("Die gespeicherte Akzentfarbe „Red“ ist unbekannt, daher ist sie jetzt Blau."), "\(text)")
    }

    @Test func aCounterTooLargeForAnyIntegerIsACorruptFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = try handEdited(#"{"accent": "Blue", "counter": 99999999999999999999}"#, in: directory)
        let demo = AppStorageDemo.opening { store }
        #expect(demo.settings == AppSettings())
        #expect(demo.message?.contains("is not valid settings JSON, so defaults are used.") == true)
    }

    @Test func noLocationKeepsSettingsInMemory() {
        let demo = AppStorageDemo.opening { throw FileSettingsStore.Error.noLocation }
        #expect(demo.message?.hasSuffix("Settings last until you quit.") == true)
    }

    @Test func lineMode() {
        let memory = MemorySettingsStore()
        let output = run(
            ["accent purple", "+", "accent teal", "accent 99999999999999999999", "reset", "what"],
            on: AppStorageDemo.opening { memory })
        #expect(output.contains("Accent colour: Purple"))
        #expect(output.contains("Counter: 1"))
        #expect(
            output.contains("There is no accent colour “teal”. Choose one of Blue, Green, Orange, Pink, or Purple."))
        #expect(
            output.contains(
                "There is no accent colour “99999999999999999999”. Choose one of Blue, Green, Orange, Pink, or Purple.")
        )
        #expect(output.contains("Unknown command “what”. Type +, -, reset, or accent <name>, or ? for help."))
        #expect(memory.settings == AppSettings())
    }
}
