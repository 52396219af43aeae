import CatalogTestSupport
import Foundation
import Testing

/// A file over 4 GiB is refused with a one-line error before any of it is read. The file is sparse: it takes no
/// disk space and reading it would take minutes, so a refusal that comes back at once shows nothing was read.
@Suite("Files over 4 GiB")
struct LargeFileTests {
    @Test(
        "search, list and the launcher refuse a sparse 4 GiB file without reading it",
        arguments: [
            ["search", "grid"], ["list"], ["--plain"],
        ])
    func refused(_ mode: [String]) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).txt")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: path) }
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: UInt64(UInt32.max) + 1)
        try handle.close()
        let result = try runProcess(productPath("catalog"), mode + ["--file", path.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "catalog: \(path.path): line 1: the file is larger than 4 GiB\n", "\(result.stderr)")
    }
}
