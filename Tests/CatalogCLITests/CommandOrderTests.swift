import Testing

@testable import CatalogCommand

/// The command is the first word, as the completions read it; one written after options (`catalog --file x list`,
/// as git takes them) is named in the error, while the same word as an option's value is that value.
@Suite("Command order")
struct CommandOrderTests {
    @Test(
        "a command after options is refused with what to do",
        arguments: [["--plain", "list"], ["--file", "x", "tree"]])
    func commandAfterOptions(_ words: [String]) {
        #expect(error(words) == "the command '\(words.last!)' comes first, before any option.")
    }

    @Test("a command's name as an option's value, or after --, is that value")
    func nameAsValue() throws {
        #expect(try Arguments(["--query", "list"]).values["--query"] == "list")
        #expect(try Arguments(["--prompt=open", "--file", "tree"]).values["--file"] == "tree")
        #expect(try Arguments(["search", "--", "list"]).operands == ["list"])
        #expect(try Arguments(["-q", "tree"]).values["--query"] == "tree", "a short option's value too")
        #expect(try Arguments(["-f", "open"]).values["--filter"] == "open")
        #expect(error(["-i", "tree"]) == "the command 'tree' comes first, before any option.", "-i takes no value")
    }

    @Test("a short option's value may be joined to it, as fzf and getopt take it")
    func joinedValues() throws {
        #expect(try Arguments(["-qgz"]).values["--query"] == "gz")
        #expect(try Arguments(["-fgz"]).values["--filter"] == "gz")
        #expect(try Arguments(["-q-x"]).values["--query"] == "-x", "the rest of the word, whatever it starts with")
        #expect(try Arguments(["-q=x"]).values["--query"] == "=x", "as getopt reads it")
        #expect(error(["-mx"]) == "unknown option '-mx'.", "a flag takes nothing joined")
        #expect(error(["-qgz", "tree"]) == "the command 'tree' comes first, before any option.")
        #expect(Arguments.options(in: ["-qgz", "-m"]).map(\.name) == ["--query", "--multi"])
    }

    @Test("fzf's +s and +m, as its users' scripts write them: --no-sort, and no --multi")
    func fzfNegations() throws {
        #expect(try Arguments(["--file", "-", "+s"]).flags.contains("--no-sort"))
        #expect(try Arguments(["list", "+s"]).flags.contains("--no-sort"))
        #expect(try !Arguments(["--file", "-", "-m", "+m"]).flags.contains("--multi"), "+m takes back -m")
        #expect(try Arguments(["--file", "-", "+m", "--multi"]).flags.contains("--multi"), "the last one decides")
        #expect(error(["list", "+m"]) == "fzf's +m does not apply to 'list': it takes back --multi, the picker's.")
        #expect(try Arguments(["search", "--", "+s"]).operands == ["+s"], "after --, a query")
        #expect(try Arguments(["+s", "--file", "-"]).flags.contains("--no-sort"), "first, no command")
        #expect(error(["+i"]) == "fzf's +i is not taken: a term with a capital letter already matches its case.")
    }

    @Test("a word after an option with an optional value, which it isn't, is named as that value")
    func optionalValueNamed() throws {
        #expect(
            error(["--border", "weird"])
                == "option '--border' needs rounded, sharp, bold, double, horizontal, vertical, top, bottom, left, "
                + "right, or none, not 'weird'.")
        #expect(try Arguments(["--border", "sharp"]).values["--border"] == "sharp")
        #expect(error(["--border", "-x"]).hasPrefix("unknown option '-x'"), "an option is no value")
    }

    @Test("--version and the generated texts refuse a stray word, as every command does")
    func strayWords() {
        #expect(error(["--version", "extra"]) == "unexpected argument 'extra'.")
        #expect(error(["--generate-manual", "x"]) == "unexpected argument 'x'.")
    }

    private func error(_ words: [String]) -> String {
        do {
            _ = try Arguments(words)
            return ""
        } catch {
            return "\(error)"
        }
    }
}
