import Foundation
import Testing

/// Files stay small enough to read in one sitting: none of the package's sources is over 450 lines, except the line
/// reader, whose length its measured speed justifies (its hot loop is written out by hand, README "Performance").
@Test("no source file is over 450 lines, but the reader")
func sourceFilesAreSmall() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let allowed: Set<String> = ["CatalogFile+Reader.swift"]
    var long: [String] = []
    for folder in ["Sources", "Catalog"] {
        let walker = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", !allowed.contains(url.lastPathComponent) else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 451 { long.append("\(url.lastPathComponent): \(lines.count - 1) lines") }
        }
    }
    #expect(long.isEmpty, "\(long)")
}
