extension CompletionScript {
    /// The bash script: a function for `complete -F` that reads the line up to the cursor as bash will (quotes,
    /// backslashes, and where readline starts the word it replaces), so that what it offers goes in quoted for its
    /// place. It needs no bash-completion, and works beside it.
    enum Bash {
        static func script(name: String) -> String {
            let prefix = "__\(identifier(name))"
            var lines = header(name: name, prefix: prefix).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            // An option that takes a value, spelled long or short (`-q TEXT`): the word after it is its value.
            let spellings = { (option: CommandTable.Option) in [option.name] + (option.short.map { ["-\($0)"] } ?? []) }
            let skipped = valueOptions.flatMap(spellings).joined(separator: "|")
            lines += [
                "_\(identifier(name))() {",
                "    local cur program command=\"\" file=\"\" prev=\"\" given=\" \" option=\"\" before=\"\" value=\"\"",
                "    local word i count start=1 operands=0 entry=\"\"",
                "    local -a reading=()",
                "    \(prefix)_read_line",
                "    count=$(( ${#\(prefix)_words[@]} - 1 ))",
                "    cur=\"${\(prefix)_words[count]}\"",
                "    program=\"${\(prefix)_words[0]}\"",
                "    [[ $program == \"~/\"* ]] && program=\"$HOME/${program:2}\"",
                "    # The parser takes a subcommand only as the first word.",
                "    if (( count > 1 )) && [[ ${\(prefix)_words[1]} != -* ]]; then",
                "        command=\"${\(prefix)_words[1]}\" start=2",
                "    fi",
                "    for (( i = start; i < count; i++ )); do",
                "        word=\"${\(prefix)_words[i]}\"",
                "        case \"$word\" in",
                "            --file) file=\"${\(prefix)_words[i+1]}\" ;;",
                "            --file=*) file=\"${word#--file=}\" ;;",
                "            --delimiter) reading+=(\"$word\" \"${\(prefix)_words[i+1]}\") ;;",
                "            --delimiter=* | --flat | --read0) reading+=(\"$word\") ;;",
                "        esac",
                "        case \"$word\" in",
                "            \(skipped)) given+=\"$word \"; (( i++ )) ;;",
                "            -*) given+=\"${word%%=*} \" ;;",
                "            *) (( operands++ )); [[ -n $entry ]] || entry=\"$word\" ;;",
                "        esac",
                "    done",
                "    [[ $file == \"~/\"* ]] && file=\"$HOME/${file:2}\"",
                "    (( count >= start )) && prev=\"${\(prefix)_words[count-1]}\"",
                "    # An option's value: after its '=', or the word after it.",
                "    if [[ $cur == --*=* ]]; then",
                "        option=\"${cur%%=*}\" before=\"${cur%%=*}=\" value=\"${cur#*=}\"",
                "    elif (( count >= start )); then",
                "        option=\"$prev\" value=\"$cur\"",
                "    fi",
                "    case \"$option\" in",
            ]
            // One arm per kind of value, naming its options.
            var arms: [(names: [String], action: String)] = []
            for option in valueOptions {
                let action = values(option.completion, prefix: prefix, before: "\"$before\"", value: "\"$value\"")
                if let index = arms.firstIndex(where: { $0.action == action }) {
                    arms[index].names += spellings(option)
                } else {
                    arms.append((spellings(option), action))
                }
            }
            for arm in arms {
                lines.append("        \(arm.names.joined(separator: "|"))) \(arm.action); return ;;")
            }
            lines += [
                "    esac",
                "    case \"$command\" in",
                "        \"\")",
                "            if (( count == 1 )) && [[ $cur != -* ]]; then",
                "                \(prefix)_choose \"\" \"$cur\" \(words(subcommands.map(\.name)))",
                "            else",
                "                \(prefix)_choose \"\" \"$cur\" \(words(options(of: CommandTable.launch).map(\.name)))",
                "            fi",
                "            ;;",
            ]
            for command in subcommands {
                lines.append("        \(command.name))")
                lines += branches(for: command, prefix: prefix).map { "            " + $0 }
                lines.append("            ;;")
            }
            lines += [
                "        *) COMPREPLY=() ;;",
                "    esac",
                "}",
                "complete -F _\(identifier(name)) \(name)",
                "",
            ]
            return lines.joined(separator: "\n")
        }

        /// What a subcommand offers: its operands while it takes more, the required options it lacks, then its
        /// options.
        private static func branches(for command: CommandTable.Command, prefix: String) -> [String] {
            let options = options(of: command)
            var branches: [(condition: String, action: String)] = []
            if let operands = command.operands, operands.maximum != 0 {
                let more = operands.maximum.map { " && (( operands < \($0) ))" } ?? ""
                let action = values(operands.completion, prefix: prefix, before: "\"\"", value: "\"$cur\"")
                branches.append(("[[ $cur != -* ]]\(more)", action))
            }
            let required = options.filter(\.required)
            if !required.isEmpty {
                let missing = required.map { "$given != *\" \($0.name) \"*" }.joined(separator: " || ")
                let offer = "\(prefix)_choose \"\" \"$cur\" \(words(required.map(\.name)))"
                branches.append(("[[ $cur != -* ]] && [[ \(missing) ]]", offer))
            }
            let all = "\(prefix)_choose \"\" \"$cur\" \(words(options.map(\.name)))"
            guard !branches.isEmpty else { return [all] }
            var lines: [String] = []
            for (index, branch) in branches.enumerated() {
                lines.append((index == 0 ? "if " : "elif ") + branch.condition + "; then")
                lines.append("    " + branch.action)
            }
            return lines + ["else", "    " + all, "fi"]
        }

        /// The statement that offers values of a kind.
        ///
        /// - Parameters:
        ///   - completion: What the values are.
        ///   - prefix: The start of the script's function names.
        ///   - before: What precedes the value in its word (`"$before"`, `--sort=` after an `=`), as shell code.
        ///   - value: The value typed so far, as shell code.
        /// - Returns: The statement.
        private static func values(
            _ completion: CommandTable.Completion, prefix: String, before: String, value: String
        ) -> String {
            switch completion {
            case .none: return "COMPREPLY=()"
            case .files: return "\(prefix)_paths -f \(before) \(value)"
            case .directories: return "\(prefix)_paths -d \(before) \(value)"
            case .choices(let choices): return "\(prefix)_choose \(before) \(value) \(words(choices))"
            case .commands: return "\(prefix)_choose \(before) \(value) \(words(subcommands.map(\.name)))"
            case .entries: return "\(prefix)_entries \"$program\" \"$file\" \(before) \(value) \"${reading[@]}\""
            case .settings: return "\(prefix)_settings \"$program\" \"$file\" \"$entry\" \(before) \(value)"
            case .scenarios: return "\(prefix)_settings \"$program\" \"\" \"$entry\" \(before) \(value) scenario"
            }
        }

        /// The functions every script has: reading the line, and offering words, paths and entries.
        private static func header(name: String, prefix: String) -> String {
            #"""
            # bash completion for \#(name), made by `\#(name) --generate-completion-script bash`.
            # Source it from ~/.bashrc, or save it as \#(name) in a bash-completion directory.

            # Reads the line up to the cursor as bash will: \#(prefix)_words gets its words unquoted, the last being the one
            # typed; \#(prefix)_quote the quote left open in that word; \#(prefix)_kept the start of that word that readline
            # keeps (up to a character of COMP_WORDBREAKS, or an open quote), unquoted. COMP_POINT counts characters, and
            # the loop bytes, so that no locale can split a character.
            \#(prefix)_read_line() {
                local line="${COMP_LINE:0:COMP_POINT}"
                local LC_ALL=C
                local word="" kept="" outside="" quote="" started="" char i
                \#(prefix)_words=()
                for (( i = 0; i < ${#line}; i++ )); do
                    char="${line:i:1}"
                    if [[ $quote == "'" ]]; then
                        if [[ $char == "'" ]]; then quote="" kept="$outside"; else word+="$char"; fi
                    elif [[ $quote == '"' ]]; then
                        if [[ $char == '"' ]]; then
                            quote="" kept="$outside"
                        elif [[ $char == '\' && ${line:i+1:1} == [\$\`\"\\] ]]; then
                            word+="${line:i+1:1}"
                            (( i++ ))
                        else
                            word+="$char"
                        fi
                    elif [[ $char == [[:space:]] ]]; then
                        [[ -n $started ]] && \#(prefix)_words+=("$word")
                        word="" kept="" started=""
                    elif [[ $char == '\' ]]; then
                        word+="${line:i+1:1}"
                        (( i++ ))
                        started=1
                    elif [[ $char == [\'\"] ]]; then
                        quote="$char" outside="$kept" kept="$word" started=1
                    else
                        # Readline starts its word after a break character, or at @ or $, which it keeps.
                        [[ $char == [@\$] && $COMP_WORDBREAKS == *"$char"* ]] && kept="$word"
                        word+="$char" started=1
                        [[ $char != [@\$] && $COMP_WORDBREAKS == *"$char"* ]] && kept="$word"
                    fi
                done
                \#(prefix)_words+=("$word")
                \#(prefix)_quote="$quote"
                \#(prefix)_kept="$kept"
            }

            # Offers whole words for the word typed: each without the start readline keeps, and, unless readline quotes
            # them itself ($1 is raw), quoted for where they go: inside the open quote, or with backslashes.
            \#(prefix)_offer() {
                local how="$1" word
                shift
                COMPREPLY=()
                for word in "$@"; do
                    [[ $word == "$\#(prefix)_kept"* ]] || continue
                    word="${word:${#\#(prefix)_kept}}"
                    if [[ $how == raw ]]; then
                        :
                    elif [[ $\#(prefix)_quote == "'" ]]; then
                        word="${word//"'"/"'\''"}"
                    elif [[ $\#(prefix)_quote == '"' ]]; then
                        word="${word//"\\"/"\\\\"}" word="${word//'"'/'\"'}"
                        word="${word//'$'/'\$'}" word="${word//'`'/'\`'}"
                    else
                        printf -v word '%q' "$word"
                    fi
                    COMPREPLY+=("$word")
                done
            }

            # Offers the words ($3…) that start with the value typed ($2), after what precedes it in its word ($1).
            \#(prefix)_choose() {
                local before="$1" value="$2" word
                local -a found=()
                shift 2
                for word in "$@"; do
                    [[ $word == "$value"* ]] && found+=("$before$word")
                done
                \#(prefix)_offer quoted "${found[@]}"
            }

            # Offers the paths (-f) or directories (-d) that start with the value typed ($3), after $2; readline quotes
            # them, as it does file names.
            \#(prefix)_paths() {
                local path
                local -a found=()
                while IFS= read -r path; do
                    found+=("$2$path")
                done < <(compgen "$1" -- "$3")
                compopt -o filenames 2>/dev/null
                \#(prefix)_offer raw "${found[@]}"
            }

            # Offers the entry ids and titles that start with the value typed ($4), after $3, asked of the program itself
            # ($1), of a catalog file when one is given ($2), read as the options after them say (--flat, --read0,
            # --delimiter). What was typed is passed as data, never evaluated. The program matches any case; those that
            # start with the value as typed come alone where there are any, so bash can put their common start in
            # (`co` completes to `controls/slider`, not to nothing beside `Counter`).
            \#(prefix)_entries() {
                local entry
                local -a found=() source=() exact=()
                [[ -n $2 ]] && source=(--file "$2" "${@:5}")
                while IFS= read -r entry; do
                    found+=("$3$entry")
                    [[ $entry == "$4"* ]] && exact+=("$3$entry")
                done < <("$1" ---complete open "${source[@]}" -- "$4" </dev/null 2>/dev/null)
                (( ${#exact[@]} )) && found=("${exact[@]}")
                \#(prefix)_offer quoted "${found[@]}"
            }

            # Offers the --set words that start with the value typed ($5), after $4, for the controls of the entry named
            # by the command line's first operand ($3), asked of the program itself ($1), which offers none for an entry
            # of a catalog file ($2). A control's name= goes in with no space after it, so that its value can follow;
            # a description after a tab is dropped. What was typed is passed as data, never evaluated. With "scenario"
            # as $6, the entry's scenario names instead.
            \#(prefix)_settings() {
                local setting
                local -a found=() source=()
                [[ -n $2 ]] && source=(--file "$2")
                while IFS= read -r setting; do
                    found+=("$4${setting%%$'\t'*}")
                done < <("$1" ---complete "${6:-set}" "${source[@]}" -- "$3" "$5" </dev/null 2>/dev/null)
                \#(prefix)_offer quoted "${found[@]}"
                [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
            }

            """#
        }
    }
}
