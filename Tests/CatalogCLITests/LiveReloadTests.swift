import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// Live reload end to end: a copy of the fixture package `Fixtures/WatchPackage` (a counter, `tally`), built cold,
/// run with `--watch` on a pseudo-terminal. Saving its source brings the open screen back rebuilt in the same state;
/// a broken source shows the compiler's error over the old screen, which keeps running; Ctrl-C during a build exits
/// 130 with the terminal restored and no build left running.
@Suite("Live reload", .serialized, .slow)
struct LiveReloadTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/WatchPackage")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Long: a build may take a while on a busy machine.
    static let timeout = Duration.seconds(300)

    /// A copy of the fixture whose dependency is this repository, built once.
    static let package: Result<ScratchDirectory, BuildFailure> = {
        do {
            let scratch = try ScratchDirectory()
            for file in ["Package.swift", "Sources/tally/Tally.swift", "Sources/tally/main.swift"] {
                let text = try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8)
                    .replacingOccurrences(of: "CATALOG_PATH", with: repository.path)
                let target = scratch.file(file)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: target, atomically: true, encoding: .utf8)
            }
            let build = try runProcess(
                ToolchainTool.path("swift"), ["build", "--package-path", scratch.url.path, "--product", "tally"],
                timeout: .seconds(1200))
            guard build.status == 0 else { return .failure(BuildFailure(output: build.stdout + build.stderr)) }
            return .success(scratch)
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
    }()

    struct BuildFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "the fixture package did not build:\n\(output)" }
    }

    /// Starts `tally --watch` in the package, opens the counter and counts to three.
    func start(in package: ScratchDirectory) throws -> PTY {
        let environment = [
            "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
            "XDG_STATE_HOME": package.file("state").path, "XDG_CONFIG_HOME": package.file("config").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        let pty = try PTY.spawn(
            path: "/bin/sh", arguments: ["-c", #"cd "$0" && exec .build/debug/tally --watch"#, package.url.path],
            environment: environment, size: Size(columns: 80, rows: 16))
        try pty.read(until: "F1 help", timeout: Self.timeout)
        try pty.send("Tally")
        try pty.read(until: "1 of 1", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "\(Self.label): 0", timeout: Self.timeout)
        try pty.send("+++")
        try pty.read(until: "\(Self.label): 3", timeout: Self.timeout)
        return pty
    }

    /// The counter's label, as every test finds it: ``withPackage(_:)`` puts back what a test changed.
    static let label = "Count"

    /// The copy's sources, which the tests edit.
    static let sources = ["Sources/tally/Tally.swift", "Sources/tally/main.swift"]

    /// Runs a test on the shared copy, then puts back any source it changed and rebuilds, whether it passed or not:
    /// a test that fails halfway leaves the next one the package it found, not a broken source or a program that
    /// stops at once.
    func withPackage(_ body: (ScratchDirectory) throws -> Void) throws {
        let package = try Self.package.get()
        let files = Self.sources.map(package.file)
        let found = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        defer {
            var changed = false
            for (file, text) in zip(files, found) where (try? String(contentsOf: file, encoding: .utf8)) != text {
                try? text.write(to: file, atomically: true, encoding: .utf8)
                changed = true
            }
            if changed {
                let build = try? runProcess(
                    ToolchainTool.path("swift"), ["build", "--package-path", package.url.path, "--product", "tally"],
                    timeout: .seconds(600))
                #expect(build?.status == 0, "the copy builds again as the test found it")
            }
        }
        try body(package)
    }

    /// When each source and the program were last changed, for a failure's message: a rebuild that missed a save
    /// shows here.
    func changeTimes(in package: ScratchDirectory) -> String {
        (Self.sources + [".build/debug/tally"]).map { name in
            var status = stat()
            guard stat(package.file(name).path, &status) == 0 else { return "\(name): missing" }
            return "\(name): \(status.st_mtim.tv_sec).\(String(status.st_mtim.tv_nsec + 1_000_000_000).dropFirst())"
        }.joined(separator: ", ")
    }

    /// Closes the overlay with Escape alone (a key within 30 ms of it would make Alt-key), and counts on from 3 to 4:
    /// the old program still runs.
    func closeOverlayAndCountOn(_ pty: PTY) throws {
        var mark = pty.mark
        try pty.send([0x1B])
        try pty.read(until: "\(Self.label): 3", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("+")
        try pty.read(until: "\(Self.label): 4", since: mark, timeout: Self.timeout)
    }

    /// Replaces text in the copy's counter, as an editor saves it.
    func edit(_ package: ScratchDirectory, _ old: String, _ new: String) throws {
        let file = package.file("Sources/tally/Tally.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// The processes whose command line mentions the package: builds left running, or the program itself.
    func processes(mentioning package: ScratchDirectory) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(package.url.path) && !line.hasPrefix("/bin/sh -c") ? "\(pid): \(line)" : nil
        }
    }

    /// The settings of a fresh pseudo-terminal: what every exit must leave.
    func freshSettings() throws -> termios {
        let idle = try PTY.spawn(path: "/bin/sleep", arguments: ["60"])
        defer {
            idle.signal(SIGKILL)
            _ = try? idle.wait()
        }
        return try idle.attributes()
    }

    @Test("a saved label comes back rebuilt, in the same state, the entry open where it was")
    func reload() throws {
        try withPackage { package in
            let fresh = try freshSettings()
            let pty = try start(in: package)
            try edit(package, "Line(\"Count: ", "Line(\"Total: ")
            let mark = pty.mark
            try pty.read(until: "Building tally", since: mark, timeout: Self.timeout)
            let rebuilt = try pty.read(until: "Total: 3", since: mark, timeout: Self.timeout)
            #expect(rebuilt.contains("Rebuilt tally in"))
            #expect(pty.screenText.contains("tally › Basics › Tally"), "the entry is open where it was")
            let closed = pty.mark
            try pty.send([0x1B])
            try pty.read(until: "1 of 1 entry matches “Tally”", since: closed, timeout: Self.timeout)
            #expect(pty.screenText.contains("tally › Basics"), "Esc goes back to the filter the entry was opened from")
            try pty.send([0x03])
            #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
            #expect(PTY.sameSettings(fresh, try pty.attributes()), "restored as it was before a binary took over")
            #expect(processes(mentioning: package).isEmpty)
        }
    }

    @Test("a broken source shows the compiler's error over the old screen, which runs on; the fix rebuilds")
    func brokenSource() throws {
        try withPackage { package in
            let fresh = try freshSettings()
            let pty = try start(in: package)
            var mark = pty.mark
            try edit(package, "count += 1", "count += \"one\"")
            try pty.read(until: "tally did not build: 1 error", since: mark, timeout: Self.timeout)
            try pty.read(until: "save again to rebuild", since: mark, timeout: Self.timeout)
            #expect(pty.screenText.contains("Sources/tally/Tally.swift:10:18: "), "\(pty.screenText)")
            try closeOverlayAndCountOn(pty)
            #expect(!pty.screenText.contains("did not build"), "Esc closed the overlay; the old screen runs on")

            mark = pty.mark
            try edit(package, "count += \"one\"", "count += 1")
            try readRebuilt(pty, since: mark, in: package, saved: package.file("Sources/tally/Tally.swift"))
            #expect(pty.screenText.contains("\(Self.label): 4"), "the count survives the rebuild")
            try pty.send([0x03])
            #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
            #expect(PTY.sameSettings(fresh, try pty.attributes()))
            #expect(processes(mentioning: package).isEmpty)
        }
    }

    @Test("a registration mistake in the new build shows over the old screen, which runs on, instead of handing over")
    func registrationMistake() throws {
        try withPackage { package in
            let pty = try start(in: package)
            let main = package.file("Sources/tally/main.swift")
            let original = try String(contentsOf: main, encoding: .utf8)
            let twice = original.replacingOccurrences(
                of: "{ Tally() }",
                with: "{ Tally() }\n    try registry.register(\"Tally\", in: [\"Basics\"]) { Tally() }")
            var mark = pty.mark
            try twice.write(to: main, atomically: true, encoding: .utf8)
            try pty.read(until: "tally did not build or start (exit status 2)", since: mark, timeout: Self.timeout)
            try pty.read(until: "Duplicate id 'basics/tally'", since: mark, timeout: Self.timeout)
            try closeOverlayAndCountOn(pty)
            // Put right, the next build takes over.
            mark = pty.mark
            try original.write(to: main, atomically: true, encoding: .utf8)
            try readRebuilt(pty, since: mark, in: package, saved: main)
            #expect(pty.screenText.contains("\(Self.label): 4"))
            try pty.send([0x03])
            #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
        }
    }

    @Test("a new build that crashes as it takes over leaves the terminal as the user had it")
    func crashOnTakeover() throws {
        try withPackage { package in
            let fresh = try freshSettings()
            let pty = try start(in: package)
            let file = package.file("Sources/tally/Tally.swift")
            let original = try String(contentsOf: file, encoding: .utf8)
            // Its replay reaches 3, and drawing that traps.
            let crashing = original.replacingOccurrences(
                of: "Frame(lines: [Line(", with: "Frame(lines: [Line(String(repeating: \"x\", count: 2 - count) + ")
            #expect(crashing != original)
            try crashing.write(to: file, atomically: true, encoding: .utf8)
            let status = try pty.wait(timeout: Self.timeout)
            #expect(status == .signaled(SIGILL) || status == .signaled(SIGTRAP), "\(status)")
            #expect(PTY.sameSettings(fresh, try pty.attributes()), "the terminal is as it was")
            #expect(pty.outputText.hasSuffix(TerminalRestoreTests.leaveSequence), "and off the alternate screen")
        }
    }

    @Test("Ctrl-C during a build exits 130 with the terminal as it was and no build left running")
    func interruptBuild() throws {
        try withPackage { package in
            let fresh = try freshSettings()
            let pty = try start(in: package)
            let mark = pty.mark
            try edit(package, "count += 1", "count += 1 ")
            try pty.read(until: "Building tally", since: mark, timeout: Self.timeout)
            // The build is under way once the spinner turns.
            try pty.read(until: "⠙", since: mark, timeout: Self.timeout)
            try pty.send([0x03])
            #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
            #expect(PTY.sameSettings(fresh, try pty.attributes()), "the terminal is as it was")
            #expect(processes(mentioning: package).isEmpty, "\(processes(mentioning: package))")
        }
    }

    /// Waits for the rebuilt program to take over after a save put things right.
    ///
    /// One CI run saw the build after such a save still show the broken program's failure: `swift build` took
    /// 0.75 s, as when it finds nothing to do, and the program it left still had the mistake. It has not been seen
    /// again, here or under load, and a second save rebuilt it. So a failure right after the save is recorded as
    /// an intermittent known issue, with when each file changed, and the file is saved again, as a user would; the
    /// second save must rebuild.
    func readRebuilt(_ pty: PTY, since mark: Int, in package: ScratchDirectory, saved file: URL) throws {
        do {
            try pty.read(until: "Rebuilt tally in", unless: "did not build", since: mark, timeout: Self.timeout)
        } catch PTY.Error.sawInstead(let failure, _, let output) {
            withKnownIssue("the build after a fixing save missed it", isIntermittent: true) {
                Issue.record("saw \(failure); changed: \(changeTimes(in: package)); output: \(output.debugDescription)")
            }
            let again = pty.mark
            let text = try String(contentsOf: file, encoding: .utf8)
            try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
            try pty.read(until: "Rebuilt tally in", since: again, timeout: Self.timeout)
        }
    }
}
