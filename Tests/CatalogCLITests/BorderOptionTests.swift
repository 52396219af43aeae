import CatalogTerminal
import CatalogTestSupport
import Testing

@testable import CatalogCommand

/// fzf's `--border[=STYLE]`, as fzf's users write it in `CATALOG_DEFAULT_OPTS`.
@Suite("Border option")
struct BorderOptionTests {
    /// Catches the style not read after `=` or as the next word, a bare `--border` not rounded, or a word that is
    /// no style taken as one (it stays an operand, which the launcher refuses).
    @Test("--border is rounded; a style follows it after = or as the next word, as fzf reads it")
    func styles() throws {
        for (words, expected) in [
            ([], Border.Shape.none), (["--border"], .rounded), (["--border=sharp"], .sharp),
            (["--border", "double", "--file", "x"], .double), (["--file", "x", "--border"], .rounded),
        ] as [([String], Border.Shape)] {
            #expect(try Launcher.border(Arguments(words)) == Border(expected), "\(words)")
        }
        #expect(throws: Arguments.UsageError.self) { try Arguments(["--border", "list.txt"]) }
    }

    /// Catches a style fzf added later (0.41's block) passing silently: it is one line, with the styles there are.
    @Test("a style catalog doesn't draw is one line naming those it does, exit status 2")
    func unknownStyle() throws {
        let result = try runProcess(productPath("catalog"), ["--border=block", "--file", "-", "--plain"], input: [])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "catalog: option '--border' needs rounded, sharp, bold, double, horizontal, vertical, top, bottom, "
                    + "left, right, or none, not 'block'."), "\(result.stderr)")
    }
}

/// fzf's options that catalog reads otherwise or not at all.
@Suite("fzf's other options")
struct FzfOptionTests {
    /// Catches an fzf option catalog lacks answered with a guess at a near name (`--pointer` → `--print0`), or
    /// with more than one line.
    @Test(
        "an fzf option catalog lacks is one line saying why, with exit status 2",
        arguments: [
            (
                "--pointer=>",
                "option '--pointer' is fzf's, and catalog has none: the highlighted row is drawn in reverse"
            ),
            ("--with-nth=2..", "option '--with-nth' is fzf's, and catalog has none: a line is shown as it is read"),
            ("--algo=v1", "option '--algo' is fzf's, and catalog has none: fuzzy hits are scored"),
        ])
    func fzfOnly(_ example: (String, String)) throws {
        let result = try runProcess(productPath("catalog"), ["--file", "-", "--plain", example.0], input: [])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: " + example.1), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Catches the Ctrl-R widgets' options swallowed where catalog can't honour them: a scheme or tie-break fzf has
    /// and catalog doesn't, `--nth` on paths (whose groups are no fields), or fields fzf wouldn't read.
    @Test(
        "--scheme, --tiebreak and --nth refuse what they can't do in one line naming it, with exit status 2",
        arguments: [
            (["--scheme=fuzzy"], "option '--scheme' takes default, path or history, not 'fuzzy'"),
            (["--tiebreak=begin"], "option '--tiebreak' takes length or index, not 'begin'"),
            (["-n2.."], "option '--nth' searches fields of lines read whole; give --flat or --scheme=history"),
            (["--flat", "--nth=0"], "option '--nth' needs fields such as 1, 2.., ..3, -1 or 2..,.."),
            (["--scheme", "history", "-n", "1..2..3"], "option '--nth' needs fields"),
        ])
    func historyOptionRefused(_ example: ([String], String)) throws {
        let result = try runProcess(productPath("catalog"), ["--file", "-", "--plain"] + example.0, input: [])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: " + example.1), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Catches `--no-multi` refused as unknown, or leaving `--multi` on, where fzf's `+m` takes it back.
    @Test("--no-multi takes back --multi, as +m does")
    func noMulti() throws {
        #expect(try !Arguments(["--file", "x", "--multi", "--no-multi"]).has("--multi"))
        #expect(try !Arguments(["--file", "x", "-m", "+m"]).has("--multi"))
        #expect(try Arguments(["--file", "x", "--no-multi", "--multi"]).has("--multi"), "the last one wins")
    }

    /// Catches the history scheme's lines read as paths, its hits reordered by length, or `--tiebreak=index` and
    /// `--nth` ignored by `-f`.
    @Test("-f with --scheme=history, --tiebreak and --nth: lines whole, in the order read, fields searched")
    func historyFilter() throws {
        func filtered(_ arguments: [String], _ lines: String) throws -> String {
            try runProcess(productPath("catalog"), arguments, input: Array(lines.utf8)).stdout
        }
        let lines = "git status --short\ngit\n"
        #expect(try filtered(["-f", "git", "--flat"], lines) == "git\ngit status --short\n", "by length")
        #expect(try filtered(["-f", "git", "--scheme=history"], lines) == lines, "as read")
        #expect(try filtered(["-f", "git", "--flat", "--tiebreak=index"], lines) == lines)
        #expect(
            try filtered(["-f", "git", "--scheme=history", "--tiebreak=length"], lines) == "git\ngit status --short\n")
        let numbered = "12\tls /tmp/a\n7\techo 12\n"
        #expect(try filtered(["-f", "12", "--scheme=history", "-n2.."], numbered) == "7\techo 12\n")
        #expect(try filtered(["-f", "12", "--scheme=history", "-n2..,.."], numbered) == "7\techo 12\n12\tls /tmp/a\n")
        #expect(try filtered(["-f", "a", "--flat", "-d", "/", "-n", "-1"], numbered) == "12\tls /tmp/a\n")
    }

    /// Catches --flat and -d refused together, the delimiter not reaching the commands' fields, or a --flat list
    /// grouped at the delimiter after all.
    @Test("--flat -d: lists each line whole, and divides only its fields at the delimiter")
    func flatFields() throws {
        let arguments = try Arguments(["--file", "x", "--flat", "-d:"])
        #expect(try LaunchCommand.menuOptions(arguments).fieldDelimiter == .text(":"))
        #expect(try CatalogSource.format(arguments).paths.flat)
        let listed = try runProcess(
            productPath("catalog"), ["list", "--file", "-", "--flat", "-d", ":"], input: Array("src/a:1:x: y\n".utf8))
        #expect(listed.status == 0 && listed.stdout == "src/a:1:x: y\n", "\(listed.stderr)")
    }

    /// Catches fzf's `-d '\t'` read as a backslash and a t, which divides nothing.
    @Test("-d '\\t' is a TAB, as fzf's users write it")
    func tabDelimiter() throws {
        let arguments = try Arguments(["--file", "x", "--flat", "-d", "\\t"])
        #expect(try LaunchCommand.menuOptions(arguments).fieldDelimiter == .text("\t"))
    }

    /// Catches `--no-unicode` leaving Unicode glyphs, or `--phony` not filtering nothing as `--disabled` does.
    @Test("--no-unicode draws in ASCII and --phony is --disabled, as in fzf")
    func aliases() throws {
        let context = Context(
            registry: Registry(), name: "catalog", version: "0", environment: ["LANG": "C.UTF-8"])
        #expect(try Launcher.environment(Arguments(["--no-unicode"]), context).glyphs == .ascii)
        #expect(try Launcher.environment(Arguments([]), context).glyphs == .unicode)
        #expect(try LaunchCommand.menuOptions(Arguments(["--file", "x", "--phony"])).disabled)
    }

    /// Catches a border eating the rows `--height` keeps for the title, the prompt and a row of the list: at
    /// `--height 4 --border` the picker showed its title and nothing else.
    @Test("--height N keeps its fewest rows inside a border: the border's rows come on top")
    func heightAroundBorder() throws {
        #expect(try Launcher.height(Arguments(["--height", "4"]))?.around(Border(.rounded)) == .rows(6))
        #expect(InlineHeight.rows(3).around(Border(.top)) == .rows(5))
        #expect(InlineHeight.rows(12).around(Border(.rounded)) == .rows(12), "room enough already")
        #expect(InlineHeight.rows(3).around(Border(.vertical)) == .rows(4), "side lines take no rows")
        #expect(InlineHeight.percent(40).around(Border(.rounded)) == .percent(40), "a share has 10 rows at least")
    }
}
