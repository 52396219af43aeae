import CatalogSnapshots
import Foundation
import LoginScreens
import ReportScreens
import Testing

/// This package's screens look as recorded: every scenario against its golden in `Tests/Snapshots`.
///
/// A new scenario's golden is written on the first run, which fails saying so; look at the file, commit it, and run
/// again. `CATALOG_RECORD=failed swift test` re-records the goldens of screens changed on purpose.
@Test func screensLookAsRecorded() throws {
    let registry = Registry<any Screen>()
    try LoginScreens.register(in: registry)
    try ReportScreens.register(in: registry)
    let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    let report = try CatalogSnapshots.check(registry, in: snapshots)
    #expect(report.results.count == 4, "two scenarios for each of the two screens")
}
