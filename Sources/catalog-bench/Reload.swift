import CatalogDemos
import CatalogKit
import CatalogTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench reload`: live reload's two figures (issue 21).
///
/// - **Replay**: a process that took over from a rebuilt one replays the steps since the entry opened. Here 1,000
///   recorded events (900 keys and 100 waits of 10 ms) on the Checkbox Tree, replayed as the new process does: the
///   menu with the entry opened over it, on the virtual clock (`ScenarioRun.play`). Goal ≤ 50 ms.
/// - **Save to frame**: the fixture package `Tests/CatalogCLITests/Fixtures/WatchPackage` is copied and built, and
///   its `tally --watch` runs on a pseudo-terminal with the counter open at 3. Each run saves the counter's source
///   with a new label and times until the new label is drawn. The build itself is timed from outside: `swift` on
///   the program's PATH is a wrapper that writes when `swift build` starts and ends. Save to frame, less the build,
///   is inotify's delivery, the 100 ms of quiet, starting the build, exec, load, replay and the first frame.
///   Goal ≤ 300 ms.
enum ReloadTiming {
    static func run(_ arguments: [String]) {
        let runs = arguments.first.flatMap(Int.init) ?? 5
        replay(runs: 20)
        if runs > 0 { saveToFrame(runs: runs) }
    }

    /// Times the replay of 1,000 recorded events.
    static func replay(runs: Int) {
        let registry = Registry<any Screen>()
        do {
            try Demos.register(in: registry, environment: [:])
        } catch {
            print("replay: the demos did not register: \(error)")
            return
        }
        var steps: [Scenario.Step] = []
        let keys: [Key] = [.down, .character(" "), .down, .right, .character(" "), .up, .left, .down, .character(" ")]
        for index in 0..<1000 {
            steps.append(index % 10 == 9 ? .wait(.milliseconds(10)) : .press(keys[index % keys.count]))
        }
        let scenario = Scenario("replay", size: Size(columns: 100, rows: 30), steps: steps)
        var times: [Double] = []
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let snapshot = registry.snapshot()
                guard let record = snapshot.record(id: "trees/checkbox-tree"),
                    let entry = try snapshot.open(record)
                else { return print("replay: no Checkbox Tree") }
                var session = Session(root: try MenuScreen(source: .registry(registry)))
                session.openOnStart(entry, title: snapshot.table.title(record))
                let run = try ScenarioRun.play(scenario, session: session, writes: false, draws: false)
                guard run.session.stack.count == 2 else { return print("replay: the entry closed") }
            } catch {
                return print("replay: \(error)")
            }
            times.append(seconds(start.duration(to: clock.now)))
        }
        print("replay of 1,000 recorded events (menu, entry, virtual clock): median \(msText(middle(times)))")
    }

    /// Times saves to the new frame, less the build, on the fixture package.
    static func saveToFrame(runs: Int) {
        let fixture = FileManager.default.currentDirectoryPath + "/Tests/CatalogCLITests/Fixtures/WatchPackage"
        guard let swift = Processes.which("swift") else { return print("save to frame: no swift on PATH") }
        guard FileManager.default.fileExists(atPath: fixture + "/Package.swift") else {
            return print("save to frame: run from the repository's root (no \(fixture))")
        }
        let folder = NSTemporaryDirectory() + "catalog-bench-reload-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/builds.log"
        do {
            for file in ["Package.swift", "Sources/tally/Tally.swift", "Sources/tally/main.swift"] {
                let text = try String(contentsOfFile: fixture + "/" + file, encoding: .utf8)
                    .replacingOccurrences(of: "CATALOG_PATH", with: FileManager.default.currentDirectoryPath)
                try FileManager.default.createDirectory(
                    atPath: (folder + "/" + file as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try text.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
            }
            // The wrapper: the real swift, with the build's start and end written to the log (nanoseconds).
            let wrapper = """
                #!/bin/sh
                echo "start $(date +%s%N)" >>\(shellQuote(log))
                \(shellQuote(swift)) "$@"
                status=$?
                echo "end $(date +%s%N)" >>\(shellQuote(log))
                exit $status
                """
            try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
            try wrapper.write(toFile: folder + "/bin/swift", atomically: true, encoding: .utf8)
            chmod(folder + "/bin/swift", 0o755)
        } catch {
            return print("save to frame: could not copy the fixture: \(error)")
        }
        print("save to frame: building the fixture package (cold)…")
        _ = Processes.capture([swift, "build", "--package-path", folder, "--product", "tally"])
        guard FileManager.default.isExecutableFile(atPath: folder + "/.build/debug/tally") else {
            return print("save to frame: the fixture did not build")
        }
        let path = "\(folder)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let home = ProcessInfo.processInfo.environment["HOME"] ?? folder
        let script =
            "cd \(shellQuote(folder)) && export PATH=\(shellQuote(path)) HOME=\(shellQuote(home)) "
            + "XDG_STATE_HOME=\(shellQuote(folder + "/state")) && exec .build/debug/tally --watch"
        guard let session = LauncherLatency.Session(arguments: ["/bin/sh", "-c", script], input: nil) else {
            return print("save to frame: no pseudo-terminal")
        }
        defer { session.end() }
        guard session.wait(for: "F1 help", since: 0) != nil else { return print("save to frame: no menu") }
        session.type("Tally")
        guard session.wait(for: "1 of 1", since: 0) != nil else { return print("save to frame: no hit") }
        session.type("\r")
        guard session.wait(for: "Count: 0", since: 0) != nil else { return print("save to frame: no counter") }
        session.type("+++")
        guard session.wait(for: "Count: 3", since: 0) != nil else { return print("save to frame: no count") }
        var totals: [Double] = []
        var builds: [Double] = []
        var label = "Count"
        for run in 0..<runs {
            let next = "Label\(run)"
            let file = folder + "/Sources/tally/Tally.swift"
            try? FileManager.default.removeItem(atPath: log)
            let mark = session.screen.count
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return }
            let saved = session.clock.now
            try? text.replacingOccurrences(of: "\"\(label): ", with: "\"\(next): ")
                .write(toFile: file, atomically: true, encoding: .utf8)
            guard let drawn = session.wait(for: "\(next): 3", since: mark) else {
                return print("save to frame: run \(run + 1) never drew the new label")
            }
            label = next
            let marks = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap { line -> Double? in Double(line.split(separator: " ").last ?? "") }
            guard marks.count == 2 else { return print("save to frame: \(marks.count / 2) builds in run \(run + 1)") }
            totals.append(seconds(saved.duration(to: drawn)))
            builds.append((marks[1] - marks[0]) / 1e9)
        }
        let less = zip(totals, builds).map { $0 - $1 }
        print(
            "save to frame, \(runs) saves: median \(msText(middle(totals))), of which swift build "
                + "\(msText(middle(builds))); less the build: median \(msText(middle(less))) "
                + "(runs: \(less.map(msText).joined(separator: ", ")))")
    }
}
