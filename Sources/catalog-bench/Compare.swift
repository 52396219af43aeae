import Foundation

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
        let bytes = Corpus.lines(count: 1_000_000)
        _ = FileManager.default.createFile(atPath: corpus, contents: Data(bytes))
        let catalog = catalogPath()
        let fzf = which("fzf")
        print("Corpus: 1,000,000 lines, \(String(format1: Double(bytes.count) / 1e6)) MB at \(corpus)")
        print("catalog: \(catalog)\nfzf: \(fzf ?? "not installed")\nRuns per cell: \(runs), medians shown\n")

        print(
            "| query | catalog | fzf --exact | grep -iF \\| sort | catalog ÷ fzf | catalog ÷ grep | catalog RSS | fzf RSS | hits (grep ⊆ catalog) |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for query in queries {
            let quoted = shellQuote(query)
            let mine = measure(runs, "\(shellQuote(catalog)) search \(quoted) --file \(shellQuote(corpus))")
            let theirs = fzf.map { measure(runs, "\($0) --exact --filter \(quoted) < \(shellQuote(corpus))") }
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
            let mine = measure(runs, "\(shellQuote(catalog)) search --fuzzy \(quoted) --file \(shellQuote(corpus))")
            let theirs = fzf.map { measure(runs, "\($0) --filter \(quoted) < \(shellQuote(corpus))") }
            print(
                "| `\(query)` | \(seconds(mine)) | \(theirs.map(seconds) ?? "–") | "
                    + "\(theirs.map { ratio(mine.seconds, $0.seconds) } ?? "–") | \(mb(mine.peakKB)) | "
                    + "\(theirs.map { mb($0.peakKB) } ?? "–") |")
        }
        let builtIn = measure(max(runs, 11), "\(shellQuote(catalog)) list")
        print("\n`catalog list` on the built-in catalog: \(seconds(builtIn)) median, \(mb(builtIn.peakKB)) peak")
    }

    /// Runs a shell command `count` times and returns the median wall time, the largest peak RSS, and the output
    /// lines of the last run.
    static func measure(_ count: Int, _ command: String) -> Run {
        var times: [Double] = []
        var peak = 0
        var lines = Set<String>()
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-compare/time.txt").path
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", report, "sh", "-c", command]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            let clock = ContinuousClock()
            let start = clock.now
            do { try process.run() } catch { return Run(seconds: .nan, peakKB: 0, lines: []) }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            peak = max(peak, Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0)
            lines = Set(String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init))
        }
        times.sort()
        return Run(seconds: times[times.count / 2], peakKB: peak, lines: lines)
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
