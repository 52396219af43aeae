extension CompletionScript {
    /// The zsh script: `#compdef`, then `_arguments` for the launcher, or for the subcommand the first word names.
    /// zsh itself quotes what it inserts; the script only makes sure the words it passes on are unquoted data.
    enum Zsh {
        static func script(name: String) -> String {
            let function = "_\(identifier(name))"
            let prefix = "__\(identifier(name))"
            var lines = [
                "#compdef \(name)",
                "# zsh completion for \(name), made by `\(name) --generate-completion-script zsh`.",
                "# Save it as _\(name) in a directory on $fpath, then run compinit; or source it after compinit.",
                "",
                "# The entry ids and titles that start with the word typed, asked of the program on the command line, of",
                "# the catalog file it names if any, read as --flat, --read0 and --delimiter say. Every word passed on is",
                "# quoted, so nothing typed is evaluated.",
                "\(prefix)_entries() {",
                "    local -a entries source",
                "    # opt_args holds the words as typed, with _arguments' own backslashes on top.",
                "    local typed=$PREFIX file=${(Q)${(Q)opt_args[--file]}} option",
                "    [[ $compstate[quote] == \\' ]] || typed=${(Q)typed}",
                "    [[ $file == \\~/* ]] && file=$HOME/${file#\\~/}",
                "    if [[ -n $file ]]; then",
                "        source=(--file $file)",
                "        for option in --flat --read0; do",
                "            (( ${+opt_args[$option]} )) && source+=($option)",
                "        done",
                "        for option in -d --delimiter; do",
                "            (( ${+opt_args[$option]} )) && source+=(--delimiter ${(Q)${(Q)opt_args[$option]}})",
                "        done",
                "    fi",
                "    entries=(${(f)\"$(_call_program entries ${(q)\(prefix)_program} ---complete open ${(q)source} -- "
                    + "${(q)typed} </dev/null 2>/dev/null)\"})",
                "    compadd -M 'm:{[:lower:]}={[:upper:]}' -a entries",
                "}",
                "",
                "# The --set words that start with the word typed, for the controls of the entry named by the command line's",
                "# first operand, asked of the program, which offers none for an entry of a catalog file: a control's name=",
                "# with what it takes, and no space after it so that its value can follow; then a value.",
                "\(prefix)_settings() {",
                "    local -a settings names values source",
                "    local kind=${kind:-set}",
                "    local typed=$PREFIX entry=${(Q)line[1]} setting",
                "    [[ $compstate[quote] == \\' ]] || typed=${(Q)typed}",
                "    (( ${+opt_args[--file]} )) && source=(--file ${(Q)${(Q)opt_args[--file]}})",
                "    settings=(${(f)\"$(_call_program settings ${(q)\(prefix)_program} ---complete $kind ${(q)source} -- "
                    + "${(q)entry} ${(q)typed} </dev/null 2>/dev/null)\"})",
                "    for setting in $settings; do",
                "        if [[ $setting == *$'\\t'* ]]; then",
                "            names+=(${${setting%%$'\\t'*}//:/\\\\:}:${setting#*$'\\t'})",
                "        else",
                "            values+=($setting)",
                "        fi",
                "    done",
                "    _describe -t controls control names -S ''",
                "    compadd -a values",
                "}",
                "",
                "# The names of the scenarios of the entry named by the command line's first operand, as _settings asks.",
                "\(prefix)_scenarios() {",
                "    local kind=scenario",
                "    \(prefix)_settings \"$@\"",
                "}",
                "",
                "\(prefix)_commands() {",
                "    local -a commands",
                "    commands=(",
            ]
            for command in subcommands {
                lines.append("        \(quoted(command.name + ":" + command.summary))")
            }
            lines += [
                "    )",
                "    _describe -t commands command commands",
                "}",
                "",
                "\(function)() {",
                "    local \(prefix)_program=${(Q)words[1]}",
                "    [[ $\(prefix)_program == \\~/* ]] && \(prefix)_program=$HOME/${\(prefix)_program#\\~/}",
                "    local context state state_descr line curcontext=$curcontext",
                "    typeset -A opt_args",
                "    # The parser takes a subcommand only as the first word.",
                "    if (( CURRENT > 2 )) && [[ ${words[2]} != -* ]]; then",
                "        local command=${words[2]}",
                "        shift words",
                "        (( CURRENT-- ))",
                "        curcontext=${curcontext%:*:*}:\(name)-$command:",
                "        case $command in",
            ]
            for command in subcommands {
                var specs = specs(command, prefix: prefix)
                if let operands = command.operands, operands.maximum != 0 {
                    let action = action(operands.completion, prefix: prefix)
                    specs.append(
                        quoted((operands.maximum == 1 ? "" : "*") + ":" + escape(operands.name) + ":" + action))
                }
                lines.append("            (\(command.name))")
                lines += arguments(specs, indent: "                ")
                lines.append("                ;;")
            }
            lines += [
                "            (*)",
                "                _message \"no such command: $command\"",
                "                return 1",
                "                ;;",
                "        esac",
                "    else",
                "        local -a first",
                "        (( CURRENT == 2 )) && first=(': :\(prefix)_commands')",
            ]
            lines += arguments(specs(CommandTable.launch, prefix: prefix) + ["$first"], indent: "        ")
            lines += [
                "    fi",
                "}",
                "",
                "# Loaded from $fpath, this file is the function's body; sourced, it registers the function.",
                "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
                "    \(function) \"$@\"",
                "else",
                "    compdef \(function) \(name)",
                "fi",
                "",
            ]
            return lines.joined(separator: "\n")
        }

        /// An `_arguments -S` call over several lines.
        private static func arguments(_ specs: [String], indent: String) -> [String] {
            ["\(indent)_arguments -S \\"]
                + specs.enumerated().map { index, spec in
                    indent + "    " + spec + (index == specs.count - 1 ? "" : " \\")
                }
        }

        /// One `_arguments` spec per option of a command.
        private static func specs(_ command: CommandTable.Command, prefix: String) -> [String] {
            options(of: command).map { option in
                let help = "[" + escape(description(of: option)) + "]"
                let value =
                    option.value.map { ":" + escape($0) + ":" + action(option.completion, prefix: prefix) } ?? ""
                let repeated = option.repeatable ? "*" : ""
                guard let short = option.short else {
                    return [quoted(repeated + option.name + (option.value == nil ? "" : "=") + help + value)]
                }
                let excluded = "'(-\(short) \(option.name))'"
                guard option.value != nil else { return [excluded + "{-\(short),\(option.name)}" + quoted(help)] }
                // A value joined on or not (`-d:`, `-d :`), and after `=` or not (`--delimiter=:`).
                return [
                    excluded + quoted("-\(short)+" + help + value), excluded + quoted(option.name + "=" + help + value),
                ]
            }.flatMap { $0 }
        }

        /// The `_arguments` action for a kind of value.
        private static func action(_ completion: CommandTable.Completion, prefix: String) -> String {
            switch completion {
            case .none: return " "
            case .files: return "_files"
            case .directories: return "_files -/"
            case .choices(let words): return "(" + words.joined(separator: " ") + ")"
            case .commands: return "\(prefix)_commands"
            case .entries: return "\(prefix)_entries"
            case .settings: return "\(prefix)_settings"
            case .scenarios: return "\(prefix)_scenarios"
            }
        }

        /// Text inside `[…]` or between `:`s in a spec: brackets, colons and backslashes escaped.
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
