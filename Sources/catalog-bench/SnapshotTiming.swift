import CatalogDemos
import CatalogKit
import CatalogTerminal
import Foundation

/// `catalog-bench snapshots`: the time to snapshot 1,000 scenarios, the goal of issue 11 (under 2 s in a release
/// build).
///
/// The scenarios are the built-in demos' own (keys, resizes, ticks, locales), repeated under new ids until there
/// are 1,000. The first run records every golden into a fresh directory; the timed runs compare against them, as
/// `catalog snapshot --record never` does in CI: play each scenario on the virtual terminal, render, and read and
/// compare its golden.
enum SnapshotTiming {
    static let scenarioCount = 1_000

    /// The demos' entries under new ids, with exactly `scenarioCount` scenarios in all.
    static func entries() -> [Entry<any Screen>] {
        var entries: [Entry<any Screen>] = []
        var total = 0
        var copy = 0
        while total < scenarioCount {
            for demo in Demos.entries where total < scenarioCount {
                let scenarios = Array(demo.scenarios.prefix(scenarioCount - total))
                // The copy keeps the demo's controls, which its scenarios set: without them, every scenario that
                // sets one fails to open, and the timing is not of a clean run.
                let id = "\(demo.id)-\(copy)"
                let entry =
                    demo.controls.isEmpty
                    ? Entry<any Screen>(
                        demo.title, in: demo.groups, id: id, keywords: demo.keywords, summary: demo.summary,
                        make: demo.make
                    ).scenarios(scenarios)
                    : Entry<any Screen>(
                        demo.title, in: demo.groups, id: id, keywords: demo.keywords, summary: demo.summary,
                        controls: demo.controls, make: { try demo.make(with: $0) }
                    ).scenarios(scenarios)
                entries.append(entry)
                total += scenarios.count
            }
            copy += 1
        }
        return entries
    }

    static func run(runs: Int = 5) {
        let entries = entries()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalog-bench-snapshots-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = DirectoryStore(directory)
        var report: SnapshotCheck.Report?
        let record = measure { report = SnapshotCheck(store: store, mode: .all).check(entries, complete: true) }
        let recorded = report?.results.count ?? 0
        var times: [Duration] = []
        var failures = 0
        var failed: [String] = []
        for _ in 0..<runs {
            times.append(measure { report = SnapshotCheck(store: store, mode: .never).check(entries, complete: true) })
            let results = report?.results.filter(\.isFailure) ?? []
            failures += results.count
            if failed.isEmpty {
                failed = results.map { "\($0.entryID) · \($0.scenario): \($0.message?.prefix(300) ?? "")" }
            }
        }
        print(
            "Snapshots of \(recorded) scenarios (\(entries.count) entries, the built-in demos' scenarios repeated):\n")
        print("| measure | result | target |")
        print("|---|---|---|")
        print("| record every golden (first run) | \(ms(record)) | – |")
        print("| check against the goldens, median of \(runs) | \(ms(median(times))) | ≤ 2000 ms |")
        print("| slowest check run | \(ms(times.max() ?? .zero)) | – |")
        if failures > 0 {
            print("\n\(failures) scenario checks failed: the timing is not of a clean run. The first run's:")
            for line in failed.prefix(10) { print("- \(line)") }
        }
    }
}
