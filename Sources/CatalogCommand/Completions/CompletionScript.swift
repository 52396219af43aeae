/// Shell completion scripts, one generator per shell, each drawn from ``CommandTable``.
///
/// Subcommands, options and option values complete from the table; `--file` completes paths; `open`, `snapshot` and
/// `record` complete entry ids and titles by calling the program back (`NAME ---complete open [--file PATH] --
/// PREFIX`), which asks the catalog's index, so the scripts never go stale when entries change. `open`'s `--set`
/// completes the same way (`NAME ---complete set [--file PATH] -- ID PREFIX`): the names of the controls of the entry
/// typed before it, then a choice's names or `true` and `false`. The program called back is the one on the command
/// line being completed, so another package's app completes its own entries.
///
/// Each script follows the parser's rules: a subcommand only as the first word, an option's value as the next word
/// or after `=`, no more operands than a command takes. What it inserts is quoted as the shell will read it, inside
/// an open quote or with backslashes, and what the user typed is passed to the program as data, never evaluated.
///
/// Install them as swift-argument-parser's are:
/// - bash: `source <(NAME --generate-completion-script bash)` in `~/.bashrc`, or save it as `NAME` in a
///   bash-completion directory such as `~/.local/share/bash-completion/completions/`;
/// - zsh: save it as `_NAME` in a directory on `$fpath` (for example `~/.zsh/completions`) and run `compinit`, or
///   `source <(NAME --generate-completion-script zsh)` after `compinit`;
/// - fish: save it as `~/.config/fish/completions/NAME.fish`.
enum CompletionScript {
    /// The shells there are scripts for.
    static let shells = ["bash", "zsh", "fish"]

    /// The script for a shell.
    ///
    /// - Parameters:
    ///   - shell: `bash`, `zsh` or `fish`.
    ///   - name: The program's name, which the script completes.
    /// - Returns: The script, or `nil` for another shell.
    static func script(for shell: String, name: String) -> String? {
        switch shell {
        case "bash": return Bash.script(name: name)
        case "zsh": return Zsh.script(name: name)
        case "fish": return Fish.script(name: name)
        default: return nil
        }
    }

    /// The program's name as part of a shell function's name: letters, digits and `_`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// A string in single quotes for any of the three shells (a quote inside is closed, escaped and reopened).
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Words as one shell would read them, each quoted only when it needs it, separated by spaces.
    static func words(_ words: [String]) -> String {
        words.map(CommandTable.shellWord).joined(separator: " ")
    }

    /// What an option does, as a completion describes it: its help, and "(required)" when a command needs it.
    static func description(of option: CommandTable.Option) -> String {
        option.help + (option.required ? " (required)" : "")
    }

    /// The options a command takes, in table order.
    static func options(of command: CommandTable.Command) -> [CommandTable.Option] {
        CommandTable.options(for: command)
    }

    /// The options that take a value, across all commands.
    static var valueOptions: [CommandTable.Option] { CommandTable.options.filter { $0.value != nil } }

    static var subcommands: [CommandTable.Command] { CommandTable.visibleSubcommands }
}
