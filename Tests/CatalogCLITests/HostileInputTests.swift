import CatalogTestSupport
import Foundation
import Glibc
import Testing

@testable import CatalogTerminal

/// The hostile-input corpus: every file in `Tests/HostileInput`, and large inputs generated here, run through the
/// real `catalog` binary in every output mode.
///
/// Each run must end by itself (no hang), by exiting (no signal), with no raw control character on stdout or stderr,
/// and with the outcome the table below gives: accepted with so many entries, or refused with exit status 2 and a
/// one-line error naming the line. JSON output must parse.
@Suite("Hostile input corpus", .slow)
struct HostileInputTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HostileInput")

    /// What the committed files must do. A file in the directory without an entry here fails the suite.
    static let committed: [String: HostileOutcome] = [
        "bom.txt": .accepted(2),
        "bom-only.txt": .accepted(0),
        "bom-twice.txt": .accepted(1),
        "crlf.txt": .accepted(2),
        "cr-inside-title.txt": .accepted(2),
        "lone-cr.txt": .accepted(0),
        "empty.txt": .accepted(0),
        "blank-lines.txt": .accepted(0),
        "no-final-newline.txt": .accepted(1),
        "empty-keywords.txt": .accepted(3),
        "duplicate-paths.txt": .rejected(3, "duplicate path 'A/B' (first on line 1)"),
        "duplicate-paths-crlf.txt": .rejected(2, "duplicate path 'A/B' (first on line 1)"),
        "duplicate-paths-keywords.txt": .rejected(2, "duplicate path 'A/B' (first on line 1)"),
        "duplicate-with-escapes.txt": .rejected(2, "duplicate path"),
        // Paths as shell tools print them: "Group/" is Group, "A//B" is A/B, "/Title" is Title in the root group.
        "empty-title.txt": .accepted(1),
        "empty-group.txt": .accepted(1),
        "leading-slash.txt": .accepted(2),
        "blank-title.txt": .rejected(2, "the path has an empty title"),
        "blank-group.txt": .rejected(1, "the path has an empty group name"),
        "nul-in-title.txt": .rejected(2, "NUL"),
        "nul-in-keyword.txt": .rejected(1, "NUL"),
        "nul-only.txt": .rejected(1, "NUL"),
        // File names are bytes: a path that is not UTF-8 is read with U+FFFD and printed as read; keywords must be.
        "invalid-utf8-lone-continuation.txt": .accepted(1),
        "invalid-utf8-overlong.txt": .accepted(2),
        "invalid-utf8-overlong-3.txt": .accepted(1),
        "invalid-utf8-surrogate.txt": .accepted(1),
        "invalid-utf8-truncated.txt": .accepted(1),
        "invalid-utf8-truncated-at-eof.txt": .accepted(2),
        "invalid-utf8-past-max.txt": .accepted(1),
        "invalid-utf8-ff-fe.txt": .accepted(3),
        "invalid-utf8-in-keyword.txt": .rejected(1, "not valid UTF-8"),
        "invalid-utf8-in-group.txt": .accepted(1),
        "invalid-utf8-latin1.txt": .accepted(1),
        "invalid-utf8-utf16le-bom.txt": .rejected(1, "NUL"),
        "invalid-utf8-after-combining-mark.txt": .accepted(2),
        "fuzz-file-invalid-utf8-after-mark.txt": .rejected(5, "duplicate path"),
        "escape-sequences.txt": .accepted(4),
        "c1-controls.txt": .accepted(3),
        "bidi-overrides.txt": .accepted(4),
        "zero-width-joiners.txt": .accepted(4),
        "control-chars.txt": .accepted(5),
        "combining-marks.txt": .accepted(5),
        "unicode-spaces-in-query-text.txt": .accepted(4),
        "noncharacters.txt": .accepted(3),
        "fullwidth-and-ligatures.txt": .accepted(3),
    ]

    static var committedInputs: [HostileInput] {
        committed.keys.sorted().map { name in
            HostileInput(name: name, outcome: committed[name] ?? .accepted(0)) {
                (try? Data(contentsOf: corpus.appendingPathComponent(name))).map { [UInt8]($0) } ?? []
            }
        }
    }

    /// Inputs too large to commit, made at test time.
    static let generatedInputs: [HostileInput] = [
        HostileInput(name: "a 10 MB single line", outcome: .accepted(1)) {
            Array("Group/".utf8) + Array(repeating: 0x61, count: 10_000_000) + [0x0A]
        },
        HostileInput(name: "a 10 MB line of 5,000,000 groups", outcome: .rejected(1, "more than the 100 allowed")) {
            Array(repeating: Array("a/".utf8), count: 5_000_000).flatMap { $0 } + [0x7A, 0x0A]
        },
        HostileInput(name: "a 10 MB line ending in invalid UTF-8", outcome: .accepted(1)) {
            Array("A/".utf8) + Array(repeating: 0x62, count: 10_000_000) + [0xFF]
        },
        HostileInput(name: "100,000 entries in one group", outcome: .accepted(100_000)) {
            lines((0..<100_000).map { "Big/Entry \($0)" })
        },
        HostileInput(name: "100,000 entries, then invalid UTF-8", outcome: .accepted(100_001)) {
            lines((0..<100_000).map { "Big/Entry \($0)" }) + Array("Big/".utf8) + [0xC3, 0x0A]
        },
        HostileInput(
            name: "100,000 entries, the last repeating the first",
            outcome: .rejected(100_001, "duplicate path 'Big/Entry 0' (first on line 1)")
        ) {
            lines((0..<100_000).map { "Big/Entry \($0)" } + ["Big/Entry 0"])
        },
        HostileInput(name: "1,000,000 blank lines, then a NUL", outcome: .rejected(1_000_001, "NUL")) {
            Array(repeating: 0x0A, count: 1_000_000) + Array("A/\u{0}".utf8)
        },
        HostileInput(
            name: "100,000 copies of one line", outcome: .rejected(2, "duplicate path 'A/B' (first on line 1)")
        ) {
            lines(Array(repeating: "A/B", count: 100_000))
        },
        HostileInput(name: "a path 10,000 groups deep", outcome: .rejected(1, "the path has 10000 groups")) {
            lines([(0..<10_000).map { "g\($0)" }.joined(separator: "/") + "/Leaf"])
        },
        HostileInput(name: "1,000 entries 100 groups deep", outcome: .accepted(1_000)) {
            let groups = (0..<100).map { "g\($0)" }.joined(separator: "/")
            return lines((0..<1_000).map { "\(groups)/Leaf \($0)" })
        },
        HostileInput(name: "100,000 combining marks on a Latin letter", outcome: .accepted(1)) {
            lines(["Marks/e" + String(repeating: "\u{301}", count: 100_000)])
        },
        HostileInput(name: "100,000 combining marks on a Cyrillic letter", outcome: .accepted(1)) {
            lines(["Marks/и" + String(repeating: "\u{306}", count: 100_000)])
        },
        HostileInput(name: "100,000 combining marks starting a title", outcome: .accepted(1)) {
            lines(["Marks/" + String(repeating: "\u{301}", count: 100_000) + "x"])
        },
        HostileInput(name: "100,000 Hangul vowel jamo", outcome: .accepted(1)) {
            lines(["Jamo/\u{1100}" + String(repeating: "\u{1161}", count: 100_000)])
        },
        HostileInput(name: "100,000 zero-width joiners", outcome: .accepted(1)) {
            lines(["ZWJ/a" + String(repeating: "\u{200D}", count: 100_000) + "b"])
        },
        HostileInput(name: "100,000 keywords", outcome: .accepted(1)) {
            lines(["A/B\t" + (0..<100_000).map { "k\($0)" }.joined(separator: ",")])
        },
        HostileInput(name: "100,000 escape sequences in a title", outcome: .accepted(1)) {
            lines(["Evil/" + String(repeating: "\u{1B}[2J\u{1B}]0;t\u{7}", count: 100_000)])
        },
        HostileInput(name: "100,000 C1 controls and bidi overrides", outcome: .accepted(1)) {
            lines(["Evil/" + String(repeating: "\u{9B}\u{202E}\u{2066}", count: 100_000)])
        },
        HostileInput(name: "12 titles sharing a 20,000-character start", outcome: .accepted(12)) {
            let start = String(repeating: "a", count: 20_000)
            return lines((10..<22).map { "Big/\(start)\($0)" })
        },
    ]

    static func lines(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Every output mode; `--plain` also gets line-mode commands on standard input.
    static let modes: [[String]] = [
        ["list"], ["list", "--json"], ["search", "e"], ["search", "a", "--json"], ["search", "--fuzzy", "eb"],
        ["tree"], ["tree", "--json"], ["tree", "--max-children", "2"], ["tree", "--max-children", "2", "--json"],
        ["--plain"], ["--plain", "--fuzzy"],
    ]
    static let lineCommands = Array("1\n1\n/e\n..\n?\n/\n2\n0\n-1\n99999999999999999999\n/zz\n1\nq\n".utf8)

    init() {
        signal(SIGPIPE, SIG_IGN)
    }

    @Test("every committed file has an expected outcome, and every outcome a file")
    func corpusIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.committed.keys))
        #expect(files.count >= 40)
    }

    @Test("committed hostile files, every mode", arguments: committedInputs)
    func committedFile(_ input: HostileInput) throws {
        try check(input)
    }

    @Test("generated hostile files, every mode", .timeLimit(.minutes(10)), arguments: generatedInputs)
    func generatedFile(_ input: HostileInput) throws {
        try check(input)
    }

    /// The formats that read names rather than catalog lines, each with the modes it runs in.
    static let nameFormats: [[String]] = [["--flat"], ["--read0"], ["--delimiter", "::"], ["--read0", "--flat"]]
    static let nameModes: [[String]] = [["list"], ["tree", "--json"], ["search", "e"], ["--plain"]]

    @Test("committed hostile files read as names: --flat, --read0, --delimiter", arguments: committedInputs)
    func committedFileAsNames(_ input: HostileInput) throws {
        try withInputFile(input.bytes()) { file in try checkAsNames(input, file) }
    }

    /// Runs the name formats on an input: none may hang or trap, and only a repeated path is refused.
    func checkAsNames(_ input: HostileInput, _ file: URL) throws {
        for format in Self.nameFormats {
            for mode in Self.nameModes {
                let plain = mode.first == "--plain"
                let result = try runProcess(
                    productPath("catalog"), mode + format + ["--file", file.path], input: plain ? Self.lineCommands : []
                )
                let label = "\(input.name), \((mode + format).joined(separator: " "))"
                try #require(!result.timedOut, "hung: \(label)")
                try #require(!result.signaled, "crashed with signal \(result.status): \(label)\n\(result.stderr)")
                #expect(Self.rawControl(in: result.stderrBytes) == nil, "stderr: \(label)")
                // A pick, and list's and search's names to a pipe, are printed exactly as read, as find prints them;
                // everything else is text for people.
                let names = plain || mode.first == "list" || mode.first == "search"
                if !names { #expect(Self.rawControl(in: result.stdoutBytes) == nil, "stdout: \(label)") }
                // A line-mode picker whose commands end with nothing picked was cancelled (130, as Esc cancels).
                switch plain && result.status == 130 ? 0 : result.status {
                case 0, 1:
                    // A picker's line-mode menu is on standard error; everything else says nothing there.
                    #expect(plain || result.stderr.isEmpty, "\(label): \(result.stderr)")
                    if mode.contains("--json") {
                        #expect(throws: Never.self, "\(label)") {
                            try JSONSerialization.jsonObject(
                                with: Data(result.stdoutBytes), options: [.fragmentsAllowed])
                        }
                    }
                case 2:
                    // Only a repeated path (not with --flat) is refused, and a NUL inside a line (not with --read0,
                    // where it ends the name): no file name holds one, and --print0 could not print it.
                    let nul = result.stderr.contains("the line contains a NUL byte")
                    #expect(
                        nul ? !format.contains("--read0") : !format.contains("--flat"), "\(label): \(result.stderr)")
                    #expect(nul || result.stderr.contains("duplicate path"), "\(label): \(result.stderr)")
                    #expect(!nul || input.bytes().contains(0), "\(label): \(result.stderr)")
                    #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(label)")
                default:
                    Issue.record("\(label): status \(result.status)")
                }
            }
        }
    }

    /// Runs every mode on an input and checks the outcome.
    func check(_ input: HostileInput) throws {
        let bytes = input.bytes()
        try withInputFile(bytes) { file in try check(input, bytes, file) }
    }

    /// Writes an input to a file in a directory of its own, removed afterwards, and runs `body` on it.
    func withInputFile(_ bytes: [UInt8], _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("input.txt")
        try Data(bytes).write(to: file)
        try body(file)
    }

    /// Runs every mode on an input written to `file` and checks the outcome.
    func check(_ input: HostileInput, _ bytes: [UInt8], _ file: URL) throws {
        for mode in Self.modes {
            let plain = mode.first == "--plain"
            let result = try runProcess(
                productPath("catalog"), mode + ["--file", file.path], input: plain ? Self.lineCommands : [])
            let label = "\(input.name), \(mode.joined(separator: " "))"
            try #require(!result.timedOut, "hung: \(label)")
            try #require(!result.signaled, "crashed with signal \(result.status): \(label)\n\(result.stderr)")
            // A pick is data for the next program, printed exactly as read (raw, since stdout is a pipe here): the
            // last line when line mode picked. Everything else is text for people, with no raw control.
            var shown = result.stdoutBytes
            if plain, result.status == 0, let pick = Self.lastLine(of: result.stdoutBytes) {
                #expect(Self.isWholeLine(pick, of: bytes), "the pick is a line of the file, whole: \(label)")
                shown.removeLast(pick.count + 1)
            }
            if (mode.first == "list" || mode.first == "search") && !mode.contains("--json") {
                // Names to a pipe, exactly as read, as find prints them: each line is a path a line of the file has.
                let paths = Self.linePaths(of: bytes)
                let strays = shown.split(separator: 0x0A).filter { !paths.contains(Array($0)) }
                #expect(strays.isEmpty, "stdout holds lines the file does not: \(label)")
            } else {
                #expect(Self.rawControl(in: shown) == nil, "stdout: \(label)")
            }
            // A picker's line-mode menu goes to standard error: standard output holds the pick alone.
            if plain { #expect(shown.isEmpty, "stdout holds only the pick: \(label)") }
            #expect(Self.rawControl(in: result.stderrBytes) == nil, "stderr: \(label)")
            if plain, case .rejected(_, let problem) = input.outcome, Self.pickerLists(problem) {
                // The picker lists a repeated path once, and a line no path can be read from whole, rather than
                // refusing the list.
                // Its commands may end with nothing picked: cancelled, 130.
                #expect(result.status == 0 || result.status == 130, "\(label): status \(result.status)")
                #expect(result.stderr.hasPrefix("Catalog"), "\(label): \(result.stderr)")
                continue
            }
            switch input.outcome {
            case .rejected(let line, let problem):
                #expect(result.status == 2, "\(label)")
                #expect(result.stdout.isEmpty, "\(label)")
                let message = result.stderr
                #expect(message.hasPrefix("catalog: \(file.path): line \(line): "), "\(label): \(message)")
                #expect(message.contains(problem), "\(label): \(message)")
                #expect(message.filter { $0 == "\n" }.count == 1 && message.hasSuffix("\n"), "\(label)")
            case .accepted(let entries):
                try checkAccepted(result, mode: mode, entries: entries, label: label)
            }
        }
    }

    /// Whether a picker lists what a catalog file refuses with `problem`: a repeated path once, a line that is no
    /// path (a blank title or group, too many groups, keywords alone) whole.
    static func pickerLists(_ problem: String) -> Bool {
        [
            "duplicate path", "the path has an empty", "more than the 100 allowed", "the path has 10000 groups",
            "no path before",
        ]
        .contains { problem.contains($0) }
    }

    func checkAccepted(_ result: ProcessResult, mode: [String], entries: Int, label: String) throws {
        let plain = mode.first == "--plain"
        // A picker's line-mode menu is on standard error; everything else says nothing there.
        #expect(plain || result.stderr.isEmpty, "\(label): \(result.stderr)")
        let isSearch = mode.first == "search"
        // Search exits 1 when nothing matches; a line-mode picker whose commands end with nothing picked was
        // cancelled, 130 as Esc cancels it on the full screen.
        #expect(
            result.status == 0 || (isSearch && result.status == 1) || (plain && result.status == 130),
            "\(label): status \(result.status)")
        let text = plain ? result.stderr : result.stdout
        if mode.contains("--json") {
            let json = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes), options: [.fragmentsAllowed])
            if mode == ["list", "--json"] { #expect((json as? [Any])?.count == entries, "\(label)") }
            if mode.first == "tree" { #expect((json as? [String: Any])?["kind"] as? String == "group", "\(label)") }
        } else if mode == ["list"] {
            // Counted in bytes: a name printed as read may end in a CR, which a String joins to its line feed.
            #expect(result.stdoutBytes.filter { $0 == 0x0A }.count == entries, "\(label)")
        } else if mode.first == "tree" {
            // The root is titled Catalog, followed by the groups that hold every entry, if one chain does.
            #expect(text.hasPrefix("Catalog\n") || text.hasPrefix("Catalog › "), "\(label)")
        } else if mode.first == "--plain" {
            let first = text.prefix { $0 != "\n" }
            #expect(first.hasPrefix("Catalog"), "\(label)")
            #expect(first.contains("— \(MenuScreen.grouped(entries)) entr"), "\(label): \(first)")
        }
        if isSearch && result.status == 1 {
            #expect(text.isEmpty || text == "[]\n", "\(label)")
        }
    }

    /// The last line of output, without its newline.
    static func lastLine(of bytes: [UInt8]) -> [UInt8]? {
        guard bytes.last == 0x0A else { return nil }
        let body = bytes.dropLast()
        let start = (body.lastIndex(of: 0x0A) ?? -1) + 1
        return Array(body[start...])
    }

    /// Whether bytes are a whole line of a file as written, keywords and all (less a CR before its LF, and a byte
    /// order mark before the first): what a picker prints.
    static func isWholeLine(_ line: [UInt8], of file: [UInt8]) -> Bool {
        file.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().contains { index, whole in
            let trimmed = whole.last == 0x0D ? whole.dropLast() : whole
            let unmarked = index == 0 && trimmed.starts(with: [0xEF, 0xBB, 0xBF]) ? trimmed.dropFirst(3) : trimmed
            return Array(trimmed) == line || Array(unmarked) == line
        }
    }

    /// The path of each line of a file as written (up to its tab or line end, less a CR), and the first line's
    /// without a byte order mark too.
    static func linePaths(of file: [UInt8]) -> Set<[UInt8]> {
        var paths = Set<[UInt8]>()
        for line in file.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let upToTab = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false).first ?? line[...]
            let trimmed = upToTab.last == 0x0D ? upToTab.dropLast() : upToTab
            paths.insert(Array(trimmed))
            if trimmed.starts(with: [0xEF, 0xBB, 0xBF]) { paths.insert(Array(trimmed.dropFirst(3))) }
        }
        return paths
    }

    /// The first character a terminal would obey rather than show: C0 controls but the line feed, DEL, C1 controls
    /// and the bidi formatting characters. Invalid UTF-8 counts too.
    static func rawControl(in bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return "invalid UTF-8" }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                return "U+" + String(scalar.value, radix: 16, uppercase: true)
            default: continue
            }
        }
        return nil
    }
}

/// What a hostile input must lead to.
enum HostileOutcome: Sendable, Equatable {
    /// Exit 0 with this many entries.
    case accepted(Int)
    /// Exit 2 with a one-line error naming this line and containing this text.
    case rejected(Int, String)
}

/// One hostile input: a name for the report and its bytes.
struct HostileInput: Sendable, CustomTestStringConvertible {
    var name: String
    var outcome: HostileOutcome
    var bytes: @Sendable () -> [UInt8]

    init(name: String, outcome: HostileOutcome, bytes: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.outcome = outcome
        self.bytes = bytes
    }

    var testDescription: String { name }
}
