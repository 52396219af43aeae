/// `--help` and `help COMMAND`, drawn from ``CommandTable``.
enum Help {
    /// The options a synopsis leaves out: the ones every command has, and the generators.
    static let unlisted: Set<String> = ["--help", "--version", "--generate-completion-script", "--generate-manual"]

    /// A command's synopsis after its name, one unit for the operands and one for each option, so that wrapping
    /// never parts an option from its value: `QUERY... [--fuzzy] [--json] [--limit N]`, and a required option without
    /// brackets, `ID|TITLE --cast FILE [--scenario NAME]`.
    static func synopsisUnits(of command: CommandTable.Command) -> [String] {
        var units: [String] = []
        if let operands = command.operands {
            units.append(operands.minimum == 0 ? "[\(operands.name)]" : operands.name)
        }
        for option in synopsisOptions(of: command) {
            let unit = option.name + (option.value.map { " " + $0 } ?? "")
            units.append(option.required ? unit : "[" + unit + "]")
        }
        return units
    }

    /// The options a synopsis shows, the required ones first, each group in table order.
    static func synopsisOptions(of command: CommandTable.Command) -> [CommandTable.Option] {
        let options = CommandTable.options(for: command).filter { !unlisted.contains($0.name) }
        return options.filter(\.required) + options.filter { !$0.required }
    }

    /// The help text of a command.
    ///
    /// - Parameters:
    ///   - command: The command; the launcher's help also lists the commands.
    ///   - name: The program's name.
    /// - Returns: The text, without a final newline.
    static func text(for command: CommandTable.Command, name: String) -> String {
        // The synopsis, wrapped under its own start: `usage: catalog open ID|TITLE [--file PATH]` …
        let lead = "usage: \(name)" + (command.name.isEmpty ? "" : " \(command.name)")
        let indent = String(repeating: " ", count: lead.count + 1)
        let wrappedUsage = wrappedWords(synopsisUnits(of: command), width: 80 - indent.count)
        var lines = [lead + (wrappedUsage.first.map { " " + $0 } ?? "")] + wrappedUsage.dropFirst().map { indent + $0 }
        if command.name.isEmpty { lines.append("       \(name) COMMAND [OPTIONS]") }
        lines += [""] + wrapped(command.description, width: 80) + [""]
        if command.name.isEmpty {
            lines.append("commands:")
            let commands = CommandTable.visibleSubcommands
            let width = (commands.map(\.name.count).max() ?? 0) + 2
            for command in commands {
                lines.append("  " + command.name.padded(to: width) + command.summary)
            }
            lines.append("")
        }
        lines.append("options:")
        let options = CommandTable.options(for: command)
        let names = options.map { option in
            (option.short.map { "-\($0), " } ?? "") + option.name + (option.value.map { " " + $0 } ?? "")
        }
        // The help column starts after the longest name up to 22 characters; a longer name has its help below it.
        let width = min((names.map(\.count).max() ?? 0), 22) + 2
        for (option, label) in zip(options, names) {
            let help = wrapped(option.help + (option.required ? " (required)" : ""), width: 80 - 2 - width)
            let indent = String(repeating: " ", count: 2 + width)
            if label.count + 2 > width {
                lines.append("  " + label)
                lines += help.map { indent + $0 }
            } else {
                lines.append("  " + label.padded(to: width) + (help.first ?? ""))
                lines += help.dropFirst().map { indent + $0 }
            }
        }
        lines += [""]
        lines += wrapped(ExitStatus.helpLine, width: 80)
        return lines.joined(separator: "\n")
    }
}

/// The exit statuses, one text for every `--help`'s last line and the manual's EXIT STATUS, so the two agree.
enum ExitStatus {
    /// Each status with what `--help` says of it, and the manual's detail after it.
    static let all: [(status: Int32, summary: String, detail: String)] = [
        (0, "success", "the command did what was asked, or the user left the launcher."),
        (
            1, "nothing matched (search, a picker) or a snapshot differed",
            "search found no entry, or a picker ended with nothing picked (--exit-0, or Enter with no match or on "
                + "empty input); or snapshot found a frame unlike its golden or a scenario it could not play, or, "
                + "with --record never, a golden missing or stale."
        ),
        (
            2, "usage or input error (an unknown entry too)",
            "a usage error, a bad catalog file, an entry that open, record or snapshot can't find, no terminal to "
                + "pick on or a terminal that failed, or a failed write (a full disk)."
        ),
        (130, "cancelled", "Ctrl-C, or a picker left without a pick (Esc at the root, Ctrl-D, q in line mode)."),
    ]

    /// `--help`'s last line: `exit status: 0 success, 1 nothing matched …`.
    static var helpLine: String {
        "exit status: " + all.map { "\($0.status) \($0.summary)" }.joined(separator: ", ")
    }

    /// The manual's sentence for a status: its summary, capitalised, then the detail.
    static func manualText(_ summary: String, _ detail: String) -> String {
        (summary.first?.uppercased() ?? "") + summary.dropFirst() + ": " + detail
    }
}

/// Text broken into lines of at most `width` characters, at spaces; a longer word stands alone.
func wrapped(_ text: String, width: Int) -> [String] {
    wrappedWords(text.split(separator: " ").map(String.init), width: width)
}

/// Words joined into lines of at most `width` characters; an option with its value (`[--file PATH]`) stays whole.
func wrappedWords(_ words: [String], width: Int) -> [String] {
    var units: [String] = []
    for word in words {
        if let last = units.last, last.hasPrefix("["), !last.hasSuffix("]") {
            units[units.count - 1] += " " + word
        } else {
            units.append(word)
        }
    }
    var lines: [String] = []
    var line = ""
    for word in units {
        if !line.isEmpty, line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

extension String {
    /// The string padded with spaces to a number of characters.
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
