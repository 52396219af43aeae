import Foundation
import Testing

/// Checks one screen in one scenario against its golden file, as swift-snapshot-testing's `assertSnapshot` does, and
/// fails the test at the caller's line.
///
/// The scenario is played on a virtual terminal, as `catalog snapshot` plays it, and its last frame is compared with
/// the golden `__Snapshots__/<test file>/<test>.<name>.txt` in the test file's folder: `<test>` is the test
/// function's name, `<name>` the scenario's (or `named`), each made safe for a file name as golden names are.
/// A difference fails the test with a unified diff from the golden to the frame now. A golden it writes fails the
/// test with "Recorded new baseline", so the file is looked at before it is committed.
///
/// ```swift
/// @Test func loginFormTakesAName() {
///     assertSnapshot(of: LoginForm(), scenario: Scenario("typed ada", .type("ada")))
/// }
/// ```
///
/// SwiftPM warns about files it doesn't know in a target's folder: give the test target
/// `exclude: ["__Snapshots__"]`, and make the folder with the target, or SwiftPM warns that the exclude names nothing.
///
/// - Parameters:
///   - screen: The screen, made as the scenario starts (`Scenario/playing` is set).
///   - scenario: The scenario; `Scenario/initial` (the first frame at 80×24) by default.
///   - name: The golden's name in place of the scenario's: two checks of one scenario in one test need one each, or
///     they would share a golden.
///   - record: When the golden is written; `nil` reads `CATALOG_RECORD`, else `missing`.
///   - snapshotDirectory: The folder of the golden in place of `__Snapshots__/<test file>`.
///   - testName: The test's name; the calling function's by default.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Returns: The result, for tests that look further; its `SnapshotCheck/Result/entryID` is the screen's type,
///   which is its title too.
@discardableResult
public func assertSnapshot(
    of screen: @autoclosure () throws -> any Screen, scenario: Scenario = .initial, named name: String? = nil,
    record: SnapshotCheck.Mode? = nil, snapshotDirectory: URL? = nil, testName: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) -> SnapshotCheck.Result {
    let file = CatalogSnapshots.goldenFile(
        testName: testName, name: name ?? scenario.name, filePath: sourceLocation.filePath,
        snapshotDirectory: snapshotDirectory)
    var result = SnapshotCheck.Result(
        entryID: "", title: "", scenario: scenario.name, size: scenario.size, status: .error, golden: file.path)
    do {
        if let problem = scenario.problem { throw CatalogSnapshots.Failure(description: problem) }
        let mode = try CatalogSnapshots.recordMode(record)
        let made: any Screen
        do {
            made = try Scenario.$playing.withValue(scenario) { try screen() }
        } catch {
            throw CatalogSnapshots.Failure(description: "could not make the screen: \(error)")
        }
        let check = SnapshotCheck(store: DirectoryStore(file.directory), mode: mode)
        // With no entry to name it, the screen is named by its type, in the title bar as in the result.
        let typeName = String(describing: type(of: made))
        result = check.check(scenario, id: typeName, title: typeName, golden: file.path, make: { made })
    } catch {
        result.message = "\(error)"
    }
    CatalogSnapshots.recordIssue(for: result, in: file.directory, sourceLocation: sourceLocation)
    return result
}

extension CatalogSnapshots {
    /// Where `assertSnapshot` keeps a golden: a directory, and the file's name in it.
    ///
    /// - Parameters:
    ///   - testName: The test function's name, such as `loginFormTakesAName()`; what follows `(` is left out.
    ///   - name: The scenario's name, or the one the caller gave.
    ///   - filePath: The test file's path.
    ///   - snapshotDirectory: A directory that replaces `__Snapshots__/<test file>` beside the test file.
    /// - Returns: The directory and `<test>.<name>.txt`.
    static func goldenFile(
        testName: String, name: String, filePath: String, snapshotDirectory: URL?
    ) -> (directory: URL, path: String) {
        let test = URL(fileURLWithPath: filePath)
        let directory =
            snapshotDirectory
            ?? test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
        let function = String(testName.prefix { $0 != "(" })
        return (directory, SnapshotCheck.fileName(function) + "." + SnapshotCheck.fileName(name) + ".txt")
    }
}
