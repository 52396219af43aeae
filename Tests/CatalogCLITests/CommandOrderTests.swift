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

    private func error(_ words: [String]) -> String {
        do {
            _ = try Arguments(words)
            return ""
        } catch {
            return "\(error)"
        }
    }
}
