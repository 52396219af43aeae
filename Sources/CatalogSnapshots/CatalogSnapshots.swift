@_exported import CatalogKit
@_exported import CatalogTerminal
import Foundation
import Testing

/// Snapshot checks for a package's own tests (Swift Testing): each scenario of each screen against its golden file,
/// failing with the same unified diff `catalog snapshot` prints.
///
/// Three ways in, from the most to the least detailed report:
///
/// - ``cases(_:)`` and `check(_ case:in:)` give one test case per scenario, named by its entry and scenario, for
///   `@Test(arguments:)`: each failure is its own case, and a case can be run alone. Their goldens are the ones
///   `catalog snapshot` checks, `Tests/Snapshots/<entry id>/<scenario>.txt`; ``checkStale(_:in:size:sourceLocation:)``
///   finds goldens no case has.
/// - ``assertSnapshot(of:scenario:named:record:snapshotDirectory:testName:sourceLocation:)`` checks one screen, not
///   registered, in one scenario, as swift-snapshot-testing's `assertSnapshot` does, with its golden beside the test
///   file in `__Snapshots__`.
/// - `check(_ registry:in:)` checks a whole catalog in one test.
///
/// The record mode comes from the `mode` argument, else `CATALOG_RECORD` (`missing`, `all`, `never`, `failed`), else
/// it is `missing`: a golden that doesn't exist yet is written, and the test fails with "Recorded new baseline", as
/// swift-snapshot-testing's do, so the new file is looked at before it is committed. `all` writes every golden and
/// fails every check; `failed` rewrites those that differ and fails them; `never` only compares, for CI.
public enum CatalogSnapshots {
    /// Checks every scenario of a registry's entries in one test; goldens no scenario has are reported as stale.
    ///
    /// Every failure is reported at the same line. For one test case per scenario, see ``cases(of:)``.
    ///
    /// - Parameters:
    ///   - registry: The catalog.
    ///   - directory: Where the golden files are: `Tests/Snapshots` for the goldens `catalog snapshot` checks.
    ///   - mode: When goldens are written; `nil` reads `CATALOG_RECORD`, else `missing`.
    ///   - size: A size that replaces every scenario's.
    ///   - sourceLocation: Where failures are reported.
    /// - Returns: The report, for tests that look further.
    /// - Throws: ``Failure`` when `CATALOG_RECORD` names no mode.
    @discardableResult
    public static func check(
        _ registry: Registry<any Screen>, in directory: URL, mode: SnapshotCheck.Mode? = nil, size: Size? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SnapshotCheck.Report {
        let check = SnapshotCheck(store: DirectoryStore(directory), mode: try recordMode(mode), size: size)
        let report = check.check(registry)
        for result in report.results {
            recordIssue(for: result, in: directory, sourceLocation: sourceLocation)
        }
        recordStale(report.stale, in: directory, sourceLocation: sourceLocation)
        return report
    }

    /// A check that could not run.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The record mode: the one given, else the one `CATALOG_RECORD` names, else `missing`.
    ///
    /// - Throws: ``Failure`` when `CATALOG_RECORD` is set, and names no mode.
    static func recordMode(_ given: SnapshotCheck.Mode?) throws -> SnapshotCheck.Mode {
        if let given { return given }
        let text = ProcessInfo.processInfo.environment["CATALOG_RECORD"] ?? ""
        if text.isEmpty { return .missing }
        guard let mode = SnapshotCheck.Mode(rawValue: text) else {
            throw Failure(description: "CATALOG_RECORD must be missing, all, never or failed, not '\(text)'.")
        }
        return mode
    }

    /// Records an issue for a result that fails the test: a new or rewritten golden, a difference, an error.
    static func recordIssue(for result: SnapshotCheck.Result, in directory: URL, sourceLocation: SourceLocation) {
        // A screen checked on its own, that could not be played, has no id to name: its golden names it.
        let name =
            result.entryID.isEmpty ? result.golden : "\(result.entryID) · \(result.scenario) · \(result.size)"
        let golden = directory.appendingPathComponent(result.golden).path
        // A step that changed nothing guards nothing, but may mean to show a key ignored: a warning, which fails
        // no test.
        for step in result.idleSteps {
            Issue.record("\(name): \(step)", severity: .warning, sourceLocation: sourceLocation)
        }
        switch result.status {
        case .matched:
            break
        case .recorded:
            Issue.record(
                "Recorded new baseline for \(name) in \(golden); look at it, commit it and run the test again.",
                sourceLocation: sourceLocation)
        case .rewritten:
            let change = result.message.map { ":\n\($0)" } ?? "."
            let text =
                "Rewrote the baseline for \(name) in \(golden); look at what changed, commit it and run the test "
                + "again\(change)"
            Issue.record("\(text)", sourceLocation: sourceLocation)
        case .failed:
            Issue.record("Snapshot \(name) differs:\n\(result.message ?? "")", sourceLocation: sourceLocation)
        case .error:
            Issue.record("Snapshot \(name) could not be taken: \(result.message ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// Records an issue for each stale golden.
    static func recordStale(_ stale: [String], in directory: URL, sourceLocation: SourceLocation) {
        for path in stale {
            let golden = directory.appendingPathComponent(path).path
            Issue.record(
                "Stale golden \(golden): no entry has this scenario any more; delete it, or run `snapshot --prune`.",
                sourceLocation: sourceLocation)
        }
    }
}
