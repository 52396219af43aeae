import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

/// Bad command lines: each gets a one-line usage or input error on stderr, nothing on stdout, and exit status 2,
/// whatever control characters the arguments carry.
@Suite("Arguments, hostile")
struct ArgumentHostileTests {
    let catalog = productPath("catalog")

    @Test(
        "bad values, missing values, unknown and misplaced options",
        arguments: [
            (["search", "x", "--limit", "0"], "from 1 to 2147483647, not '0'"),
            (["search", "x", "--limit", "-1"], "not '-1'"),
            (["search", "x", "--limit", "abc"], "not 'abc'"),
            (["search", "x", "--limit", "99999999999999999999"], "not '99999999999999999999'"),
            (["search", "x", "--limit", "9223372036854775808"], "not '9223372036854775808'"),
            (["search", "x", "--limit", "2147483648"], "not '2147483648'"),
            (["search", "x", "--limit="], "not ''"),
            (["tree", "--max-children="], "not ''"),
            (["tree", "--max-children", "1"], "from 2 to 1000000, not '1'"),
            (["tree", "--max-children", "1000001"], "not '1000001'"),
            (["tree", "--max-children", "3.5"], "not '3.5'"),
            (["tree", "--max-children", "0x10"], "not '0x10'"),
            (["tree", "--max-children", "３"], "not '３'"),
            (["tree", "--max-children", "-9223372036854775808"], "not '-9223372036854775808'"),
            (["--max-children", "0"], "from 2 to 1000000"),
            (["tree", "--max-children"], "needs a value (N)"),
            (["list", "--file"], "needs a value (PATH)"),
            (["search", "x", "--limit"], "needs a value (N)"),
            (["--layout", "-f", "foo"], "'--layout' needs a value (LAYOUT), not the option '-f'"),
            (["search", "--limit", "--fuzzy", "x"], "write --limit=--fuzzy"),
            (["--file", "-", "+i"], "fzf's +i is not taken"),
            (["list", "-x"], "unknown option '-x' to 'list'"),
            (["list", "---"], "unknown option '---'"),
            (["--bogus"], "unknown option '--bogus'"),
            (["list", "--fuzzy"], "does not apply to 'list'"),
            (["open", "x", "--json"], "does not apply to 'open'"),
            (["--limit", "3"], "does not apply"),
            (["list", "--json=yes"], "takes no value"),
            (["--plain=1"], "takes no value"),
            (["list", "extra"], "unexpected argument 'extra'"),
            (["list", "-"], "unexpected argument '-'"),
            (["list", "--", "extra"], "unexpected argument 'extra'"),
            (["tree", "a", "b"], "unexpected argument 'a'"),
            (["open"], "needs exactly one"),
            (["open", "a", "b"], "needs exactly one"),
            (["help", "list", "extra"], "'help' takes at most one COMMAND."),
            (["search", "--limit", "1"], "needs a query"),
            (["launch"], "unknown command 'launch'"),
            (["list", "--file", "/"], "it is a directory"),
        ])
    func usageError(_ example: ([String], String)) throws {
        let result = try runProcess(catalog, example.0)
        #expect(result.status == 2, "\(example.0)")
        #expect(result.stdout.isEmpty, "\(example.0)")
        #expect(result.stderr.contains(example.1), "\(example.0): \(result.stderr)")
        #expect(result.stderr.hasPrefix("catalog: ") && result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test(
        "control characters in arguments are shown escaped in the one-line error",
        arguments: [
            ["list", "--\u{1B}]0;owned\u{07}"], ["\u{1B}[2J"],
            ["list", "--file", "/nonexistent/\u{1B}[2J\u{9B}\u{202E}"],
            ["tree", "--max-children", "\u{1B}[31m5"], ["list", "x\ny"], ["search", "--limit", "\u{202E}7", "q"],
            ["open", "\u{1B}]0;t\u{07}"],
        ])
    func escapedArguments(_ arguments: [String]) throws {
        let result = try runProcess(catalog, arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr.debugDescription)")
        #expect(HostileInputTests.rawControl(in: Array(result.stderr.utf8)) == nil, "\(result.stderr.debugDescription)")
        // Every control or bidi character of the arguments is named in the message, visibly escaped.
        let unsafe = arguments.joined().unicodeScalars.filter(Sanitizer.isUnsafe)
        #expect(!unsafe.isEmpty)
        for scalar in unsafe {
            let escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            #expect(result.stderr.contains(escape), "\(escape) in \(result.stderr.debugDescription)")
        }
    }

    @Test("a 100 KB argument gets the same one-line error")
    func hugeArgument() throws {
        let result = try runProcess(catalog, ["list", "--" + String(repeating: "x", count: 100_000)])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: unknown option '--xxx"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
