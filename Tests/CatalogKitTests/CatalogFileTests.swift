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

    @Test("a file without keywords keeps one bound a line, read in pieces; one keyword anywhere keeps three")
    func boundsPerLine() throws {
        let lines = (0..<40_000).map { "Group \($0 % 97)/Sub \($0 % 13)/Title \($0)" }
        let text = Array(lines.joined(separator: "\n").utf8)
        let plain = try parse(text)
        #expect(plain.count == lines.count)
        // The table keeps the text as read, not a copy, and where each line starts: 4 bytes a line, not the 8 of
        // a path end beside it, nor 12 with a spare line end.
        #expect(plain.table.memoryFootprint - text.capacity < 5 * lines.count)
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

    @Test(
        "paths and keywords come back as their lines had them, read in pieces past a megabyte each",
        arguments: [false, true])
    func pathsAsWritten(keywords: Bool) throws {
        // A BOM, CRLF on every third line, blank lines, and keywords on every fifth line (or none): the bounds
        // are kept one a line while reading, and three a line are made again only when some line has keywords.
        var expected: [(path: String, keywords: [String])] = []
        var text = "\u{FEFF}"
        for number in 0..<70_000 {
            let path = "G\(number % 89)/Sub \(number % 7)/\(number) item \(String(repeating: "x", count: number % 23))"
            let words = keywords && number % 5 == 0 ? ["k\(number)", "w"] : []
            expected.append((path, words))
            text += path + (words.isEmpty ? "" : "\t" + words.joined(separator: ","))
            text += number % 3 == 0 ? "\r\n" : "\n"
            if number % 1_000 == 0 { text += "\n" }
        }
        let bytes = Array(text.utf8)
        #expect(
            bytes.count > 2 << 20, "two pieces of over a megabyte, so their buffers are mapped and joined in slices")
        let catalog = try parse(bytes)
        #expect(catalog.count == expected.count)
        for record in 0..<catalog.count
        where catalog.table.path(record) != expected[record].path
            || catalog.table.keywords(record) != expected[record].keywords
        {
            Issue.record("record \(record): \(catalog.table.path(record)) \(catalog.table.keywords(record))")
            break
        }
        // Seventy thousand titles sort in many ranges (their first key bytes differ, so the ranges are cut
        // between them); "N item" sorts by N, which is the line order.
        #expect(catalog.recordsInOrder == (0..<UInt32(expected.count)).map { $0 })
        #expect(catalog.search("69999 item").map { catalog.table.path(Int($0)) } == [expected[69_999].path])
        // A one-shot search of the same bytes, mapped: the kept lines are copied piece by piece as they match, and
        // their bounds point into the copies, joined. Every line whose title ends in 22 x's, from every piece.
        let tail = String(repeating: "x", count: 22)
        let found: Snapshot<Void> = try bytes.withUnsafeBufferPointer { try CatalogFile.matching($0, Query(tail)) }
        let wanted = expected.filter { $0.path.hasSuffix(tail) }
        #expect(found.count == wanted.count && wanted.count > 3_000)
        for (position, record) in found.recordsInOrder.enumerated()
        where found.table.path(Int(record)) != wanted[position].path
            || found.table.keywords(Int(record)) != wanted[position].keywords
        {
            Issue.record("hit \(position): \(found.table.path(Int(record))) \(found.table.keywords(Int(record)))")
            break
        }
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
            // A title left out is named; lines of spaces and TABs alone are blank lines, skipped.
            (
                Array("\tonly, keywords\n".utf8), 1,
                "the line has keywords but no path before its TAB (--flat reads lines whole)"
            ),
            (
                Array("ok\n\t\n \t \n\tk\n".utf8), 4,
                "the line has keywords but no path before its TAB (--flat reads lines whole)"
            ),
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
