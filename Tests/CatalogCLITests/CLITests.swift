import CatalogTestSupport
import Foundation
import Testing

/// The `catalog` binary, run as a script would run it: stdout is data, stderr is messages, and the exit status
/// says how it went.
@Suite("catalog subcommands")
struct CLITests {
    let catalog = productPath("catalog")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/multilingual.txt").path

    func run(_ arguments: [String], input: [UInt8]? = nil) throws -> ProcessResult {
        try runProcess(catalog, arguments, input: input)
    }

    @Test("list prints every full path in search order")
    func list() throws {
        let result = try run(["list", "--file", fixture])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                Documents/Temp/Document 1.doc
                Documents/Temp/Document 2.doc
                Effects/Grid
                Pickers/Grid Picker
                Documents/Presentation 1.pdf
                Straßen/Straße 2
                Straßen/Straße 10
                Berichte/Übersicht
                Папки/Документы
                Папки/Настройки
                대륙/아프로-유라시아
                대륙/오스트레일리아

                """)
    }

    @Test(
        "search folds case and accents in every language",
        arguments: [
            (["STRASSE"], "Straßen/Straße 2\nStraßen/Straße 10\n"),
            (["ubersicht"], "Berichte/Übersicht\n"),
            (["ДОКУМЕНТЫ"], "Папки/Документы\n"),
            (["유라시아"], "대륙/아프로-유라시아\n"),
            (["grid", "picker"], "Pickers/Grid Picker\n"),
            (["файлы"], "Папки/Документы\n"),
        ])
    func search(_ example: ([String], String)) throws {
        let result = try run(["search"] + example.0 + ["--file", fixture])
        #expect(result.status == 0)
        #expect(result.stdout == example.1)
    }

    @Test("search exits 1 when nothing matches, and --limit and --fuzzy work")
    func searchOptions() throws {
        let none = try run(["search", "zzz", "--file", fixture])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        let limited = try run(["search", "doc", "--limit", "1", "--file", fixture])
        #expect(limited.stdout == "Documents/Temp/Document 1.doc\n")
        let fuzzy = try run(["search", "--fuzzy", "gdpk", "--file", fixture])
        #expect(fuzzy.stdout == "Pickers/Grid Picker\n")
    }

    @Test("search --json prints objects with escaped text")
    func searchJSON() throws {
        let result = try run(["search", "ДОКУМЕНТЫ", "--json", "--file", fixture])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects.first?["path"] as? String == "Папки/Документы")
        #expect(objects.first?["keywords"] as? [String] == ["файлы"])
    }

    @Test("tree draws the hierarchy, and --json nests it")
    func tree() throws {
        let result = try run(["tree", "--file", fixture, "--max-children", "3"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Catalog
                ├── Übersicht · Berichte
                ├── Documents … Pickers
                │   ├── Documents
                │   │   ├── Temp
                │   │   │   ├── Document 1.doc
                │   │   │   └── Document 2.doc
                │   │   └── Presentation 1.pdf
                │   ├── Grid · Effects
                │   └── Grid Picker · Pickers
                └── Straßen … 대륙
                    ├── Straßen
                    │   ├── Straße 2
                    │   └── Straße 10
                    ├── Папки
                    │   ├── Документы
                    │   └── Настройки
                    └── 대륙
                        ├── 아프로-유라시아
                        └── 오스트레일리아

                """)
        let json = try run(["tree", "--json", "--file", fixture])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(root["kind"] as? String == "group")
        #expect((root["children"] as? [Any])?.isEmpty == false)
    }

    @Test("--file - reads standard input and prints paths exactly as written")
    func standardInput() throws {
        let result = try run(["list", "--file", "-"], input: Array("B/Zwei\nA/eins\r\n".utf8))
        #expect(result.stdout == "A/eins\nB/Zwei\n")
    }

    @Test(
        "bad input gets a one-line error and exit 2",
        arguments: [
            (["list", "--bogus"], "unknown option '--bogus'"),
            (["tree", "--max-children", "0"], "from 2 to"),
            (["tree", "--max-children", "-1"], "from 2 to"),
            (["tree", "--max-children", "abc"], "not 'abc'"),
            (["tree", "--max-children", "99999999999999999999999"], "from 2 to"),
            (["search", "--limit"], "needs a value"),
            (["search"], "needs a query"),
            (["frobnicate"], "unknown command"),
            (["list", "--file", "/nonexistent/file"], "cannot read"),
            (["open", "no-such-entry"], "no entry"),
            (["--file", "list.txt", "list"], "the command 'list' comes first, before any option."),
            (["--max-children", "3", "tree"], "the command 'tree' comes first"),
            (["--no-history", "search", "x"], "the command 'search' comes first"),
        ])
    func badInput(_ example: ([String], String)) throws {
        let result = try run(example.0)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(example.1), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("a malformed catalog file names the line and exits 2")
    func malformedFile() throws {
        let result = try run(["list", "--file", "-"], input: Array("A/B\nA/B\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr == "catalog: standard input: line 2: duplicate path 'A/B' (first on line 1)\n")
        let invalid = try run(["list", "--file", "-"], input: [0x41, 0x0A, 0x42, 0x09, 0xFF, 0x0A])
        #expect(invalid.stderr == "catalog: standard input: line 2: the line is not valid UTF-8\n")
    }

    /// Catches a piped list read to its end before its first line is checked: `yes | catalog list --file -` filled
    /// the memory (5 GB in 10 s) and never said that line 2 repeats line 1.
    @Test("a piped list refused at its start is refused as its start comes in, while the producer goes on")
    func refusedAtItsStart() throws {
        let catalog = productPath("catalog")
        // The producer never ends on its own: only the reader's exit ends it (a write to a closed pipe). Without the
        // check, `timeout` ends the reader with 124.
        for (command, message) in [
            ("list", "standard input: line 2: duplicate path 'y' (first on line 1)"),
            ("tree", "standard input: line 2: duplicate path 'y' (first on line 1)"),
            ("search y", "standard input: line 2: duplicate path 'y' (first on line 1)"),
        ] {
            let script =
                "(yes | head -c 2000000; while :; do echo y; sleep 0.05; done) | timeout 60 \"$0\" \(command) --file -"
            let result = try runProcess("/bin/sh", ["-c", script, catalog])
            #expect(result.status == 2 && result.stderr == "catalog: \(message)\n", "\(command): \(result.stderr)")
        }
    }

    @Test("no raw control byte reaches a terminal, nor stdout or stderr in any mode but a list of names to a pipe")
    func hostileText() throws {
        let hostile = Array("Evil/\u{1B}]0;title\u{07}X\tkw\u{9B}\nBidi/a\u{202E}b\n".utf8)
        func expectShown(_ text: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\r" }, "\(arguments)",
                sourceLocation: sourceLocation)
            #expect(
                !text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E },
                "\(arguments)", sourceLocation: sourceLocation)
        }
        for arguments in [["tree"], ["list", "--json"], ["tree", "--json"], ["--plain"]] {
            let result = try run(arguments + ["--file", "-"], input: hostile)
            expectShown(String(decoding: result.stdoutBytes + Array(result.stderr.utf8), as: UTF8.self), arguments)
        }
        // list and search write names: to a pipe, the paths as read, as find and ls do; on a terminal, shown.
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let file = directory.file("hostile.txt").path
        try Data(hostile).write(to: URL(fileURLWithPath: file))
        let piped = try run(["list", "--file", file])
        #expect(piped.stdoutBytes == Array("Evil/\u{1B}]0;title\u{07}X\nBidi/a\u{202E}b\n".utf8))
        for arguments in [["list"], ["search", "x"]] {
            let shown = try PTY.spawn(
                path: productPath("catalog"), arguments: arguments + ["--file", file], environment: ["NO_COLOR": "1"])
            #expect(try shown.wait(timeout: .seconds(60)) == .exited(0))
            #expect(shown.outputText.contains("\\u{1B}]0;title\\u{7}X"), "\(arguments): \(shown.outputText)")
            expectShown(shown.outputText, arguments)
        }
    }

    @Test("--help and --version print to stdout and exit 0")
    func help() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: catalog"))
        let searchHelp = try run(["search", "--help"])
        #expect(searchHelp.stdout.contains("--fuzzy"))
        let version = try run(["--version"])
        #expect(version.stdout.hasPrefix("catalog "))
    }

    @Test("line mode lists the level, takes commands, and quits at end of input")
    func lineMode() throws {
        // A picker's menu goes to standard error, so a capture of standard output gets the pick alone.
        let result = try run(["--file", fixture, "--plain"], input: Array("/straße\n1\n".utf8))
        #expect(result.status == 0)
        #expect(result.stderr.contains("2 of 12 entries match “straße”"))
        #expect(result.stdout == "Straßen/Straße 2\n")
        // Without --header or --header-lines, the listing starts with the level's title: no empty header above it.
        #expect(result.stderr.hasPrefix("Catalog — 12 entries"), "\(result.stderr.prefix(80))")
        #expect(!result.stderr.contains("\u{1B}"))
        let piped = try run(["--file", fixture], input: Array("zz\n..\n?\n".utf8))
        #expect(piped.status == 130, "input ended before anything was picked: cancelled, as Esc cancels")
        #expect(piped.stdout.isEmpty)
        #expect(piped.stderr.contains("Unknown command “zz”"))
        #expect(piped.stderr.contains("This is the top level"))
        #expect(piped.stderr.contains("Commands:"))
        // Without --file, line mode is the output itself, and stays on standard output.
        let menu = try run(["--plain"], input: Array("?\n".utf8))
        #expect(menu.stdout.contains("Commands:"))
        #expect(menu.stderr.isEmpty)
        // A list of paths piped where commands are read (`find / | catalog`, as fzf is used) gets one line on how
        // to pick from a list; a script's filter with a slash in it, then a number, gets none.
        let paths = try run([], input: Array("/usr/share\n/usr/share/doc\n./a/b\n/usr/lib/x\n".utf8))
        #expect(
            paths.stderr
                == "catalog: standard input is read as commands (line mode); to pick from a list, pass it with "
                + "--file -, as in: find . | catalog --file -\n")
        // It stops there, with status 2, rather than read each of a list's lines as a command and end with 0.
        #expect(paths.status == 2)
        // Nothing reaches standard output: in `ls | catalog | xargs rm` the next program gets no menu to act on.
        #expect(paths.stdout.isEmpty, "\(paths.stdout)")
        let script = try run([], input: Array("/forms/sign\n1\n/basics/greeting\n".utf8))
        #expect(script.stderr.isEmpty && script.status == 0, "\(script.stderr)")
        // `ls | catalog`: names with no slash, none a command the menu takes; the hint comes at the second, status 2.
        let names = try run([], input: Array("greek.txt\nnotes.md\nx\n".utf8))
        #expect(names.stderr.hasPrefix("catalog: standard input is read as commands (line mode)"), "\(names.stderr)")
        #expect(names.status == 2)
        #expect(names.stdout.isEmpty, "\(names.stdout)")
        // `echo notes.md | catalog`: a list of one line, no command, gets the hint when the input ends after it.
        for one in ["notes.md\n", "hi"] {
            let single = try run([], input: Array(one.utf8))
            #expect(single.status == 2, "\(one.debugDescription): \(single.stderr)")
            #expect(single.stderr.hasPrefix("catalog: standard input is read as commands"), "\(single.stderr)")
            #expect(single.stdout.isEmpty, "\(single.stdout)")
        }
        // A script of one command is a script, a filter too.
        for one in ["q\n", "/usr/share/doc\n"] {
            let command = try run([], input: Array(one.utf8))
            #expect(command.stderr.isEmpty && command.status == 0, "\(one.debugDescription): \(command.stderr)")
            #expect(command.stdout.hasPrefix("Catalog — "), "the menu it held, once the line was a command")
        }
        // One slip in a script, then commands: no hint, as before.
        let slip = try run([], input: Array("nope\n/greeting\n1\nq\n".utf8))
        #expect(slip.stderr.isEmpty && slip.status == 0, "\(slip.stderr)")
        #expect(slip.stdout.hasPrefix("Catalog — ") && slip.stdout.contains("Unknown command “nope”"))
        // No input at all: the menu, printed as before.
        #expect(try run([], input: []).stdout.hasPrefix("Catalog — "))
        // `seq 100 | catalog`: numbers are commands, so "1" opens an entry, whose screen refuses "2". Input of numbers
        // alone, one refused, is a list: the hint names it, status 2, and nothing reaches standard output.
        let numbers = try run([], input: Array((1...100).map { "\($0)\n" }.joined().utf8))
        #expect(
            numbers.stderr
                == "catalog: standard input is read as commands (line mode), and “2” is no command of the screen it "
                + "reached; to pick from a list, pass it with --file -, as in: find . | catalog --file -\n")
        #expect(numbers.status == 2)
        #expect(numbers.stdout.isEmpty, "\(numbers.stdout.prefix(200))")
        // Numbers the screens take are a script, printed once the input ends: a group, then its entry.
        let group = try run(["--file", fixture], input: Array("2\n2\n".utf8))
        #expect(group.stdout.hasPrefix("Documents/") && group.status == 0, "\(group.stderr.prefix(300))")
        // After a line of another kind, a refused number is a slip, as a refused word is.
        let late = try run([], input: Array("/greeting\n1\n7\nq\n".utf8))
        #expect(late.status == 0 && late.stderr.isEmpty && late.stdout.contains("“7”"), "\(late.stderr)")
    }
}

@Suite("catalog launcher errors")
struct LauncherErrorTests {
    @Test("a malformed file in the launcher is a one-line error with the line number, exit 2")
    func malformedFileInLauncher() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-malformed-\(UUID()).txt")
        try Data("ok/A\nB/ \nC\u{0}D\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProcess(productPath("catalog"), ["--file", file.path, "--plain"], input: [])
        #expect(result.status == 2)
        // "B/ " is no path, and the picker lists it whole (as the next test shows); a NUL no list may hold.
        #expect(result.stderr == "catalog: \(file.path): line 3: the line contains a NUL byte\n")
        // `list` reads a catalog file, which refuses a line that is no path.
        let list = try runProcess(productPath("catalog"), ["list", "--file", file.path])
        #expect(list.status == 2 && list.stderr == "catalog: \(file.path): line 2: the path has an empty title\n")
    }

    @Test("a picker lists a line no path can be read from whole, and prints it as it was read")
    func oddLinesInPicker() throws {
        let list = Array("a/one\nsee http://x.com/ \n\tindented code\nb/two\n".utf8)
        let result = try runProcess(productPath("catalog"), ["-f", "x.com"], input: list)
        #expect(result.status == 0 && result.stdout == "see http://x.com/ \n", "\(result.stdout)\(result.stderr)")
        let tab = try runProcess(productPath("catalog"), ["-f", "indented"], input: list)
        #expect(tab.status == 0 && tab.stdout == "\tindented code\n", "\(tab.stdout)\(tab.stderr)")
    }
}

@Suite("catalog open")
struct OpenTests {
    let catalog = productPath("catalog")

    @Test("opens a screen by id, by its path as list and search print it, or by its title, folded, in line mode")
    func open() throws {
        for name in ["basics/greeting", "Basics/Greeting", "GREETING", "greeting"] {
            let result = try runProcess(catalog, ["open", name, "--plain"], input: Array("..\n".utf8))
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Hello, terminal!"), "\(name)")
        }
    }

    @Test("an unknown name exits 2 and suggests candidates")
    func unknown() throws {
        let result = try runProcess(catalog, ["open", "greet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no entry has the id or title 'greet'"))
        #expect(result.stderr.contains("basics/greeting (Basics/Greeting)"))
        // With nothing like it, the hint lists the catalog the name was looked for in: a file's, with its --file.
        let empty = try runProcess(catalog, ["open", "zzzz", "--file", "/dev/null"])
        #expect(empty.status == 2)
        #expect(empty.stderr == "catalog: no entry has the id or title 'zzzz'. Try 'catalog list --file /dev/null'.\n")
        // An id in another case, or with a "/" after it, suggests that id alone; an empty name says so.
        for name in ["BASICS/GREETING", "basics/greeting/"] {
            let cased = try runProcess(catalog, ["open", name])
            #expect(cased.stderr.hasSuffix("Did you mean: basics/greeting (Basics/Greeting)?\n"), "\(cased.stderr)")
        }
        // An id's last part, as the title is spelled in ids, suggests the id; a part of one does not.
        let slug = try runProcess(catalog, ["open", "multi-selector"])
        #expect(slug.status == 2)
        #expect(
            slug.stderr == "catalog: no entry has the id or title 'multi-selector'. Did you mean: "
                + "forms/multi-selector (Forms/Multi Selector)?\n", "\(slug.stderr)")
        let part = try runProcess(catalog, ["open", "ulti-selector"])
        #expect(part.stderr.hasSuffix("Try 'catalog list'.\n"), "\(part.stderr)")
        let blank = try runProcess(catalog, ["open", ""])
        #expect(blank.status == 2)
        #expect(blank.stderr == "catalog: an empty name names no entry. Try 'catalog list'.\n")
    }

    @Test("two preview commands, fzf's --preview CMD and --preview-command, are an error that quotes both")
    func previewCommandTwice() throws {
        let result = try runProcess(
            catalog, ["--file", "/dev/null", "--preview", "cat {}", "--preview-command", "head {}"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "catalog: option '--preview' gives the preview command 'cat {}', and '--preview-command' "
                + "gives 'head {}'; give one. See 'catalog --help'.\n", "\(result.stderr)")
        // An empty command is an error, as an empty --preview is, not a pane that shows nothing.
        let empty = try runProcess(catalog, ["--file", "/dev/null", "--filter", "x", "--preview-command", " "])
        #expect(empty.status == 2)
        #expect(
            empty.stderr == "catalog: option '--preview-command' needs a command to preview with, not ' '. "
                + "See 'catalog --help'.\n", "\(empty.stderr)")
    }
}

@Suite("@AppStorage across processes")
struct SettingsProcessTests {
    @Test("two processes saving at once never leave a half-written or lost settings file")
    func twoWriters() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-settings-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let settings = home.appendingPathComponent("catalog/settings.json")
        let commands = Array((Array(repeating: "+", count: 300) + [".."]).joined(separator: "\n").utf8)
        let catalog = productPath("catalog")
        let environment = ["XDG_CONFIG_HOME": home.path]
        async let first = runProcess(
            catalog, ["open", "@AppStorage", "--plain"], input: commands, environment: environment)
        async let second = runProcess(
            catalog, ["open", "@AppStorage", "--plain"], input: commands, environment: environment)
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("could not"), "a save failed")
        }
        // Whoever saved last wins, but the file is always one whole save: valid JSON holding a counter some process
        // wrote. Each process starts from what it loaded (0 up to the other's 300) and adds 300.
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any])
        let counter = try #require(object["counter"] as? Int)
        #expect((300...600).contains(counter))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: settings.deletingLastPathComponent().path)
        #expect(leftovers == ["settings.json"], "no temporary or corrupt files left: \(leftovers)")
    }
}
