/// A screen: a pure state machine that the launcher drives.
///
/// An event goes in, the screen updates its own state and returns an ``Action`` for the shell to carry out, and
/// ``render(in:)`` draws the current state as a ``Frame``. Screens never touch the terminal, the clock or the file
/// system directly; those arrive as events or leave as actions, so every screen can be tested with a list of keys.
///
/// Each screen also has a line mode for pipes and dumb terminals: ``lines(width:)`` prints its state as plain
/// numbered text, and ``handle(line:)`` takes one command.
public protocol Screen {
    /// The title shown in the breadcrumb while the screen is open.
    var title: String { get }

    /// Whether printable keys are text for this screen (a text field has focus), so `q` must not close it.
    var takesText: Bool { get }

    /// Whether the screen handles Escape itself (to close a panel, say) instead of the launcher closing it.
    ///
    /// When `true`, Escape reaches ``handle(_:)`` and the screen returns ``Action/pop`` when it wants to close.
    var handlesEscape: Bool { get }

    /// Extra lines for line mode's `?` help: the commands ``handle(line:)`` understands.
    var lineHelp: [String] { get }

    /// Updates the state for one event.
    ///
    /// - Parameter event: A key, a timer tick, or a resize.
    /// - Returns: What the shell should do next.
    /// - Throws: Any error; the launcher shows it in the status line and keeps running.
    mutating func handle(_ event: Event) throws -> Action

    /// Draws the current state.
    ///
    /// - Parameter size: The size available to the screen, in terminal cells.
    /// - Returns: At most `size.rows` lines, each at most `size.columns` cells wide.
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
    public var lineHelp: [String] { [] }
}

/// Something that happens to a screen.
public enum Event: Sendable, Equatable {
    /// A decoded key press.
    case key(Key)
    /// A tick the screen asked for with ``Action/tick(after:)``; `now` is the shell's clock reading.
    case tick(now: Duration)
    /// The terminal changed size.
    case resize(Size)
    /// A job the screen started with ``Action/run(_:)`` finished.
    case finished(JobResult)
}

/// What a screen asks the shell to do after an event.
public enum Action {
    /// Nothing beyond redrawing.
    case none
    /// Open another screen on top of this one.
    case push(any Screen)
    /// Close this screen and return to the one below.
    case pop
    /// Leave the launcher.
    case quit
    /// Ring the terminal bell.
    case bell
    /// Flash the screen (reverse video) for the given time.
    case flash(Duration)
    /// Deliver ``Event/tick(now:)`` after the given time.
    case tick(after: Duration)
    /// Show a message in the launcher's status line.
    case status(String)
    /// Run work off the input path; the result comes back as ``Event/finished(_:)``.
    case run(Job)
    /// Several actions, carried out in order.
    case batch([Action])
}

extension Action {
    /// The actions this one stands for, with batches flattened.
    public var flattened: [Action] {
        if case .batch(let actions) = self { return actions.flatMap(\.flattened) }
        return [self]
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
