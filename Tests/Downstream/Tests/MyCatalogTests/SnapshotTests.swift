import CatalogSnapshots
import Foundation
import LoginScreens
import ReportScreens
import Testing

/// The goldens `mycatalog snapshot` checks too: `Tests/Snapshots`, beside this target's folder, not in it.
let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

/// This package's screens, registered as `mycatalog` registers them.
func registerScreens(in registry: Registry<any Screen>) throws {
    try LoginScreens.register(in: registry)
    try ReportScreens.register(in: registry)
}

/// One test case per scenario, named by its entry and scenario, so each failure is its own case.
@Test(arguments: try CatalogSnapshots.cases(registerScreens))
func looksAsRecorded(_ snapshot: CatalogSnapshots.Case) throws {
    try CatalogSnapshots.check(snapshot, in: goldens)
}

/// Every golden still has its scenario.
@Test func noGoldenIsStale() throws {
    CatalogSnapshots.checkStale(try CatalogSnapshots.cases(registerScreens), in: goldens)
}
