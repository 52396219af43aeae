import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// `--bind` and `CATALOG_DEFAULT_OPTS`, as fzf has them: a bad binding or a bad variable is a one-line error with
/// exit status 2, and the variable is read only where the launcher or picker opens.
@Suite("Key options")
struct KeyOptionsTests {
    let catalog = productPath("catalog")

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        let fixed = ["TERM": "dumb", "XDG_STATE_HOME": "/nonexistent/state"]
        return try runProcess(catalog, arguments, input: [], environment: environment.merging(fixed) { a, _ in a })
    }

    @Test(
        "a binding that can't be read names what is wrong, in one line, with exit status 2",
        arguments: [
            (["--bind", "ctrl-x:nope"], "option '--bind': 'nope' is not an action; try one of up, down"),
            (["--bind", "hyper-x:up"], "option '--bind': 'hyper-x' is not a key catalog knows"),
            (["--bind", "f2:up"], "option '--bind': 'f2' is kept by the launcher and can't be bound."),
            (["--bind", "up"], "option '--bind': 'up' needs KEY:ACTION, such as ctrl-a:first."),
            // fzf's line numbers would run as literal text: `rm {n}` must not run at all.
            (
                ["--bind", "ctrl-d:execute(rm {n})"],
                "option '--bind': execute(…) holds {n}, a placeholder of fzf's that catalog doesn't fill"
            ),
            (["--file", "-", "--preview", "head -n {n} {1}"], "option '--preview' holds {n}, a placeholder of fzf's"),
            (["--file", "-", "--preview", "cat {0}"], "option '--preview' holds {0}, a placeholder of fzf's"),
            (["--file", "-", "--preview-command", "cat {+f}"], "option '--preview-command' holds {+f}"),
        ])
    func badBindings(_ example: ([String], String)) throws {
        let result = try run(example.0 + ["--plain"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("catalog: " + example.1), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("CATALOG_DEFAULT_OPTS is read before the launcher's own options, and a mistake in it is named")
    func defaultOptions() throws {
        let bad = try run(["--plain"], environment: ["CATALOG_DEFAULT_OPTS": "--max-children 1"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix("catalog: in CATALOG_DEFAULT_OPTS: option '--max-children' needs a whole number"),
            "\(bad.stderr)")
        let quote = try run(["--plain"], environment: ["CATALOG_DEFAULT_OPTS": "--prompt 'x"])
        #expect(quote.stderr.hasPrefix("catalog: in CATALOG_DEFAULT_OPTS: a quote is never closed"), "\(quote.stderr)")
        // The command line's own options come later and win.
        let own = try run(
            ["--plain", "--max-children", "5"], environment: ["CATALOG_DEFAULT_OPTS": "--max-children 1"])
        #expect(own.status == 2, "the variable is checked on its own")
        let fine = try run(
            ["--plain", "--max-children", "3"], environment: ["CATALOG_DEFAULT_OPTS": "--max-children 4 --no-mouse"])
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout.contains("1. Animation … Color/ (3)"), "three a level, not four: \(fine.stdout)")
        // Subcommands for scripts never read it.
        let list = try run(["list"], environment: ["CATALOG_DEFAULT_OPTS": "--bogus"])
        #expect(list.status == 0)
    }

    @Test("the words of the variable are split as a shell splits them")
    func words() throws {
        let result = try run(
            ["--plain"], environment: ["CATALOG_DEFAULT_OPTS": #"--header "two words" --prompt 'a b> ' --no-mouse"#])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("F5 without a history says why there is none: --no-history, standard input, or nowhere to keep it")
    func historyOffMessages() throws {
        #expect(LaunchCommand.historyOff(try Arguments(["--no-history"])) == .asked)
        #expect(LaunchCommand.historyOff(try Arguments(["--file", "-"])) == .standardInput)
        #expect(LaunchCommand.historyOff(try Arguments([])) == .noDirectory)
    }
}

extension KeyOptionsTests {
    @Test("a --flat list shows no preview pane unless one is asked for: a line is all it could show")
    func flatHasNoPaneByDefault() throws {
        #expect(try LaunchCommand.menuOptions(Arguments(["--file", "x"])).preview == .auto)
        #expect(try LaunchCommand.menuOptions(Arguments(["--file", "x", "--flat"])).preview == .hidden)
        #expect(
            try LaunchCommand.menuOptions(Arguments(["--file", "x", "--flat", "--preview", "right"])).preview == .right)
        let command = try LaunchCommand.menuOptions(
            Arguments(["--file", "x", "--flat", "--preview-command", "echo {}"]))
        #expect(command.preview == .forced)
        // fzf's --preview CMD: any value but a place for the pane is the command.
        let fzfs = try LaunchCommand.menuOptions(Arguments(["--file", "x", "--preview", "cat {}"]))
        #expect(fzfs.previewCommand == "cat {}" && fzfs.preview == .forced)
        let placed = try LaunchCommand.menuOptions(
            Arguments(["--file", "x", "--preview", "bottom", "--preview-command", "cat {}"]))
        #expect(placed.previewCommand == "cat {}" && placed.preview == .bottom)
        #expect(throws: Arguments.UsageError.self) {
            try LaunchCommand.menuOptions(Arguments(["--file", "x", "--preview", " "]))
        }
    }
}
