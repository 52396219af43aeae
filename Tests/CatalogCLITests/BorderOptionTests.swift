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
