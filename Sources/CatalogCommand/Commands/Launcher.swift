import CatalogKit
import CatalogTerminal
import Glibc

/// Runs a session the way the terminal allows: full screen, or line mode. ``LaunchMode`` decides, once.
enum Launcher {
    /// Runs a session.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - arguments: The command line, for `--plain` and `--file -`.
    ///   - context: The environment and the outputs.
    /// - Returns: How the session ended.
    /// - Throws: ``InputError`` when the terminal failed.
    static func run(_ session: Session, arguments: Arguments, context: inout Context) throws -> LineDriver.Outcome {
        let catalogOnInput = arguments.values["--file"] == "-"
        let picker = arguments.values["--file"] != nil
        let facts = LaunchMode.Facts.current(
            plain: arguments.has("--plain"), catalogOnInput: catalogOnInput, environment: context.environment)
        let colorMode = ColorMode.detect(environment: context.environment)
        let mouse = !arguments.has("--no-mouse")
        var height: InlineHeight?
        if let text = arguments.values["--height"] {
            guard let parsed = InlineHeight(text) else {
                throw Arguments.UsageError(
                    description: "option '--height' needs N rows or N% of the window (1 to 100%), not '\(text)'.")
            }
            height = parsed
        }
        var outcome: LineDriver.Outcome
        switch LaunchMode.decide(facts) {
        case .fullScreen:
            outcome = Shell.run(
                session: session, input: STDIN_FILENO, output: STDOUT_FILENO, colorMode: colorMode, mouse: mouse,
                height: height)
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard tty >= 0 else {
                return lineMode(session, readsCommands: !catalogOnInput, picker: picker, context: &context)
            }
            defer { close(tty) }
            outcome = Shell.run(
                session: session, input: tty, output: tty, colorMode: colorMode, mouse: mouse, height: height)
        case .lineMode(let readsCommands):
            return lineMode(session, readsCommands: readsCommands, picker: picker, context: &context)
        }
        if let failure = outcome.failure { throw InputError(description: "terminal: \(failure)") }
        return outcome
    }

    /// The environment screens are told: the process's, with `--locale` over it.
    static func environment(_ arguments: Arguments, _ context: Context) -> ScreenEnvironment {
        ScreenEnvironment.detect(context.environment, locale: arguments.values["--locale"])
    }

    private static func lineMode(_ session: Session, readsCommands: Bool, picker: Bool, context: inout Context)
        -> LineDriver.Outcome
    {
        // A picker's menu is for the person and its pick for the next program, so with --file the menu goes to
        // standard error and `x=$(… | catalog --file list.txt)` captures the pick alone, with no terminal too.
        var out = picker ? Output(STDERR_FILENO) : context.out
        let outcome = LineDriver.run(
            session: session, readLine: { readsCommands ? Swift.readLine(strippingNewline: true) : nil },
            write: { text in
                out.raw(Array(text.utf8))
                out.flush()
            }, width: LineDriver.width(environment: context.environment))
        if !picker { context.out = out }
        return outcome
    }
}
