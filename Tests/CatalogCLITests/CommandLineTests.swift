import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

/// The command line's contract with scripts and people: write errors, help, did-you-mean, the manual page and the
/// completion scripts, all drawn from one table.
@Suite("Command line")
struct CommandLineTests {
    let catalog = productPath("catalog")

    func run(_ arguments: [String], input: [UInt8]? = nil, standardOutput: String? = nil) throws -> ProcessResult {
        try runProcess(catalog, arguments, input: input, standardOutput: standardOutput)
    }

    @Test(
        "a write error other than a closed pipe is reported in one line, with exit status 2",
        arguments: [["list"], ["search", "a"], ["tree"], ["list", "--json"], ["--help"], ["--generate-manual"]])
    func writeErrors(_ arguments: [String]) throws {
        let result = try run(arguments, standardOutput: "/dev/full")
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr == "catalog: write error: No space left on device\n", "\(arguments)")
    }

    @Test("a reader that goes away (catalog list | head -1) is no error: silent, exit 0")
    func closedPipe() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-pipe-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("titles.txt")
        // Far more than a pipe holds, so catalog is still writing when head exits.
        try Data((0..<200_000).map { "Group \($0 % 50)/Title \($0)\n" }.joined().utf8).write(to: file)
        let script = "set -o pipefail; \"$0\" list --file \"$1\" | head -1"
        let result = try runProcess("/bin/bash", ["-c", script, catalog, file.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test(
        "a mistyped option or command names the nearest one",
        arguments: [
            (["search", "x", "--jsno"], "unknown option '--jsno' to 'search'; did you mean '--json'?"),
            (["--fuzy"], "unknown option '--fuzy'; did you mean '--fuzzy'?"),
            (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
            (["help", "serach"], "unknown command 'serach'; did you mean 'search'?"),
            (
                ["help", "bogus"],
                "unknown command 'bogus'. Commands: list, search, tree, open, snapshot, record, help."
            ),
            (["--zzzzzzzz"], "unknown option '--zzzzzzzz'."),
        ])
    func suggestions(_ example: ([String], String)) throws {
        let result = try run(example.0)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: " + example.1), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test(
        "the options that read or pick --file's lines need --file, and a delimiter that is text",
        arguments: [
            (["list", "--flat"], "option '--flat' reads the lines of --file; give --file too."),
            (["search", "x", "--read0"], "option '--read0' reads the lines of --file; give --file too."),
            (["tree", "--delimiter", "::"], "option '--delimiter' reads the lines of --file; give --file too."),
            (["--multi"], "option '--multi' is for picking from --file; give --file too."),
            (["--plain", "--print0"], "option '--print0' is for picking from --file; give --file too."),
            (
                ["--preview-command", "cat {}"],
                "option '--preview-command' is for picking from --file; give --file too."
            ),
            (
                ["--preview", "cat {}"],
                "option '--preview' takes right, bottom or hidden here; a command to preview with is for picking from "
                    + "--file; give --file too."
            ),
            (
                ["list", "--file", "-", "--delimiter", ""],
                "option '--delimiter' needs text to divide groups at, not ''."
            ),
            (["list", "--file", "-", "--json", "--print0"], "options '--json' and '--print0' exclude each other."),
            (
                ["search", "x", "--file", "-", "--print0", "--json"],
                "options '--json' and '--print0' exclude each other."
            ),
        ])
    func formatOptions(_ example: ([String], String)) throws {
        let result = try run(example.0, input: [])
        #expect(result.status == 2)
        // The pointer names the help of the command given, which lists its options.
        let help =
            ["list", "search", "tree"].contains(example.0[0]) ? "catalog \(example.0[0]) --help" : "catalog --help"
        #expect(result.stderr == "catalog: \(example.1) See '\(help)'.\n", "\(result.stderr)")
    }

    @Test("--locale in a language the launcher doesn't speak is refused, not run in English without a word")
    func unknownLocale() throws {
        for locale in ["xx", "fr_FR", ""] {
            let result = try run(["open", "slider", "--plain", "--locale", locale])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "catalog: option '--locale' needs a locale in en, de, ru, ko, or ja, not '\(locale)'. "
                    + "See 'catalog open --help'.\n")
        }
        let austrian = try run(["open", "slider", "--plain", "--locale", "de_AT.UTF-8"], input: [])
        #expect(austrian.status == 0, "\(austrian.stderr)")
        #expect(austrian.stdout.contains("Lautstärke"), "\(austrian.stdout)")
    }

    @Test("--no-sort lists and finds lines as read, --tac last first, as fzf's options do (history, git log)")
    func inputOrder() throws {
        // Natural order, the order read and its reverse all differ here.
        let log = Array("f00 fix the tree\n9c2 start\nb1a add a tree\n".utf8)
        #expect(
            try run(["list", "--file", "-", "--flat"], input: log).stdout
                == "9c2 start\nb1a add a tree\nf00 fix the tree\n")
        #expect(
            try run(["list", "--file", "-", "--no-sort"], input: log).stdout
                == "f00 fix the tree\n9c2 start\nb1a add a tree\n")
        #expect(
            try run(["list", "--file", "-", "--tac"], input: log).stdout
                == "b1a add a tree\n9c2 start\nf00 fix the tree\n")
        // Both hold "tree" whole, and the shorter line ranks first: fuzzy hits go best first, unless --no-sort keeps
        // them as read; with --tac too, on a log whose reverse puts the other line first.
        let best = try run(["search", "tree", "--fuzzy", "--file", "-"], input: log)
        #expect(best.stdout == "b1a add a tree\nf00 fix the tree\n")
        let asRead = try run(["search", "tree", "--fuzzy", "--file", "-", "--no-sort"], input: log)
        #expect(asRead.stdout == "f00 fix the tree\nb1a add a tree\n")
        let reversed = Array("b1a add a tree\n9c2 start\nf00 fix the tree\n".utf8)
        let tac = try run(["search", "tree", "--fuzzy", "--file", "-", "--tac"], input: reversed)
        #expect(tac.stdout == best.stdout)
        let needsFile = try run(["list", "--tac"])
        #expect(needsFile.status == 2)
        #expect(needsFile.stderr.hasPrefix("catalog: option '--tac' reads the lines of --file; give --file too."))
    }

    @Test("list and search print each entry's line as read; with --print0, byte for byte and ended by NUL")
    func linesAsRead() throws {
        let input = Array("/usr/share/doc/a\n./src/b\nplain/c\n".utf8)
        let list = try run(["list", "--file", "-"], input: input)
        #expect(list.status == 0)
        #expect(list.stdout == "/usr/share/doc/a\n./src/b\nplain/c\n")
        let search = try run(["search", "src", "--file", "-", "--json"], input: input)
        let hits = try #require(
            try JSONSerialization.jsonObject(with: Data(search.stdoutBytes)) as? [[String: Any]], "\(search.stdout)")
        #expect(hits.map { $0["path"] as? String } == ["./src/b"])
        #expect(hits.map { $0["groups"] as? [String] } == [["src"]])
        let names = Array("a\u{1B}[31m\nred\0b\0".utf8)
        let exact = try run(["search", "red", "--file", "-", "--read0", "--flat", "--print0"], input: names)
        #expect(exact.stdoutBytes == Array("a\u{1B}[31m\nred\0".utf8))
        // To a pipe a name is written as read, as find and ls write it; only the terminator differs.
        let piped = try run(["search", "red", "--file", "-", "--read0", "--flat"], input: names)
        #expect(piped.stdoutBytes == Array("a\u{1B}[31m\nred\n".utf8))
        let invalid = try run(
            ["list", "--file", "-"], input: Array("bad/".utf8) + [0xFF, 0xFE] + Array(" name\n".utf8))
        #expect(invalid.stdoutBytes == Array("bad/".utf8) + [0xFF, 0xFE] + Array(" name\n".utf8))
    }

    @Test("open takes a catalog file's id, its path as list gives it, which the ambiguous title's error offers")
    func openFileEntryByID() throws {
        let input = Array("d3/f1\nd3/f2\nx/f2\n".utf8)
        let ambiguous = try run(["open", "f2", "--file", "-", "--plain"], input: input)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("open one by id: d3/f2, x/f2."), "\(ambiguous.stderr)")
        // 675 `copyright` files are a count after the first few, on one short line.
        let many = Array((0..<675).map { "pkg\($0)/copyright\n" }.joined().utf8)
        let crowded = try run(["open", "copyright", "--file", "-", "--plain"], input: many)
        #expect(crowded.status == 2)
        #expect(crowded.stderr.hasSuffix(", pkg7/copyright, and 667 more.\n"), "\(crowded.stderr)")
        #expect(crowded.stderr.count < 300)
        let byID = try run(["open", "d3/f2", "--file", "-", "--plain"], input: input)
        #expect(byID.status == 0, "\(byID.stderr)")
        #expect(byID.stdout == "d3/f2\n")
    }

    @Test("each line of a long list is sanitized on its own, whatever the lines around it hold")
    func linesSanitizedInBatches() throws {
        // Lines are copied a batch at a time and checked after: unsafe ones at the start, middle and end of
        // batches, between safe ones, must each come out as the sanitizer writes them, and the rest as read.
        var names: [[UInt8]] = []
        for number in 0..<200 {
            var name = Array("n\(number) ".utf8)
            if number % 7 == 0 { name += Array("\u{1B}[31m".utf8) }
            if number % 11 == 0 { name += [0xFF, 0x41] }
            if number % 13 == 0 { name += Array("a\nb".utf8) }
            if number % 5 == 0 { name += Array("é유".utf8) }
            names.append(name)
        }
        let input: [UInt8] = names.flatMap { $0 + [UInt8(0)] }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let file = directory.file("names").path
        try Data(input).write(to: URL(fileURLWithPath: file))
        let exact = try run(["list", "--file", file, "--read0", "--flat", "--print0"])
        #expect(exact.status == 0)
        let inOrder = exact.stdoutBytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        #expect(Set(inOrder.map(Array.init)) == Set(names))
        // On a terminal, for a person: each line as the sanitizer writes it (the terminal adds a CR to each LF).
        let shown = try PTY.spawn(
            path: catalog, arguments: ["list", "--file", file, "--read0", "--flat"], environment: ["NO_COLOR": "1"])
        #expect(try shown.wait(timeout: .seconds(60)) == .exited(0))
        let expected = inOrder.map { Sanitizer.sanitize(String(decoding: $0, as: UTF8.self)) + "\r\n" }.joined()
        #expect(shown.outputText == expected)
    }

    @Test("help COMMAND and COMMAND --help print the same text", arguments: ["list", "search", "tree", "open", "help"])
    func helpParity(_ command: String) throws {
        let viaHelp = try run(["help", command])
        let viaFlag = try run([command, "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("usage: catalog \(command)"))
        #expect(viaHelp.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "help fits 80 columns")
    }

    /// Every option `--help` lists, across the commands.
    func helpOptions() throws -> Set<String> {
        var options: Set<String> = []
        for command in [[], ["list"], ["search"], ["tree"], ["open"], ["help"]] {
            let help = try run(command + ["--help"]).stdout
            for word in help.split(whereSeparator: { " \n,.;".contains($0) }) where word.hasPrefix("--") {
                options.insert(String(word))
            }
        }
        return options
    }

    @Test("the manual page renders without a warning and names every option --help lists")
    func manual() throws {
        let page = try run(["--generate-manual"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".Dd "))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
        ] {
            #expect(
                page.stdout.contains(".Sh \(section)\n") || page.stdout.contains(".Sh \"\(section)\"\n"), "\(section)")
        }
        let options = try helpOptions()
        #expect(options.count >= 8)
        let items = page.stdout.split(separator: "\n").filter { $0.hasPrefix(".It ") }.map { $0 + " " }
        for option in options {
            #expect(items.contains { $0.contains("Fl \(option.dropFirst()) ") }, "\(option) is missing from the manual")
        }
        // One-letter aliases, as --help shows them (-m, --multi).
        #expect(items.contains(".It Fl m , Fl -multi "))
        #expect(items.contains(".It Fl q , Fl -query Ar TEXT "))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(getpid()).1")
        try Data(page.stdoutBytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let groff = try runProcess("/usr/bin/groff", ["-mandoc", "-Tutf8", "-ww", "-z", file.path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "groff: \(groff.stderr)")
        // A page read in the C locale prints nothing for a return or a backspace symbol: the keys are named as
        // --bind names them, in ASCII.
        let keys = page.stdout.components(separatedBy: ".Sh KEYS\n").last?.components(separatedBy: ".Sh ").first ?? ""
        let tags = keys.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        #expect(tags.count >= 20 && tags.allSatisfy { $0.allSatisfy(\.isASCII) }, "\(tags)")
        for key in ["enter", "bspace", "alt-bspace", "up/ctrl-p/ctrl-k", "1-0"] {
            #expect(tags.contains(".It \(key)"), "\(key) is missing from KEYS")
        }
        // As printed: each example a command line that runs, the page's own date, values spelled as typed.
        let shown = try runProcess("/usr/bin/groff", ["-mandoc", "-Tascii", "-P-cbou", file.path]).stdout
        let examples = shown.components(separatedBy: "EXAMPLES\n").last?.split(separator: "\n") ?? []
        let commands = examples.filter { $0.hasPrefix("     ") && !$0.hasPrefix("      ") }
        #expect(commands.count >= 4 && commands.allSatisfy { $0.hasPrefix("     catalog") }, "\(commands)")
        #expect(shown.contains("November 30, 2026"), "the date .Dd states, not today's")
        #expect(shown.contains("dumb selects line mode") && !shown.contains("Dumb selects"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") {
            let lint = try runProcess("/usr/bin/mandoc", ["-Tlint", "-W", "style", file.path])
            #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "mandoc: \(lint.stdout)\(lint.stderr)")
        }
    }

    @Test("the manual's exit statuses say what every --help's last line says, a snapshot that differed too")
    func manualExitStatusesAgreeWithHelp() throws {
        let page = try run(["--generate-manual"]).stdout
        let section = page.components(separatedBy: "EXIT STATUS").last?.components(separatedBy: ".Sh ").first
        for command in [[], ["snapshot"], ["search"]] {
            let help = try run(command + ["--help"]).stdout
            let line = try #require(help.components(separatedBy: "exit status: ").last)
                .split(separator: "\n").joined(separator: " ")
            // "0 success, 1 nothing matched (search, a picker) or a snapshot differed, 2 …": each status's words.
            let statuses = line.split(separator: ", ").reduce(into: [String]()) { parts, piece in
                if piece.first?.isNumber == true {
                    parts.append(String(piece))
                } else {
                    parts[parts.count - 1] += ", \(piece)"
                }
            }
            #expect(statuses.count == 4, "\(line)")
            for status in statuses {
                let (number, words) = (status.prefix { $0 != " " }, status.drop { $0 != " " }.dropFirst())
                let item = ".It \(number)\n\\&\(words.prefix(1).uppercased())\(words.dropFirst()):"
                #expect(section?.contains(item) == true, "\(command): \(item) is not in\n\(section ?? page)")
            }
        }
        #expect(section?.contains("snapshot differed") == true)
    }

    @Test("bash completes subcommands, options, option values, files and entry ids in a real bash")
    func bashCompletion() throws {
        let script = try run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bash-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptFile = directory.appendingPathComponent("catalog.bash")
        try Data(script.stdoutBytes).write(to: scriptFile)
        try Data("Pickers/Outline Picker\n".utf8).write(to: directory.appendingPathComponent("list.txt"))
        let driver = """
            source "$1"
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _catalog
                printf '%s|' "${COMPREPLY[@]}"; echo
            }
            cd "$2"
            complete_words "$3" se
            complete_words "$3" search --li
            complete_words "$3" open basics/gr
            complete_words "$3" open Outline
            complete_words "$3" --generate-completion-script f
            complete_words "$3" list --file li
            complete_words "$3" open --file list.txt Pick
            complete_words "$3" open s
            complete_words "$3" open sl
            """
        let result = try runProcess("/bin/bash", ["-c", driver, "bash", scriptFile.path, directory.path, catalog])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "search|", "--limit|", "basics/greeting|", "Outline\\ Picker|", "fish|", "list.txt|",
                "Pickers/Outline\\ Picker|",
                // Those that start with what was typed, as typed, come alone; else any case, for bash to replace.
                "storage/appstorage|", "Slider|", "",
            ])
    }

    @Test("the zsh and fish scripts parse in their shells", arguments: ["zsh", "fish"])
    func otherShells(_ shell: String) throws {
        let path = "/usr/bin/\(shell)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("skipped: \(shell) is not installed here, so its completion script can't be parsed")
            return
        }
        let script = try run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        #expect(script.stdout.contains(shell == "zsh" ? "#compdef catalog" : "complete -c catalog"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(getpid()).\(shell)")
        try Data(script.stdoutBytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let parsed = try runProcess(path, ["-n", file.path])
        #expect(parsed.status == 0, "\(shell): \(parsed.stderr)")
        #expect(parsed.stderr.isEmpty, "\(shell): \(parsed.stderr)")
    }

    @Test("every option --help lists appears in every completion script")
    func completionsCoverOptions() throws {
        let options = try helpOptions()
        for shell in ["bash", "zsh", "fish"] {
            let script = try run(["--generate-completion-script", shell]).stdout
            for option in options {
                let name = shell == "fish" ? "-l \(option.dropFirst(2))" : option
                #expect(script.contains(name), "\(shell) lacks \(option)")
            }
        }
    }

    @Test("line mode turns any typed number into an item or a message, never a crash")
    func hugeNumbers() throws {
        for number in ["-9223372036854775808", "9223372036854775807", "99999999999999999999", "11", "-1"] {
            // After a command of another kind, a number that names no item is a slip: said, and the script goes on.
            let result = try run(["--plain", "--no-history"], input: Array("?\n\(number)\n".utf8))
            #expect(result.status == 0, "\(number): \(result.stderr)")
            #expect(result.stdout.contains("There is no item \(number); choose 1 to"), "\(number)")
            // Alone, it is input of numbers that the menu refuses: a list piped in by mistake, as `seq` writes one.
            let alone = try run(["--plain", "--no-history"], input: Array("\(number)\n".utf8))
            #expect(alone.status == 2 && alone.stdout.isEmpty, "\(number): \(alone.stdout)")
            #expect(alone.stderr.contains("“\(number)” is no command"), "\(number): \(alone.stderr)")
        }
    }
}
