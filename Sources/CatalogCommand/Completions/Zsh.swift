extension CompletionScript {
    /// The zsh script: `#compdef`, `_arguments` for the options, and a state for the subcommands.
    enum Zsh {
        static func script(name: String) -> String {
            let function = "_\(identifier(name))"
            var lines = [
                "#compdef \(name)",
                "# zsh completion for \(name), made by `\(name) --generate-completion-script zsh`.",
                "# Save it as _\(name) in a directory on $fpath, then run compinit.",
                "",
                "\(function)_entries() {",
                "    local -a entries",
                "    local file=${opt_args[--file]}",
                "    entries=(${(f)\"$(_call_program entries ${words[1]} ---complete open ${(Q)PREFIX} "
                    + "${file:+--file $file} 2>/dev/null)\"})",
                "    compadd -Q -a entries",
                "}",
                "",
                "\(function)() {",
                "    local context state state_descr line curcontext=\"$curcontext\"",
                "    typeset -A opt_args",
                "    _arguments -C \\",
            ]
            lines += specs(CommandTable.launch, name: name).map { "        \($0) \\" }
            lines += [
                "        '1: :->command' \\",
                "        '*:: :->arguments'",
                "    case $state in",
                "        command)",
                "            local -a commands",
                "            commands=(",
            ]
            for command in subcommands {
                lines.append("                \(quoted(command.name + ":" + escape(command.summary)))")
            }
            lines += [
                "            )",
                "            _describe -t commands command commands",
                "            ;;",
                "        arguments)",
                "            case $line[1] in",
            ]
            for command in subcommands {
                var specs = specs(command, name: name)
                if let operands = command.operands {
                    let action = action(operands.completion, name: name)
                    specs.append(quoted((operands.maximum == 1 ? "" : "*") + ":" + operands.name + ":" + action))
                }
                lines.append("                \(command.name))")
                lines.append("                    _arguments \\")
                lines += specs.dropLast().map { "                        \($0) \\" }
                if let last = specs.last { lines.append("                        \(last)") }
                lines.append("                    ;;")
            }
            lines += [
                "            esac",
                "            ;;",
                "    esac",
                "}",
                "",
                "\(function) \"$@\"",
                "",
            ]
            return lines.joined(separator: "\n")
        }

        /// One `_arguments` spec per option of a command.
        private static func specs(_ command: CommandTable.Command, name: String) -> [String] {
            options(of: command).map { option in
                let help = "[" + escape(option.help) + "]"
                let value = option.value.map { ":" + $0 + ":" + action(option.completion, name: name) } ?? ""
                if let short = option.short {
                    return "'(-\(short) \(option.name))'{-\(short),\(option.name)}" + quoted(help + value)
                }
                return quoted(option.name + (option.value == nil ? "" : "=") + help + value)
            }
        }

        /// The `_arguments` action for a kind of value.
        private static func action(_ completion: CommandTable.Completion, name: String) -> String {
            switch completion {
            case .none: return " "
            case .files: return "_files"
            case .directories: return "_files -/"
            case .choices(let words): return "(" + words.joined(separator: " ") + ")"
            case .commands: return "(" + subcommands.map(\.name).joined(separator: " ") + ")"
            case .entries: return "_\(identifier(name))_entries"
            }
        }

        /// Text inside `[…]` or after `:` in a spec: brackets and colons escaped.
        private static func escape(_ text: String) -> String {
            var escaped = ""
            for character in text {
                if character == "[" || character == "]" || character == ":" || character == "\\" { escaped += "\\" }
                escaped.append(character)
            }
            return escaped
        }
    }
}
