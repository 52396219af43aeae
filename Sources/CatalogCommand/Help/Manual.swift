/// The manual page, section 1, in mdoc: made from ``CommandTable``, the same table `--help` reads.
enum Manual {
    /// The date the manual states, fixed so the page is the same on every machine.
    static let date = "November 30, 2026"

    /// The manual page.
    ///
    /// - Parameters:
    ///   - name: The program's name.
    ///   - version: Its version.
    /// - Returns: The page, ending in a newline.
    static func page(name: String, version: String, registry: Registry<any Screen> = Registry()) -> String {
        // What this program's own catalog holds: its examples name its first entry, and the built-in demos'
        // settings file is described only where the demo is.
        let snapshot = registry.snapshot()
        let first = snapshot.recordsInOrder.first.map { Int($0) }
        let hasSettingsDemo = snapshot.table.record(withID: "storage/appstorage") != nil
        var page = Page()
        // Unquoted, as groff's mdoc reads a date: quoted, groff 1.22 prints today's instead.
        page.line(".Dd \(date)")
        page.macro("Dt", name.uppercased(), "1")
        page.macro("Os")
        page.macro("Sh", "NAME")
        page.macro("Nm", name)
        page.macro("Nd", "browse, search and run a catalog of terminal screens")

        page.macro("Sh", "SYNOPSIS")
        for command in CommandTable.commands where !command.hidden {
            synopsis(of: command, on: &page)
        }

        page.macro("Sh", "DESCRIPTION")
        page.text(CommandTable.launch.description)
        page.macro("Pp")
        page.text(
            "Every entry has a full path of groups and a title, keywords and a summary. Search folds text before "
                + "comparing it: case is folded fully, accents on Latin letters are dropped and compatibility forms "
                + "are unified, so STRASSE finds Straße and ubersicht finds Übersicht. Titles sort in natural order, "
                + "numbers by value.")

        page.macro("Sh", "COMMANDS")
        page.macro("Bl", "-tag", "-width", "Ds")
        for command in CommandTable.visibleSubcommands {
            page.macro(["It", "Cm", command.name] + operandsMacro(command))
            page.text(command.description)
        }
        page.macro("El")

        page.macro("Sh", "OPTIONS")
        page.macro("Bl", "-tag", "-width", "Ds")
        for option in CommandTable.options {
            // The one-letter alias first, as the help lists it: `-m, --multi`.
            var item =
                ["It"] + (option.short.map { ["Fl", String($0), ","] } ?? []) + ["Fl", String(option.name.dropFirst())]
            if let value = option.value { item += ["Ar", value] }
            page.macro(item)
            let commands =
                option.commands.count >= CommandTable.commands.count - 1
                ? "every command"
                : CommandTable.commands.filter { !$0.hidden && option.commands.contains($0.name) }
                    .map { $0.name.isEmpty ? "the launcher" : $0.name }.joined(separator: ", ")
            page.text(sentence(option.help) + (option.required ? " Required by " : " For ") + commands + ".")
        }
        page.macro("El")

        page.macro("Sh", "KEYS")
        page.text(
            "In the launcher and the picker, every printable key goes into the filter; digits open items of the "
                + "built-in catalog while the filter is empty. Escape goes back one step. --bind binds others.")
        page.macro("Bl", "-tag", "-width", "Ds")
        for item in MenuKeys.reference {
            page.macro("It", Self.spelled(item.keys))
            page.text(sentence(item.help, capitalised: true))
        }
        page.macro("El")

        page.macro("Sh", "ENVIRONMENT")
        page.macro("Bl", "-tag", "-width", "Ds")
        for variable in CommandTable.environment where hasSettingsDemo || variable.name != "XDG_CONFIG_HOME" {
            page.macro("It", "Ev", variable.name)
            page.text(sentence(variable.help))
        }
        page.macro("El")

        page.macro("Sh", "FILES")
        page.macro("Bl", "-tag", "-width", "Ds")
        page.macro("It", "Pa", "$XDG_STATE_HOME/\(name)/history/")
        page.text(
            "What the launcher remembers of each catalog: the entries opened, how often and when, and the favourites; "
                + "registry.json for the built-in catalog, a file named for each catalog file's real path otherwise. "
                + "Written atomically under a lock, and moved aside when corrupt.")
        if hasSettingsDemo {
            page.macro("It", "Pa", "$XDG_CONFIG_HOME/catalog/settings.json")
            page.text("Settings the @AppStorage demo keeps; written atomically, and kept aside when corrupt.")
        }
        page.macro("It", "Pa", "Tests/Snapshots/")
        page.text(
            "Where snapshot keeps golden files by default: one a scenario, named by the entry's id and the "
                + "scenario's name, holding the frame as seen and a style layer.")
        page.macro("It", "Ar", "catalog file")
        page.text(
            "UTF-8 text, one entry per line written as its full path (Group/Sub/Title, at most 100 groups deep), "
                + "optionally followed by a TAB and comma-separated keywords. Blank lines are skipped; CRLF and a "
                + "byte order mark are accepted. Paths may also be written as find prints them: absolute, with ./, "
                + "// or a trailing /, and with bytes that are not UTF-8, which are shown as U+FFFD and printed as "
                + "read; the lines / and . are entries of their own. A path that an earlier line names is an error, except in the picker, which lists it once."
        )
        page.macro("El")

        page.macro("Sh", "EXIT STATUS")
        page.macro("Bl", "-tag", "-width", "Ds")
        // The same words as every --help's last line, with more detail.
        for (status, summary, detail) in ExitStatus.all {
            page.macro("It", String(status))
            page.text(ExitStatus.manualText(summary, detail))
        }
        page.macro("El")

        page.macro("Sh", "EXAMPLES")
        page.macro("Bl", "-tag", "-width", "Ds")
        let examples = CommandTable.examples(first: first.map { snapshot.table.id($0) }) {
            snapshot.table.record(withID: $0) != nil
        }
        for example in examples {
            // `.Nm` with an argument would print the argument as the program's name; the whole command line is
            // one `.Ic`, so each example is runnable as printed.
            page.macro([
                "It", "Ic", ([name] + (example.arguments.isEmpty ? [] : [example.arguments])).joined(separator: " "),
            ])
            page.text(example.explanation)
        }
        page.macro("El")
        return page.text
    }

    /// One synopsis: `.Nm`, the command, its operands and its options.
    private static func synopsis(of command: CommandTable.Command, on page: inout Page) {
        page.macro("Nm")
        if !command.name.isEmpty { page.macro("Cm", command.name) }
        if let operands = command.operands {
            page.macro(operands.minimum == 0 ? ["Op", "Ar", operands.name] : ["Ar", operands.name])
        }
        for option in Help.synopsisOptions(of: command) {
            let words = ["Fl", String(option.name.dropFirst())] + (option.value.map { ["Ar", $0] } ?? [])
            page.macro(option.required ? words : ["Op"] + words)
        }
    }

    private static func operandsMacro(_ command: CommandTable.Command) -> [String] {
        guard let operands = command.operands else { return [] }
        return operands.minimum == 0 ? ["Op", "Ar", operands.name] : ["Ar", operands.name]
    }

    /// A help text as a sentence of the page: ended by a full stop, and capitalised when asked. The help of
    /// options and variables is left as written, since much of it starts with a value to type (`name`, `dumb`,
    /// `truecolor`), which a capital would misspell; a key's help is prose.
    private static func sentence(_ text: String, capitalised: Bool = false) -> String {
        guard let first = text.first else { return text }
        let written = capitalised ? first.uppercased() + text.dropFirst() : text
        return written.hasSuffix(".") ? written : written + "."
    }

    /// Keys as `--bind` names them (`up`, `enter`, `bspace`), not as the screen's help draws them (`↑`, `⏎`, `⌫`):
    /// a page read in the C locale has no glyph for a return or a backspace symbol, and printed an empty tag for
    /// them, and the names are what a reader of the page writes in `--bind`.
    static func spelled(_ keys: String) -> String {
        let names: [Character: String] = [
            "↑": "up", "↓": "down", "←": "left", "→": "right", "⏎": "enter", "⌫": "bspace", "–": "-",
        ]
        return keys.map { names[$0] ?? String($0) }.joined()
    }

    /// The page being written: macro lines and text lines, escaped for roff.
    private struct Page {
        var text = ""

        mutating func macro(_ words: String...) { macro(words) }

        /// A line as it stands, for a macro that takes the rest of its line unquoted (`.Dd`).
        mutating func line(_ line: String) { text += line + "\n" }

        mutating func macro(_ words: [String]) {
            let name = words[0]
            // A word that holds spaces is one argument only when it is quoted.
            let arguments = words.dropFirst().filter { !$0.isEmpty }.map { word in
                word.contains(" ") ? "\"\(escape(word))\"" : escape(word)
            }
            text += "." + ([name] + arguments).joined(separator: " ") + "\n"
        }

        /// Text lines: escaped, one sentence a line (as roff wants, so it can space sentences), each guarded so it
        /// can't be taken as a macro.
        mutating func text(_ paragraph: String) {
            for sentence in Self.sentences(paragraph) {
                text += "\\&" + escape(sentence) + "\n"
            }
        }

        /// A paragraph split after each full stop that ends a sentence (". " before a capital or a digit).
        static func sentences(_ paragraph: String) -> [String] {
            var sentences: [String] = []
            var current = ""
            let characters = Array(paragraph)
            for (index, character) in characters.enumerated() {
                if character == " ", current.hasSuffix("."), index + 1 < characters.count,
                    characters[index + 1].isUppercase || characters[index + 1].isNumber
                {
                    sentences.append(current)
                    current = ""
                    continue
                }
                current.append(character)
            }
            if !current.isEmpty { sentences.append(current) }
            return sentences
        }

        /// Backslashes as `\\e`, and every character beyond ASCII as `\\[uXXXX]`, which any roff reads whatever
        /// its input encoding.
        private func escape(_ text: String) -> String {
            var escaped = ""
            for scalar in text.unicodeScalars {
                if scalar == "\\" {
                    escaped += "\\e"
                } else if scalar.isASCII {
                    escaped.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
            return escaped
        }
    }
}
