import Foundation

/// `catalog-bench compare --large`: how one-shot search and the launcher grow from 100,000 to 1,000,000 to
/// 10,000,000 lines, on the generated titles and on the deep tree, beside interactive fzf on the same files: time to
/// have read everything, keystroke latency, and peak memory.
enum Scale {
    static let sizes = [100_000, 1_000_000, 10_000_000]

    struct Row {
        var lines: Int
        var megabytes: Double
        var search = Processes.Series()
        var noHit = Processes.Series()
        var loaded: [Double] = []
        var keystrokes: [Double] = []
        var launcherPeakKB = 0
        var fzfLoaded: [Double] = []
        var fzfKeystrokes: [Double] = []
        var fzfPeakKB = 0
    }

    /// The rows of both corpora.
    struct Outcome {
        var kind: [Row] = []
        var deep: [Row] = []
    }

    @discardableResult
    static func run(_ build: Build, fzf: String?, runs: Int) -> Outcome {
        var outcome = Outcome()
        for corpus in ["kind", "deep"] {
            var rows: [Row] = []
            for count in sizes {
                let file = Processes.directory + "/\(corpus)-\(count).txt"
                let size =
                    corpus == "kind" ? Corpus.write(count: count, to: file) : DeepCorpus.write(count: count, to: file)
                var row = Row(lines: count, megabytes: Double(size) / 1e6)
                let search = "exec \(shellQuote(build.catalog)) search grid --file \(shellQuote(file))"
                let noHit = "exec \(shellQuote(build.catalog)) search \(Compare.noHit) --file \(shellQuote(file))"
                let series = Processes.interleaved(runs, [search, noHit], keepOutput: false)
                row.search = series[0]
                row.noHit = series[1]
                let typing = corpus == "kind" ? "grid picker" : "src main"
                for _ in 0..<runs {
                    if let figures = LauncherLatency.measure(
                        catalog: build.catalog, file: file, entries: count, typing: typing)
                    {
                        row.loaded.append(figures.loaded)
                        row.keystrokes += figures.keystrokes.map(\.1)
                        row.launcherPeakKB = max(row.launcherPeakKB, figures.peakKB)
                    }
                    if let fzf,
                        let figures = LauncherLatency.measureFzf(fzf: fzf, file: file, entries: count, typing: typing)
                    {
                        row.fzfLoaded.append(figures.loaded)
                        row.fzfKeystrokes += figures.keystrokes.map(\.1)
                        row.fzfPeakKB = max(row.fzfPeakKB, figures.peakKB)
                    }
                }
                rows.append(row)
                // The large files are made again on the next run rather than kept.
                if count >= 10_000_000 {
                    try? FileManager.default.removeItem(atPath: file)
                    try? FileManager.default.removeItem(atPath: file + ".complete")
                }
            }
            print(corpus == "kind" ? table("generated titles", rows, build) : table("deep tree", rows, build))
            if corpus == "kind" { outcome.kind = rows } else { outcome.deep = rows }
        }
        return outcome
    }

    /// One corpus's rows: catalog's search, launcher and memory, then interactive fzf's.
    static func table(_ name: String, _ rows: [Row], _ build: Build) -> String {
        func typing(_ keys: [Double]) -> String {
            let keys = keys.sorted()
            return keys.isEmpty ? "–" : "\(msText(keys[keys.count / 2])) (\(msText(keys[keys.count * 9 / 10])))"
        }
        var text = "\nScale, \(name): 100k → 1M → 10M lines (\(build.name) and interactive fzf --exact, medians; "
        text += "growth is against the row above):\n\n"
        text += "| lines | MB | search `grid` | growth | no-hit search | search RSS | launcher loaded | growth "
        text += "| keystroke median (p90) | launcher RSS | fzf loaded | fzf keystroke median (p90) | fzf RSS |\n"
        text += "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for (position, row) in rows.enumerated() {
            let previous = position > 0 ? rows[position - 1] : nil
            func growth(_ now: Double, _ before: Double?) -> String { before.map { ratio(now, $0) } ?? "–" }
            text += "| \(LauncherLatency.grouped(row.lines)) | \(String(format: "%.0f", row.megabytes)) | "
            text += "\(secondsText(row.search.median)) | \(growth(row.search.median, previous?.search.median)) | "
            text += "\(secondsText(row.noHit.median)) | \(megabytes(row.search.peakKB)) | "
            text +=
                "\(msText(middle(row.loaded))) | \(growth(middle(row.loaded), previous.map { middle($0.loaded) })) | "
            text += "\(typing(row.keystrokes)) | \(megabytes(row.launcherPeakKB)) | \(msText(middle(row.fzfLoaded))) | "
            text += "\(typing(row.fzfKeystrokes)) | \(megabytes(row.fzfPeakKB)) |\n"
        }
        return text
    }
}
