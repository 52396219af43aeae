import Foundation

/// A screen: a pure state machine that the launcher drives.
///
/// An event goes in, the screen updates its own state and returns an ``Action`` for the shell to carry out, and
/// ``render(in:)`` draws the current state as a ``Frame``. Screens never touch the terminal, the clock or the file
/// system directly; those arrive as events or leave as actions, so every screen can be tested with a list of keys.
///
/// Each screen also has a line mode for pipes and dumb terminals: ``lines(width:)`` prints its state as plain
/// numbered text, and ``handle(line:)`` takes one command.
///
/// A screen learns its size and its environment (locale, glyphs, colour) from events as it opens and whenever they
/// change; it never reads the terminal or the process environment itself.
public protocol Screen {
    /// The title shown in the breadcrumb while the screen is open.
    var title: String { get }

    /// Whether printable keys are text for this screen (a text field has focus), so `q` must not close it.
    var takesText: Bool { get }

    /// Whether the screen handles Escape itself (to close a panel, say) instead of the launcher closing it.
    ///
    /// When `true`, Escape reaches ``handle(_:)`` and the screen returns ``Action/pop`` when it wants to close.
    var handlesEscape: Bool { get }

    /// What the screen's keys and line-mode commands do, for the `?` help in both modes; usually its
    /// ``Keymap/help``.
    var help: [HelpItem] { get }

    /// The screen's part of the breadcrumb: its title, or (for a menu) the title of each level it has open.
    var breadcrumb: [String] { get }

    /// Goes back to one of the screen's own breadcrumb parts, after a click on it.
    ///
    /// - Parameter part: The index into ``breadcrumb``.
    mutating func goBack(toBreadcrumb part: Int)

    /// Updates the state for one event.
    ///
    /// - Parameter event: A key, a timer tick, or a resize.
    /// - Returns: What the shell should do next.
    /// - Throws: Any error; the launcher shows it in the status line and keeps running.
    mutating func handle(_ event: Event) throws -> Action

    /// Draws the current state.
    ///
    /// - Parameter size: The size available to the screen, in terminal cells.
    /// - Returns: Lines from the top; rows past `size.rows` are not shown, and the renderer cuts a line wider than
    ///   `size.columns` with "…", so a screen need not measure its text.
    func render(in size: Size) -> Frame

    /// The current state as plain text for line mode, without escape sequences.
    ///
    /// - Parameter width: The width to wrap or truncate to.
    /// - Returns: The lines to print.
    func lines(width: Int) -> [String]

    /// Handles one line-mode command (the line without its newline).
    ///
    /// - Parameter line: What the user typed.
    /// - Returns: What the driver should do next.
    /// - Throws: Any error; the driver prints it and keeps reading.
    mutating func handle(line: String) throws -> Action
}

extension Screen {
    public var takesText: Bool { false }
    public var handlesEscape: Bool { false }
    public var help: [HelpItem] { [] }
    public var breadcrumb: [String] { [title] }
    public mutating func goBack(toBreadcrumb part: Int) {}
}

/// Something that happens to a screen.
public enum Event: Sendable {
    /// A decoded key press.
    case key(Key)
    /// A tick the screen asked for with ``Action/tick(after:)``; `now` is the shell's clock reading.
    case tick(now: Duration)
    /// The screen's size: the cells it will be drawn into, told as it opens and whenever it changes.
    case resize(Size)
    /// The screen's environment, told as it opens and whenever it changes.
    case environment(ScreenEnvironment)
    /// A job the screen started with ``Action/run(_:)`` finished; read its value with ``JobResult/value(of:)``.
    case finished(JobResult)

    /// The key, when the event is a key press.
    public var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }
}

/// What a screen may know of the world around it: the user's locale, the glyphs the terminal can show, and whether
/// colour is shown. The session gives it to every screen; screens never read process globals.
public struct ScreenEnvironment: Sendable, Hashable {
    /// The locale for lists, numbers and dates.
    public var locale: Locale
    /// The glyphs the terminal can show.
    public var glyphs: Glyphs
    /// How much colour frames are drawn with.
    public var colorMode: ColorMode

    public init(locale: Locale, glyphs: Glyphs = .unicode, colorMode: ColorMode = .trueColor) {
        self.locale = locale
        self.glyphs = glyphs
        self.colorMode = colorMode
    }

    /// The environment tests and snapshots use unless they say otherwise: English, Unicode glyphs, full colour.
    public static let standard = ScreenEnvironment(locale: Locale(identifier: "en"))

    /// The environment a process's variables describe.
    ///
    /// The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG` (`de_DE.UTF-8` is German), unless
    /// `locale` overrides it; `C`, `POSIX` or nothing gives English. Glyphs and colour come from
    /// ``Glyphs/detect(environment:)`` and ``ColorMode/detect(environment:)``.
    ///
    /// - Parameters:
    ///   - variables: The process environment.
    ///   - locale: A locale identifier that overrides the variables (`--locale`).
    /// - Returns: The environment.
    public static func detect(_ variables: [String: String], locale: String? = nil) -> ScreenEnvironment {
        let name = locale ?? ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty }
        return ScreenEnvironment(
            locale: Self.locale(named: name ?? ""), glyphs: Glyphs.detect(environment: variables),
            colorMode: ColorMode.detect(environment: variables))
    }

    /// The locale a POSIX locale name stands for: `de_DE.UTF-8@euro` is `de_DE`; `C` and `POSIX` are English.
    static func locale(named name: String) -> Locale {
        let base = name.prefix { $0 != "." && $0 != "@" }
        guard !base.isEmpty, base != "C", base != "POSIX" else { return Locale(identifier: "en") }
        return Locale(identifier: String(base))
    }
}

/// A size in terminal cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size tests use unless they say otherwise.
    public static let standard = Size(columns: 80, rows: 24)

    public var description: String { "\(columns)×\(rows)" }
}
