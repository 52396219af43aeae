extension CompletionScript {
    /// The fish script: one `complete` line per subcommand, option and operand, each with a condition on the words
    /// typed. fish itself quotes what it inserts; the script passes the word typed on unescaped, as data.
    enum Fish {
        static func script(name: String) -> String {
            let prefix = "__\(identifier(name))"
            let skipped = valueOptions.map(\.name).joined(separator: " ")
            var lines = [
                "# fish completion for \(name), made by `\(name) --generate-completion-script fish`.",
                "# Save it as ~/.config/fish/completions/\(name).fish.",
                "",
                "function \(prefix)_command --description 'the subcommand: the first word, unless it is an option'",
                "    set -l words (commandline -opc)",
                "    if set -q words[2]; and not string match -q -- '-*' $words[2]",
                "        echo $words[2]",
                "    else",
                "        return 1",
                "    end",
                "end",
                "",
                "function \(prefix)_first --description 'whether the word typed is the first after the program'",
                "    test (count (commandline -opc)) -eq 1",
                "end",
                "",
                "function \(prefix)_using --description 'whether the subcommand is the one named'",
                "    set -l command (\(prefix)_command)",
                "    and test \"$command\" = \"$argv[1]\"",
                "end",
                "",
                "function \(prefix)_operands --description 'whether the subcommand has fewer operands than $argv[1]'",
                "    set -l words (commandline -opc)",
                "    set -e words[1..2]",
                "    set -l count 0",
                "    while set -q words[1]",
                "        switch $words[1]",
                "            case \(skipped)",
                "                set -e words[1]",
                "            case '-*'",
                "            case '*'",
                "                set count (math $count + 1)",
                "        end",
                "        set -e words[1]",
                "    end",
                "    test $count -lt $argv[1]",
                "end",
                "",
                "function \(prefix)_entries --description 'the entry ids and titles that start with the word typed'",
                "    set -l words (commandline -opc)",
                "    set -l program $words[1]",
                "    string match -q -- '~/*' $program; and set program $HOME/(string sub -s 3 -- $program)",
                "    set -l source",
                "    set -l reading",
                "    for index in (seq (count $words))",
                "        switch $words[$index]",
                "            case --file",
                "                set -q words[(math $index + 1)]; and set source --file $words[(math $index + 1)]",
                "            case '--file=*'",
                "                set source --file (string sub -s 8 -- $words[$index])",
                "            case --delimiter",
                "                set -q words[(math $index + 1)]",
                "                and set reading $reading --delimiter $words[(math $index + 1)]",
                "            case '--delimiter=*' --flat --read0",
                "                set reading $reading $words[$index]",
                "        end",
                "    end",
                "    if set -q source[2]; and string match -q -- '~/*' $source[2]",
                "        set source[2] $HOME/(string sub -s 3 -- $source[2])",
                "    end",
                "    set -q source[1]; and set source $source $reading",
                "    $program ---complete open $source -- (commandline -ct | string unescape) </dev/null 2>/dev/null",
                "end",
                "",
                "function \(prefix)_settings --description 'the --set words, or the scenarios, of the entry typed'",
                "    set -l kind set",
                "    set -q argv[1]; and set kind $argv[1]",
                "    set -l words (commandline -opc)",
                "    set -l program $words[1]",
                "    string match -q -- '~/*' $program; and set program $HOME/(string sub -s 3 -- $program)",
                "    set -e words[1..2]",
                "    set -l source",
                "    set -l entry",
                "    while set -q words[1]",
                "        switch $words[1]",
                "            case \(skipped)",
                "                test $words[1] = --file; and set -q words[2]; and set source --file $words[2]",
                "                set -e words[1]",
                "            case '--file=*'",
                "                set source --file (string sub -s 8 -- $words[1])",
                "            case '-*'",
                "            case '*'",
                "                set -q entry[1]; or set entry $words[1]",
                "        end",
                "        set -e words[1]",
                "    end",
                "    set -l typed (commandline -ct | string unescape | string replace -r -- '^--(set|scenario)=' '')",
                "    $program ---complete $kind $source -- \"$entry\" \"$typed\" </dev/null 2>/dev/null",
                "end",
                "",
                "complete -c \(name) -f",
            ]
            for command in subcommands {
                lines.append("complete -c \(name) -n \(prefix)_first -a \(command.name) -d \(quoted(command.summary))")
            }
            for option in options(of: CommandTable.launch) {
                lines.append(line(option, name: name, condition: "not \(prefix)_command", prefix: prefix))
            }
            for command in subcommands {
                let condition = "\(prefix)_using \(command.name)"
                for option in options(of: command) {
                    lines.append(line(option, name: name, condition: condition, prefix: prefix))
                }
                if let operands = command.operands, operands.maximum != 0,
                    let values = values(operands.completion, prefix: prefix)
                {
                    let more = operands.maximum.map { "; and \(prefix)_operands \($0)" } ?? ""
                    lines.append("complete -c \(name) -n \(quoted(condition + more)) \(values)")
                }
            }
            lines.append("")
            return lines.joined(separator: "\n")
        }

        private static func line(
            _ option: CommandTable.Option, name: String, condition: String, prefix: String
        ) -> String {
            var words = ["complete -c \(name) -n \(quoted(condition)) -l \(option.name.dropFirst(2))"]
            if let short = option.short { words.append("-s \(short)") }
            if option.value != nil { words.append(values(option.completion, prefix: prefix) ?? "-x") }
            words.append("-d \(quoted(description(of: option)))")
            return words.joined(separator: " ")
        }

        /// The `complete` arguments for a kind of value.
        private static func values(_ completion: CommandTable.Completion, prefix: String) -> String? {
            switch completion {
            case .none: return nil
            case .files: return "-r -F"
            case .directories: return "-x -a '(__fish_complete_directories)'"
            case .choices(let words): return "-x -a \(quoted(words.joined(separator: " ")))"
            case .commands: return "-x -a \(quoted(subcommands.map(\.name).joined(separator: " ")))"
            case .entries: return "-x -a '(\(prefix)_entries)'"
            case .settings: return "-x -a '(\(prefix)_settings)'"
            case .scenarios: return "-x -a '(\(prefix)_settings scenario)'"
            }
        }
    }
}
