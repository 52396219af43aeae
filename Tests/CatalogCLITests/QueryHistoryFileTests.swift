import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// fzf's `--history FILE`: what the file gives Ctrl-P, and what a run writes back.
@Suite("--history's file")
struct QueryHistoryFileTests {
    /// Catches CRLF lines read as one query (Swift's "\r\n" is one Character), and a line that isn't UTF-8 changed
    /// when the file is written back.
    @Test("lines are split at LF, a CR before it dropped, blank ones left out, and kept as their bytes")
    func lines() {
        #expect(
            QueryHistoryFile.lines(of: Array("alp\r\nbet\r\n\r\ngam".utf8)) == [
                [97, 108, 112], [98, 101, 116], [103, 97, 109],
            ])
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        #expect(QueryHistoryFile.lines(of: latin1 + [0x0A]) == [latin1])
        #expect(QueryHistoryFile.adding("x", to: [latin1], limit: 5) == [latin1, [0x78]], "the old line as it was")
    }

    @Test("a run's query is added last, the oldest dropped past the limit; an empty or pasted one is not")
    func adding() {
        let a = Array("a".utf8)
        let b = Array("b".utf8)
        #expect(QueryHistoryFile.adding("c", to: [a, b], limit: 2) == [b, Array("c".utf8)])
        #expect(QueryHistoryFile.adding("b", to: [a, b], limit: 5) == [a, b, b], "as fzf keeps repeats")
        #expect(QueryHistoryFile.adding("", to: [a], limit: 5) == [a])
        #expect(QueryHistoryFile.adding("x\ny", to: [a], limit: 5) == [a])
    }

    /// Catches scripts' `-1` and `-0` runs filling the user's history with queries nobody typed.
    @Test("a run --select-1 or --exit-0 decides alone keeps no query, as fzf's doesn't")
    func decidedAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-qh-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.txt").path
        try Data("src/main.swift\ndocs/readme.md\n".utf8).write(to: URL(fileURLWithPath: list))
        let history = directory.appendingPathComponent("queries").path
        for (flag, query, status) in [("-1", "main", Int32(0)), ("-0", "zzz", 1)] {
            let run = try runProcess(
                productPath("catalog"), ["--file", list, "--history", history, "-q", query, flag], input: [])
            #expect(run.status == status, "\(flag): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: history), "\(flag) wrote \(query)")
        }
    }

    @Test("--history-size alone is taken, as in fzf's defaults; a file in no directory, or none, is refused at once")
    func options() throws {
        #expect(try QueryHistoryFile(Arguments(["--file", "x", "--history-size", "50"])) == nil)
        for (path, message) in [
            (
                "/nonexistent-dir/q",
                "option '--history': there is no directory '/nonexistent-dir' to keep '/nonexistent-dir/q' in."
            ),
            ("", "option '--history' needs a file, not ''."),
        ] {
            let error = #expect(throws: Arguments.UsageError.self) {
                try QueryHistoryFile(Arguments(["--file", "x", "--history", path]))
            }
            #expect(error?.description == message)
        }
    }
}
