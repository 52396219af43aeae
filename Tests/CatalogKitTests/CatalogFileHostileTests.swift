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

    @Test("100,000 copies of one line are refused at line 2 without counting lines per copy", .timeLimit(.minutes(10)))
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

    @Test("a path may have 100 groups; a deeper one is refused on its line")
    func depthLimit() throws {
        let groups = (0..<CatalogFile.maximumGroups).map { "g\($0)" }.joined(separator: "/")
        let hundred = try parse(Array("Top\n\(groups)/Leaf\n".utf8))
        #expect(hundred.table.groups(Int(try #require(hundred.search("leaf").first))).count == 100)
        let deeper = "Top\n\(groups)/g100/Leaf\n"
        #expect(
            error(Array(deeper.utf8))?.description
                == "line 2: the path has 101 groups, more than the 100 allowed; flatten it")
        let tenThousand = (0..<10_000).map { "g\($0)" }.joined(separator: "/") + "/Leaf"
        #expect(error(Array(tenThousand.utf8))?.line == 1)
    }

    @Test("invalid UTF-8 after a combining mark is read as U+FFFD once, not decoded leniently (found by the fuzzer)")
    func invalidAfterMark() throws {
        // A mark after a non-Latin letter sends the line down the reference fold, which used to decode the rest of
        // the line leniently: two lines differing only in their invalid bytes became one path twice. A path that
        // is not UTF-8 is now read by rewriting it, with U+FFFD for what is not UTF-8, so the two are one path,
        // and the second is a duplicate with its line number.
        let title: [UInt8] = Array("A/ok\nA/\u{31F}\u{430}".utf8) + [0xBA, 0x0A]
        let catalog: Snapshot<Void> = try CatalogFile.parse(title)
        #expect(Set((0..<catalog.table.count).map { catalog.table.title($0) }) == ["ok", "\u{31F}\u{430}\u{FFFD}"])
        let twice: [UInt8] = title + Array("A/\u{31F}\u{430}".utf8) + [0xBB, 0x0A]
        #expect(error(twice)?.description.hasPrefix("line 3: duplicate path") == true)
        let keyword: [UInt8] = Array("A/ok\tи\u{306}".utf8) + [0xFF]
        #expect(error(keyword)?.description == "line 1: the line is not valid UTF-8")
    }
}

extension CatalogFileHostileTests {
    @Test("a file over 4 GiB is refused on its size alone, with a clear error")
    func tooLarge() {
        do {
            try CatalogFile.checkSize(Int(UInt32.max) + 1)
            Issue.record("a size over 4 GiB was accepted")
        } catch {
            #expect("\(error)" == "line 1: the file is larger than 4 GiB")
        }
        #expect(throws: Never.self) { try CatalogFile.checkSize(CatalogFile.maximumSize) }
    }

    @Test("a line over 64 MiB is refused as too long, on its line, not as a file over 4 GiB")
    func lineTooLong() {
        let longest = (Int(UInt32.max) - 64) / 64
        var bytes = Array("a\n".utf8) + [UInt8](repeating: 0x78, count: longest + 1) + [0x0A]
        #expect(
            error(bytes)
                == CatalogFile.Error(line: 2, problem: "the line is longer than 64 MiB, the most a line can be"))
        // One byte shorter, it is a title like any other.
        bytes.remove(at: 3)
        #expect(error(bytes) == nil)
    }
}
