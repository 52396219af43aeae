import CatalogKit
import Testing

/// Catalog files built to hurt the parser: each must parse or fail with the right line, in time linear in its size.
@Suite("Catalog files, hostile")
struct CatalogFileHostileTests {
    func parse(_ bytes: [UInt8]) throws -> Snapshot<Void> { try CatalogFile.parse(bytes) }

    func error(_ bytes: [UInt8]) -> CatalogFile.Error? {
        do {
            _ = try parse(bytes)
            return nil
        } catch {
            return error as? CatalogFile.Error
        }
    }

    @Test("100,000 copies of one line are refused at line 2 without counting lines per copy", .timeLimit(.minutes(1)))
    func duplicateFlood() {
        let bytes = Array(repeating: Array("A/B\n".utf8), count: 100_000).flatMap { $0 }
        #expect(error(bytes)?.description == "line 2: duplicate path 'A/B' (first on line 1)")
    }

    @Test("the error names the earliest repeated line, whichever path sorts first")
    func earliestDuplicate() {
        let text = "A/B\nC/D\nC/D\nA/B\nC/D\n"
        #expect(
            error(Array(text.utf8))?.description == "line 3: duplicate path 'C/D' (first on line 2)")
        let many = (0..<50).map { "G/\($0 % 7)\n" }.joined()
        #expect(
            error(Array(many.utf8))?.description == "line 8: duplicate path 'G/0' (first on line 1)")
    }
}
