import Foundation
import Testing

extension CatalogSnapshots {
    /// One scenario of one entry: a case of a parameterised test, named by the entry's id and the scenario's name
    /// (`forms/login-form · signed in as ada`).
    ///
    /// Its ``id`` is that name, so a test runner can run one case again on its own.
    ///
    /// ```swift
    /// @Test(arguments: try CatalogSnapshots.cases(registerScreens))
    /// func looksAsRecorded(_ snapshot: CatalogSnapshots.Case) throws {
    ///     try CatalogSnapshots.check(snapshot, in: goldens)
    /// }
    /// ```
    public struct Case: Sendable, Identifiable, CustomStringConvertible, CustomTestStringConvertible {
        /// The entry.
        public let entry: Entry<any Screen>
        /// One of its scenarios.
        public let scenario: Scenario

        /// Creates a case.
        ///
        /// - Parameters:
        ///   - entry: The entry.
        ///   - scenario: One of its scenarios.
        public init(entry: Entry<any Screen>, scenario: Scenario) {
            self.entry = entry
            self.scenario = scenario
        }

        /// The entry's id and the scenario's name, which are unique together in a registry.
        public var id: String { "\(entry.id) · \(scenario.name)" }
        public var description: String { id }
        public var testDescription: String { id }
    }

    /// One case for each scenario of each entry of a registry, in search order.
    ///
    /// - Parameter registry: The catalog.
    /// - Returns: The cases: an entry with no scenarios has one, ``Scenario/initial``.
    public static func cases(of registry: Registry<any Screen>) -> [Case] {
        let snapshot = registry.snapshot()
        return snapshot.recordsInOrder.compactMap { registry.entry(id: snapshot.table.id(Int($0))) }.flatMap { entry in
            entry.scenarios.map { Case(entry: entry, scenario: $0) }
        }
    }

    /// One case for each scenario of each entry a registration makes, in search order; for `@Test(arguments:)`.
    ///
    /// - Parameter register: Registers the screens, as the package's executable does.
    /// - Returns: The cases.
    /// - Throws: What the registration throws: a registration mistake names its entry and where it was registered.
    public static func cases(_ register: (Registry<any Screen>) throws -> Void) throws -> [Case] {
        let registry = Registry<any Screen>()
        try register(registry)
        return cases(of: registry)
    }

    /// Checks one case against its golden, `DIRECTORY/<entry id>/<scenario>.txt`, as `catalog snapshot` does.
    ///
    /// A difference fails the test with a unified diff, at `sourceLocation`, in the case's own name; a golden it
    /// writes fails it with "Recorded new baseline".
    ///
    /// - Parameters:
    ///   - snapshot: The case.
    ///   - directory: Where the golden files are: `Tests/Snapshots` for the goldens `catalog snapshot` checks.
    ///   - mode: When goldens are written; `nil` reads `CATALOG_RECORD`, else `missing`.
    ///   - size: A size that replaces the scenario's; the golden's name then ends in `@COLSxROWS`.
    ///   - sourceLocation: Where failures are reported.
    /// - Returns: The result, for tests that look further.
    /// - Throws: ``Failure`` when `CATALOG_RECORD` names no mode.
    @discardableResult
    public static func check(
        _ snapshot: Case, in directory: URL, mode: SnapshotCheck.Mode? = nil, size: Size? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SnapshotCheck.Result {
        let check = SnapshotCheck(store: DirectoryStore(directory), mode: try recordMode(mode), size: size)
        let result = check.check(snapshot.scenario, of: snapshot.entry)
        recordIssue(for: result, in: directory, sourceLocation: sourceLocation)
        return result
    }

    /// Fails the test for each golden in a directory that none of the cases has: the goldens of scenarios, or
    /// entries, that are gone.
    ///
    /// - Parameters:
    ///   - cases: Every case: those of a whole registry.
    ///   - directory: Where the golden files are.
    ///   - size: The size the cases were checked at, if they were given one; goldens of other sizes are left out.
    ///   - sourceLocation: Where failures are reported.
    /// - Returns: The stale goldens, relative to the directory.
    @discardableResult
    public static func checkStale(
        _ cases: [Case], in directory: URL, size: Size? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        let check = SnapshotCheck(store: DirectoryStore(directory), mode: .never, size: size)
        let stale = check.stale(
            besides: Set(cases.map { check.goldenPath(entryID: $0.entry.id, scenario: $0.scenario) }))
        recordStale(stale, in: directory, sourceLocation: sourceLocation)
        return stale
    }
}
