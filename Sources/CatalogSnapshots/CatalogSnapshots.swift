@_exported import CatalogKit
@_exported import CatalogTerminal
import Foundation
import Testing

/// Snapshot checks for a package's own tests: every scenario of every screen against its golden file, failing the
/// test with the same diff `catalog snapshot` prints.
///
/// ```swift
/// import CatalogSnapshots
/// import Testing
///
/// @Test func screensLookAsRecorded() throws {
///     let registry = Registry<any Screen>()
///     try MyScreens.register(in: registry)
///     try CatalogSnapshots.check(registry, in: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///         .appendingPathComponent("Snapshots"))
/// }
/// ```
///
/// The record mode comes from `CATALOG_RECORD` (`missing`, `all`, `never`, `failed`), or is `missing`: a golden
/// that doesn't exist yet is written, and the test fails saying so, as swift-snapshot-testing's do, so the new file
/// is looked at before it is committed.
public enum CatalogSnapshots {
    /// Checks every scenario of a registry's entries.
    ///
    /// - Parameters:
    ///   - registry: The catalog.
    ///   - directory: Where the golden files are.
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
        let environment = ProcessInfo.processInfo.environment
        if mode == nil, let text = environment["CATALOG_RECORD"], !text.isEmpty,
            SnapshotCheck.Mode(rawValue: text) == nil
        {
            throw Failure(description: "CATALOG_RECORD must be missing, all, never or failed, not '\(text)'.")
        }
        let check = SnapshotCheck(
            store: DirectoryStore(directory), mode: mode ?? .from(environment: environment) ?? .missing, size: size)
        let report = check.check(registry)
        for result in report.results {
            let name = "\(result.entryID) · \(result.scenario) · \(result.size)"
            switch result.status {
            case .matched:
                break
            case .recorded, .rewritten:
                Issue.record(
                    "Recorded a new baseline for \(name) in \(result.golden); check it and run again.",
                    sourceLocation: sourceLocation)
            case .failed, .error:
                Issue.record("Snapshot \(name) differs:\n\(result.message ?? "")", sourceLocation: sourceLocation)
            }
        }
        for path in report.stale {
            Issue.record("Stale golden \(path): no entry has this scenario any more.", sourceLocation: sourceLocation)
        }
        return report
    }

    /// A check that could not run.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
