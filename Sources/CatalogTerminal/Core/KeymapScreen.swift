import CatalogKit
import Foundation

/// A screen whose keys and line-mode commands are declared once, in a ``Keymap``.
///
/// The keymap decides what a key and a line command do, and draws the footer, the help and line mode's help, so
/// they can't disagree. A key and a line command that do the same thing are one `Command`, and ``perform(_:_:)`` is
/// their one code path. A counter is this much:
///
/// ```swift
/// struct CounterScreen: KeymapScreen {
///     var count = 0
///     enum Command { case up, down }
///     let keymap = Keymap<Command>([
///         KeyBinding([.up, .character("+")], .up, label: "↑/+", help: "count up", line: "+"),
///         KeyBinding([.down, .character("-")], .down, label: "↓/-", help: "count down", line: "-"),
///     ])
///     mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
///         count += command == .up ? 1 : -1
///         return .none
///     }
///     func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Count: \(count)"), footer]) }
/// }
/// ```
public protocol KeymapScreen: Screen {
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

    /// Does what a command says, knowing the size and the environment; by default ``perform(_:_:)``.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - input: The key that gave it, or the line command's argument.
    ///   - context: The size and the environment.
    /// - Returns: What the shell should do next.
    mutating func perform(_ command: Command, _ input: CommandInput, in context: ScreenContext) -> Action

    /// Takes in a new environment (glyphs, colour, locale), as the screen opens and when it changes; by default
    /// nothing. Most screens read ``ScreenContext`` in ``Screen/render(in:)`` instead; this is for state that must follow
    /// the environment, such as a preview mode reset when colour is turned off.
    ///
    /// - Parameter environment: The screen's environment.
    mutating func adopt(_ environment: ScreenEnvironment)

    /// Does what a mouse report the keymap doesn't bind asks, in the screen's own cells (row 0 is its first line);
    /// by default nothing. A list checks or opens the row pressed, and follows the wheel.
    ///
    /// - Parameters:
    ///   - mouse: The report.
    ///   - context: The size and the environment the screen was drawn in.
    /// - Returns: What the shell should do next.
    mutating func click(_ mouse: Mouse, in context: ScreenContext) -> Action
}

extension KeymapScreen {
    public mutating func perform(_ command: Command, _ input: CommandInput) -> Action { .none }

    public mutating func perform(_ command: Command, _ input: CommandInput, in context: ScreenContext) -> Action {
        perform(command, input)
    }

    public mutating func adopt(_ environment: ScreenEnvironment) {}

    public mutating func click(_ mouse: Mouse, in context: ScreenContext) -> Action { .none }

    /// The keymap's help.
    public var help: [HelpItem] { keymap.help }

    /// Handles an event the way most screens do: a key performs its command, a new environment is adopted, and
    /// time, sizes and jobs are ignored.
    public mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(let key): return perform(key: key, in: context)
        case .environment(let environment): adopt(environment)
        case .tick, .resize, .finished: break
        }
        return .none
    }

    /// What line mode prints: the lines ``render(in:)`` draws, without the keymap's footer (line mode lists its
    /// commands in `?`) and without trailing blank lines.
    public func lines(in context: ScreenContext) -> [String] {
        let footer = keymap.footer
        var lines = render(in: context).lines.map(\.text).filter { $0 != footer }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines
    }

    /// The footer, drawn from the keymap and dimmed.
    public var footer: Line { Line(keymap.footer, .dim) }

    /// Performs the command a key is bound to.
    ///
    /// - Parameters:
    ///   - key: The key pressed.
    ///   - context: The size and the environment.
    /// - Returns: The command's action, or `.none` for a key the keymap doesn't bind.
    public mutating func perform(key: Key, in context: ScreenContext = ScreenContext()) -> Action {
        guard let command = keymap.command(for: key) else {
            if case .mouse(let mouse) = key { return click(mouse, in: context) }
            return .none
        }
        return perform(command, .key(key), in: context)
    }

    /// Performs the command a line names, or says which commands there are.
    public mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        guard let match = keymap.command(forLine: line) else {
            return .unknownCommand(line, in: keymap, locale: context.locale)
        }
        return perform(match.command, .line(match.argument), in: context)
    }
}

/// How a command was given: by a key, or by a line-mode command with its argument.
public enum CommandInput: Sendable, Equatable {
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
    public func item(cursor: Int, count: Int) -> Int? {
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
    public func number(in range: ClosedRange<Int>, default fallback: Int? = nil) -> Int? {
        guard case .line(let text) = self, !(text.isEmpty && fallback != nil) else { return fallback }
        guard let number = Int(text), range.contains(number) else { return nil }
        return number
    }

    /// What to say when ``number(in:default:)`` finds none: nothing for a key, the range for a line command.
    ///
    /// - Parameters:
    ///   - range: The numbers allowed.
    ///   - what: What the number is, in `locale`'s language and in the form its sentence takes (see
    ///     ``Action/outOfRange(_:_:_:locale:)``): "a value".
    ///   - locale: The language of the message; English unless given.
    /// - Returns: `.none`, or the message.
    public func missingNumber(
        in range: ClosedRange<Int>, _ what: String, locale: Locale = Locale(identifier: "en")
    ) -> Action {
        guard case .line(let text) = self else { return .none }
        return .outOfRange(text, range, what, locale: locale)
    }

    /// What to say when ``item(cursor:count:)`` finds no item: nothing for a key, the numbers to choose from for a
    /// line command.
    ///
    /// - Parameters:
    ///   - count: How many items there are.
    ///   - what: What the number names, in `locale`'s language and in the form its sentence takes: "a row number".
    ///   - locale: The language of the message; English unless given.
    /// - Returns: `.none`, or the message.
    public func missingItem(count: Int, _ what: String, locale: Locale = Locale(identifier: "en")) -> Action {
        missingNumber(in: 1...max(count, 1), what, locale: locale)
    }
}

extension Keymap {
    /// The line-mode commands as a phrase for hints: `name <text> or goals`.
    public var lineCommands: String { lineCommands(in: Locale(identifier: "en")) }

    /// The line-mode commands as a phrase for hints, joined by "or" in a locale's language: `+, - oder <n>`.
    func lineCommands(in locale: Locale) -> String {
        bindings.compactMap(\.line).formatted(.list(type: .or).locale(locale))
    }
}

extension Action {
    /// The hint for a line no command of the keymap matches; it lists the keymap's line commands.
    ///
    /// - Parameters:
    ///   - line: What the user typed.
    ///   - keymap: The bindings in force.
    ///   - locale: The language of the message; English unless given.
    /// - Returns: The bell, as for any refusal (line mode writes none, and a link leaves the line out), and a status
    ///   message naming the input and the commands to try instead.
    public static func unknownCommand<Command>(
        _ line: String, in keymap: Keymap<Command>, locale: Locale = Locale(identifier: "en")
    ) -> Action {
        let commands = keymap.lineCommands(in: locale)
        return .batch([
            .bell,
            .status(
                LauncherWords.text(
                    commands.isEmpty ? .unknownCommandHelp : .unknownCommandTry, in: locale,
                    ["line": line.controlsEscaped, "commands": commands])),
        ])
    }

    /// The bell, and a message for line mode, for a step past the end of a range.
    ///
    /// - Parameters:
    ///   - range: The range.
    ///   - what: What stays in it, capitalized, in `locale`'s language: "The counter".
    ///   - locale: The language of the message; English unless given.
    /// - Returns: The bell and the message.
    public static func atEnd(
        of range: ClosedRange<Int>, _ what: String, locale: Locale = Locale(identifier: "en")
    ) -> Action {
        let arguments = ["what": what, "low": "\(range.lowerBound)", "high": "\(range.upperBound)"]
        return .batch([.bell, .status(LauncherWords.text(.goesFrom, in: locale, arguments))])
    }

    /// The message for a typed number outside what a command takes.
    ///
    /// - Parameters:
    ///   - text: What the user typed, shown as typed (so `99999999999999999999` is shown, not an overflow).
    ///   - range: The numbers the command takes.
    ///   - what: What the number is, in `locale`'s language and in the form its sentence takes: with its article in
    ///     English ("a value", "a row number"), in the accusative in German ("einen Wert") and Russian
    ///     ("значение"), the bare noun in Korean ("값") and Japanese ("値").
    ///   - locale: The language of the message; English unless given.
    /// - Returns: A status message naming the range, its bounds in digits as they are typed.
    public static func outOfRange(
        _ text: String, _ range: ClosedRange<Int>, _ what: String, locale: Locale = Locale(identifier: "en")
    ) -> Action {
        let arguments = ["what": what, "low": "\(range.lowerBound)", "high": "\(range.upperBound)", "text": text]
        return .status(LauncherWords.text(text.isEmpty ? .giveNumber : .giveNumberNot, in: locale, arguments))
    }
}

/// Plain text for line mode.
public enum LineText {
    /// Numbers rows ("1. …"), the numbers right-aligned, each line cut to the width.
    ///
    /// - Parameters:
    ///   - rows: The rows' text.
    ///   - width: The line width.
    /// - Returns: The numbered lines.
    public static func numbered(_ rows: [String], width: Int) -> [String] {
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
    ///   - lines: Plain lines.
    ///   - width: The line width.
    /// - Returns: The lines, each at most `width` cells.
    public static func fitted(_ lines: [String], width: Int) -> [String] {
        lines.map { DisplayWidth.truncate($0, to: width) }
    }

    /// Wraps a sentence at spaces to a width, as the launcher wraps its own messages; a word wider than the width
    /// is cut.
    package static func wrapped(_ text: String, width: Int) -> [String] { Chrome.wrap(text, to: width) }
}
