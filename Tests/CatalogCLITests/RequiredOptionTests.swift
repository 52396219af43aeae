import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// An option a command can't do without (`record --cast FILE`) is said so by the one table, and so by the parser, the
/// help, the manual page and the completions alike.
@Suite("Required options")
struct RequiredOptionTests {
    let catalog = productPath("catalog")

    /// Every command and the required options it takes, from the table.
    static let required: [(command: CommandTable.Command, option: CommandTable.Option)] = CommandTable.commands
        .flatMap { command in CommandTable.options(for: command).filter(\.required).map { (command, $0) } }

    /// ``required``, which may not be empty, so that the checks check something.
    static func cases() throws -> [(command: CommandTable.Command, option: CommandTable.Option)] {
        try #require(!required.isEmpty, "the table has no required option")
        return required
    }

    static func synopsis(_ option: CommandTable.Option) -> String {
        option.name + (option.value.map { " " + $0 } ?? "")
    }

    @Test("the table says record needs --cast")
    func table() {
        #expect(Self.required.map { "\($0.command.name) \($0.option.name)" } == ["record --cast"])
    }

    @Test("the parser refuses the command without it, in one line that names it, and --help still works")
    func parser() throws {
        for (command, option) in try Self.cases() {
            let result = try runProcess(catalog, [command.name, "animated-grid"])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "catalog: '\(command.name)' needs \(Self.synopsis(option)): \(option.help). "
                    + "See 'catalog \(command.name) --help'.\n"
            )
            #expect(try runProcess(catalog, [command.name, "--help"]).status == 0)
        }
    }

    @Test("--help shows it without brackets in the usage, and as required in the list of options")
    func help() throws {
        for (command, option) in try Self.cases() {
            let text = try runProcess(catalog, [command.name, "--help"]).stdout
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = lines.prefix { !$0.isEmpty }.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(usage.contains(" \(Self.synopsis(option))"), "\(usage)")
            #expect(!usage.contains("[\(Self.synopsis(option))]"), "\(usage)")
            #expect(usage.contains("[--"), "the other options keep their brackets: \(usage)")
            let entry = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(Self.synopsis(option)) }
            #expect(entry?.hasSuffix("(required)") == true, "\(text)")
        }
    }

    @Test("the manual's synopsis shows it without .Op, and its description says which command needs it")
    func manual() throws {
        let page = try runProcess(catalog, ["--generate-manual"]).stdout
        let lines = page.split(separator: "\n").map(String.init)
        let synopsis = Array(lines.drop { $0 != ".Sh SYNOPSIS" }.dropFirst().prefix { !$0.hasPrefix(".Sh ") })
        for (command, option) in try Self.cases() {
            let macro = ["Fl", String(option.name.dropFirst())] + (option.value.map { ["Ar", $0] } ?? [])
            let start = try #require(synopsis.firstIndex(of: ".Cm \(command.name)"))
            let own = synopsis[start...].dropFirst().prefix { $0 != ".Nm" }
            #expect(own.contains("." + macro.joined(separator: " ")), "\(own)")
            #expect(own.contains { $0.hasPrefix(".Op Fl") }, "the other options stay optional: \(own)")
            #expect(page.contains("Required by \(command.name)."), "\(option.name)")
        }
    }

    /// bash's offer of it, first once the entry is typed, is tried in a real bash by ``ShellCompletionTests``.
    @Test("the zsh and fish scripts describe it as required")
    func completions() throws {
        for (_, option) in try Self.cases() {
            let described = CompletionScript.description(of: option)
            #expect(described.hasSuffix("(required)"))
            for shell in ["zsh", "fish"] {
                let script = try runProcess(catalog, ["--generate-completion-script", shell]).stdout
                #expect(script.contains(described), "\(shell)")
            }
        }
    }
}
