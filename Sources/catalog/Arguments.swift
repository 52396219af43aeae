/// The command line, parsed from a table of commands and options: the one place arguments are read.
struct Arguments {
    enum Command: String, CaseIterable {
        case launch, list, search, tree, open
    }

    /// A usage error: the message names the problem; exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// An option: its name, whether it takes a value, and the commands that accept it.
    struct Option {
        var name: String
        var value: String?
        var commands: Set<Command>
        var help: String
    }

    static let options: [Option] = [
        Option(
            name: "--file", value: "PATH", commands: [.launch, .list, .search, .tree],
            help: "read a catalog file ('-' for standard input)"),
        Option(name: "--json", value: nil, commands: [.list, .search, .tree], help: "print JSON"),
        Option(
            name: "--fuzzy", value: nil, commands: [.launch, .search], help: "match characters in order, best first"),
        Option(name: "--limit", value: "N", commands: [.search], help: "print at most N matches"),
        Option(
            name: "--max-children", value: "N", commands: [.launch, .tree],
            help: "at most N children per level (default 10)"),
        Option(name: "--plain", value: nil, commands: [.launch, .open], help: "line mode even on a terminal"),
        Option(name: "--help", value: nil, commands: Set(Command.allCases), help: "show help"),
        Option(name: "--version", value: nil, commands: [.launch], help: "show the version"),
    ]

    var command = Command.launch
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``UsageError`` naming the unknown command or option, the missing value, or the bad number.
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard let command = Command(rawValue: first), command != .launch else {
                throw UsageError(description: "unknown command '\(first)'. Commands: list, search, tree, open.")
            }
            self.command = command
            rest = rest.dropFirst()
        }
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let option = Self.options.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option '\(name)'\(commandSuffix).")
            }
            guard option.commands.contains(command) else {
                throw UsageError(description: "option '\(name)' does not apply\(commandSuffix).")
            }
            if option.value != nil {
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError(description: "option '\(name)' needs a value (\(option.value ?? "")).")
                }
                values[name] = value
            } else {
                guard inline == nil else { throw UsageError(description: "option '\(name)' takes no value.") }
                flags.insert(name)
            }
        }
        try checkPositional()
    }

    private var commandSuffix: String { command == .launch ? "" : " to '\(command.rawValue)'" }

    private func checkPositional() throws {
        if flags.contains("--help") || flags.contains("--version") { return }
        switch command {
        case .launch, .list, .tree:
            if let extra = positional.first {
                throw UsageError(description: "unexpected argument '\(extra)'\(commandSuffix).")
            }
        case .search:
            if positional.isEmpty { throw UsageError(description: "'search' needs a query.") }
        case .open:
            if positional.count != 1 { throw UsageError(description: "'open' needs exactly one id or title.") }
        }
    }

    /// A whole-number option's value, checked against a range.
    ///
    /// - Throws: ``UsageError`` when the value is not a whole number in the range.
    func number(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                description:
                    "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'."
            )
        }
        return value
    }

    /// The help text for a command, drawn from the option table.
    static func help(for command: Command) -> String {
        let usage: String
        switch command {
        case .launch:
            usage = "catalog [--file PATH] [--max-children N] [--fuzzy] [--plain]\n       catalog COMMAND --help"
        case .list: usage = "catalog list [--json] [--file PATH]"
        case .search: usage = "catalog search QUERY... [--fuzzy] [--json] [--limit N] [--file PATH]"
        case .tree: usage = "catalog tree [--max-children N] [--json] [--file PATH]"
        case .open: usage = "catalog open ID|TITLE [--plain]"
        }
        var lines = ["usage: \(usage)", ""]
        if command == .launch {
            lines += [
                "Browse and search the catalog of screens. Type to filter, digits to jump, Enter to open, q to quit.",
                "",
                "commands:",
                "  list     print every entry's full path, in search order",
                "  search   print the entries that match a query (exit 1 when none do)",
                "  tree     draw the grouped hierarchy",
                "  open     run one screen by id or title",
                "",
            ]
        }
        lines.append("options:")
        for option in options where option.commands.contains(command) {
            let name = option.name + (option.value.map { " " + $0 } ?? "")
            lines.append("  " + name + String(repeating: " ", count: max(1, 20 - name.count)) + option.help)
        }
        lines += ["", "exit status: 0 success, 1 no match, 2 usage or input error, 130 interrupted"]
        return lines.joined(separator: "\n")
    }
}
