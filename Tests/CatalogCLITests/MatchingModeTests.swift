import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// Which matching mode each command starts in, run as a user runs it: the picker over `--file` matches fuzzily, as
/// fzf does, so `swiftformat` finds `.swift-format`; `catalog search` and the built-in launcher match exactly, as a
/// catalog promises; `--fuzzy` and `--exact` choose everywhere, and F6 switches live.
@Suite("Matching modes", .serialized)
struct MatchingModeTests {
    let catalog = productPath("catalog")

    /// `swiftformat` is a substring of one line and a subsequence of two.
    static let lines = ".swift-format\ndocs/swiftformat.md\nREADME.md\nSources/main.swift\nPackage.swift\n"

    /// A catalog file with the lines, removed when the test ends.
    final class ListFile {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-modes-\(UUID()).txt").path
            try Data(MatchingModeTests.lines.utf8).write(to: URL(fileURLWithPath: path))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> ProcessResult {
        let fixed = ["TERM": "dumb", "XDG_STATE_HOME": "/nonexistent/state"]
        return try runProcess(
            catalog, arguments, input: Array(input.utf8), environment: environment.merging(fixed) { a, _ in a })
    }

    @Test(
        "the picker filters fuzzily unless --exact; the launcher exactly unless --fuzzy",
        arguments: [
            ([], "2 of 5 entries match “swiftformat”"),
            (["--exact"], "1 of 5 entries matches “swiftformat”"),
            (["--fuzzy"], "2 of 5 entries match “swiftformat”"),
        ])
    func pickerDefault(_ example: ([String], String)) throws {
        let list = try ListFile()
        // Line mode: the picker's menu goes to standard error.
        let result = try run(["--file", list.path, "--plain"] + example.0, input: "/swiftformat\n")
        #expect(result.stderr.contains(example.1), "\(result.stderr)")
    }

    @Test("the built-in launcher keeps exact lookup unless --fuzzy")
    func launcherDefault() throws {
        // "stpr" is a subsequence of "Forms/Stepper" and no title's substring.
        let exact = try run(["--plain"], input: "/stpr\n")
        #expect(exact.stdout.contains("No entries match “stpr”"), "\(exact.stdout)")
        let fuzzy = try run(["--plain", "--fuzzy"], input: "/stpr\n")
        #expect(fuzzy.stdout.contains("Stepper"), "\(fuzzy.stdout)")
    }

    @Test("catalog search keeps sorted exact lookup unless --fuzzy, on a file too")
    func searchDefault() throws {
        let list = try ListFile()
        let exact = try run(["search", "swiftformat", "--file", list.path])
        #expect(exact.stdout == "docs/swiftformat.md\n")
        let fuzzy = try run(["search", "--fuzzy", "swiftformat", "--file", list.path])
        #expect(Set(fuzzy.stdout.split(separator: "\n")) == [".swift-format", "docs/swiftformat.md"])
        let both = try run(["search", "--fuzzy", "--exact", "x", "--file", list.path])
        #expect(both.status == 2)
        #expect(both.stderr.contains("options '--fuzzy' and '--exact' exclude each other."))
        // Frecency orders equal matches; fuzzy matches are ordered by how well they match, so it would do nothing.
        let frecency = try run(["search", "--fuzzy", "--sort", "frecency", "x", "--file", list.path])
        #expect(frecency.status == 2)
        #expect(frecency.stderr.contains("options '--sort frecency' and '--fuzzy' exclude each other"))
    }

    @Test("a mode on the command line replaces the one in CATALOG_DEFAULT_OPTS, and the variable's own still counts")
    func defaultOptions() throws {
        let list = try ListFile()
        let kept = try run(
            ["--file", list.path, "--plain"], input: "/swiftformat\n", environment: ["CATALOG_DEFAULT_OPTS": "--exact"])
        #expect(kept.stderr.contains("1 of 5 entries matches"), "\(kept.stderr)")
        let replaced = try run(
            ["--file", list.path, "--plain", "--fuzzy"], input: "/swiftformat\n",
            environment: ["CATALOG_DEFAULT_OPTS": "--exact --no-mouse"])
        #expect(replaced.status == 130, "nothing picked (cancelled), and no usage error: \(replaced.stderr)")
        #expect(replaced.stderr.contains("2 of 5 entries match"), "\(replaced.stderr)")
        let typed = try run(
            ["--file", list.path, "--plain", "--fuzzy", "--exact"], input: "",
            environment: ["CATALOG_DEFAULT_OPTS": "--exact"])
        #expect(typed.status == 2, "both typed on the command line still exclude each other")
    }

    @Test("CATALOG_DEFAULT_OPTS's options for --file apply when a file is read, and never stop the built-in launcher")
    func defaultFileOptions() throws {
        let list = try ListFile()
        let environment = ["CATALOG_DEFAULT_OPTS": "--multi --delimiter=/ --read0 --no-mouse"]
        let launcher = try run(["--plain"], input: "", environment: environment)
        #expect(launcher.status == 0, "\(launcher.stderr)")
        let picker = try run(
            ["--file", list.path, "--plain"], input: "",
            environment: ["CATALOG_DEFAULT_OPTS": "--multi --delimiter / --no-mouse"])
        #expect(picker.status == 130, "nothing picked (cancelled), and no usage error: \(picker.stderr)")
        let bad = try run(
            ["--file", list.path, "--plain"], input: "", environment: ["CATALOG_DEFAULT_OPTS": "--delimiter ''"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix("catalog: in CATALOG_DEFAULT_OPTS: option '--delimiter' needs text"), "\(bad.stderr)")
        // Typed on the command line, they still need --file.
        let typed = try run(["--plain", "--multi"], input: "", environment: environment)
        #expect(typed.status == 2)
        #expect(typed.stderr.contains("option '--multi' is for picking from --file; give --file too."))
    }

    @Test("options are found with the words they span: a value in the next word, or after =")
    func optionSpans() {
        let found = Arguments.options(in: ["--query", "--exact", "-m", "--delimiter=/", "--prompt"])
        #expect(found.map(\.words) == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(found.map(\.name) == ["--query", "--multi", "--delimiter", "--prompt"])
    }

    @Test("flags are found where the parser reads them: an option's value is no flag, nor anything after --")
    func flagPositions() {
        let found = Arguments.flags(in: ["--query", "--exact", "--fuzzy", "--prompt=--exact", "-m", "--", "--exact"])
        #expect(found.map(\.index) == [2, 4])
        #expect(found.map(\.name) == ["--fuzzy", "--multi"])
    }

    @Test("the help says what the picker and the launcher start with, and names F6")
    func help() throws {
        let help = try run(["--help"])
        #expect(help.stdout.contains("F6 to switch"))
        #expect(help.stdout.contains("matches fuzzily unless --exact"))
        let manual = try run(["--generate-manual"])
        #expect(
            manual.stdout.contains(".It F6\n\\&Switch exact and fuzzy matching."), "the key table reaches the manual")
    }

    @Test("under a terminal, the picker starts fuzzy and F6 switches it, the mode shown at the status line's end")
    func liveSwitch() throws {
        let list = try ListFile()
        let pty = try PTY.spawn(
            path: catalog, arguments: ["--file", list.path, "--no-history"],
            environment: TerminalRestoreTests.environment, size: Size(columns: 80, rows: 24))
        try pty.read(until: "type to filter", timeout: TerminalRestoreTests.timeout)
        try pty.send("swiftformat")
        try pty.read(until: "2 of 5 entries match", timeout: TerminalRestoreTests.timeout)
        #expect(pty.screenText.split(separator: "\n").contains { $0.hasSuffix(" fuzzy") }, "\(pty.screenText)")
        let mark = pty.mark
        try pty.send("\u{1B}[17~")
        try pty.read(until: "1 of 5 entries matches", since: mark, timeout: TerminalRestoreTests.timeout)
        #expect(pty.screenText.split(separator: "\n").contains { $0.hasSuffix(" exact") }, "\(pty.screenText)")
        try pty.send("\r")
        #expect(try pty.wait(timeout: TerminalRestoreTests.timeout) == .exited(0))
        #expect(pty.outputText.contains("docs/swiftformat.md"))
    }
}
