import Foundation

/// A parsed command line: the command, its operands, option values and flags. The one place arguments are read.
struct Arguments {
    /// A usage error: the message names the problem; exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    var command: CommandTable.Command = CommandTable.launch
    var operands: [String] = []
    var values: [String: String] = [:]
    /// Every value of an option that may be repeated, in order.
    var lists: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The option whose value the first operand could have been (`--border weird`): an operand the command doesn't
    /// take is then named as a value the option doesn't have.
    private var valueLikeFirst: CommandTable.Option?

    /// Parses the arguments after the program name against ``CommandTable``.
    ///
    /// - Throws: ``UsageError`` naming the unknown command or option (with the nearest known one), the missing
    ///   value, the operands that don't fit, or a required option that is missing.
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        if let first = rest.first,
            !first.hasPrefix("-") && !["+i", "+s", "+m"].contains(first) || first == "---complete"
        {
            guard let command = CommandTable.command(named: first), !command.name.isEmpty else {
                throw Self.unknownCommand(first)
            }
            self.command = command
            rest = rest.dropFirst()
        } else if let position = rest.firstIndex(where: { word in
            !word.hasPrefix("-") && CommandTable.visibleSubcommands.contains { $0.name == word }
        }), position == rest.startIndex || Self.takesNoValue(rest[position - 1]) {
            // `catalog --file x.txt list`, as git takes options before its command: the command must come first.
            throw UsageError(description: "the command '\(rest[position])' comes first, before any option.")
        }
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if argument == "+i" && !optionsEnded {
                throw UsageError(
                    description: "fzf's +i is not taken: a term with a capital letter already matches its case.")
            }
            // fzf's short negations, as its users' scripts write them (`history | fzf +s --tac +m`): +s is
            // --no-sort, and +m (or --no-multi) takes back an earlier --multi.
            if argument == "+s" && !optionsEnded {
                try parseOption("--no-sort", rest: &rest)
                continue
            }
            if (argument == "+m" || argument == "--no-multi") && !optionsEnded {
                guard CommandTable.options(for: command).contains(where: { $0.name == "--multi" }) else {
                    throw UsageError(
                        description:
                            "fzf's \(argument) does not apply\(commandSuffix): it takes back --multi, the picker's.")
                }
                flags.remove("--multi")
                continue
            }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            try parseOption(argument, rest: &rest)
        }
        try checkOperands()
    }

    /// Whether a word is an option that takes no value, or carries its value after `=`, so the next word is not
    /// its value.
    private static func takesNoValue(_ word: String) -> Bool {
        guard word.hasPrefix("-"), !word.contains("=") else { return true }
        return CommandTable.option(named: word)?.value == nil
    }

    /// Whether a word names an option, long (`--exact`, `--layout=reverse`) or short (`-f`), and is no negative
    /// number (`-1` is a value that a range then refuses, not fzf's `-1`).
    private static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1, Int(word) == nil else { return false }
        return CommandTable.option(named: word.split(separator: "=", maxSplits: 1).first ?? word[...]) != nil
    }

    private var commandSuffix: String { command.name.isEmpty ? "" : " to '\(command.name)'" }

    /// A short option with its value joined on (`-qgz`, as fzf takes it) in the form `-q=gz`, which the parser
    /// reads; any other word as it is.
    private static func separatingJoinedValue(_ word: String) -> String {
        guard word.count > 2, !word.hasPrefix("--"), let option = CommandTable.option(named: word.prefix(2)),
            option.value != nil
        else { return word }
        return word.prefix(2) + "=" + word.dropFirst(2)
    }

    private mutating func parseOption(_ argument: String, rest: inout ArraySlice<String>) throws {
        let argument = Self.separatingJoinedValue(argument)
        var name = argument
        var inline: String?
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inline = String(argument[argument.index(after: equals)...])
        }
        guard let option = CommandTable.option(named: name) else {
            if let reason = CommandTable.fzfOnly[name] {
                throw UsageError(description: "option '\(name)' is fzf's, and catalog has none: \(reason).")
            }
            let known = CommandTable.options(for: command).map(\.name)
            throw UsageError(
                description: Suggestion.sentence("unknown option '\(name)'\(commandSuffix)", hint: name, among: known))
        }
        name = option.name
        guard option.commands.contains(command.name) else {
            throw UsageError(description: "option '\(name)' does not apply\(commandSuffix).")
        }
        if let valueName = option.value {
            // `--layout -f x` is a value left out, not a layout named "-f": the next word is an option of its own.
            if inline == nil, let next = rest.first, Self.isOption(next) {
                throw UsageError(
                    description: "option '\(name)' needs a value (\(valueName)), not the option '\(next)'; "
                        + "write \(name)=\(next) for a value that starts with '-'.")
            }
            guard let value = inline ?? rest.popFirst() else {
                throw UsageError(description: "option '\(name)' needs a value (\(valueName)).")
            }
            values[name] = value
            if option.repeatable { lists[name, default: []].append(value) }
        } else {
            if let inline, option.inlineValue != nil {
                values[name] = inline
            } else if option.inlineValue != nil, case .choices(let choices) = option.completion, let next = rest.first,
                choices.contains(next)
            {
                // As fzf reads an optional value: the next word when it is one of the values (`--border sharp`).
                values[name] = rest.removeFirst()
            } else if option.inlineValue != nil, case .choices = option.completion, let next = rest.first,
                !next.hasPrefix("-")
            {
                if operands.isEmpty { valueLikeFirst = option }
            } else if inline != nil {
                throw UsageError(description: "option '\(name)' takes no value.")
            }
            flags.insert(name)
        }
    }

    private func checkOperands() throws {
        if flags.contains("--help") { return }
        if flags.contains("--version") || flags.contains("--generate-manual")
            || values["--generate-completion-script"] != nil
        {
            // They print what they print whatever else is given; a word beside them is a mistake to name.
            if let extra = operands.first { throw UsageError(description: "unexpected argument '\(extra)'.") }
            return
        }
        let operands = command.operands
        let minimum = operands?.minimum ?? 0
        let maximum = operands?.maximum
        if let maximum, self.operands.count > maximum {
            if maximum == 0 || operands == nil {
                throw UsageError(description: "unexpected argument '\(self.operands[0])'\(commandSuffix).")
            }
            throw UsageError(description: Self.wrongCount(command.name, minimum, maximum, operands?.name ?? ""))
        }
        if operands == nil, let extra = self.operands.first {
            if let option = valueLikeFirst, case .choices(let choices) = option.completion {
                throw UsageError(
                    description: "option '\(option.name)' needs "
                        + choices.formatted(.list(type: .or).locale(Locale(identifier: "en")))
                        + ", not '\(extra)'.")
            }
            throw UsageError(description: "unexpected argument '\(extra)'\(commandSuffix).")
        }
        if self.operands.count < minimum {
            if command.name == "search" { throw UsageError(description: "'search' needs a query.") }
            throw UsageError(description: Self.wrongCount(command.name, minimum, maximum, operands?.name ?? ""))
        }
        for option in CommandTable.options(for: command)
        where option.required && values[option.name] == nil && !flags.contains(option.name) {
            let synopsis = option.name + (option.value.map { " " + $0 } ?? "")
            throw UsageError(description: "'\(command.name)' needs \(synopsis): \(option.help).")
        }
    }

    /// What a command says of a wrong number of operands: "'open' needs exactly one ID", "'help' takes at most one
    /// COMMAND".
    private static func wrongCount(_ command: String, _ minimum: Int, _ maximum: Int?, _ name: String) -> String {
        func number(_ count: Int) -> String { count == 1 ? "one" : "\(count)" }
        switch (minimum, maximum) {
        case (let low, let high?) where low == high: return "'\(command)' needs exactly \(number(low)) \(name)."
        case (let low, nil): return "'\(command)' needs at least \(number(low)) \(name)."
        case (0, let high?): return "'\(command)' takes at most \(number(high)) \(name)."
        case (let low, let high?): return "'\(command)' needs \(low) to \(high) \(name)."
        }
    }

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The flags among words, where the parser reads them: a word that is an option's value is no flag, even when it
    /// looks like one (`--query --exact`), and nothing after `--` is.
    ///
    /// - Parameter words: Arguments after the program's name.
    /// - Returns: Each flag's position in `words` and its long name.
    static func flags(in words: [String]) -> [(index: Int, name: String)] {
        options(in: words).filter { !$0.takesValue }.map { ($0.words.lowerBound, $0.name) }
    }

    /// The options among words, where the parser reads them, each with the words it spans: its own, and its value's
    /// when that is the next word.
    ///
    /// - Parameter words: Arguments after the program's name.
    /// - Returns: Each option's words in `words`, its long name, and whether it takes a value.
    static func options(in words: [String]) -> [(words: Range<Int>, name: String, takesValue: Bool)] {
        var found: [(words: Range<Int>, name: String, takesValue: Bool)] = []
        var index = 0
        while index < words.count {
            let word = separatingJoinedValue(words[index])
            if word == "--" { break }
            index += 1
            guard word.hasPrefix("-"), word != "-" else { continue }
            let name = word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
            let option = CommandTable.options.first {
                $0.name == name || (!name.hasPrefix("--") && name.count == 2 && $0.short == name.last)
            }
            guard let option else { continue }
            let start = index - 1
            if option.value != nil, !word.contains("=") { index = min(index + 1, words.count) }
            found.append((start..<index, option.name, option.value != nil))
        }
        return found
    }

    /// The words of a variable of default options, split as a shell splits them: at blanks, outside quotes; single
    /// quotes keep everything, double quotes and a backslash keep the next character.
    ///
    /// - Parameter text: The variable's value.
    /// - Returns: The words.
    /// - Throws: ``UsageError`` for a quote that is never closed.
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var characters = text[...]
        while let character = characters.popFirst() {
            switch (quote, character) {
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (let open?, _) where character == open:
                quote = nil
            case (nil, "\\"), ("\"", "\\"):
                if let next = characters.popFirst() { word.append(next) }
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil else { throw UsageError(description: "a quote is never closed in '\(text)'.") }
        if inWord { words.append(word) }
        return words
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
}

/// "Did you mean …?" for mistyped names.
enum Suggestion {
    /// A message about a mistyped name, ending with the nearest known name as a question when there is one, else
    /// with a full stop: "unknown option '--jsno'; did you mean '--json'?".
    static func sentence(_ message: String, hint typed: String, among names: [String]) -> String {
        let hint = hint(for: typed, among: names)
        return message + (hint.isEmpty ? "." : hint)
    }

    /// The nearest name, if one is near enough to be what was meant.
    ///
    /// - Parameters:
    ///   - typed: What the user typed.
    ///   - names: The names that exist.
    /// - Returns: `"; did you mean '--json'?"`, or "" when nothing is close.
    static func hint(for typed: String, among names: [String]) -> String {
        let scored = names.map { ($0, distance(typed, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        let allowed = max(1, min(3, best.0.count / 3))
        return best.1 <= allowed ? "; did you mean '\(best.0)'?" : ""
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance: insertions, deletions, substitutions and
    /// swaps of neighbours each cost one, so `--jsno` is one step from `--json`.
    ///
    /// - Complexity: O(m · n) for names of m and n characters; typed names are capped at 64.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.prefix(64))
        let y = Array(b.prefix(64))
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    row[j] = min(row[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, row) = (previous, row, previous2)
        }
        return previous[y.count]
    }
}

extension Arguments {
    /// The error for a word that names no command: the nearest command, and the list of them.
    static func unknownCommand(_ name: String) -> UsageError {
        let names = CommandTable.visibleSubcommands.map(\.name)
        return UsageError(
            description: Suggestion.sentence("unknown command '\(name)'", hint: name, among: names)
                + " Commands: \(names.joined(separator: ", ")).")
    }
}
