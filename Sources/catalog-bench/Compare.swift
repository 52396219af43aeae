import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench compare`: times `catalog search --file` against `fzf --filter` and `grep -iF | sort` on the same
/// generated million-line file, whole processes side by side, and prints a markdown table of medians and ratios.
enum Compare {
    struct Run {
        var seconds: Double
        var peakKB: Int
        var lines: Set<String>
    }

    static let queries = ["grid", "grid picker", "straße", "документы", "유라시아"]

    static func run(_ arguments: [String]) {
        let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-compare")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let corpus = directory.appendingPathComponent("titles.txt").path
        let size = writeCorpus(to: corpus)
        let catalog = catalogPath()
        let fzf = which("fzf")
        print("Corpus: 1,000,000 lines, \(String(format1: Double(size) / 1e6)) MB at \(corpus)")
        print("catalog: \(catalog)\nfzf: \(fzf ?? "not installed")\nRuns per cell: \(runs), medians shown\n")

        print(
            "| query | catalog | fzf --exact | grep -iF \\| sort | catalog ÷ fzf | catalog ÷ grep | catalog RSS | fzf RSS | hits (grep ⊆ catalog) |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for query in queries {
            let quoted = shellQuote(query)
            let mine = measure(runs, "exec \(shellQuote(catalog)) search \(quoted) --file \(shellQuote(corpus))")
            let theirs = fzf.map { measure(runs, "exec \($0) --exact --filter \(quoted) < \(shellQuote(corpus))") }
            let grep = measure(runs, "grep -iF \(quoted) \(shellQuote(corpus)) | LC_ALL=C sort")
            let subset = grep.lines.isSubset(of: mine.lines)
            print(
                "| `\(query)` | \(seconds(mine)) | \(theirs.map(seconds) ?? "–") | \(seconds(grep)) | "
                    + "\(theirs.map { ratio(mine.seconds, $0.seconds) } ?? "–") | \(ratio(mine.seconds, grep.seconds)) | "
                    + "\(mb(mine.peakKB)) | \(theirs.map { mb($0.peakKB) } ?? "–") | "
                    + "\(mine.lines.count) (\(grep.lines.count) \(subset ? "⊆" : "NOT ⊆")) |")
        }
        print("\n| fuzzy query | catalog --fuzzy | fzf --filter | catalog ÷ fzf | catalog RSS | fzf RSS |")
        print("|---|---|---|---|---|---|")
        for query in ["grid", "grdpk"] {
            let quoted = shellQuote(query)
            let mine = measure(
                runs, "exec \(shellQuote(catalog)) search --fuzzy \(quoted) --file \(shellQuote(corpus))")
            let theirs = fzf.map { measure(runs, "exec \($0) --filter \(quoted) < \(shellQuote(corpus))") }
            print(
                "| `\(query)` | \(seconds(mine)) | \(theirs.map(seconds) ?? "–") | "
                    + "\(theirs.map { ratio(mine.seconds, $0.seconds) } ?? "–") | \(mb(mine.peakKB)) | "
                    + "\(theirs.map { mb($0.peakKB) } ?? "–") |")
        }
        var latencies: [LauncherLatency.Figures] = []
        for _ in 0..<runs {
            if let figures = LauncherLatency.measure(catalog: catalog, file: corpus) { latencies.append(figures) }
        }
        if !latencies.isEmpty {
            func middle(_ values: [Double]) -> String {
                String(format: "%.0f ms", values.sorted()[values.count / 2] * 1000)
            }
            let keys = latencies.flatMap { $0.keystrokes.map(\.1) }.sorted()
            print("\n| launcher on the 1M file, under a pseudo-terminal | median of \(latencies.count) runs | target |")
            print("|---|---|---|")
            print("| start → first frame | \(middle(latencies.map(\.firstFrame))) | ≤ 500 ms |")
            print("| start → menu loaded (fold, check, sort, group) | \(middle(latencies.map(\.loaded))) | – |")
            print(
                "| keystroke → frame with its results, typing \"grid picker\" | \(middle(keys)) (p90 \(String(format: "%.0f ms", keys[keys.count * 9 / 10] * 1000))) | smooth |"
            )
        } else {
            print("\n(the launcher latency run failed)")
        }
        let builtIn = measure(max(runs, 11), "exec \(shellQuote(catalog)) list")
        print("\n`catalog list` on the built-in catalog: \(seconds(builtIn)) median, \(mb(builtIn.peakKB)) peak")
    }

    /// Runs a shell command `count` times and returns the median wall time, the largest peak RSS (from GNU time),
    /// and the output lines of the last run.
    ///
    /// The command runs under `/usr/bin/time` and `/bin/sh -c` with its output sent to a file, spawned with
    /// `posix_spawn`, so the harness adds a millisecond or two, the same for every tool.
    static func measure(_ count: Int, _ command: String) -> Run {
        var times: [Double] = []
        var peak = 0
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-compare/out.txt").path
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-compare/time.txt").path
        for _ in 0..<count {
            let script = "\(command) > \(shellQuote(output))"
            // /usr/bin/time forks the command from a small process, so the peak it reports is the command's own.
            let arguments = ["/usr/bin/time", "-f", "%M", "-o", report, "/bin/sh", "-c", script]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let clock = ContinuousClock()
            let start = clock.now
            guard posix_spawn(&pid, "/usr/bin/time", nil, nil, &argv, environ) == 0 else {
                return Run(seconds: .nan, peakKB: 0, lines: [])
            }
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let reported = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            peak = max(peak, Int(reported.split(separator: "\n").last.map(String.init) ?? "") ?? 0)
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        times.sort()
        return Run(
            seconds: times[times.count / 2], peakKB: peak, lines: Set(text.split(separator: "\n").map(String.init)))
    }

    /// Writes the corpus and lets it go, so the harness itself stays small.
    static func writeCorpus(to path: String) -> Int {
        let bytes = Corpus.lines(count: 1_000_000)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return bytes.count
    }

    static func catalogPath() -> String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = here.appendingPathComponent("catalog").path
        if !FileManager.default.fileExists(atPath: path) {
            print("Building the catalog executable (release)…")
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = ["swift", "build", "-c", "release", "--product", "catalog"]
            try? build.run()
            build.waitUntilExit()
        }
        return path
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func shellQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    static func seconds(_ run: Run) -> String { String(format: "%.3f s", run.seconds) }
    static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / b) }
    static func mb(_ kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }
}
