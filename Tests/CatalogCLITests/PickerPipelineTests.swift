import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The picker in shell pipelines, as a user runs it: the shell, the real binary, a pseudo-terminal. Frames go to
/// the terminal and only the pick to standard output, so captures and pipes get exactly the picked line.
@Suite("Picker in pipelines", .serialized)
struct PickerPipelineTests {
    static let timeout = TerminalRestoreTests.timeout

    /// A directory with a catalog file, removed when the test ends.
    final class Workspace {
        let directory: URL
        init(_ lines: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-picker-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(lines.utf8).write(to: directory.appendingPathComponent("list.txt"))
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
        var list: String { directory.appendingPathComponent("list.txt").path }
    }

    static let lines = "src/app/main.swift\nsrc/app/view.swift\nsrc/lib/util.swift\ndocs/readme.md\n"

    /// Runs a shell script under a pseudo-terminal, with `$CATALOG` set to the binary.
    func shell(_ script: String, in workspace: Workspace, size: Size = .standard) throws -> PTY {
        var environment = TerminalRestoreTests.environment
        environment["CATALOG"] = productPath("catalog")
        environment["LIST"] = workspace.list
        return try PTY.spawn(path: "/bin/sh", arguments: ["-c", script], environment: environment, size: size)
    }

    @Test("x=$(catalog --file list.txt): the menu draws on the terminal and only the pick is captured")
    func captured() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "x=$(\"$CATALOG\" --file \"$LIST\"); printf 'got:[%s] status %s\\n' \"$x\" $?", in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("util")
        try pty.read(until: "1 of 4 entries matches", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "status", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(pty.outputText.contains("got:[src/lib/util.swift] status 0"))
    }

    @Test("catalog --file list.txt | cat: the pipe gets the pick alone")
    func piped() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell("\"$CATALOG\" --file \"$LIST\" | sed 's/^/piped:/'", in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("readme\r")
        try pty.read(until: "piped:docs/readme.md", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(!pty.outputText.contains("piped:\u{1B}"), "no frame went down the pipe")
    }

    @Test("--multi: Tab on a group marks all of it, Enter prints each, one a line")
    func multi() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell("\"$CATALOG\" --file \"$LIST\" --multi | sed 's/^/picked:/'", in: workspace)
        try pty.read(until: "4 entries", timeout: Self.timeout)
        try pty.send("\u{1B}[B\u{1B}[C")  // into src
        try pty.read(until: "Catalog › src", timeout: Self.timeout)
        try pty.send("\t\r")  // mark app (two entries), then Enter picks the marks
        try pty.read(until: "picked:src/app/view.swift", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        // Each pick is a line of its own after the terminal is left (the first follows the leave sequence).
        let picked = pty.outputText.split(whereSeparator: \.isNewline).compactMap { line in
            line.range(of: "picked:").map { String(line[$0.lowerBound...]) }
        }
        #expect(picked == ["picked:src/app/main.swift", "picked:src/app/view.swift"])
    }

    @Test("--select-1 picks a lone match and --exit-0 exits 1 with none, both without a key")
    func immediate() throws {
        let workspace = try Workspace(Self.lines)
        let one = try shell(
            "\"$CATALOG\" --file \"$LIST\" --query util --select-1 | sed 's/^/one:/'; echo done", in: workspace)
        try one.read(until: "done", timeout: Self.timeout)
        #expect(one.outputText.contains("one:src/lib/util.swift"))
        let none = try shell("\"$CATALOG\" --file \"$LIST\" --query zzz --exit-0; echo \"status $?\"", in: workspace)
        try none.read(until: "status", timeout: Self.timeout)
        _ = try none.readUnlessEnded(until: "\u{0}", timeout: Self.timeout)  // the rest of the line, to the end
        #expect(none.outputText.contains("status 1\r\n"))
        // The built-in launcher too: nothing matched, so the status says so.
        let launcher = try shell("\"$CATALOG\" --no-history --query zzzzqx --exit-0; echo \"status $?\"", in: workspace)
        try launcher.read(until: "status", timeout: Self.timeout)
        _ = try launcher.readUnlessEnded(until: "\u{0}", timeout: Self.timeout)  // the rest of the line, to the end
        #expect(launcher.outputText.contains("status 1\r\n"))
    }

    @Test("--print-query prints the filter before the pick, and alone when nothing matched; fzf's -q, -1 and -0")
    func printQuery() throws {
        let workspace = try Workspace(Self.lines)
        // -q and -1 as fzf spells them: the query, then the lone match.
        let one = try shell(
            "\"$CATALOG\" --file \"$LIST\" -q util -1 --print-query | sed 's/^/out:/'; echo done", in: workspace)
        try one.read(until: "done", timeout: Self.timeout)
        // Each is a line of its own after the terminal is left (the first follows the leave sequence).
        let lines = one.outputText.split(whereSeparator: \.isNewline).compactMap { line in
            line.range(of: "out:").map { String(line[$0.lowerBound...]) }
        }
        #expect(lines == ["out:util", "out:src/lib/util.swift"])
        // Nothing matched: the query alone, and status 1.
        let none = try shell(
            "\"$CATALOG\" --file \"$LIST\" -q zzz -0 --print-query | sed 's/^/out:/'; echo \"status $?\"",
            in: workspace)
        try none.read(until: "status", timeout: Self.timeout)
        #expect(none.outputText.contains("out:zzz"))
        // Cancelled (Ctrl-C): nothing printed, 130.
        let cancelled = try shell(
            "\"$CATALOG\" --file \"$LIST\" --print-query -e > \"$LIST.out\"; echo \"status $?\"", in: workspace)
        try cancelled.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try cancelled.send("vie")
        try cancelled.read(until: "1 of 4 entries matches", timeout: Self.timeout)
        try cancelled.send("\u{03}")
        try cancelled.read(until: "status 130", timeout: Self.timeout)
        #expect(try String(contentsOfFile: workspace.list + ".out", encoding: .utf8) == "")
    }

    @Test("--expect: a listed key picks as Enter does, its name printed first; Enter prints an empty line")
    func expect() throws {
        let workspace = try Workspace(Self.lines)
        let run = { (keys: String) throws -> [String] in
            let pty = try self.shell(
                "\"$CATALOG\" --file \"$LIST\" -q util --expect ctrl-v,alt-x --print-query | sed 's/^/out:/'; echo done",
                in: workspace)
            try pty.read(until: "1 of 4 entries matches", timeout: Self.timeout)
            try pty.send(keys)
            try pty.read(until: "done", timeout: Self.timeout)
            return pty.outputText.split(whereSeparator: \.isNewline).compactMap { line in
                line.range(of: "out:").map { String(line[$0.lowerBound...]) }
            }
        }
        #expect(try run("\u{16}") == ["out:util", "out:ctrl-v", "out:src/lib/util.swift"])
        #expect(try run("\u{1B}x") == ["out:util", "out:alt-x", "out:src/lib/util.swift"])
        #expect(try run("\r") == ["out:util", "out:", "out:src/lib/util.swift"])
        let refused = try runProcess(productPath("catalog"), ["--file", "/dev/null", "--expect", "f1"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("catalog: option '--expect': 'f1' is kept by the launcher"))
    }

    @Test("-f --exact ranks its matches best first, as fzf's does; --no-sort and catalog search keep their order")
    func exactFilterRanked() throws {
        let catalog = productPath("catalog")
        let list = Array("/usr/share/zsh/_gpasswd\n/usr/share/base-passwd/README\n/etc/passwd\n/usr/bin/passwd\n".utf8)
        let ranked = try runProcess(catalog, ["-e", "-f", "passwd"], input: list)
        #expect(ranked.stdout.hasPrefix("/etc/passwd\n/usr/bin/passwd\n"), "\(ranked.stdout)\(ranked.stderr)")
        let asRead = try runProcess(catalog, ["-e", "-f", "passwd", "--no-sort"], input: list)
        #expect(asRead.stdout == String(decoding: list, as: UTF8.self), "\(asRead.stdout)")
        let workspace = try Workspace("/usr/share/zsh/_gpasswd\n/etc/passwd\n")
        let search = try runProcess(catalog, ["search", "passwd", "--file", workspace.list])
        #expect(search.stdout == "/usr/share/zsh/_gpasswd\n/etc/passwd\n", "by title: \(search.stdout)")
    }

    @Test("--filter (fzf's -f) prints the matches best first with no screen, a repeated line once; 1 with none")
    func filter() throws {
        let catalog = productPath("catalog")
        let list = Array("src/app/main.swift\nREADME.md\n.swift-format\nsrc/app/main.swift\ndocs/swiftformat.md\n".utf8)
        let piped = try runProcess(catalog, ["-f", "swfmt"], input: list)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == ".swift-format\ndocs/swiftformat.md\n")
        let workspace = try Workspace(Self.lines)
        let file = try runProcess(catalog, ["--filter", "main", "--file", workspace.list, "--exact"])
        #expect(file.status == 0 && file.stdout == "src/app/main.swift\n", "\(file.stdout)\(file.stderr)")
        let twice = try runProcess(catalog, ["--filter", "main"], input: list)
        #expect(twice.stdout == "src/app/main.swift\n", "a repeated line is listed once, as the picker lists it")
        // A line with a TAB (a name that holds one, TSV) is printed whole, as fzf prints it: its path alone may name
        // no file, or another one. `search` and `list` print the catalog's paths.
        let tabbed = Array("files/tab\tx.txt\nid2\tbanana split\tyellow\n".utf8)
        let whole = try runProcess(catalog, ["-f", "tab"], input: tabbed)
        #expect(whole.stdout == "files/tab\tx.txt\n", "\(whole.stdout)\(whole.stderr)")
        let fields = try runProcess(catalog, ["-f", "banana"], input: tabbed)
        #expect(fields.stdout == "id2\tbanana split\tyellow\n", "\(fields.stdout)\(fields.stderr)")
        let searched = try runProcess(catalog, ["search", "tab", "--file", "-"], input: tabbed)
        #expect(searched.stdout == "files/tab\n", "\(searched.stdout)\(searched.stderr)")
        // As fzf's -f: the header lines are left out, --print-query prints the query first, and standard input
        // takes --file's options (--read0, --print0) without --file; a --height that can't be read is refused.
        let headed = try runProcess(catalog, ["-f", "", "--header-lines", "1"], input: Array("HDR\nb\na\n".utf8))
        #expect(headed.stdout == "a\nb\n", "\(headed.stdout)\(headed.stderr)")
        let nulLine = try runProcess(catalog, ["-f", "x", "--header-lines", "1"], input: Array("H\nx\u{0}y\n".utf8))
        #expect(
            nulLine.status == 2 && nulLine.stderr.contains("line 2: the line contains a NUL byte"), "\(nulLine.stderr)")
        let query = try runProcess(catalog, ["-f", "swfmt", "--print-query"], input: list)
        #expect(query.stdout == "swfmt\n.swift-format\ndocs/swiftformat.md\n", "\(query.stdout)\(query.stderr)")
        let nul = try runProcess(catalog, ["-f", "line", "--read0", "--print0"], input: Array("new\nline\0x\0".utf8))
        #expect(nul.status == 0 && nul.stdout == "new\nline\0", "\(nul.stdout.debugDescription)\(nul.stderr)")
        // Smart case, as fzf's: a capital letter matches its case; -i (--ignore-case) folds it again.
        let cases = Array("README.md\nreadme.txt\nsrc/ReadMe\n".utf8)
        let upper = try runProcess(catalog, ["-f", "README"], input: cases)
        #expect(upper.status == 0 && upper.stdout == "README.md\n", "\(upper.stdout)\(upper.stderr)")
        let anyCase = try runProcess(catalog, ["-i", "-f", "README"], input: cases)
        #expect(anyCase.stdout.split(separator: "\n").count == 3, "\(anyCase.stdout)\(anyCase.stderr)")
        let lower = try runProcess(catalog, ["--filter", "readme", "--exact"], input: cases)
        #expect(lower.stdout.split(separator: "\n").count == 3, "\(lower.stdout)\(lower.stderr)")
        let inverse = try runProcess(catalog, ["-f", "!README !ReadMe"], input: cases)
        #expect(inverse.stdout == "readme.txt\n", "\(inverse.stdout)\(inverse.stderr)")
        // --ansi, as fzf's: the colours grep --color=always writes are left out of what is found and printed.
        let colours = Array("\u{1B}[35msrc/app.swift\u{1B}[m:\u{1B}[32m12\u{1B}[m:let x\ndocs/a.md:1:35m\n".utf8)
        let ansi = try runProcess(catalog, ["-f", "app", "--ansi"], input: colours)
        #expect(ansi.status == 0 && ansi.stdout == "src/app.swift:12:let x\n", "\(ansi.stdout)\(ansi.stderr)")
        let code = try runProcess(catalog, ["-f", "'35m", "--ansi"], input: colours)
        #expect(code.stdout == "docs/a.md:1:35m\n", "a colour's code is no text: \(code.stdout)")
        let raw = try runProcess(catalog, ["-f", "'35m"], input: colours)
        #expect(raw.stdout.split(separator: "\n").count == 2, "without --ansi the codes are text, as in fzf")
        // fzf's --layout reverse (and --reverse) is the layout catalog draws; its others are refused.
        for layout in [["--reverse"], ["--layout", "reverse"], ["--layout=reverse"]] {
            let reverse = try runProcess(catalog, ["-f", "swfmt"] + layout, input: list)
            #expect(reverse.status == 0 && reverse.stdout == piped.stdout, "\(layout): \(reverse.stderr)")
        }
        let layout = try runProcess(catalog, ["-f", "x", "--layout", "default"], input: list)
        #expect(
            layout.status == 2 && layout.stderr.hasPrefix("catalog: option '--layout' takes reverse"),
            "\(layout.stderr)")
        let height = try runProcess(catalog, ["-f", "x", "--height", "abc"], input: list)
        #expect(height.status == 2 && height.stderr.hasPrefix("catalog: option '--height' needs N rows"))
        // A file is read in place, and read again when it holds repeats; --tac keeps the last of them.
        let repeats = try Workspace("b/x\tone\na\n./b/x\tone\na/\n")
        let once = try runProcess(catalog, ["--filter", "", "--file", repeats.list, "--exact"])
        #expect(once.stdout == "a\nb/x\tone\n", "the kept line whole: \(once.stdout)\(once.stderr)")
        let last = try runProcess(catalog, ["--filter", "", "--file", repeats.list, "--tac"])
        #expect(last.stdout == "a/\n./b/x\tone\n", "\(last.stdout)\(last.stderr)")
        // Lines that share the text before a TAB but not what follows are columns (`git diff --numstat`): every
        // one is kept, from a file read in place and from a pipe.
        let numstat = "2\t0\tfile0.txt\n2\t0\tfile1.txt\n5\t1\tsrc/file2.txt\n"
        let columns = try Workspace(numstat)
        for run in [
            try runProcess(catalog, ["-f", "txt", "--file", columns.list, "--no-sort"]),
            try runProcess(catalog, ["-f", "txt", "--no-sort"], input: Array(numstat.utf8)),
        ] {
            #expect(run.status == 0 && run.stdout == numstat, "\(run.stdout)\(run.stderr)")
        }
        let none = try runProcess(catalog, ["-f", "zzz"], input: list)
        #expect(none.status == 1 && none.stdout.isEmpty)
        // The picker's options are read with --filter too: one that can't be read is refused, as without it.
        let bind = try runProcess(catalog, ["--bind", "foo:up", "-f", "main"], input: list)
        #expect(bind.status == 2 && bind.stdout.isEmpty, "\(bind.stdout)")
        #expect(bind.stderr.hasPrefix("catalog: option '--bind': 'foo' is not a key"), "\(bind.stderr)")
        for (option, value) in [("--color", "fg:1"), ("--border=weird", nil)] {
            let refused = try runProcess(catalog, [option] + (value.map { [$0] } ?? []) + ["-f", "main"], input: list)
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(option): \(refused.stdout)")
            #expect(refused.stderr.hasPrefix("catalog: option '\(option.prefix { $0 != "=" })'"), "\(refused.stderr)")
        }
    }

    @Test("--header-lines: a list's first lines show above it and are never listed, from a pipe or a file")
    func headerLines() throws {
        let workspace = try Workspace(Self.lines)
        let piped = try shell(
            "printf 'PATH\\tKIND\\nsrc/a.swift\\nsrc/b.swift\\n' | \"$CATALOG\" --file - --header-lines 1 -q a.sw "
                + "| sed 's/^/picked:/'",
            in: workspace)
        try piped.read(until: "1 of 2 entries matches", timeout: Self.timeout)
        #expect(piped.screenText.split(separator: "\n").contains { $0.hasPrefix("  PATH") && $0.contains("KIND") })
        try piped.send("\r")
        try piped.read(until: "picked:src/a.swift", timeout: Self.timeout)
        #expect(try piped.wait(timeout: Self.timeout) == .exited(0))
        // From a file: its first line is the header, and an error names the line of the file.
        let file = try shell("\"$CATALOG\" --file \"$LIST\" --header-lines 2", in: workspace)
        try file.read(until: "2 entries", timeout: Self.timeout)
        #expect(file.screenText.contains("     src/app/main.swift\n     src/app/view.swift\n"))
        try file.send("\u{03}")
        #expect(try file.wait(timeout: Self.timeout) == .exited(130))
        try Data("H1\nH2\nok\nbad\u{0}\n".utf8).write(to: URL(fileURLWithPath: workspace.list))
        let bad = try shell("\"$CATALOG\" --file \"$LIST\" --header-lines 2; echo \"status $?\"", in: workspace)
        try bad.read(until: "status", timeout: Self.timeout)
        #expect(bad.outputText.contains("line 4: the line contains a NUL byte"), "\(bad.outputText)")
    }

    @Test("--height 3 still shows what is typed: the region has room for the prompt and a row of the list")
    func shortestHeight() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "\"$CATALOG\" --file \"$LIST\" --height 3; echo \"status $?\"", in: workspace,
            size: Size(columns: 60, rows: 20))
        try pty.read(until: "Catalog", timeout: Self.timeout)
        try pty.send("uti")
        try pty.read(until: "l.swift", timeout: Self.timeout)  // after the highlighted "uti"
        let screen = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen.contains { $0.hasPrefix("/ uti") }, "\(screen)")
        #expect(screen.contains { $0.contains("util.swift") })
        try pty.send("\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
    }

    /// Catches a `--flat` list sorted (a `git log` by hash) or shelved ten to a level (`ps -ef` as buckets of ten).
    @Test("--flat lines are one list in the order read, as fzf's: all of them scroll in one level, hits best first")
    func flatListAsRead() throws {
        let lines = (1...30).map { "commit \(String(format: "%02d", 31 - $0)) zeta" }.joined(separator: "\n") + "\n"
        let filtered = try runProcess(productPath("catalog"), ["-f", "", "--flat"], input: Array(lines.utf8))
        #expect(filtered.stdout == lines, "as read: \(filtered.stdout)")
        let hits = try runProcess(
            productPath("catalog"), ["-f", "mit", "--flat", "--exact"], input: Array("admit\nmit\nsummit\n".utf8))
        #expect(hits.stdout == "mit\nadmit\nsummit\n", "best first, the shortest of equal ones: \(hits.stdout)")
        let workspace = try Workspace(lines)
        let pty = try shell(
            "\"$CATALOG\" --file \"$LIST\" --flat; echo \"status $?\"", in: workspace,
            size: Size(columns: 60, rows: 40))
        try pty.read(until: "30 entries", timeout: Self.timeout)
        let screen = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = screen.filter { $0.contains("zeta") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows == lines.split(separator: "\n").map(String.init), "every line, in one level: \(screen)")
        try pty.send("\u{1B}[B\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
        #expect(pty.outputText.contains("commit 29 zeta"))
    }

    /// Catches the region drawn over the line the cursor is on, which in a zsh or fish widget is the prompt and the
    /// command being typed, or leaving elsewhere than the end of that line.
    @Test("--height after a line that doesn't end: the line stays above the region, and leaving goes back to its end")
    func inlineKeepsLine() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "printf 'KEEP-ME-abc'; x=$(\"$CATALOG\" --file \"$LIST\" --height 8); echo \"|$x|status $?\"",
            in: workspace, size: Size(columns: 60, rows: 20))
        try pty.read(until: "4 entries", timeout: Self.timeout)
        let screen = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try #require(screen.firstIndex { $0.hasPrefix("KEEP-ME-abc") }, "\(screen)")
        #expect(screen[line] == "KEEP-ME-abc" && screen[line + 1] == "Catalog", "\(screen)")
        try pty.send("util\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
        let after = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(after.contains("KEEP-ME-abc|src/lib/util.swift|status 0"), "\(after)")
        #expect(!after.contains { $0.hasPrefix("Catalog") }, "the region cleared: \(after)")
    }

    /// Catches a terminal that doesn't answer where its cursor is asked twice as the region is made, each question
    /// waiting half a second for an answer that never comes.
    @Test("--height on a terminal that doesn't say where its cursor is: asked once before the first frame")
    func inlineUnansweredPosition() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "printf 'abc'; \"$CATALOG\" --file \"$LIST\" --height 8; echo \"status $?\"", in: workspace,
            size: Size(columns: 60, rows: 20))
        pty.answersPositions = false
        try pty.read(until: "4 entries", timeout: Self.timeout)
        let request: [UInt8] = [0x1B, 0x5B, 0x36, 0x6E]
        let asked = (0...(pty.output.count - request.count)).count { Array(pty.output[$0..<($0 + 4)]) == request }
        #expect(asked == 1, "asked \(asked) times")
        try pty.send("\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
    }

    /// Catches a region found again at the place saved before the resize: the terminal scrolled its lines up to
    /// keep the cursor's in view, so clearing from there left the old frame's top above the new one, or, the
    /// other way, cleared the user's lines.
    @Test("--height after a resize: one frame, right below the lines that were there, whether typing or not")
    func inlineResize() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "for i in $(seq 1 20); do echo line $i; done; \"$CATALOG\" --file \"$LIST\" --height 8; echo \"status $?\"",
            in: workspace, size: Size(columns: 80, rows: 24))
        // Eight rows leave no room for the footer: the status line is the frame's last.
        try pty.read(until: "4 entries", timeout: Self.timeout)
        #expect(!pty.screenText.contains("F1 help"), "\(pty.screenText)")
        for (size, typing) in [(Size(columns: 60, rows: 20), false), (Size(columns: 70, rows: 16), true)] {
            if typing {
                try pty.send("app")
                try pty.read(until: "2 of 4 entries match", timeout: Self.timeout)
            }
            // The frame read whole before the resize, so the harness's screen resizes after it, as the window did.
            pty.drain(for: .milliseconds(150))
            let mark = pty.mark
            try pty.resize(size)
            try pty.read(until: "entries", since: mark, timeout: Self.timeout)
            pty.drain(for: .milliseconds(150))
            let screen = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(screen.count { $0 == "Catalog" } == 1, "one frame: \(screen)")
            let top = try #require(screen.firstIndex(of: "Catalog"))
            #expect(top > 0 && screen[top - 1] == "line 20", "the lines above kept: \(screen)")
        }
        try pty.send("\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
    }

    @Test("--height 40% draws below the lines already there and leaves them as they were")
    func inline() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "printf 'above 1\\nabove 2\\n'; \"$CATALOG\" --file \"$LIST\" --height 40%; echo \"status $?\"",
            in: workspace, size: Size(columns: 60, rows: 20))
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        #expect(!pty.outputText.contains("\u{1B}[?1049h"), "the alternate screen is never used")
        let drawn = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(drawn.prefix(3) == ["above 1", "above 2", "Catalog"])
        #expect(drawn.count == 20)
        try pty.send("view\r")
        try pty.read(until: "status 0", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        let after = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.prefix(4) == ["above 1", "above 2", "src/app/view.swift", "status 0"])
        #expect(!pty.screenText.contains("Catalog"), "the region is gone")
    }
}

extension PickerPipelineTests {
    @Test("--height: a double click on the row where an entry is drawn picks it, below a screenful of output")
    func inlineClick() throws {
        let workspace = try Workspace("alpha\nbravo\ncharlie\ndelta\n")
        let pty = try shell(
            "seq 1 40; \"$CATALOG\" --file \"$LIST\" --height 10; echo \"status $?\"", in: workspace,
            size: Size(columns: 60, rows: 24))
        try pty.read(until: "4 entries", timeout: Self.timeout)
        let rows = pty.screenText.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(rows.firstIndex { $0.contains("charlie") })
        #expect(row > 10, "the region is at the bottom, below the output of seq")
        // A double click there, as the terminal reports it: rows from the window's top.
        let press = Key.mouse(Mouse(.press, row: row, column: 6)).bytes
        let release = Key.mouse(Mouse(.release, row: row, column: 6)).bytes
        try pty.send(press + release + press + release)
        try pty.read(until: "status 0", timeout: Self.timeout)
        #expect(pty.outputText.contains("charlie\r\nstatus 0"))
    }
}

@Suite("Picker on a slow producer", .serialized)
struct StreamingPickerTests {
    @Test("entries show while the producer is still writing, the rest when it writes again, and the pick is exact")
    func slowProducer() throws {
        let workspace = try PickerPipelineTests.Workspace("")
        let go = workspace.directory.appendingPathComponent("go").path
        // The producer writes one line, then waits for the test to say go before it writes the second and ends.
        let producer = "printf 'early/One\\n'; while [ ! -e \"$GO\" ]; do sleep 0.02; done; printf 'late/Two\\n'"
        var environment = TerminalRestoreTests.environment
        environment["CATALOG"] = productPath("catalog")
        environment["GO"] = go
        let pty = try PTY.spawn(
            path: "/bin/sh", arguments: ["-c", "(\(producer)) | \"$CATALOG\" --file - | sed 's/^/picked:/'"],
            environment: environment)
        try pty.read(until: "1 entry · reading standard input", timeout: PickerPipelineTests.timeout)
        #expect(pty.screenText.contains("One"))
        #expect(!pty.screenText.contains("Two"))
        #expect(FileManager.default.createFile(atPath: go, contents: nil))
        try pty.read(until: "2 entries\u{1B}", timeout: PickerPipelineTests.timeout)
        #expect(!pty.screenText.contains("reading standard input"), "the spinner stops at the end of input")
        try pty.send("two\r")
        try pty.read(until: "picked:late/Two", timeout: PickerPipelineTests.timeout)
        #expect(try pty.wait(timeout: PickerPipelineTests.timeout) == .exited(0))
    }
}

/// The picker on what shell tools print: `find` with absolute and with `./` paths, NUL-separated names that hold
/// newlines, lines that are not paths, and another group delimiter. Each pick is printed exactly as it was read.
@Suite("Picker on what shell tools print", .serialized)
struct ShellToolInputTests {
    static let timeout = PickerPipelineTests.timeout

    /// A directory tree of real files, removed when the test ends.
    final class Tree {
        let root: URL
        init(_ files: [String]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-tree-\(UUID())")
            for file in files {
                let url = root.appendingPathComponent(file)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("\(file)\n".utf8).write(to: url)
            }
        }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static let files = ["src/app/main.swift", "src/app/view.swift", "src/lib/util.swift", "docs/readme.md"]

    func shell(_ script: String, in tree: Tree) throws -> PTY {
        var environment = TerminalRestoreTests.environment
        environment["CATALOG"] = productPath("catalog")
        environment["ROOT"] = tree.root.path
        return try PTY.spawn(path: "/bin/sh", arguments: ["-c", script], environment: environment, size: .standard)
    }

    /// The picked lines: what followed `picked:` on each line of the output.
    func picked(_ pty: PTY) -> [String] {
        pty.outputText.split(whereSeparator: \.isNewline).compactMap { line in
            line.range(of: "picked:").map { String(line[$0.upperBound...]) }
        }
    }

    @Test("find with absolute paths: the menu starts where the paths differ, and the pick is the absolute path")
    func findAbsolute() throws {
        let tree = try Tree(Self.files)
        let pty = try shell("find \"$ROOT\" | \"$CATALOG\" --file - | sed 's/^/picked:/'", in: tree)
        // The root is the deepest directory that holds everything, so its two subdirectories are the first menu.
        // find prints the directories too: 5 of them and 4 files.
        try pty.read(until: "9 entries", timeout: Self.timeout)
        #expect(pty.screenText.contains("docs"))
        #expect(pty.screenText.contains("src"))
        try pty.send("util\r")
        try pty.read(until: "picked:", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(picked(pty) == [tree.root.path + "/src/lib/util.swift"])
    }

    @Test("find . : ./ is dropped for grouping and kept in the pick")
    func findRelative() throws {
        let tree = try Tree(Self.files)
        let pty = try shell("cd \"$ROOT\" && find . -type f | \"$CATALOG\" --file - | sed 's/^/picked:/'", in: tree)
        try pty.read(until: "4 entries", timeout: Self.timeout)
        #expect(!pty.screenText.contains(" . "), "no group named '.'")
        try pty.send("\u{1B}[B\r")  // src, after docs
        try pty.read(until: "Catalog › src", timeout: Self.timeout)
        try pty.send("view\r")
        try pty.read(until: "picked:", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(picked(pty) == ["./src/app/view.swift"])
    }

    @Test("--read0 and --print0: a name with a newline in it is shown escaped and printed byte for byte")
    func nulSeparated() throws {
        let tree = try Tree(["plain.txt", "two\nlines.txt"])
        let pty = try shell(
            "cd \"$ROOT\" && find . -type f -print0 | \"$CATALOG\" --file - --read0 --print0 | od -An -c | tr -s ' '"
                + " | sed 's/^/picked:/'", in: tree)
        try pty.read(until: "2 entries", timeout: Self.timeout)
        try pty.send("lines")
        try pty.read(until: "1 of 2 entries matches", timeout: Self.timeout)
        #expect(pty.screenText.contains("two\\u{A}lines.txt"), "the newline is shown, not obeyed")
        try pty.send("\r")
        try pty.read(until: "picked:", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(picked(pty).joined() == " . / t w o \\n l i n e s . t x t \\0")
    }

    @Test("--flat: lines that are not paths are titles, repeats are listed once, and the pick is the line")
    func flat() throws {
        let tree = try Tree([])
        let pty = try shell(
            "printf 'TCP/IP notes\\nls -l\\nls -l\\ngit status\\n' | \"$CATALOG\" --file - --flat | sed 's/^/picked:/'",
            in: tree)
        try pty.read(until: "3 entries", timeout: Self.timeout)
        try pty.send("tcp/ip\r")
        try pty.read(until: "picked:", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(picked(pty) == ["TCP/IP notes"])
    }

    @Test("--delimiter :: groups at ::, and the pick is the line")
    func delimiter() throws {
        let tree = try Tree([])
        let pty = try shell(
            "printf 'net::http::Server\\nnet::http::Client\\nio::File\\n' | \"$CATALOG\" --file - --delimiter :: "
                + "| sed 's/^/picked:/'", in: tree)
        try pty.read(until: "3 entries", timeout: Self.timeout)
        try pty.send("\u{1B}[B\r")  // net, after io
        try pty.read(until: "Catalog › net", timeout: Self.timeout)
        try pty.send("server\r")
        try pty.read(until: "picked:", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(picked(pty) == ["net::http::Server"])
    }
}

extension PickerPipelineTests {
    @Test("a line that repeats an earlier path, late in a slow pipe, is listed once and the session goes on")
    func repeatsMidSession() throws {
        let workspace = try Workspace("")
        let go = workspace.directory.appendingPathComponent("go").path
        // The producer writes two lines, waits for the test, then repeats the first (as `./dir/file1`) and adds two.
        let pty = try shell(
            "(printf 'dir/file1\\ndir/file2\\n'; while [ ! -e '\(go)' ]; do sleep 0.05; done; "
                + "printf './dir/file1\\ndir/file3\\ndir/file1\\ndir/file4\\n') "
                + "| \"$CATALOG\" --file - --no-history | sed 's/^/picked:/'; echo \"status $?\"",
            in: workspace)
        try pty.read(until: "2 entries", timeout: Self.timeout)
        try pty.send("file")
        try pty.read(until: "2 of 2 entries match", timeout: Self.timeout)
        try pty.send("\u{1B}[B")  // the highlight on dir/file2
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        try pty.read(until: "4 of 4 entries match", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "status", timeout: Self.timeout)
        #expect(pty.outputText.contains("picked:dir/file2"), "the highlight stayed on the entry it was on")
        #expect(!pty.outputText.contains("duplicate path"))
    }
}

extension PickerPipelineTests {
    @Test(
        "line mode over a piped list (--plain, TERM=dumb) reads its commands from the terminal, with a prompt",
        arguments: [["--plain"], ["TERM=dumb"]])
    func lineModeOnPipedList(_ how: [String]) throws {
        let workspace = try Workspace("")
        let (environment, option) = how == ["--plain"] ? ("", " --plain") : ("TERM=dumb ", "")
        let pty = try shell(
            "printf 'foo\\nbar/baz\\n' | \(environment)\"$CATALOG\" --file - --no-history\(option) "
                + "| sed 's/^/picked:/'; echo \"status $?\"", in: workspace)
        try pty.read(until: "2. foo\r\n> ", timeout: Self.timeout)
        try pty.send("1\r")
        try pty.read(until: "status", timeout: Self.timeout)
        #expect(pty.outputText.contains("picked:bar/baz"), "\(pty.outputText)")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
    }

    @Test("a piped list with no terminal to pick on is refused on one line, unless --select-1 can decide")
    func noTerminalToPickOn() throws {
        let catalog = productPath("catalog")
        // setsid: a session with no controlling terminal, as under cron or CI.
        let refused = try runProcess(
            "/usr/bin/setsid", ["-w", catalog, "--file", "-", "--no-history"], input: Array("foo\nbar/baz\n".utf8))
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("catalog: no terminal to pick on: "))
        #expect(refused.stderr.split(separator: "\n").count == 1, "no menu drawn: \(refused.stderr)")
        let decided = try runProcess(
            "/usr/bin/setsid", ["-w", catalog, "--file", "-", "--no-history", "--query", "baz", "--select-1"],
            input: Array("foo\nbar/baz\n".utf8))
        #expect(decided.status == 0)
        #expect(decided.stdout == "bar/baz\n")
        // --select-1 with two matches can't decide: status 2 and one line, not a menu nobody reads and 130.
        let undecided = try runProcess(
            "/usr/bin/setsid", ["-w", catalog, "--file", "-", "--no-history", "--query", "ba", "--select-1"],
            input: Array("foo\nbar/baz\nbar/bat\n".utf8))
        #expect(undecided.status == 2 && undecided.stdout.isEmpty)
        #expect(
            undecided.stderr == "catalog: no terminal to pick on: --select-1 and --exit-0 decide alone only when one "
                + "entry matches, or none\n")
    }

    @Test("Ctrl-D at line mode's prompt ends the line, so what follows starts on a line of its own")
    func lineModeEndOfInput() throws {
        let workspace = try Workspace("")
        let pty = try shell(
            "printf 'foo\\nbar/baz\\n' | \"$CATALOG\" --file - --no-history --plain; echo \"status $?\"", in: workspace)
        try pty.read(until: "2. foo\r\n> ", timeout: Self.timeout)
        try pty.send([0x04])
        try pty.read(until: "status", timeout: Self.timeout)
        _ = try pty.readUnlessEnded(until: "\u{0}", timeout: Self.timeout)  // the rest of the line, to the end
        #expect(pty.outputText.contains("> \r\nstatus 130\r\n"), "\(pty.outputText.debugDescription)")
    }
}
