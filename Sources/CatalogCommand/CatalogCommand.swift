@_exported import CatalogKit
@_exported import CatalogTerminal
import Foundation
import Glibc

/// The whole `catalog` command-line application, for any package's own screens.
///
/// One call gives a package's executable the launcher, line mode, `list`, `search`, `tree` and `open` with
/// `--json` and `--file`, `--help`, `--version`, shell completions and a manual page, all under the name it gives:
///
/// ```swift
/// import CatalogCommand
///
/// CatalogCommand.main(name: "mycatalog", version: "1.2.0") { registry in
///     try registry.register("Login Form", in: ["Forms"]) { LoginForm() }
/// }
/// ```
///
/// Exit statuses: 0 success, 1 no match (or nothing picked), 2 a usage, input, registration or write error, 130
/// cancelled.
public enum CatalogCommand {
    /// Registers the screens, then runs the command line of this process and exits with its status.
    ///
    /// A registration mistake (a duplicate id, an empty title, a scenario that can't be played) is not a crash: it
    /// prints one line naming the entry, where it was registered and how to fix it, and exits with status 2,
    /// whatever the command, `--help` and shell completion included. A command that reads `--file` instead of the
    /// catalog doesn't register it: a one-shot search of a path list starts without that cost.
    ///
    /// - Parameters:
    ///   - name: The program's name, used in help, messages, completions and the manual.
    ///   - version: What `--version` prints after the name.
    ///   - register: Registers the screens the catalog holds.
    public static func main(
        name: String, version: String, register: (Registry<any Screen>) throws -> Void
    ) -> Never {
        let environment = ProcessInfo.processInfo.environment
        Handover.guardTerminal(environment)
        let registry = Registry<any Screen>()
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if !skipsRegistration(arguments, name: name, environment: environment) { try register(registry) }
        } catch {
            signal(SIGPIPE, SIG_IGN)
            Handover.giveBack()
            Context(registry: registry, name: name, version: version, environment: [:])
                .fail(registrationMessage(error))
            exit(2)
        }
        main(registry: registry, name: name, version: version)
    }

    /// Whether the command line (with the defaults variable) needs no registered catalog: it reads a catalog file
    /// instead (`--file`, or `--filter` on a pipe, which reads standard input), or only writes the completion
    /// script, which asks the program for entries as it completes. So a one-shot search doesn't pay for
    /// registering, and a registration mistake doesn't stop a shell's start-up file from sourcing the completions.
    /// A command line with a usage mistake registers as usual, so the mistake is reported as it would be otherwise.
    static func skipsRegistration(_ arguments: [String], name: String, environment: [String: String]) -> Bool {
        let context = Context(registry: Registry(), name: name, version: "", environment: environment)
        guard let words = try? withDefaults(arguments, context) else { return false }
        let describeCatalog: Set = ["--help", "--version", "--generate-manual"]
        let options = Arguments.options(in: words)
        if options.contains(where: { describeCatalog.contains($0.name) }) { return false }
        if options.contains(where: { $0.name == "--generate-completion-script" }) { return true }
        let file = options.contains { $0.name == "--file" }
        return file || filtersInput(filter: options.contains { $0.name == "--filter" }, file: file)
    }

    /// Whether `--filter` reads standard input as its list: given no `--file`, on a pipe, as `fzf -f` reads it.
    static func filtersInput(filter: Bool, file: Bool) -> Bool {
        filter && !file && isatty(STDIN_FILENO) == 0
    }

    /// The one line a registration error prints.
    static func registrationMessage(_ error: any Error) -> String {
        if let problem = error as? Registry<any Screen>.Error { return "registration: \(problem)" }
        return "registration failed: \(error)"
    }

    /// Runs the command line of this process and exits with its status.
    ///
    /// - Parameters:
    ///   - registry: The screens the catalog holds.
    ///   - name: The program's name, used in help, messages, completions and the manual.
    ///   - version: What `--version` prints after the name.
    public static func main(registry: Registry<any Screen>, name: String, version: String) -> Never {
        // A closed pipe is reported by write(2) as EPIPE, which the output handles, instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        Handover.guardTerminal(environment)
        // A handover (`--watch`) is this process's alone: nothing it starts inherits it.
        unsetenv(Handover.variable)
        exit(
            run(
                Array(CommandLine.arguments.dropFirst()), registry: registry, name: name, version: version,
                environment: environment))
    }

    /// Runs a command line and returns its exit status, writing to this process's standard output and error.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - registry: The screens the catalog holds.
    ///   - name: The program's name.
    ///   - version: The version.
    ///   - environment: The environment variables to read (`TERM`, `NO_COLOR`, `COLUMNS`, `LANG`, …).
    /// - Returns: The exit status.
    public static func run(
        _ arguments: [String], registry: Registry<any Screen>, name: String, version: String,
        environment: [String: String]
    ) -> Int32 {
        var context = Context(registry: registry, name: name, version: version, environment: environment)
        var status: Int32
        do {
            status = try Commands.run(try Arguments(withDefaults(arguments, context)), &context)
        } catch let error as Arguments.UsageError {
            Handover.giveBack()
            // The help that lists the options of the command given: `catalog search --help` for search's.
            let command = arguments.first.flatMap { first in
                CommandTable.visibleSubcommands.first { $0.name == first && $0.name != "help" }.map { " " + $0.name }
            }
            context.fail("\(error) See '\(name)\(command ?? "") --help'.")
            status = 2
        } catch {
            Handover.giveBack()
            context.fail("\(error)")
            status = 2
        }
        context.out.flush()
        if case .error(let code) = context.out.failure {
            context.fail("write error: \(String(cString: strerror(code)))")
            status = 2
        }
        return status
    }
}

extension CatalogCommand {
    /// The launcher's options for picking from `--file`, which need it, in the order a refusal names them.
    static let pickOptions = [
        "--multi", "--print0", "--preview-command", "--print-query", "--header-lines", "--expect", "--ignore-case",
    ]

    /// The options that read or pick from `--file`, and need it.
    static let fileOptions = Set(
        pickOptions + ["--flat", "--delimiter", "--read0", "--ansi", "--scheme", "--nth", "--tiebreak"])

    /// The variable of default options for a program: `CATALOG_DEFAULT_OPTS` for `catalog`.
    static func defaultOptionsVariable(_ name: String) -> String { variable(name, "_DEFAULT_OPTS") }

    /// The variable of the command a picker lists when nothing is piped in: `CATALOG_DEFAULT_COMMAND` for `catalog`.
    static func defaultCommandVariable(_ name: String) -> String { variable(name, "_DEFAULT_COMMAND") }

    private static func variable(_ name: String, _ suffix: String) -> String {
        String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }) + suffix
    }

    /// The arguments with the default options before them, when they open the launcher or picker (no subcommand),
    /// as fzf reads `FZF_DEFAULT_OPTS`: the command line's own options come later and win. A matching mode given on
    /// the command line (`--fuzzy`, `--exact`) replaces the variable's, so `--exact` kept there and a `--fuzzy` typed
    /// for one run don't exclude each other. The variable's options for reading and picking from a file (`--multi`,
    /// `--read0`, …) apply to a run that reads one, so `--multi` kept there doesn't stop the built-in launcher.
    static func withDefaults(_ arguments: [String], _ context: Context) throws -> [String] {
        let variable = defaultOptionsVariable(context.name)
        guard let text = context.environment[variable], !text.isEmpty else { return arguments }
        if let first = arguments.first, !first.hasPrefix("-") { return arguments }
        do {
            var words = try Arguments.words(text)
            let readsFile = Arguments.options(in: words + arguments).contains { $0.name == "--file" }
            if !readsFile {
                let fileOnly = Arguments.options(in: words).filter { Self.fileOptions.contains($0.name) }
                let dropped = Set(fileOnly.flatMap(\.words))
                words = words.indices.filter { !dropped.contains($0) }.map { words[$0] }
            }
            // Checked on their own, so a mistake is named as the variable's, even where the command line overrides it;
            // a file the command line names stands in for theirs.
            let file =
                Arguments.options(in: words).contains { $0.name == "--file" } || !readsFile ? [] : ["--file", "-"]
            let checked = try Arguments(words + file)
            _ = try LaunchCommand.menuOptions(checked)
            _ = try CatalogSource.format(checked)
            _ = try Launcher.border(checked)
            _ = try Launcher.colorMode(checked, detected: .none)
            let modes: Set = ["--fuzzy", "--exact"]
            if Arguments.flags(in: arguments).contains(where: { modes.contains($0.name) }) {
                let replaced = Set(Arguments.flags(in: words).filter { modes.contains($0.name) }.map(\.index))
                words = words.indices.filter { !replaced.contains($0) }.map { words[$0] }
            }
            return words + arguments
        } catch let error as Arguments.UsageError {
            throw Arguments.UsageError(description: "in \(variable): \(error)")
        }
    }
}

/// What every command works with: the catalog, the program's name, the environment, and the outputs.
struct Context {
    let registry: Registry<any Screen>
    let name: String
    /// The title of the catalog's root, in the launcher's breadcrumb and the tree: "Catalog" for `catalog`, the
    /// program's own name for another package's.
    var title: String { name == "catalog" ? "Catalog" : name }
    let version: String
    let environment: [String: String]
    /// The process's command line, its name first: what a rebuilt binary is started with (`--watch`).
    var commandLine = CommandLine.arguments
    /// Standard output, for data.
    var out = Output(STDOUT_FILENO)

    /// Prints a one-line message to standard error, sanitized and prefixed with the program's name.
    func fail(_ message: String) {
        var error = Output(STDERR_FILENO)
        error.line("\(name): " + message)
        error.flush()
    }
}

/// An input problem: the message names it; exit status 2.
struct InputError: Error, CustomStringConvertible {
    var description: String
}
