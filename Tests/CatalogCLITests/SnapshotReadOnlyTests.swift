import CatalogDemos
import CatalogKit
import CatalogTerminal
import Foundation
import Glibc
import Testing

@testable import CatalogCommand

/// `catalog snapshot` on a golden directory it can't write. Root writes through a folder's permissions, so the
/// directory check is given in place of `access(2)`, answering as a read-only file system does even for root.
@Suite("catalog snapshot on a read-only directory")
struct SnapshotReadOnlyTests {
    /// Runs `catalog snapshot` in-process on the built-in catalog, with every directory read-only.
    ///
    /// - Returns: The exit status, or the error's message.
    func snapshot(_ words: [String]) throws -> Result<Int32, InputError> {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry, environment: [:])
        var context = Context(registry: registry, name: "catalog", version: "test", environment: ["CATALOG_RECORD": ""])
        context.out = Output(open("/dev/null", O_WRONLY))
        defer { close(context.out.descriptor) }
        do {
            return .success(
                try SnapshotCommand.run(
                    Arguments(["snapshot"] + words), &context, writable: { _ in EROFS }, notesCrashes: false))
        } catch let error as InputError {
            return .failure(error)
        }
    }

    @Test("the default mode only compares when every golden is there, and refuses only when one must be written")
    func comparesWithoutWriting() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("controls/slider")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let goldens = SnapshotCommandTests.goldens.appendingPathComponent("controls/slider")
        for name in try FileManager.default.contentsOfDirectory(atPath: goldens.path) {
            try FileManager.default.copyItem(
                at: goldens.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let dir = scratch.url.path
        #expect(try snapshot(["--dir", dir, "controls/slider"]).get() == 0)
        try scratch.replace("Volume", with: "Loudness", in: "controls/slider/at-75.txt")
        #expect(try snapshot(["--dir", dir, "controls/slider"]).get() == 1)
        // A missing golden must be written, and that is refused before any scenario runs.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("at-75.txt"))
        let refused = try snapshot(["--dir", dir, "controls/slider"])
        #expect(throws: InputError.self) { try refused.get() }
        if case .failure(let error) = refused {
            #expect(error.description == "--dir '\(dir)': cannot write there: Read-only file system.")
        }
        // --record all writes every golden, so it refuses though none is missing.
        #expect(throws: InputError.self) { try snapshot(["--record", "all", "--dir", dir, "controls/slider"]).get() }
    }
}
