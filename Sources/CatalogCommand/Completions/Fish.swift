extension CompletionScript {
    /// The fish script: one `complete` line per subcommand and option, with conditions on the subcommand typed.
    enum Fish {
        static func script(name: String) -> String {
            let prefix = "__\(identifier(name))"
            let names = subcommands.map(\.name).joined(separator: " ")
            var lines = [
                "# fish completion for \(name), made by `\(name) --generate-completion-script fish`.",
                "# Save it as ~/.config/fish/completions/\(name).fish.",
                "",
                "function \(prefix)_command",
                "    set -l words (commandline -opc)",
                "    for word in $words[2..-1]",
                "        if contains -- $word \(names)",
                "            echo $word",
                "            return 0",
                "        end",
                "    end",
                "    return 1",
                "end",
                "",
                "function \(prefix)_entries",
                "    set -l words (commandline -opc)",
                "    set -l file",
                "    set -l index (contains -i -- --file $words)",
                "    and set file --file $words[(math $index + 1)]",
                "    $words[1] ---complete open (commandline -ct) $file 2>/dev/null",
                "end",
                "",
                "complete -c \(name) -f",
            ]
            for command in subcommands {
                lines.append(
                    "complete -c \(name) -n 'not \(prefix)_command' -a \(command.name) -d \(quoted(command.summary))")
            }
            for option in options(of: CommandTable.launch) {
                lines.append(line(option, name: name, condition: "not \(prefix)_command"))
            }
            for command in subcommands {
                let condition = "test (\(prefix)_command) = \(command.name)"
                for option in options(of: command) {
                    lines.append(line(option, name: name, condition: condition))
                }
                if let operands = command.operands, let values = values(operands.completion, name: name) {
                    lines.append("complete -c \(name) -n \(quoted(condition)) \(values)")
                }
            }
            lines.append("")
            return lines.joined(separator: "\n")
        }

        private static func line(_ option: CommandTable.Option, name: String, condition: String) -> String {
            var words = ["complete -c \(name) -n \(quoted(condition)) -l \(option.name.dropFirst(2))"]
            if let short = option.short { words.append("-s \(short)") }
            if option.value != nil { words.append(values(option.completion, name: name) ?? "-x") }
            words.append("-d \(quoted(option.help))")
            return words.joined(separator: " ")
        }

        /// The `complete` arguments for a kind of value.
        private static func values(_ completion: CommandTable.Completion, name: String) -> String? {
            switch completion {
            case .none: return nil
            case .files, .directories: return "-r -F"
            case .choices(let words): return "-x -a \(quoted(words.joined(separator: " ")))"
            case .commands: return "-x -a \(quoted(subcommands.map(\.name).joined(separator: " ")))"
            case .entries: return "-x -a '(__\(identifier(name))_entries)'"
            }
        }
    }
}
