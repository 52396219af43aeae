import Foundation

/// A screen: a pure state machine that the launcher drives.
///
/// Only ``render(in:)`` is required. A screen that reacts implements ``handle(_:in:)``: an event goes in, the
/// screen updates its own state and returns an ``Action`` for the shell to carry out. A screen whose keys are
/// declared in a ``Keymap`` conforms to ``KeymapScreen`` instead, and gets its key handling, its line mode and its
/// help from the keymap.
///
/// Screens never touch the terminal, the clock or the file system: the size, the locale, the glyphs and the colour
/// arrive as a ``ScreenContext`` with every call, time arrives as ticks the screen asks for, and work runs in jobs it
/// returns, so every screen can be tested with a list of keys.
///
/// ```swift
/// struct HelloScreen: Screen {
///     func render(in context: ScreenContext) -> Frame { Frame(lines: ["Hello, terminal!"]) }
/// }
/// ```
public protocol Screen {
    /// Draws the current state.
    ///
    /// - Parameter context: The size available, in terminal cells, and the environment.
    /// - Returns: Lines from the top; rows past the size are not shown, and the renderer cuts a line wider than the
    ///   columns with "…", so a screen need not measure its text.
    func render(in context: ScreenContext) -> Frame

    /// Updates the state for one event; by default, nothing.
    ///
    /// - Parameters:
    ///   - event: A key, a tick the screen asked for, a new size or environment, or a finished job.
    ///   - context: The size and the environment now.
    /// - Returns: What the shell should do next.
    /// - Throws: Any error; the launcher shows it in the status line and keeps running.
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action

    /// The title shown in the breadcrumb while the screen is open; by default empty, which shows the title the
    /// screen's entry was registered with.
    var title: String { get }

    /// Whether printable keys are text for this screen (a text field has focus), so `q` must not close it.
    var takesText: Bool { get }

    /// Whether the screen handles Escape itself (to close a panel, say) instead of the launcher closing it.
    ///
    /// When `true`, Escape reaches ``handle(_:in:)`` and the screen returns ``Action/pop`` when it wants to close.
    var handlesEscape: Bool { get }

    /// What the screen's keys and line-mode commands do, for the help in both modes; usually its ``Keymap/help``.
    var help: [HelpItem] { get }

    /// The screen's parts of the breadcrumb; by default its title alone. A menu lists each level it has open.
    var breadcrumb: [String] { get }

    /// Goes back to one of the screen's own breadcrumb parts, after a click on it.
    ///
    /// - Parameter part: The index into ``breadcrumb``.
    mutating func goBack(toBreadcrumb part: Int)

    /// The current state as plain text for line mode, without escape sequences; by default the text of
    /// ``render(in:)`` at the context's width, without its trailing blank lines.
    ///
    /// - Parameter context: The width to print at (its rows are many), and the environment.
    /// - Returns: The lines to print.
    func lines(in context: ScreenContext) -> [String]

    /// Handles one line-mode command (the line without its newline); by default, says there is none.
    ///
    /// - Parameters:
    ///   - line: What the user typed.
    ///   - context: The width and the environment.
    /// - Returns: What the driver should do next.
    /// - Throws: Any error; the driver prints it and keeps reading.
    mutating func handle(line: String, in context: ScreenContext) throws -> Action
}

extension Screen {
    public mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action { .none }
    public var title: String { "" }
    public var takesText: Bool { false }
    public var handlesEscape: Bool { false }
    public var help: [HelpItem] { [] }
    public var breadcrumb: [String] { title.isEmpty ? [] : [title] }
    public mutating func goBack(toBreadcrumb part: Int) {}

    public func lines(in context: ScreenContext) -> [String] {
        var lines = render(in: context).lines.map { $0.text }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines
    }

    public mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        .status(LauncherWords.text(.noLineCommands, in: context.locale))
    }
}

/// What a screen is drawn in and told: its size and its environment.
public struct ScreenContext: Sendable, Hashable {
    /// The cells available to the screen.
    public var size: Size
    /// The locale, the glyphs and the colour.
    public var environment: ScreenEnvironment

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - size: The cells available.
    ///   - environment: The locale, glyphs and colour.
    public init(size: Size = .standard, environment: ScreenEnvironment = .standard) {
        self.size = size
        self.environment = environment
    }

    /// 80×24 in the standard environment: what tests and snapshots use unless they say otherwise.
    public static let standard = ScreenContext()

    /// The locale for lists, numbers and dates.
    public var locale: Locale { environment.locale }
    /// The glyphs the terminal can show.
    public var glyphs: Glyphs { environment.glyphs }
    /// How much colour frames are drawn with.
    public var colorMode: ColorMode { environment.colorMode }

    /// The context for line mode: as wide as the lines are printed, and as tall as a screen could want.
    ///
    /// - Parameters:
    ///   - width: The width lines are printed at.
    ///   - environment: The environment.
    /// - Returns: The context.
    public static func lines(width: Int, environment: ScreenEnvironment = .standard) -> ScreenContext {
        ScreenContext(size: Size(columns: width, rows: 1_000), environment: environment)
    }
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

    /// An environment.
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

    /// The languages the launcher's words are written in, in the order F2 cycles through them.
    package static let languages = ["en", "de", "ru", "ko", "ja"]

    /// Whether the launcher has words in a locale's language: `de_AT` and `ja_JP.UTF-8` are German and Japanese,
    /// `fr` is none of ``languages``.
    package static func speaks(_ name: String) -> Bool {
        guard !name.isEmpty, let language = locale(named: name).language.languageCode?.identifier else { return false }
        return languages.contains(language)
    }

    /// The languages as a message lists them: "en, de, ru, ko, or ja".
    package static var languageList: String {
        languages.formatted(.list(type: .or).locale(Locale(identifier: "en")))
    }

    /// The locale a POSIX locale name stands for: `de_DE.UTF-8@euro` is `de_DE`; `C` and `POSIX` are English.
    package static func locale(named name: String) -> Locale {
        let base = name.prefix { $0 != "." && $0 != "@" }
        guard !base.isEmpty, base != "C", base != "POSIX" else { return Locale(identifier: "en") }
        return Locale(identifier: String(base))
    }
}

/// A size in terminal cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// The cells across.
    public var columns: Int
    /// The cells down.
    public var rows: Int

    /// A size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size tests use unless they say otherwise.
    public static let standard = Size(columns: 80, rows: 24)

    public var description: String { "\(columns)×\(rows)" }
}
