import CatalogKit
import CatalogTerminal

/// How a command was given: by a key, or by a line-mode command with its argument.
enum CommandInput: Sendable, Equatable {
    /// A key press.
    case key(Key)
    /// A line-mode command; the argument is the rest of the line, trimmed, or the number for `<n>`.
    case line(String)

    /// The item a command is for: the one under the cursor for a key, the one the typed number names for a line.
    ///
    /// - Parameters:
    ///   - cursor: The index under the cursor.
    ///   - count: How many items there are.
    /// - Returns: The index, or `nil` when the number names no item; never traps, whatever was typed.
    func item(cursor: Int, count: Int) -> Int? {
        switch self {
        case .key: return (0..<count).contains(cursor) ? cursor : nil
        case .line(let argument): return ItemNumber.index(argument, count: count)
        }
    }

    /// The number a line command typed, when it falls in a range; any text is safe, however long or large.
    ///
    /// - Parameters:
    ///   - range: The numbers allowed.
    ///   - fallback: The number a key, or a line command typed without one, stands for (`s` alone steps once).
    /// - Returns: The number, or `nil` for text that isn't a whole number in the range, or when there is no number
    ///   and no fallback.
    func number(in range: ClosedRange<Int>, default fallback: Int? = nil) -> Int? {
        guard case .line(let text) = self, !(text.isEmpty && fallback != nil) else { return fallback }
        guard let number = Int(text), range.contains(number) else { return nil }
        return number
    }

    /// What to say when ``number(in:default:)`` finds none: nothing for a key, the range for a line command.
    ///
    /// - Parameters:
    ///   - range: The numbers allowed.
    ///   - what: What the number is, with its article: "a value".
    /// - Returns: `.none`, or the message.
    func missingNumber(in range: ClosedRange<Int>, _ what: String) -> Action {
        guard case .line(let text) = self else { return .none }
        return .outOfRange(text, range, what)
    }

    /// What to say when ``item(cursor:count:)`` finds no item: nothing for a key, the numbers to choose from for a
    /// line command.
    ///
    /// - Parameters:
    ///   - count: How many items there are.
    ///   - what: What the number names, with its article: "a row number".
    /// - Returns: `.none`, or the message.
    func missingItem(count: Int, _ what: String) -> Action {
        missingNumber(in: 1...max(count, 1), what)
    }
}

/// A screen whose keys and line-mode commands are declared once, in a ``Keymap``.
///
/// The keymap decides what a key and a line command do, and draws the footer, the `?` help and line mode's help, so
/// they can't disagree. A key and a line command that do the same thing are one `Command`, and ``perform(_:_:)``
/// is their one code path.
protocol KeymapScreen: Screen {
    /// What the screen's keys and line commands can do.
    associatedtype Command: Sendable

    /// The bindings in force now; a screen with modes returns the keymap of its current mode.
    var keymap: Keymap<Command> { get }

    /// Does what a command says, for a key or a line command alike.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - input: The key that gave it, or the line command's argument.
    /// - Returns: What the shell should do next.
    mutating func perform(_ command: Command, _ input: CommandInput) -> Action

    /// Takes in what the session says of the world (glyphs, colour, locale), as the screen opens and when it
    /// changes; the default keeps none of it.
    ///
    /// - Parameter environment: The screen's environment.
    mutating func adopt(_ environment: ScreenEnvironment)
}

extension KeymapScreen {
    var help: [HelpItem] { keymap.help }

    mutating func adopt(_ environment: ScreenEnvironment) {}

    /// Handles an event the way most demos do: a key performs its command, the environment is adopted, and time,
    /// sizes and jobs are ignored.
    ///
    /// - Parameter event: The event.
    /// - Returns: The command's action, or `.none`.
    mutating func handle(_ event: Event) throws -> Action {
        switch event {
        case .key(let key): return perform(key: key)
        case .environment(let environment): adopt(environment)
        case .tick, .resize, .finished: break
        }
        return .none
    }

    /// The footer, drawn from the keymap and dimmed.
    var footer: Line { Line(keymap.footer, .dim) }

    /// Performs the command a key is bound to.
    ///
    /// - Parameter key: The key pressed.
    /// - Returns: The command's action, or `.none` for a key the keymap doesn't bind.
    mutating func perform(key: Key) -> Action {
        guard let command = keymap.command(for: key) else { return .none }
        return perform(command, .key(key))
    }

    mutating func handle(line: String) throws -> Action {
        guard let match = keymap.command(forLine: line) else { return .unknownCommand(line, in: keymap) }
        return perform(match.command, .line(match.argument))
    }
}

extension Keymap {
    /// The line-mode commands as a phrase for hints: `name <text> or goals`.
    var lineCommands: String {
        let forms = bindings.compactMap(\.line)
        guard let last = forms.last else { return "" }
        return forms.count == 1 ? last : forms.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension Action {
    /// The hint for a line no command of the keymap matches; it lists the keymap's line commands.
    ///
    /// - Parameters:
    ///   - line: What the user typed.
    ///   - keymap: The bindings in force.
    /// - Returns: A status message naming the input and the commands to try instead.
    static func unknownCommand<Command>(_ line: String, in keymap: Keymap<Command>) -> Action {
        let commands = keymap.lineCommands
        return .status(
            "Unknown command “\(line)”. " + (commands.isEmpty ? "" : "Type \(commands), or ") + "? for help.")
    }

    /// The bell, and a message for line mode, for a step past the end of a range.
    ///
    /// - Parameters:
    ///   - range: The range.
    ///   - what: What stays in it, capitalized: "The counter".
    /// - Returns: The bell and the message.
    static func atEnd(of range: ClosedRange<Int>, _ what: String) -> Action {
        .batch([.bell, .status("\(what) goes from \(range.lowerBound) to \(range.upperBound).")])
    }

    /// The message for a typed number outside what a command takes.
    ///
    /// - Parameters:
    ///   - text: What the user typed, shown as typed (so `99999999999999999999` is shown, not an overflow).
    ///   - range: The numbers the command takes.
    ///   - what: What the number is, with its article: "a value", "a row number".
    /// - Returns: A status message naming the range.
    static func outOfRange(_ text: String, _ range: ClosedRange<Int>, _ what: String) -> Action {
        let choice = "Give \(what) from \(range.lowerBound) to \(range.upperBound)"
        return .status(text.isEmpty ? choice + "." : choice + ", not “\(text)”.")
    }
}

extension Scenario.Step {
    /// A printable key, pressed `times` times: `.press(" ")` is Space, `.press("+", times: 3)` three pluses.
    ///
    /// - Parameters:
    ///   - character: The character the key types.
    ///   - times: How many times it is pressed.
    /// - Returns: The step.
    static func press(_ character: Character, times: Int = 1) -> Self { .press(.character(character), times: times) }
}

/// Steps a number one up or down within a range; it can never overflow.
///
/// - Parameters:
///   - value: The number.
///   - up: Whether to step up.
///   - range: Where the number must stay.
/// - Returns: The new number, or `nil` at the end it would leave by.
func stepped(_ value: Int, up: Bool, in range: ClosedRange<Int>) -> Int? {
    if up { return value < range.upperBound ? value + 1 : nil }
    return value > range.lowerBound ? value - 1 : nil
}

/// Rows a line-mode `e <n>` command expands or collapses: the tree widgets.
protocol ExpandableRows {
    /// How many rows show.
    var rowCount: Int { get }
    /// Expands or collapses a row; returns whether it was a group with children.
    mutating func toggleExpansion(row index: Int) -> Bool
}

extension ExpandableRows {
    /// Expands or collapses the row a typed number names, as `e <n>` does.
    ///
    /// - Parameter text: The number as typed.
    /// - Returns: `.none`, or a message when the number names no row or the row has nothing to expand.
    mutating func toggleExpansion(typed text: String) -> Action {
        guard let row = ItemNumber.index(text, count: rowCount) else {
            return CommandInput.line(text).missingItem(count: rowCount, "a row number")
        }
        return toggleExpansion(row: row) ? .none : .status("Row \(row + 1) has nothing to expand or collapse.")
    }
}

extension CheckboxTree: ExpandableRows {
    var rowCount: Int { visibleRows.count }
}

extension OutlinePicker: ExpandableRows {
    var rowCount: Int { rows.count }
}

extension Glyphs {
    /// The two cells before a row of a list: the pointer on the cursor's row, blank on the others.
    ///
    /// - Parameter isCursor: Whether the row is under the cursor.
    /// - Returns: Two cells of text.
    func marker(_ isCursor: Bool) -> String { isCursor ? DisplayWidth.pad(pointer, to: 2) : "  " }
}

/// Numbers rows for line mode ("1. …"), the numbers right-aligned, each line cut to the width.
///
/// - Parameters:
///   - rows: The rows' text.
///   - width: The line width.
/// - Returns: The numbered lines.
func numbered(_ rows: [String], width: Int) -> [String] {
    let digits = String(rows.count).count
    return rows.enumerated().map { index, row in
        let number = String(index + 1)
        let label = String(repeating: " ", count: digits - number.count) + number + ". "
        return DisplayWidth.truncate(label + row, to: width)
    }
}

/// Cuts each line to a width.
///
/// - Parameters:
///   - lines: Plain lines for line mode.
///   - width: The line width.
/// - Returns: The lines, each at most `width` cells.
func fitted(_ lines: [String], width: Int) -> [String] {
    lines.map { DisplayWidth.truncate($0, to: width) }
}
