import Foundation

/// `catalog-bench compare --large`: how one-shot search and the launcher grow from 100,000 to 1,000,000 to
/// 10,000,000 lines (about 340 MB), in time and peak memory.
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
    }

    static func run(_ build: Build, fzf: String?, runs: Int) {
        var rows: [Row] = []
        for count in sizes {
            let file = Processes.directory + "/titles-\(count).txt"
            let size = Corpus.write(count: count, to: file)
            var row = Row(lines: count, megabytes: Double(size) / 1e6)
            let search = "exec \(shellQuote(build.catalog)) search grid --file \(shellQuote(file))"
            let noHit = "exec \(shellQuote(build.catalog)) search \(Compare.noHit) --file \(shellQuote(file))"
            let series = Processes.interleaved(runs, [search, noHit], keepOutput: false)
            row.search = series[0]
            row.noHit = series[1]
            for _ in 0..<runs {
                guard let figures = LauncherLatency.measure(catalog: build.catalog, file: file, entries: count) else {
                    continue
                }
                row.loaded.append(figures.loaded)
                row.keystrokes += figures.keystrokes.map(\.1)
                row.launcherPeakKB = max(row.launcherPeakKB, figures.peakKB)
            }
            rows.append(row)
        }
        print(
            "\nScale: 100k → 1M → 10M lines (\(build.name), medians of \(runs) runs; growth is against the row above):\n"
        )
        print(
            "| lines | MB | search `grid` | growth | no-hit search | growth | search RSS | launcher loaded | growth "
                + "| keystroke median (p90) | launcher RSS |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for (position, row) in rows.enumerated() {
            let previous = position > 0 ? rows[position - 1] : nil
            func growth(_ now: Double, _ before: Double?) -> String { before.map { ratio(now, $0) } ?? "–" }
            let keys = row.keystrokes.sorted()
            let typing =
                keys.isEmpty ? "–" : "\(msText(keys[keys.count / 2])) (\(msText(keys[keys.count * 9 / 10])))"
            print(
                "| \(LauncherLatency.grouped(row.lines)) | \(String(format: "%.0f", row.megabytes)) | "
                    + "\(secondsText(row.search.median)) | \(growth(row.search.median, previous?.search.median)) | "
                    + "\(secondsText(row.noHit.median)) | \(growth(row.noHit.median, previous?.noHit.median)) | "
                    + "\(megabytes(row.search.peakKB)) | \(msText(middle(row.loaded))) | "
                    + "\(growth(middle(row.loaded), previous.map { middle($0.loaded) })) | \(typing) | "
                    + "\(megabytes(row.launcherPeakKB)) |")
        }
        if let fzf, let last = sizes.last {
            let file = Processes.directory + "/titles-\(last).txt"
            let theirs = Processes.interleaved(
                1, ["exec \(fzf) --exact --filter grid < \(shellQuote(file))"], keepOutput: false)
            print(
                "\nfzf --exact --filter grid on 10M lines: \(secondsText(theirs[0].median)), \(megabytes(theirs[0].peakKB)) peak"
            )
        }
    }
}
