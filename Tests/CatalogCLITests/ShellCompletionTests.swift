import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// Tab in the real shells: bash (alone and with bash-completion), zsh (from `$fpath` and sourced) and fish, each
/// started interactively under a pseudo-terminal with the completion scripts installed as the README says, for
/// `catalog` and for a program of another name. Each line is typed, completed with Tab, and read back through the
/// shell's own parser.
///
/// One shell serves every line of its case, for both programs, so the suite starts five shells in all. Every line is
/// tried for `catalog`; for the other name, whose script is made by the same code, a sample of each kind of line.
/// A shell that isn't installed is skipped, and says so; `.ci/run` installs them, and says so when it can't.
@Suite("Completion in real shells")
struct ShellCompletionTests {
    /// A catalog file whose name holds a space, with titles that hold quotes, shell characters and Hangul.
    static let titles = """
        Forms/Signup Form
        Quotes/Tom's "Best" Form
        Money/Price $5 & Up (Today!)
        대륙/오스트레일리아 지도
        Ratios/Ratio 16:9
        Globs/Why? * [Really]
        Paths/Back\\slash
        Danger/Run $(touch ran) `touch ran`

        """

    /// Catalog files that read only with `--delimiter ::`, `--flat` (a repeated line) and `--read0`.
    static let readings = [
        "maps.txt": "Maps::Europe::Alpine Passes\nMaps::Asia::Silk Road\n",
        "twice.txt": "Tea House\nTea House\n",
        "nul.txt": "Zed One\0Zed Two\0",
    ]

    /// Starts a shell with `catalog`'s script, as the README's command prints it, and `mycat`'s, or says why it is
    /// skipped.
    static func session(_ kind: ShellSession.Kind) throws -> ShellSession? {
        if let missing = kind.missing {
            print("skipped: \(missing), so Tab in \(kind) can't be tried")
            return nil
        }
        let executable = productPath("catalog")
        let result = try runProcess(executable, ["--generate-completion-script", kind.shell])
        try #require(result.status == 0, "\(result.stderr)")
        let other = try #require(CompletionScript.script(for: kind.shell, name: "mycat"))
        let session = try ShellSession(
            kind, scripts: ["catalog": result.stdout, "mycat": other], executable: executable)
        try Data(titles.utf8).write(to: session.work.appendingPathComponent("my titles.txt"))
        // --dir completes the directory alone, not the file beside it.
        try Data().write(to: session.work.appendingPathComponent("some notes.txt"))
        for (name, text) in readings {
            try Data(text.utf8).write(to: session.work.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(
            at: session.work.appendingPathComponent("some goldens"), withIntermediateDirectories: true)
        return session
    }

    @Test(
        "Tab in each shell completes, offers and quotes as the parser reads the line",
        arguments: ShellSession.Kind.allCases)
    func tab(_ kind: ShellSession.Kind) throws {
        guard let session = try Self.session(kind) else { return }
        try insertion(session, program: "catalog", sample: false)
        try offers(session, program: "catalog", sample: false)
        // A downstream app's name: the built catalog under a link named `mycat`, with the script made for that name.
        try insertion(session, program: "mycat", sample: true)
        try offers(session, program: "mycat", sample: true)
        try typedTextIsData(session)
        try settings(session)
    }

    /// Tab completes subcommands, options and their values, paths and entries, quoted so the shell reads them whole.
    ///
    /// - Parameters:
    ///   - session: The shell.
    ///   - p: The program's name.
    ///   - sample: Whether to try only `sampled`, a line or two of each kind.
    func insertion(_ session: ShellSession, program p: String, sample: Bool) throws {
        let kind = session.kind
        let file = ["--file", "my titles.txt"]
        // zsh completes an option that takes a value as `--file=`, and the value in the same word.
        let equals = kind.shell == "zsh" ? "=" : ""
        let cases: [(typed: String, expected: [String])] = [
            // Subcommands, options, and values from the table.
            ("\(p) li", [p, "list"]),
            ("\(p) open --fi", [p, "open", "--file" + equals]),
            ("\(p) search --sort fr", [p, "search", "--sort", "frecency"]),
            ("\(p) search --sort=na", [p, "search", "--sort=name"]),
            ("\(p) snapshot --record ne", [p, "snapshot", "--record", "never"]),
            ("\(p) --locale k", [p, "--locale", "ko"]),
            ("\(p) --generate-completion-script fi", [p, "--generate-completion-script", "fish"]),
            ("\(p) help sna", [p, "help", "snapshot"]),
            ("\(p) record animated-grid --ca", [p, "record", "animated-grid", "--cast" + equals]),
            // Paths, with a space in the name; directories only for a directory.
            ("\(p) list --file my", [p, "list", "--file", "my titles.txt"]),
            ("\(p) list --file=my", [p, "list", "--file=my titles.txt"]),
            ("\(p) record animated-grid --cast my", [p, "record", "animated-grid", "--cast", "my titles.txt"]),
            ("\(p) snapshot --dir so", [p, "snapshot", "--dir", "some goldens/"]),
            // Entries of the built-in catalog, by id and by title: '&', '@'.
            ("\(p) open basics/gr", [p, "open", "basics/greeting"]),
            ("\(p) open Gradi", [p, "open", "Gradients & Styles"]),
            ("\(p) open @App", [p, "open", "@AppStorage"]),
            ("\(p) open 'Gradi", [p, "open", "Gradients & Styles"]),
            ("\(p) open \"Gradi", [p, "open", "Gradients & Styles"]),
            ("\(p) snapshot Outline\\ P", [p, "snapshot", "Outline Picker"]),
            ("\(p) record Animated\\ G", [p, "record", "Animated Grid"]),
            // Entries of a catalog file, named however the user typed its path.
            ("\(p) open --file my\\ titles.txt Sign", [p, "open"] + file + ["Signup Form"]),
            ("\(p) open --file 'my titles.txt' Tom", [p, "open"] + file + ["Tom's \"Best\" Form"]),
            ("\(p) open --file 'my titles.txt' \"Tom", [p, "open"] + file + ["Tom's \"Best\" Form"]),
            ("\(p) open --file 'my titles.txt' 'Tom", [p, "open"] + file + ["Tom's \"Best\" Form"]),
            ("\(p) open --file=my\\ titles.txt Pri", [p, "open", "--file=my titles.txt", "Price $5 & Up (Today!)"]),
            ("\(p) open --file 'my titles.txt' 오스", [p, "open"] + file + ["오스트레일리아 지도"]),
            ("\(p) open --file 'my titles.txt' Ratio\\ 16:", [p, "open"] + file + ["Ratio 16:9"]),
            ("\(p) open --file 'my titles.txt' Why", [p, "open"] + file + ["Why? * [Really]"]),
            ("\(p) open --file 'my titles.txt' Back", [p, "open"] + file + ["Back\\slash"]),
            // …read as the options that read it say.
            (
                "\(p) open --file maps.txt --delimiter :: Alp",
                [p, "open", "--file", "maps.txt", "--delimiter", "::", "Alpine Passes"]
            ),
            (
                "\(p) open --file=maps.txt --delimiter=:: Sil",
                [p, "open", "--file=maps.txt", "--delimiter=::", "Silk Road"]
            ),
            ("\(p) open --file twice.txt --flat Te", [p, "open", "--file", "twice.txt", "--flat", "Tea House"]),
            ("\(p) open --read0 --file nul.txt Zed\\ O", [p, "open", "--read0", "--file", "nul.txt", "Zed One"]),
        ]
        let sampled: Set<String> = [
            "\(p) li", "\(p) open --fi", "\(p) search --sort fr", "\(p) list --file my", "\(p) open Gradi",
            "\(p) open 'Gradi", "\(p) open --file my\\ titles.txt Sign", "\(p) open --file 'my titles.txt' Tom",
            "\(p) open --file maps.txt --delimiter :: Alp",
        ]
        #expect(sampled.isSubset(of: cases.map(\.typed)), "a sampled line is not among the cases")
        for (typed, expected) in cases where !sample || sampled.contains(typed) {
            let completion = try session.complete(typed)
            #expect(completion.words == expected, "\(kind), typed \(typed.debugDescription): \(completion)")
        }
    }

    /// Tab offers the subcommands first, then each command's own options, and nothing a command can't take.
    ///
    /// - Parameters:
    ///   - session: The shell.
    ///   - program: The program's name.
    ///   - sample: Whether to try the options of one command only, and no required option.
    func offers(_ session: ShellSession, program: String, sample: Bool) throws {
        let kind = session.kind
        let subcommands = CommandTable.visibleSubcommands.map(\.name)

        let first = try session.candidates("\(program) ")
        #expect(Set(subcommands).isSubset(of: first), "\(kind): \(first)")
        #expect(!first.contains("---complete"), "\(kind) offers the hidden callback: \(first)")

        // The parser takes a subcommand only as the first word.
        let afterOption = try session.candidates("\(program) --plain ")
        #expect(Set(afterOption).isDisjoint(with: subcommands), "\(kind): \(afterOption)")

        // The word after an option that takes a value is its value, spelled long or short: no option is offered.
        for typed in ["--query", "-q", "-f"] {
            let value = try session.candidates("\(program) \(typed) ")
            #expect(!value.contains { $0.hasPrefix("-") }, "\(kind) after \(typed): \(value)")
        }

        for command in CommandTable.visibleSubcommands where !sample || command.name == "open" {
            let options = try session.candidates("\(program) \(command.name) --").filter { $0.hasPrefix("--") }
            let expected = CommandTable.options(for: command).map(\.name)
            #expect(Set(options) == Set(expected), "\(kind) \(command.name): \(options)")
        }

        let entries = try session.candidates("\(program) open Gr")
        #expect(entries.contains { $0.hasPrefix("Gradients") } && entries.contains("Greeting"), "\(kind): \(entries)")
        // open takes one entry, so a second is not offered.
        let second = try session.candidates("\(program) open basics/greeting Gr")
        #expect(!second.contains("Greeting"), "\(kind) offers a second entry to open: \(second)")

        // bash puts the option a command needs before the others, once the entry is typed.
        if kind.shell == "bash", !sample {
            for command in CommandTable.visibleSubcommands {
                let required = CommandTable.options(for: command).filter(\.required).map(\.name)
                guard !required.isEmpty else { continue }
                let offered = try session.candidates("\(program) \(command.name) animated-grid ")
                #expect(offered == required, "\(kind) \(command.name): \(offered)")
            }
        }
    }

    /// After `--set`, Tab puts in the name of a control of the entry on the line, and leaves the cursor right after
    /// its `=`, with no space, for the value.
    func settings(_ session: ShellSession) throws {
        let typed = "catalog open indicators/progress --set "
        let completion = try session.complete(typed)
        #expect(completion.line == typed + "percent=", "\(session.kind): \(completion)")
        #expect(completion.words == ["catalog", "open", "indicators/progress", "--set", "percent="], "\(completion)")
        // record's --scenario: the entry's scenario names, one with spaces and a comma put in whole.
        let scenario = try session.complete("catalog record slider --scenario star")
        #expect(
            scenario.words == ["catalog", "record", "slider", "--scenario", "starting at 20, moved down"],
            "\(session.kind): \(scenario)")
    }

    /// What is typed, and the titles offered, reach the program and the line as text, never run.
    func typedTextIsData(_ session: ShellSession) throws {
        let kind = session.kind
        let ran = session.work.appendingPathComponent("ran")
        // Inside single quotes no shell expands anything, so only a script that evaluates the word could run it.
        // (zsh itself expands a command substitution inside double quotes while it completes, whatever the script.)
        let typed = try session.complete("mycat open '$(touch ran)")
        #expect(!FileManager.default.fileExists(atPath: ran.path), "\(kind) ran what was typed: \(typed)")
        let title = try session.complete("mycat open --file 'my titles.txt' 'Run $")
        #expect(title.words.last == "Run $(touch ran) `touch ran`", "\(kind): \(title)")
        #expect(!FileManager.default.fileExists(atPath: ran.path), "\(kind) ran a title: \(title)")
    }
}
