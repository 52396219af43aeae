import CatalogKit
import Testing

@Suite("Catalog files")
struct CatalogFileTests {
    func parse(_ bytes: [UInt8]) throws -> Snapshot<Void> { try CatalogFile.parse(bytes) }

    @Test("paths, keywords, blank lines, CRLF and a BOM")
    func accepted() throws {
        let text = "\u{FEFF}Documents/Temp/Document 1.doc\tword,report\r\n\r\n   \nPhotos/Photo 1.jpg\r\nTop\n"
        let catalog = try parse(Array(text.utf8))
        #expect(catalog.count == 3)
        #expect(
            paths(catalog, catalog.recordsInOrder) == [
                "Documents/Temp/Document 1.doc", "Photos/Photo 1.jpg", "Top",
            ])
        let record = try #require(catalog.search("report").first)
        #expect(catalog.table.keywords(Int(record)) == ["word", "report"])
        #expect(catalog.table.groups(Int(record)) == ["Documents", "Temp"])
        #expect(catalog.table.title(Int(record)) == "Document 1.doc")
    }

    @Test("a file without keywords keeps two bounds a line, read in pieces; one keyword anywhere keeps three")
    func boundsPerLine() throws {
        let lines = (0..<40_000).map { "Group \($0 % 97)/Sub \($0 % 13)/Title \($0)" }
        let text = Array(lines.joined(separator: "\n").utf8)
        let plain = try parse(text)
        #expect(plain.count == lines.count)
        // The bounds never held a third value a line (the table keeps the text as read, not a copy): their memory
        // is two a line, not three with a spare third.
        #expect(plain.table.memoryFootprint - text.capacity < 3 * 4 * lines.count)
        for record in [0, 12_345, 39_999] {
            #expect(plain.table.path(record) == lines[record])
            #expect(plain.table.keywords(record).isEmpty)
        }
        var withKeyword = lines
        withKeyword[39_000] += "\tfound"
        let mixed = try parse(Array(withKeyword.joined(separator: "\n").utf8))
        #expect(mixed.table.path(39_000) == lines[39_000] && mixed.table.keywords(39_000) == ["found"])
        #expect(mixed.table.path(12_345) == lines[12_345] && mixed.table.keywords(12_345).isEmpty)
    }

    @Test("an empty file is an empty catalog")
    func empty() throws {
        #expect(try parse([]).count == 0)
        #expect(try parse(Array("\n\n".utf8)).count == 0)
    }

    @Test(
        "malformed lines name their line number",
        arguments: [
            (Array("A/B\nGroup/ \n".utf8), 2, "empty title"),
            (Array("A/ /B\n".utf8), 1, "empty group"),
            (Array("A/B\nA/C\nA/B\n".utf8), 3, "duplicate path 'A/B' (first on line 1)"),
            (Array("ok\nA\tk".utf8) + [0xFF, 0x0A], 2, "UTF-8"),
            (Array("ok\nA".utf8) + [0x00] + Array("B\n".utf8), 2, "NUL"),
            (Array("ok\nA/B\tk".utf8) + [0xC3], 2, "UTF-8"),
        ])
    func rejected(_ example: ([UInt8], Int, String)) {
        do {
            _ = try parse(example.0)
            Issue.record("expected an error")
        } catch let error as CatalogFile.Error {
            #expect(error.line == example.1)
            #expect(error.description.contains(example.2), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
