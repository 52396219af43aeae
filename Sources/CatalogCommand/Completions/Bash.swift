extension CompletionScript {
    /// The bash script: a function for `complete -F`, reading `COMP_WORDS` and `COMP_CWORD`.
    enum Bash {
        static func script(name: String) -> String {
            let function = "_\(identifier(name))"
            let valueOptions = valueOptions.map(\.name).joined(separator: "|")
            var lines = [
                "# bash completion for \(name), made by `\(name) --generate-completion-script bash`.",
                "# Source it from ~/.bashrc, or save it as \(name) in a bash-completion directory.",
                "\(function)() {",
                "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\" file=\"\" i word",
                "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
                "    for (( i = 1; i < COMP_CWORD; i++ )); do",
                "        word=\"${COMP_WORDS[i]}\"",
                "        case \"$word\" in",
                "            --file) file=\"${COMP_WORDS[i+1]}\"; (( i++ )) ;;",
                "            --file=*) file=\"${word#--file=}\" ;;",
                "            \(valueOptions)) (( i++ )) ;;",
                "            -*) ;;",
                "            *) [[ -z $command ]] && command=\"$word\" ;;",
                "        esac",
                "    done",
                "    case \"$prev\" in",
            ]
            for option in CompletionScript.valueOptions {
                lines.append("        \(option.name)) \(values(option.completion, name: name)); return ;;")
            }
            lines += [
                "    esac",
                "    if [[ $cur == -* ]]; then",
                "        case \"$command\" in",
            ]
            for command in subcommands {
                let words = options(of: command).map(\.name).joined(separator: " ")
                lines.append("            \(command.name)) COMPREPLY=($(compgen -W \(quoted(words)) -- \"$cur\")) ;;")
            }
            let launch = options(of: CommandTable.launch).map(\.name).joined(separator: " ")
            lines += [
                "            *) COMPREPLY=($(compgen -W \(quoted(launch)) -- \"$cur\")) ;;",
                "        esac",
                "        return",
                "    fi",
                "    case \"$command\" in",
                "        \"\") COMPREPLY=($(compgen -W \(quoted(subcommands.map(\.name).joined(separator: " "))) -- \"$cur\")) ;;",
            ]
            for command in subcommands {
                guard let operands = command.operands else { continue }
                lines.append("        \(command.name)) \(values(operands.completion, name: name)) ;;")
            }
            lines += [
                "    esac",
                "}",
                "complete -F \(function) \(name)",
                "",
            ]
            return lines.joined(separator: "\n")
        }

        /// The statements that fill `COMPREPLY` for a kind of value.
        private static func values(_ completion: CommandTable.Completion, name: String) -> String {
            switch completion {
            case .none:
                return "COMPREPLY=()"
            case .files:
                return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .directories:
                return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .choices(let words):
                return "COMPREPLY=($(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\"))"
            case .commands:
                return values(.choices(subcommands.map(\.name)), name: name)
            case .entries:
                // Titles hold spaces: the callback gets the typed prefix unescaped, and each answer is quoted back.
                return "local prefix=\"${cur//\\\\ / }\" line; COMPREPLY=(); "
                    + "while IFS= read -r line; do COMPREPLY+=(\"$(printf '%q' \"$line\")\"); done "
                    + "< <(\"${COMP_WORDS[0]}\" ---complete open \"$prefix\" ${file:+--file \"$file\"} 2>/dev/null)"
            }
        }
    }
}
