import Foundation

/// The sections of `compare` that issue 18 added: a real file list of this machine, a deep generated tree, fzf's
/// extended syntax, and the goals of issue 18 measured side by side.
extension Compare {
    /// What the sections of issue 18 measured.
    struct Issue18 {
        /// One-shot searches of the real list: the query, and the medians and peaks of catalog, fzf and grep.
        var real: [(query: String, ours: Processes.Series, fzf: Processes.Series?, grep: Processes.Series)] = []
        /// The no-hit search of the real list as read, and of the same paths without their leading "/".
        var absolute = Double.nan
        var relative = Double.nan
        var realLines = 0
        var deepLines = 0
        var deepDirectories = 0
        var deepLoaded = Double.nan
        var deepShown = Double.nan
        var deepSort = Double.nan
        var deepPeakKB = 0
        var deepFzfLoaded = Double.nan
        var deepFzfPeakKB = 0
        var deepKeystroke = Double.nan
        var deepFzfKeystroke = Double.nan
        /// Start → the hits of a query typed at once, shown over the whole file.
        var deepTyped = Double.nan
        var deepFzfTyped = Double.nan
        var tree = Double.nan
        var list = Double.nan
        var rank: Ranking.Summary?
        var scale: Scale.Outcome?
    }

    static let realQueries = ["readme", "zqxj", "usr", "python3 lib"]

    /// The real list: `find` over the system's directories, absolute, directories included, made once.
    static func realListFile() -> (path: String, relative: String) {
        let path = Processes.directory + "/system.txt"
        let relative = Processes.directory + "/system-relative.txt"
        if !FileManager.default.fileExists(atPath: relative) {
            _ = Processes.run("find /usr /etc /opt /var /lib /bin /sbin 2>/dev/null")
            _ = try? FileManager.default.removeItem(atPath: path)
            _ = try? FileManager.default.copyItem(atPath: Processes.directory + "/out.txt", toPath: path)
            _ = Processes.run("sed 's|^/||' \(shellQuote(path))")
            _ = try? FileManager.default.copyItem(atPath: Processes.directory + "/out.txt", toPath: relative)
        }
        return (path, relative)
    }

    /// One-shot searches of a real file list of this machine, against fzf and grep, and the same paths without
    /// their leading "/".
    static func realList(_ build: Build, fzf: String?, runs: Int, into figures: inout Issue18) {
        let (file, relative) = realListFile()
        let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").utf8.reduce(0) {
            $1 == 0x0A ? $0 + 1 : $0
        }
        figures.realLines = lines
        print(
            "\nA real file list of this machine (`find /usr /etc /opt /var /lib /bin /sbin`: "
                + "\(LauncherLatency.grouped(lines)) absolute paths, directories included), one-shot:\n")
        print(
            "| query | catalog | fzf --exact | grep -iF \\| sort | catalog ÷ fzf | catalog ÷ grep | catalog RSS "
                + "| fzf RSS | hits (fzf) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for query in realQueries {
            let quoted = shellQuote(query)
            var commands = ["exec \(shellQuote(build.catalog)) search \(quoted) --file \(shellQuote(file))"]
            // grep has no terms: the longest one stands for the query, as a floor.
            let words = query.components(separatedBy: " ")
            let longest = words.max { $0.count < $1.count } ?? query
            commands.append("grep -iF \(shellQuote(longest)) \(shellQuote(file)) | LC_ALL=C sort")
            if let fzf { commands.append("exec \(fzf) --exact --filter \(quoted) < \(shellQuote(file))") }
            let series = Processes.interleaved(runs, commands)
            let theirs = fzf == nil ? nil : series[2]
            figures.real.append((query, series[0], theirs, series[1]))
            print(
                "| `\(query.replacingOccurrences(of: "|", with: "\\|"))` | \(secondsText(series[0].median)) | \(theirs.map { secondsText($0.median) } ?? "–") | "
                    + "\(secondsText(series[1].median)) | \(theirs.map { ratio(series[0].median, $0.median) } ?? "–") | "
                    + "\(ratio(series[0].median, series[1].median)) | \(megabytes(series[0].peakKB)) | "
                    + "\(theirs.map { megabytes($0.peakKB) } ?? "–") | \(series[0].lines.count) "
                    + "(\(theirs.map { String($0.lines.count) } ?? "–")) |")
        }
        let paths = Processes.interleaved(
            runs,
            [file, relative].map { "exec \(shellQuote(build.catalog)) search zqxj --file \(shellQuote($0))" },
            keepOutput: false)
        figures.absolute = paths[0].median
        figures.relative = paths[1].median
        print(
            "\nThe no-hit search of the list as read, and of the same paths without their leading `/`: "
                + "\(secondsText(paths[0].median)) and \(secondsText(paths[1].median)) "
                + "(\(ratio(paths[0].median, paths[1].median))).")
        let zero = Processes.directory + "/system0.txt"
        if !FileManager.default.fileExists(atPath: zero) {
            _ = Processes.run("tr '\\n' '\\0' < \(shellQuote(file))")
            _ = try? FileManager.default.copyItem(atPath: Processes.directory + "/out.txt", toPath: zero)
        }
        let names = Processes.interleaved(
            runs,
            [
                "exec \(shellQuote(build.catalog)) list --read0 --print0 --file \(shellQuote(zero))",
                "LC_ALL=C sort -z \(shellQuote(zero))",
            ], keepOutput: false)
        print(
            "`catalog list --read0 --print0` of the same names: \(secondsText(names[0].median)); "
                + "`LC_ALL=C sort -z`: \(secondsText(names[1].median)).")
    }

    /// The deep tree: a million generated paths in over half a million directories, in the launcher and against
    /// `LC_ALL=C sort` and interactive fzf, and `catalog tree` against `catalog list`.
    static func deep(_ build: Build, fzf: String?, runs: Int, into figures: inout Issue18) {
        let file = Processes.directory + "/deep-1m.txt"
        let size = DeepCorpus.write(count: 1_000_000, to: file)
        let count = 1_000_000
        figures.deepLines = count
        figures.deepDirectories = DeepCorpus.directories(in: file)
        print(
            "\nA deep tree (`catalog-bench corpus deep`): \(LauncherLatency.grouped(count)) paths, "
                + "\(String(format1: Double(size) / 1e6)) MB, \(LauncherLatency.grouped(figures.deepDirectories)) "
                + "distinct directories, \(runs) runs:\n")
        var ours: [LauncherLatency.Figures] = []
        var theirs: [LauncherLatency.Figures] = []
        var sorts = Processes.Series()
        var trees = Processes.Series()
        var lists = Processes.Series()
        var typedOurs: [Double] = []
        var typedTheirs: [Double] = []
        let typing = "src main"
        for _ in 0..<runs {
            if let time = LauncherLatency.typedAtStart(
                catalog: build.catalog, file: file, entries: count, query: typing)
            {
                typedOurs.append(time)
            }
            if let fzf, let time = LauncherLatency.fzfTypedAtStart(fzf: fzf, file: file, entries: count, query: typing)
            {
                typedTheirs.append(time)
            }
            if let run = LauncherLatency.measure(catalog: build.catalog, file: file, entries: count, typing: typing) {
                ours.append(run)
            }
            sorts.samples.append(Processes.run("LC_ALL=C sort \(shellQuote(file))"))
            trees.samples.append(Processes.run("exec \(shellQuote(build.catalog)) tree --file \(shellQuote(file))"))
            lists.samples.append(Processes.run("exec \(shellQuote(build.catalog)) list --file \(shellQuote(file))"))
            if let fzf, let run = LauncherLatency.measureFzf(fzf: fzf, file: file, entries: count, typing: typing) {
                theirs.append(run)
            }
        }
        func keys(_ runs: [LauncherLatency.Figures]) -> [Double] { runs.flatMap { $0.keystrokes.map(\.1) }.sorted() }
        func typingText(_ keys: [Double]) -> String {
            keys.isEmpty ? "–" : "\(msText(keys[keys.count / 2])) (p90 \(msText(keys[keys.count * 9 / 10])))"
        }
        figures.deepLoaded = middle(ours.map(\.loaded))
        figures.deepShown = middle(ours.map(\.shown))
        figures.deepSort = sorts.median
        figures.deepPeakKB = ours.map(\.peakKB).max() ?? 0
        figures.deepFzfLoaded = middle(theirs.map(\.loaded))
        figures.deepFzfPeakKB = theirs.map(\.peakKB).max() ?? 0
        figures.deepKeystroke = keys(ours).isEmpty ? .nan : keys(ours)[keys(ours).count / 2]
        figures.deepFzfKeystroke = keys(theirs).isEmpty ? .nan : keys(theirs)[keys(theirs).count / 2]
        figures.tree = trees.median
        figures.list = lists.median
        figures.deepTyped = middle(typedOurs)
        figures.deepFzfTyped = middle(typedTheirs)
        print("| measure | catalog | interactive fzf --exact | `LC_ALL=C sort` |")
        print("|---|---|---|---|")
        print(
            "| start → menu shown (its top level; moves and typing act, going into a group waits for the sort) | "
                + "\(msText(figures.deepShown)) | \(msText(figures.deepFzfLoaded)) | \(msText(sorts.median)) |")
        print(
            "| start → everything read and ready | \(msText(figures.deepLoaded)) | \(msText(figures.deepFzfLoaded)) | "
                + "\(msText(sorts.median)) |")
        print(
            "| start → the hits of \"\(typing)\", typed as the first frame shows | \(msText(figures.deepTyped)) | "
                + "\(msText(figures.deepFzfTyped)) | \(msText(sorts.median)) |")
        print(
            "| keystroke → its results shown, typing \"\(typing)\" | \(typingText(keys(ours))) | "
                + "\(typingText(keys(theirs))) | |")
        print(
            "| peak memory, loaded and filtered | \(megabytes(figures.deepPeakKB)) | "
                + "\(megabytes(figures.deepFzfPeakKB)) | \(megabytes(sorts.peakKB)) |")
        print(
            "\n`catalog tree --file`: \(secondsText(trees.median)), \(megabytes(trees.peakKB)); "
                + "`catalog list --file`: \(secondsText(lists.median)), \(megabytes(lists.peakKB)) "
                + "(\(ratio(trees.median, lists.median))).")
    }

    /// fzf's extended syntax in `catalog search` (exact mode) and `fzf --exact --filter` on the real list: the
    /// same hits, and the time each takes.
    static func syntax(_ build: Build, fzf: String?, runs: Int) {
        let (file, _) = realListFile()
        print("\nfzf's extended syntax on the real list, `catalog search` and `fzf --exact --filter`:\n")
        print("| query | catalog | fzf --exact | catalog ÷ fzf | hits | fzf's hits | the same lines |")
        print("|---|---|---|---|---|---|---|")
        for query in ["^/usr/share/doc", ".md$", "readme !doc", "python | ruby", "^/etc/ conf$"] {
            let quoted = shellQuote(query)
            var commands = ["exec \(shellQuote(build.catalog)) search \(quoted) --file \(shellQuote(file))"]
            if let fzf { commands.append("exec \(fzf) --exact --filter \(quoted) < \(shellQuote(file))") }
            let series = Processes.interleaved(runs, commands)
            let theirs = series.count > 1 ? series[1] : nil
            print(
                "| `\(query.replacingOccurrences(of: "|", with: "\\|"))` | \(secondsText(series[0].median)) | \(theirs.map { secondsText($0.median) } ?? "–") | "
                    + "\(theirs.map { ratio(series[0].median, $0.median) } ?? "–") | \(series[0].lines.count) | "
                    + "\(theirs.map { String($0.lines.count) } ?? "–") | "
                    + "\(theirs.map { Set($0.lines) == Set(series[0].lines) ? "yes" : "no" } ?? "–") |")
        }
    }

    // MARK: - Goals

    /// The goals of issue 18, each with what this run measured.
    static func goals18(_ outcome: Outcome) {
        let issue = outcome.issue18
        print("\nGoals (issue 18), this run:\n")
        print("| goal | measured | fzf / sort / grep | ratio | goal | met |")
        print("|---|---|---|---|---|---|")
        func row(_ label: String, _ measured: String, _ theirs: String, _ value: Double, _ goal: String, _ met: Bool) {
            let shown = value.isNaN ? "–" : String(format: "%.2f×", value)
            print(
                "| \(label) | \(measured) | \(theirs) | \(shown) | \(goal) | \(value.isNaN ? "–" : met ? "yes" : "no") |"
            )
        }
        for (query, ours, fzf, _) in issue.real {
            let value = fzf.map { ours.median / $0.median } ?? .nan
            row(
                "real list, one-shot `\(query)` ÷ fzf", secondsText(ours.median),
                fzf.map { secondsText($0.median) } ?? "–", value, "≤ 0.4×", value <= 0.4)
        }
        let paths = issue.absolute / issue.relative
        row(
            "real list, absolute ÷ the same paths without `/` (no hit)", secondsText(issue.absolute),
            secondsText(issue.relative), paths, "≤ 1× (no more)", paths <= 1.05)
        let launch = issue.deepShown / issue.deepSort
        row(
            "deep 1M: launcher menu shown ÷ `LC_ALL=C sort`", msText(issue.deepShown), msText(issue.deepSort), launch,
            "≤ 0.75×", launch <= 0.75)
        let ready = issue.deepLoaded / issue.deepSort
        row(
            "deep 1M: launcher everything ready ÷ `LC_ALL=C sort`", msText(issue.deepLoaded), msText(issue.deepSort),
            ready, "≤ 0.75×", ready <= 0.75)
        let tree = issue.tree / issue.list
        row(
            "deep 1M: `tree --file` ÷ `list --file`", secondsText(issue.tree), secondsText(issue.list), tree, "≤ 2×",
            tree <= 2)
        let kindLaunch = outcome.shown / outcome.sortSeconds
        row(
            "kind 1M: launcher menu shown ÷ `LC_ALL=C sort`", msText(outcome.shown), msText(outcome.sortSeconds),
            kindLaunch, "≤ 0.75×", kindLaunch <= 0.75)
        let kindReady = outcome.loaded / outcome.sortSeconds
        row(
            "kind 1M: launcher everything ready ÷ `LC_ALL=C sort`", msText(outcome.loaded),
            msText(outcome.sortSeconds), kindReady, "≤ 0.75×", kindReady <= 0.75)
        let kindMemory = Double(outcome.loadedPeakKB) / Double(outcome.fzfLauncherPeakKB)
        row(
            "kind 1M: launcher peak memory ÷ interactive fzf", megabytes(outcome.loadedPeakKB),
            megabytes(outcome.fzfLauncherPeakKB), kindMemory, "≤ 0.6×", kindMemory <= 0.6)
        let deepMemory = Double(issue.deepPeakKB) / Double(issue.deepFzfPeakKB)
        row(
            "deep 1M: launcher peak memory ÷ interactive fzf", megabytes(issue.deepPeakKB),
            megabytes(issue.deepFzfPeakKB), deepMemory, "≤ 1×", deepMemory <= 1)
        if let scale = issue.scale {
            for (name, rows, goal) in [("kind", scale.kind, 0.6), ("deep", scale.deep, 1.0)] {
                guard let last = rows.last, last.lines >= 10_000_000 else { continue }
                let value = Double(last.launcherPeakKB) / Double(last.fzfPeakKB)
                row(
                    "\(name) 10M: launcher peak memory ÷ interactive fzf", megabytes(last.launcherPeakKB),
                    megabytes(last.fzfPeakKB), value, "≤ \(goal)×", value <= goal)
            }
        }
        let oneShot =
            outcome.fzfOneShotPeakKB == 0 ? .nan : Double(outcome.oneShotPeakKB) / Double(outcome.fzfOneShotPeakKB)
        row(
            "kind 1M: one-shot peak memory ÷ fzf --filter", megabytes(outcome.oneShotPeakKB),
            megabytes(outcome.fzfOneShotPeakKB), oneShot, "≤ 0.5×", oneShot <= 0.5)
        if let rank = issue.rank {
            let ours = rank.mrr(rank.cases, \.ours)
            let theirs = rank.mrr(rank.cases, \.fzf)
            row(
                "fuzzy ranking: mean reciprocal rank ÷ fzf", String(format: "%.3f", ours),
                String(format: "%.3f", theirs), ours / theirs, "≥ 1.1×", ours / theirs >= 1.1)
            // The best any ranking can expect on these queries: the goal, measured against it.
            let ceiling = rank.cases.reduce(0) { $0 + $1.ceiling } / Double(max(rank.cases.count, 1))
            print(
                "| fuzzy ranking: the best any ranking expects here ÷ fzf | \(String(format: "%.3f", ceiling)) | "
                    + "\(String(format: "%.3f", theirs)) | \(String(format: "%.2f×", ceiling / theirs)) | – | – |")
            for (kind, label) in Ranking.kinds.enumerated() {
                let cases = rank.cases.filter { $0.kind == kind }
                let value = rank.mrr(cases, \.ours) / rank.mrr(cases, \.fzf)
                row(
                    "fuzzy ranking, \(label): MRR ÷ fzf", String(format: "%.3f", rank.mrr(cases, \.ours)),
                    String(format: "%.3f", rank.mrr(cases, \.fzf)), value, "≥ 1× (no kind worse)", value >= 1)
            }
        }
        let noHit = outcome.noHitRatio
        row(
            "kind 1M: no-hit one-shot (`\(Compare.noHit)`) ÷ `grep -iF \\| sort`",
            secondsText(outcome.noHitSeconds.ours), secondsText(outcome.noHitSeconds.grep), noHit, "≤ 4×", noHit <= 4)
        let nonASCII = outcome.nonASCIIRatios.max() ?? .nan
        let worst = outcome.worstNonASCII
        row(
            "kind 1M: non-ASCII one-shot ÷ `grep -iF \\| sort` (worst, `\(worst.query)`)", secondsText(worst.ours),
            secondsText(worst.grep), nonASCII, "≤ 2×", nonASCII <= 2)
    }
}

extension DeepCorpus {
    /// The number of distinct directories the paths of a file are in, ancestors included.
    static func directories(in file: String) -> Int {
        guard let data = FileManager.default.contents(atPath: file) else { return 0 }
        var seen = Set<Int>()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            var hasher = Hasher()
            for index in 0..<bytes.count {
                switch bytes[index] {
                case 0x0A:
                    start = index + 1
                    hasher = Hasher()
                case 0x2F where index > start:
                    // Each directory is the hash of its path so far.
                    var finished = hasher
                    finished.combine(index - start)
                    seen.insert(finished.finalize())
                    hasher.combine(0x2F as UInt8)
                default:
                    hasher.combine(bytes[index])
                }
            }
        }
        return seen.count
    }
}
