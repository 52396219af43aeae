import CatalogKit
import Foundation

/// Runs a session one line at a time, for pipes and dumb terminals.
///
/// The driver prints the top screen's ``Screen/lines(in:)``, reads a command, and prints the screen again. It
/// understands three commands itself: `q` quits, `..` closes the top screen (on the first screen it goes to that
/// screen, so a menu can go up a level), and `?` prints help. Every other line goes to the top screen's
/// ``Screen/handle(line:in:)``. Output is plain text: every line passes through
/// `Sanitizer`, and no escape sequence, bell or flash is ever written.
package struct LineDriver {
    /// The session being driven.
    public private(set) var session: Session
    /// The width screens wrap or truncate their lines to.
    public var width: Int
    /// Runs jobs at once, in order: line mode has no input to keep responsive.
    private let jobs = InlineJobs()

    /// The driver's own commands, which `?` lists before the screen's (its ``Screen/help`` that has a line form).
    public static let commands = commands(in: Locale(identifier: "en"))

    /// The driver's own commands, their help in a locale's language.
    static func commands(in locale: Locale) -> [HelpItem] {
        func words(_ key: LauncherWords) -> String { LauncherWords.text(key, in: locale) }
        return [
            HelpItem(keys: "", line: "q", help: words(.lineQuit)),
            HelpItem(keys: "", line: "..", help: words(.lineBack)),
            HelpItem(keys: "", line: "?", help: words(.lineHelp)),
        ]
    }

    /// The driver's command for a link, listed where there is one to make.
    static func linkCommand(in locale: Locale) -> HelpItem {
        HelpItem(keys: "", line: "link", help: LauncherWords.text(.lineLink, in: locale))
    }

    /// Creates a driver for a session.
    ///
    /// - Parameters:
    ///   - session: The session, usually fresh with only its root screen.
    ///   - width: The width lines are printed at.
    ///   - started: Whether the session was started already (a link's replay ran it), so ``start()`` only prints.
    public init(session: Session, width: Int = 80, started: Bool = false) {
        self.session = session
        self.width = width
        self.started = started
    }

    private let started: Bool

    /// The lines to print before the first command.
    ///
    /// - Returns: The top screen's lines.
    public mutating func start() -> [String] {
        // A screen that starts work on its first event (a menu loading a file) gets it done before printing.
        let effects = started ? [] : session.settle(session.start(size: Size(columns: width, rows: 24)), with: jobs)
        if effects.contains(where: { $0.isQuit }) {
            isDone = true
            return Self.clean(session.takeStatus().map { [$0] } ?? [])
        }
        return Self.clean(
            (session.takeStatus().map { [$0] } ?? [])
                + session.top.lines(in: .lines(width: width, environment: session.environment)))
    }

    /// Whether the session ended while starting (a screen quit on its first event).
    public private(set) var isDone = false
    /// Whether the top screen refused the last command: it threw, or rang the bell (an unknown command).
    package private(set) var refusedLast = false

    /// Carries out one command.
    ///
    /// - Parameter line: What the user typed, without the newline.
    /// - Returns: The lines to print, and whether the session is over.
    public mutating func handle(line: String) -> (output: [String], done: Bool) {
        let command = line.trimmed(of: " \t\r")
        refusedLast = false
        let locale = session.environment.locale
        var output: [String] = []
        switch command {
        case "q":
            return ([], true)
        case ".." where session.stack.count > 1:
            _ = session.settle(session.pop(), with: jobs)
        case ".." where session.rootCloses:
            return ([], true)
        case "?":
            let title = LauncherWords.text(.lineCommandsTitle, in: locale)
            return (
                Self.clean([title] + Self.helpLines(for: session.top, link: session.link != nil, in: locale)), false
            )
        case "link":
            // The link to the screen in front; on a menu, a note that a link reopens an entry's screen.
            return (Self.clean([session.link ?? LauncherWords.text(.noLink, in: locale)]), false)
        case "":
            // An empty line, as a person presses Enter to look again: the screen in front is shown again, as a
            // shell prompts again, with no command run and no complaint.
            break
        default:
            do {
                // Line mode has no input to keep responsive: jobs run at once, in order.
                let effects = session.settle(try session.handle(line: command), with: jobs)
                if effects.contains(where: { $0.isQuit }) {
                    return (Self.clean(session.takeStatus().map { [$0] } ?? []), true)
                }
            } catch {
                refusedLast = true
                return (Self.clean([LauncherWords.text(.error, in: locale, ["message": "\(error)"])]), false)
            }
            refusedLast = session.refusedLastLine
            if let status = session.takeStatus() { output.append(status) }
        }
        output += session.top.lines(in: .lines(width: width, environment: session.environment))
        return (Self.clean(output), false)
    }

    /// The width of line mode's lines: the terminal's, when they go to one; else `COLUMNS` when it is a sensible
    /// number; else 80.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - terminal: The width of the terminal the lines are written to, or `nil` when they go elsewhere.
    /// - Returns: A width from 1 to 4,096.
    public static func width(environment: [String: String], terminal: Int? = nil) -> Int {
        if let terminal, terminal > 0 { return min(terminal, 4096) }
        guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 else { return 80 }
        return min(columns, 4096)
    }

    /// The screen's line-mode commands, from its help: `  accent <name>   choose an accent colour`.
    static func helpLines(
        for screen: any Screen, link: Bool = false, in locale: Locale = Locale(identifier: "en")
    ) -> [String] {
        let items =
            commands(in: locale) + (link ? [linkCommand(in: locale)] : []) + screen.help.filter { $0.line != nil }
        let width = items.map { DisplayWidth.of($0.line ?? "") }.max() ?? 0
        return items.map { "  " + DisplayWidth.pad($0.line ?? "", to: width) + "  " + $0.help }
    }

    /// How a run ended: the exit status and the session as it was at the end, so the caller can read what the
    /// user chose.
    public struct Outcome {
        public var status: Int32
        public var session: Session
        /// Why the run failed, for status 1.
        public var failure: String?

        public init(status: Int32, session: Session, failure: String? = nil) {
            self.status = status
            self.session = session
            self.failure = failure
        }
    }

    /// Runs a session until `q`, a quit action, or the end of input.
    ///
    /// - Parameters:
    ///   - session: The session to run.
    ///   - readLine: Returns the next line without its newline, or `nil` at the end of input.
    ///   - write: Writes text; each call gets one line ending in `"\n"`.
    ///   - width: The width lines are printed at.
    ///   - started: Whether a link's replay started the session already.
    ///   - stopsAt: Called with a command the screen refused, before its answer is written: `true` ends the run
    ///     there, with nothing more written.
    /// - Returns: Exit status 0 (130 after Ctrl-C) and the final session.
    @discardableResult
    public static func run(
        session: Session, readLine: () -> String?, write: (String) -> Void, width: Int = 80, started: Bool = false,
        stopsAt refusal: (String) -> Bool = { _ in false }
    ) -> Outcome {
        var driver = LineDriver(session: session, width: width, started: started)
        for line in driver.start() { write(line + "\n") }
        while !driver.isDone, let input = readLine() {
            let (output, done) = driver.handle(line: input)
            if driver.refusedLast && refusal(input) { break }
            for line in output { write(line + "\n") }
            if done { break }
        }
        driver.jobs.shutdown()
        return Outcome(status: driver.session.interrupted ? 130 : 0, session: driver.session)
    }

    /// Splits lines at line breaks and sanitizes each piece.
    private static func clean(_ lines: [String]) -> [String] {
        lines.flatMap { line in
            line.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
                Sanitizer.sanitize(String($0))
            }
        }
    }
}
