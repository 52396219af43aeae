import Foundation

/// `catalog-bench compare`: whole processes side by side on the same files: `catalog search --file` against
/// `fzf --filter` and `grep -iF | sort` on generated titles and on a real file list of this machine, fzf's extended
/// syntax, the launcher against `LC_ALL=C sort` and interactive fzf on the titles and on a deep generated tree,
/// `catalog tree` against `catalog list`, growth from 1M to 3M lines, the in-process figures, the fuzzy ranking
/// evaluation (``Ranking``), and (with `--large`) both corpora at 100k → 1M → 10M lines beside interactive fzf.
/// With `--baseline DIR` the figures of the generated titles are also taken for another release build (a
/// directory with its `catalog` and `catalog-bench`), runs interleaved.
///
/// It ends with the goals of issue 18, each with what this run measured. `--only real,deep` runs some sections
/// only, for quick checks while working.
enum Compare {
    static let queries = ["grid", "grid picker", "straße", "документы", "유라시아"]
    /// A query no line matches: what is left is the fixed cost of reading and checking the file.
    static let noHit = "zqxj"
    static let fuzzyQueries = ["grid", "grdpk"]

    struct Options {
        var runs = 5
        var baseline: Build?
        var large = false
        /// The sections to run (`oneshot`, `fuzzy`, `launcher`, `growth`, `inprocess`, `real`, `deep`, `rank`,
        /// `syntax`); all when empty.
        var sections: Set<String> = []

        func runs(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }

        init(_ arguments: [String]) {
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                switch argument {
                case "--runs":
                    guard let count = rest.popFirst().flatMap({ Int($0) }), (1...1000).contains(count) else {
                        usageError("--runs needs a count from 1 to 1000")
                    }
                    runs = count
                case "--baseline":
                    guard let directory = rest.popFirst() else { usageError("--baseline needs a directory") }
                    baseline = Build.baseline(directory)
                    if baseline == nil { usageError("no catalog executable in '\(directory)'") }
                case "--large": large = true
                case "--only":
                    let known: Set = [
                        "oneshot", "fuzzy", "launcher", "growth", "inprocess", "real", "deep", "rank", "syntax",
                    ]
                    sections = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
                    guard !sections.isEmpty, sections.isSubset(of: known) else {
                        usageError("--only takes sections from \(known.sorted().joined(separator: ","))")
                    }
                default: usageError("unknown option '\(argument)' for compare")
                }
            }
        }
    }

    /// The figures the goal table needs, per build.
    struct Outcome {
        var grepRatios: [Double] = []
        var fzfRatios: [Double] = []
        var noHitRatio = Double.nan
        /// The no-hit query's medians: this build's and grep's.
        var noHitSeconds = (ours: Double.nan, grep: Double.nan)
        /// The query that is not ASCII with the largest ratio to grep, and its medians.
        var worstNonASCII = (query: "", ours: Double.nan, grep: Double.nan)
        var oneShotPeakKB = 0
        var loaded = Double.nan
        var shown = Double.nan
        var loadedPeakKB = 0
        var growthRatios: [Double] = []
        var figures: [String: Double] = [:]
        /// One-shot ÷ grep for the queries that are not ASCII.
        var nonASCIIRatios: [Double] = []
        var sortSeconds = Double.nan
        var fzfLauncherPeakKB = 0
        var fzfOneShotPeakKB = 0
        /// What the sections of issue 18 measured (this build only).
        var issue18 = Issue18()
    }

    static func run(_ arguments: [String]) {
        let options = Options(arguments)
        try? FileManager.default.createDirectory(atPath: Processes.directory, withIntermediateDirectories: true)
        let corpus = Processes.directory + "/titles.txt"
        let size = Corpus.write(count: 1_000_000, to: corpus)
        let builds = [Build.current()] + (options.baseline.map { [$0] } ?? [])
        let fzf = Processes.which("fzf")
        print("Corpus: 1,000,000 lines, \(String(format1: Double(size) / 1e6)) MB at \(corpus)")
        for build in builds { print("\(build.name): \(build.catalog)") }
        print(
            "fzf: \(fzf ?? "not installed")\nRuns per cell: \(options.runs) (\(Processes.quickRuns) where every command of a row takes under \(Int(Processes.quick * 1000)) ms, \(Processes.briefRuns) where one of them takes under \(Int(Processes.brief * 1000)) ms), interleaved; medians shown\n"
        )
        var outcomes = Array(repeating: Outcome(), count: builds.count)

        if options.runs("oneshot") { oneShot(builds, fzf: fzf, corpus: corpus, runs: options.runs, into: &outcomes) }
        if options.runs("fuzzy") { fuzzy(builds, fzf: fzf, corpus: corpus, runs: options.runs) }
        if options.runs("launcher") {
            launcher(builds, fzf: fzf, corpus: corpus, runs: options.runs, into: &outcomes)
        }
        if options.runs("growth") { growth(builds, corpus: corpus, runs: options.runs, into: &outcomes) }
        if options.runs("inprocess") { inProcess(builds, into: &outcomes) }
        if options.runs("real") { realList(builds[0], fzf: fzf, runs: options.runs, into: &outcomes[0].issue18) }
        if options.runs("deep") { deep(builds[0], fzf: fzf, runs: options.runs, into: &outcomes[0].issue18) }
        if options.runs("syntax") { syntax(builds[0], fzf: fzf, runs: options.runs) }
        if options.runs("rank") {
            print(
                "\nFuzzy ranking on path lists of this machine (`catalog-bench rank`), against fzf 0.38's defaults:\n")
            outcomes[0].issue18.rank = Ranking.run(targets: 30, fzf: fzf)
        }
        if options.large { outcomes[0].issue18.scale = Scale.run(builds[0], fzf: fzf, runs: options.runs) }
        goals(builds, outcomes)
    }

    // MARK: - Sections

    private static func oneShot(
        _ builds: [Build], fzf: String?, corpus: String, runs: Int, into outcomes: inout [Outcome]
    ) {
        let names = builds.map(\.name)
        print("One-shot search, whole processes (`catalog search QUERY --file titles.txt`):\n")
        print(
            "| query | " + names.joined(separator: " | ")
                + " | fzf --exact | grep -iF \\| sort | catalog ÷ grep | catalog ÷ fzf | "
                + names.map { "\($0) RSS" }.joined(separator: " | ") + " | fzf RSS | hits (grep ⊆ catalog) |")
        print("|---|" + String(repeating: "---|", count: 2 * builds.count + 6))
        for query in queries + [noHit] {
            let quoted = shellQuote(query)
            var commands = builds.map { "exec \(shellQuote($0.catalog)) search \(quoted) --file \(shellQuote(corpus))" }
            commands.append("grep -iF \(quoted) \(shellQuote(corpus)) | LC_ALL=C sort")
            if let fzf { commands.append("exec \(fzf) --exact --filter \(quoted) < \(shellQuote(corpus))") }
            let series = Processes.interleaved(runs, commands)
            let grep = series[builds.count]
            let theirs = fzf == nil ? nil : series[builds.count + 1]
            let mine = series[0]
            for position in builds.indices {
                let ratioToGrep = series[position].median / grep.median
                if query == noHit {
                    outcomes[position].noHitRatio = ratioToGrep
                    outcomes[position].noHitSeconds = (series[position].median, grep.median)
                } else {
                    if !query.allSatisfy(\.isASCII) {
                        if ratioToGrep > (outcomes[position].nonASCIIRatios.max() ?? 0) {
                            outcomes[position].worstNonASCII = (query, series[position].median, grep.median)
                        }
                        outcomes[position].nonASCIIRatios.append(ratioToGrep)
                    }
                    outcomes[position].grepRatios.append(ratioToGrep)
                    if let theirs { outcomes[position].fzfRatios.append(series[position].median / theirs.median) }
                }
                outcomes[position].oneShotPeakKB = max(outcomes[position].oneShotPeakKB, series[position].peakKB)
                outcomes[position].fzfOneShotPeakKB = max(outcomes[position].fzfOneShotPeakKB, theirs?.peakKB ?? 0)
            }
            let subset = Set(grep.lines).isSubset(of: Set(mine.lines))
            print(
                "| `\(query)` | " + series[..<builds.count].map { secondsText($0.median) }.joined(separator: " | ")
                    + " | \(theirs.map { secondsText($0.median) } ?? "–") | \(secondsText(grep.median)) | "
                    + "\(ratio(mine.median, grep.median)) | \(theirs.map { ratio(mine.median, $0.median) } ?? "–") | "
                    + series[..<builds.count].map { megabytes($0.peakKB) }.joined(separator: " | ")
                    + " | \(theirs.map { megabytes($0.peakKB) } ?? "–") | "
                    + "\(mine.lines.count) (\(grep.lines.count) \(subset ? "⊆" : "NOT ⊆")) |")
        }
    }

    private static func fuzzy(_ builds: [Build], fzf: String?, corpus: String, runs: Int) {
        let names = builds.map(\.name)
        print("\nFuzzy one-shot search (`catalog search --fuzzy`, `fzf --filter`):\n")
        print(
            "| query | " + names.map { "\($0) --fuzzy" }.joined(separator: " | ")
                + " | fzf --filter | catalog ÷ fzf | " + names.map { "\($0) RSS" }.joined(separator: " | ")
                + " | fzf RSS | hits |")
        print("|---|" + String(repeating: "---|", count: 2 * builds.count + 4))
        for query in fuzzyQueries {
            let quoted = shellQuote(query)
            var commands = builds.map {
                "exec \(shellQuote($0.catalog)) search --fuzzy \(quoted) --file \(shellQuote(corpus))"
            }
            if let fzf { commands.append("exec \(fzf) --filter \(quoted) < \(shellQuote(corpus))") }
            let series = Processes.interleaved(runs, commands)
            let theirs = fzf == nil ? nil : series[builds.count]
            print(
                "| `\(query)` | " + series[..<builds.count].map { secondsText($0.median) }.joined(separator: " | ")
                    + " | \(theirs.map { secondsText($0.median) } ?? "–") | "
                    + "\(theirs.map { ratio(series[0].median, $0.median) } ?? "–") | "
                    + series[..<builds.count].map { megabytes($0.peakKB) }.joined(separator: " | ")
                    + " | \(theirs.map { megabytes($0.peakKB) } ?? "–") | \(series[0].lines.count) |")
        }
    }

    private static func launcher(
        _ builds: [Build], fzf: String?, corpus: String, runs: Int, into outcomes: inout [Outcome]
    ) {
        var figures = Array(repeating: [LauncherLatency.Figures](), count: builds.count)
        var piped = Array(repeating: [(firstFrame: Double, loaded: Double)](), count: builds.count)
        var sorts = Processes.Series()
        for index in 0..<runs {
            sorts.samples.append(Processes.run("LC_ALL=C sort \(shellQuote(corpus))"))
            // Each run starts with the sort, and the builds take turns at going first after it: with the order
            // fixed, the same binary measured 45-60 ms slower in the first place than in the second (the first
            // follows the sort).
            for offset in builds.indices {
                let position = (index + offset) % builds.count
                let build = builds[position]
                if let run = LauncherLatency.measure(catalog: build.catalog, file: corpus, entries: 1_000_000) {
                    figures[position].append(run)
                }
                if let run = LauncherLatency.measureThroughPipe(
                    catalog: build.catalog, file: corpus, entries: 1_000_000)
                {
                    piped[position].append(run)
                }
            }
        }
        let fzfPeak = fzf.flatMap { LauncherLatency.fzfPeakKB(fzf: $0, file: corpus, entries: 1_000_000) }
        for position in builds.indices {
            outcomes[position].sortSeconds = sorts.median
            outcomes[position].fzfLauncherPeakKB = fzfPeak ?? 0
        }
        let names = builds.map(\.name)
        print("\nThe launcher on the 1M file under a pseudo-terminal, \(runs) runs, against `LC_ALL=C sort` of it:\n")
        print("| measure | " + names.joined(separator: " | ") + " | target |")
        print("|---|" + String(repeating: "---|", count: builds.count + 1))
        func row(_ label: String, _ target: String, _ value: (Int) -> String) {
            print("| \(label) | " + builds.indices.map(value).joined(separator: " | ") + " | \(target) |")
        }
        row("start → first frame", "≤ 500 ms") { msText(middle(figures[$0].map(\.firstFrame))) }
        for position in builds.indices {
            outcomes[position].loaded = middle(figures[position].map(\.loaded))
            outcomes[position].shown = middle(figures[position].map(\.shown))
        }
        row("start → menu shown (its top level, while the entries are sorted)", "≤ 0.75× sort") {
            "\(msText(outcomes[$0].shown)) (\(ratio(outcomes[$0].shown, sorts.median)) sort)"
        }
        row("start → menu loaded (fold, check, sort, group)", "≤ 300 ms, ≤ 0.75× sort") {
            "\(msText(outcomes[$0].loaded)) (\(ratio(outcomes[$0].loaded, sorts.median)) sort)"
        }
        row("keystroke → frame with its results, typing \"grid picker\"", "smooth") { position in
            let keys = figures[position].flatMap { $0.keystrokes.map(\.1) }.sorted()
            guard !keys.isEmpty else { return "–" }
            return "\(msText(keys[keys.count / 2])) (p90 \(msText(keys[keys.count * 9 / 10])))"
        }
        row("from a pipe (`cat titles.txt | catalog --file -`): start → first frame", "≤ 500 ms") {
            msText(middle(piped[$0].map(\.firstFrame)))
        }
        row("from a pipe: start → all 1,000,000 entries shown", "≤ from the file") {
            msText(middle(piped[$0].map(\.loaded)))
        }
        for position in builds.indices { outcomes[position].loadedPeakKB = figures[position].map(\.peakKB).max() ?? 0 }
        row("peak memory, loaded and filtered", "no growth") { megabytes(outcomes[$0].loadedPeakKB) }
        print("\n`LC_ALL=C sort titles.txt`: \(msText(sorts.median)), \(megabytes(sorts.peakKB)) peak")
        print("interactive fzf on the same file, all lines read: \(fzfPeak.map(megabytes) ?? "–") peak")
    }

    private static func growth(_ builds: [Build], corpus: String, runs: Int, into outcomes: inout [Outcome]) {
        let large = Processes.directory + "/titles-3m.txt"
        Corpus.write(count: 3_000_000, to: large)
        print("\nGrowth: one-shot `catalog search grid`, 3,000,000 lines ÷ 1,000,000, run by run:\n")
        print("| build | 1M median | 3M median | ratio per run | worst |")
        print("|---|---|---|---|---|")
        for (position, build) in builds.enumerated() {
            let commands = [corpus, large].map {
                "exec \(shellQuote(build.catalog)) search grid --file \(shellQuote($0))"
            }
            let series = Processes.interleaved(runs, commands, keepOutput: false)
            let ratios = zip(series[0].samples, series[1].samples).map { $1.seconds / $0.seconds }
            outcomes[position].growthRatios = ratios
            print(
                "| \(build.name) | \(secondsText(series[0].median)) | \(secondsText(series[1].median)) | "
                    + ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
                    + " | \(String(format: "%.2f×", ratios.max() ?? .nan)) |")
        }
    }

    private static func inProcess(_ builds: [Build], into outcomes: inout [Outcome]) {
        print("\nIn process, 1,000,000 entries (`catalog-bench figures`, each a median of its own runs):\n")
        for (position, build) in builds.enumerated() where FileManager.default.isExecutableFile(atPath: build.bench) {
            for line in Processes.capture([build.bench, "figures"]).split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 3, parts[0] == "figure", let value = Double(parts[2]) else { continue }
                outcomes[position].figures[String(parts[1])] = value
            }
        }
        let keys = outcomes[0].figures.keys.sorted()
        print("| figure | " + builds.map(\.name).joined(separator: " | ") + " |")
        print("|---|" + String(repeating: "---|", count: builds.count))
        for key in keys {
            let unit = key.hasSuffix(".mb") ? " MB" : " ms"
            print(
                "| \(key) | "
                    + outcomes.map { $0.figures[key].map { String(format: "%.2f", $0) + unit } ?? "–" }
                    .joined(separator: " | ") + " |")
        }
    }

    // MARK: - Goals

    private static func goals(_ builds: [Build], _ outcomes: [Outcome]) {
        goals18(outcomes[0])
    }
}
