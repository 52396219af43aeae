import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A build of the `catalog` executable and its benchmark, timed side by side with others.
struct Build {
    /// "catalog", or "baseline" for the build given with `--baseline`.
    var name: String
    var catalog: String
    var bench: String

    /// The build next to this benchmark; it is built first if missing.
    static func current() -> Build {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let catalog = here.appendingPathComponent("catalog").path
        if !FileManager.default.fileExists(atPath: catalog) {
            print("Building the catalog executable (release)…")
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = ["swift", "build", "-c", "release", "--product", "catalog"]
            try? build.run()
            build.waitUntilExit()
        }
        return Build(name: "catalog", catalog: catalog, bench: here.appendingPathComponent("catalog-bench").path)
    }

    /// A baseline: a directory holding another release build's `catalog` and `catalog-bench`.
    static func baseline(_ directory: String) -> Build? {
        let catalog = directory + "/catalog"
        guard FileManager.default.isExecutableFile(atPath: catalog) else { return nil }
        return Build(name: "baseline", catalog: catalog, bench: directory + "/catalog-bench")
    }
}

/// Whole-process timings: wall time and peak resident memory of shell commands.
enum Processes {
    /// One run of a command.
    struct Sample {
        var seconds: Double
        var peakKB: Int
    }

    /// The runs of one command, gathered interleaved with other commands' runs.
    struct Series {
        var samples: [Sample] = []
        /// The output lines of the last run.
        var lines: [Substring] = []

        var median: Double { middle(samples.map(\.seconds)) }
        var peakKB: Int { samples.map(\.peakKB).max() ?? 0 }
    }

    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-compare").path

    /// The fewest runs of commands that all take under ``quick`` seconds: a median of three runs of a 15 ms
    /// process moves by a tenth between runs of the benchmark on a shared machine, and more runs cost little.
    static let quickRuns = 15
    static let quick = 0.1
    /// The fewest runs of quick commands of which one takes under ``brief`` seconds: the real list's 15 ms no-hit
    /// search moved from 0.37× to 0.42× fzf between three runs of one build at 15 runs, across its goal of 0.4×.
    static let briefRuns = 45
    static let brief = 0.03

    /// Runs each command `runs` times, round-robin, so every command sees the same machine load; commands that all
    /// take under ``quick`` seconds run at least ``quickRuns`` times, and ``briefRuns`` when one takes under ``brief``.
    ///
    /// - Returns: One series per command, in the order given.
    static func interleaved(_ runs: Int, _ commands: [String], keepOutput: Bool = true) -> [Series] {
        var series = Array(repeating: Series(), count: commands.count)
        var done = 0
        func fewest() -> Int {
            guard series.allSatisfy({ $0.median < quick }) else { return runs }
            return max(runs, series.contains { $0.median < brief } ? briefRuns : quickRuns)
        }
        while done < fewest() {
            for (position, command) in commands.enumerated() {
                series[position].samples.append(run(command))
            }
            done += 1
        }
        if keepOutput {
            for (position, command) in commands.enumerated() {
                _ = run(command)
                let text = (try? String(contentsOfFile: directory + "/out.txt", encoding: .utf8)) ?? ""
                series[position].lines = text.split(separator: "\n")
            }
        }
        return series
    }

    /// Runs a shell command once under GNU time, its output sent to `out.txt`.
    ///
    /// The command runs under `/usr/bin/time` and `/bin/sh -c`, spawned with `posix_spawn`, so the harness adds a
    /// millisecond or two, the same for every tool; the peak is the command's own, since time forks it.
    static func run(_ command: String) -> Sample {
        let output = directory + "/out.txt"
        let report = directory + "/time.txt"
        let script = "\(command) > \(shellQuote(output))"
        let arguments = ["/usr/bin/time", "-f", "%M", "-o", report, "/bin/sh", "-c", script]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, "/usr/bin/time", nil, nil, &argv, environ) == 0 else {
            return Sample(seconds: .nan, peakKB: 0)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = seconds(clock.now - start)
        let reported = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return Sample(seconds: elapsed, peakKB: Int(reported.split(separator: "\n").last.map(String.init) ?? "") ?? 0)
    }

    /// Runs a command and returns its standard output.
    static func capture(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The peak resident set of a running process, from `/proc`, in kilobytes.
    static func peakKB(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func shellQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
func secondsText(_ value: Double) -> String { String(format: "%.3f s", value) }
func msText(_ value: Double) -> String { String(format: "%.0f ms", value * 1000) }
func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / b) }
func megabytes(_ kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }
