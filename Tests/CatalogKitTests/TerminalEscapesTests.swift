import CatalogTestSupport
import Testing

@testable import CatalogKit

/// `--ansi`: the colours `rg --color=always`, `git log --color` and `ls --color` write are left out before a list
/// is read, so what is shown, found and printed is the text.
@Suite("Terminal escapes")
struct TerminalEscapesTests {
    func strip(_ text: String) -> String? {
        TerminalEscapes.stripped(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("each kind of sequence goes, and nothing else")
    func kinds() {
        #expect(strip("plain/text.txt\n") == nil, "no ESC: nothing to copy")
        #expect(strip("\u{1B}[1;31msrc/a.swift\u{1B}[0m:\u{1B}[32m12\u{1B}[m:let x") == "src/a.swift:12:let x")
        #expect(strip("\u{1B}[38;2;255;0;0mred\u{1B}[39m") == "red", "24-bit colour")
        #expect(strip("\u{1B}]8;;https://x.org\u{1B}\\link\u{1B}]8;;\u{1B}\\ done") == "link done", "a hyperlink, ST")
        #expect(strip("\u{1B}]0;title\u{7}text") == "text", "a window title, BEL")
        #expect(strip("a\u{1B}(Bb\u{1B}Mc\u{1B}=d") == "abcd", "tput sgr0's ESC(B, ESC M, ESC =")
        #expect(strip("grün \u{1B}[1m유라시아\u{1B}[0m ✓") == "grün 유라시아 ✓", "other scripts untouched")
        // A sequence cut short ends with its line, which keeps its newline; a lone ESC at the end goes.
        #expect(strip("a\u{1B}[31\nb\u{1B}]0;t\nc\u{1B}") == "a\nb\nc")
        #expect(strip("a\u{1B}\nb") == "a\nb")
        #expect(strip("x\u{1B}\u{1B}[1my") == "xy", "ESC ESC: the first alone")
    }

    @Test("random text: lines keep their number and order, no ESC is left, and text with no ESC is kept whole")
    func random() {
        var rng = SeededGenerator(seed: 18)
        let pieces = ["a", "/", "\n", "ü", "유", "\u{1B}[", "\u{1B}]", "\u{1B}", "1;31m", "m", "\u{7}", "\\", "(B", ";"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...20, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                .joined()
            let bytes = Array(text.utf8)
            guard let plain = TerminalEscapes.stripped(bytes) else {
                #expect(!bytes.contains(0x1B), "\(text.debugDescription)")
                continue
            }
            #expect(!plain.contains(0x1B), "\(text.debugDescription)")
            #expect(plain.count { $0 == 0x0A } == bytes.count { $0 == 0x0A }, "\(text.debugDescription)")
            // What lies outside every sequence is kept in order: the plain text is a subsequence of the input.
            var rest = bytes[...]
            #expect(
                plain.allSatisfy { byte in
                    guard let at = rest.firstIndex(of: byte) else { return false }
                    rest = rest[(at + 1)...]
                    return true
                }, "\(text.debugDescription)")
        }
    }

    @Test("a list read with --ansi is read as if written without colours: paths, searches and error lines")
    func format() throws {
        var format = CatalogFile.Format(repeats: .listedOnce)
        format.stripsEscapes = true
        let list = Array("\u{1B}[35msrc/app.swift\u{1B}[0m\n\u{1B}[35mREADME.md\u{1B}[0m\n".utf8)
        let snapshot = try CatalogFile.parse(list, format: format) as Snapshot<Void>
        #expect(Set((0..<snapshot.count).map { snapshot.table.path($0) }) == ["src/app.swift", "README.md"])
        #expect(snapshot.index.search(Query("35m")).isEmpty)
        let found =
            try list.withUnsafeBufferPointer { try CatalogFile.matching($0, Query("app"), format: format) }
            as Snapshot<Void>
        #expect(found.count == 1 && found.table.path(0) == "src/app.swift")
        // An error names the line as it was, colours and all.
        var strict = CatalogFile.Format()
        strict.stripsEscapes = true
        #expect(throws: CatalogFile.Error.self) {
            try CatalogFile.parse(Array("\u{1B}[1ma\u{1B}[0m\n\u{1B}[1mb\u{1B}[0m\na\n".utf8), format: strict)
                as Snapshot<Void>
        }
        do {
            _ =
                try CatalogFile.parse(Array("\u{1B}[1ma\u{1B}[0m\nb\n\u{1B}[4ma\n".utf8), format: strict)
                as Snapshot<Void>
            Issue.record("a repeated path read without its colours is refused")
        } catch let error as CatalogFile.Error {
            #expect(error.line == 3, "\(error)")
        }
    }
}
