import CatalogKit
import CatalogTerminal
import Foundation
import Glibc

/// Runs a session the way the terminal allows: full screen, or line mode. ``LaunchMode`` decides, once.
enum Launcher {
    /// `--height`: the rows below the prompt, or `nil` for the whole screen.
    ///
    /// - Throws: ``Arguments/UsageError`` for a value that is neither N rows nor N% of the window.
    static func height(_ arguments: Arguments) throws -> InlineHeight? {
        guard let text = arguments.values["--height"] else { return nil }
        guard let parsed = InlineHeight(text) else {
            throw Arguments.UsageError(
                description: "option '--height' needs N rows or N% of the window (1 to 100%), not '\(text)'.")
        }
        return parsed
    }

    /// Runs a session.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - arguments: The command line, for `--plain` and `--file -`.
    ///   - context: The environment and the outputs.
    /// - Returns: How the session ended.
    /// - Throws: ``InputError`` when the terminal failed.
    ///   - resuming: For a session a link's replay left, its ticks still due.
    ///   - watch: With `--watch`, live reload; it needs the terminal.
    static func run(
        _ session: Session, arguments: Arguments, context: inout Context,
        resuming: [(after: Duration, owner: Session.ScreenID)]? = nil, watch: Watch? = nil
    ) throws -> LineDriver.Outcome {
        var session = session
        session.linkProgram = context.name
        session.captures = Captures.Place(program: context.name, environment: context.environment)
        let catalogOnInput = arguments.values["--file"] == "-"
        let picker = arguments.values["--file"] != nil
        let facts = LaunchMode.Facts.current(
            plain: arguments.has("--plain"), catalogOnInput: catalogOnInput, environment: context.environment)
        let colorMode = try environment(arguments, context).colorMode
        let mail = Outbox(program: context.name, environment: context.environment)
        defer { mail.report(printingLinks: arguments.has("--print-link"), as: context) }
        let mouse = !arguments.has("--no-mouse")
        let border = try Self.border(arguments)
        let height = try Self.height(arguments)?.around(border)
        let suspends = (session.stack.first as? MenuScreen)?.bindsSuspendKey != true
        var outcome: LineDriver.Outcome
        switch LaunchMode.decide(facts) {
        case .fullScreen:
            outcome = Shell.run(
                session: session, input: STDIN_FILENO, output: STDOUT_FILENO, colorMode: colorMode, mouse: mouse,
                height: height, border: border, resuming: resuming, send: mail.take, watch: watch,
                suspends: suspends)
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard tty >= 0 else {
                if watch != nil { throw watchNeedsTerminal }
                let commands: LaunchMode.Commands = catalogOnInput ? .none : .standardInput
                try refuseNoCommands(commands, arguments, program: context.name)
                return lineMode(
                    session, commands: commands, picker: picker, started: resuming != nil, context: &context)
            }
            defer { close(tty) }
            outcome = Shell.run(
                session: session, input: tty, output: tty, colorMode: colorMode, mouse: mouse, height: height,
                border: border, resuming: resuming, send: mail.take, watch: watch, suspends: suspends)
        case .lineMode(let commands):
            if watch != nil { throw watchNeedsTerminal }
            try refuseNoCommands(commands, arguments, program: context.name)
            return lineMode(session, commands: commands, picker: picker, started: resuming != nil, context: &context)
        }
        if let failure = outcome.failure { throw InputError(description: "terminal: \(failure)") }
        return outcome
    }

    /// Refuses a picker that could never be answered: its list is on standard input and there is no terminal to
    /// read a choice from (`find . | catalog --file -` under cron, `setsid` or CI), unless `--select-1` or
    /// `--exit-0` may decide without one. fzf says as much with status 2; a menu nobody can answer and status 1
    /// ("nothing picked") would tell a script the user had declined.
    ///
    /// - Throws: ``InputError`` naming the way out.
    static func refuseNoCommands(_ commands: LaunchMode.Commands, _ arguments: Arguments, program: String) throws {
        guard commands == .none, !arguments.has("--select-1"), !arguments.has("--exit-0") else { return }
        throw InputError(
            description: "no terminal to pick on: the list is on standard input and there is no /dev/tty; "
                + "use --select-1 or --exit-0 to decide without one, or '\(program) search --file -' to filter.")
    }

    static let watchNeedsTerminal = Arguments.UsageError(
        description: "option '--watch' needs a terminal: line mode (--plain, or no terminal) can't show a rebuild.")

    /// The environment screens are told: the process's, with `--locale` over it.
    ///
    /// - Throws: ``Arguments/UsageError`` for a `--locale` in a language the launcher doesn't speak, which would
    ///   otherwise run in English without a word; `LANG` and the like fall back to English quietly, as programs do.
    static func environment(_ arguments: Arguments, _ context: Context) throws -> ScreenEnvironment {
        try checkLocale(arguments.values["--locale"])
        var environment = ScreenEnvironment.detect(context.environment, locale: arguments.values["--locale"])
        environment.colorMode = try colorMode(arguments, detected: environment.colorMode)
        if arguments.has("--no-unicode") { environment.glyphs = .ascii }
        return environment
    }

    /// Refuses a `--locale` whose language has no words: `de_AT` and `ja_JP.UTF-8` are German and Japanese.
    static func checkLocale(_ name: String?) throws {
        guard let name, !ScreenEnvironment.speaks(name) else { return }
        let list = ScreenEnvironment.languageList
        throw Arguments.UsageError(description: "option '--locale' needs a locale in \(list), not '\(name)'.")
    }

    /// fzf's `--border[=STYLE]`: none without it, rounded with no style.
    ///
    /// - Throws: ``Arguments/UsageError`` for a style fzf 0.38 doesn't have.
    static func border(_ arguments: Arguments) throws -> Border {
        guard arguments.has("--border") else { return Border(.none) }
        let name = arguments.values["--border"] ?? "rounded"
        guard let shape = Border.Shape(rawValue: name) else {
            let shapes = Border.Shape.allCases.map(\.rawValue).formatted(
                .list(type: .or).locale(Locale(identifier: "en")))
            throw Arguments.UsageError(description: "option '--border' needs \(shapes), not '\(name)'.")
        }
        return Border(shape)
    }

    /// The colour `--color` asks for: none (`never`, or fzf's `bw`, or `--no-color`), the terminal's or full
    /// colour where it says none (`always`), or the terminal's (`auto`, the default).
    ///
    /// - Throws: ``Arguments/UsageError`` for another word, such as fzf's colours for parts of its screen.
    static func colorMode(_ arguments: Arguments, detected: ColorMode) throws -> ColorMode {
        if arguments.has("--no-color") { return .none }
        switch arguments.values["--color"] {
        case nil, "auto": return detected
        case "never", "bw": return .none
        case "always": return detected == .none ? .trueColor : detected
        case let other?:
            throw Arguments.UsageError(
                description: "option '--color' needs never, always or auto, not '\(other)': catalog keeps its own "
                    + "colours, and fzf's bw is never.")
        }
    }

    private static func lineMode(
        _ session: Session, commands: LaunchMode.Commands, picker: Bool, started: Bool, context: inout Context
    ) -> LineDriver.Outcome {
        // A picker's menu is for the person and its pick for the next program, so with --file the menu goes to
        // standard error and `x=$(… | catalog --file list.txt)` captures the pick alone, with no terminal too.
        var out = picker ? Output(STDERR_FILENO) : context.out
        var hint = ListOnCommands(program: context.name, startsAtMenu: session.top is MenuScreen, picker: picker)
        var ahead: String?
        let reader = CommandReader(commands)
        // What a script's run prints waits until its first line is known to be a command: a list piped in by
        // mistake (`ls | catalog | xargs rm`) gets nothing on standard output, not the menu for the next program
        // to act on.
        var held: [UInt8]? = commands == .standardInput && reader?.isTerminal == false ? [] : nil
        func release() {
            guard let bytes = held else { return }
            held = nil
            out.raw(bytes)
            out.flush()
        }
        var outcome = LineDriver.run(
            session: session,
            readLine: {
                // The line read ahead of the first, which the hint has read already.
                if let next = ahead {
                    ahead = nil
                    return next
                }
                // A person at a terminal is asked for the next command; a script is not.
                if reader?.isTerminal == true {
                    out.raw(Array("> ".utf8))
                    out.flush()
                }
                guard let line = reader?.next() else {
                    // Ctrl-D at the prompt: the shell's prompt starts on a line of its own.
                    if reader?.isTerminal == true {
                        out.raw([0x0A])
                        out.flush()
                    }
                    release()
                    return nil
                }
                // A list piped in by mistake ends here, at its second path, rather than as thousands of unknown
                // commands. A script's first line that may start a list is answered only once the second is read,
                // so a list gets nothing printed for its first line.
                if commands == .standardInput, !hint.said {
                    if hint.read(line) { return nil }
                    if hint.awaitsSecondLine, reader?.isTerminal == false {
                        guard let next = reader?.next() else {
                            if hint.endOfInput() { return nil }
                            release()
                            return line
                        }
                        if hint.read(next) { return nil }
                        ahead = next
                    }
                }
                // Numbers alone may be a list (`seq 100`): what they print waits until a screen refuses one, or a
                // line of another kind comes, or the input ends.
                if !(commands == .standardInput && hint.onlyNumbers) { release() }
                return line
            },
            write: { text in
                // With no one to answer (no terminal, the list on standard input), only --select-1 or --exit-0 may
                // decide: a menu nobody reads is not printed. A list where commands were expected prints nothing.
                guard commands != .none, !hint.said else { return }
                if held != nil {
                    held?.append(contentsOf: text.utf8)
                    return
                }
                out.raw(Array(text.utf8))
                out.flush()
            },
            width: LineDriver.width(
                environment: context.environment, terminal: Size.window(of: out.descriptor)?.columns),
            started: started,
            stopsAt: { line in commands == .standardInput && reader?.isTerminal == false && hint.refused(line) })
        // A run that ended before it read a line (--select-1 decided) prints what it held.
        if !hint.said { release() }
        if !picker { context.out = out }
        // A list where commands were expected is bad input, as the line on standard error said.
        if hint.said { outcome.status = 2 }
        // A picker left with q or at the end of its commands was cancelled, as Esc cancels it on the full screen:
        // 130, as fzf's. Picking nothing because nothing matched (--exit-0) stays 1.
        if picker, outcome.status == 0, let menu = outcome.session.stack.first as? MenuScreen, menu.picked.isEmpty,
            !menu.foundNothing
        {
            outcome.status = 130
            // No terminal, and --select-1 or --exit-0 could not decide alone: nobody cancelled, so say why.
            if commands == .none {
                var error = Output(STDERR_FILENO)
                error.line(
                    "\(context.name): no terminal to pick on: --select-1 and --exit-0 decide alone only when one "
                        + "entry matches, or none")
                error.flush()
                outcome.status = 2
            }
        }
        return outcome
    }

    /// Line mode's commands, a line at a time, from standard input or the controlling terminal, which it closes.
    final class CommandReader {
        private let file: UnsafeMutablePointer<FILE>
        /// Whether a person types the commands, who is shown a prompt.
        let isTerminal: Bool

        /// Opens where the commands come from, or `nil` for none, or a terminal that does not open.
        init?(_ commands: LaunchMode.Commands) {
            // A descriptor of its own, which closing the stream closes: standard input's copy, or the terminal.
            let descriptor: Int32
            switch commands {
            case .none: return nil
            case .standardInput: descriptor = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
            case .controllingTerminal: descriptor = open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
            }
            guard descriptor >= 0 else { return nil }
            guard let file = fdopen(descriptor, "r") else {
                close(descriptor)
                return nil
            }
            self.file = file
            isTerminal = isatty(descriptor) == 1
        }

        deinit { fclose(file) }

        /// The next line without its line end, or `nil` at the end of input.
        func next() -> String? {
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            let count = getline(&line, &capacity, file)
            guard count >= 0, let line else { return nil }
            var bytes = UnsafeRawBufferPointer(start: line, count: count)
            if bytes.last == 0x0A { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Notices a list piped in where line mode reads commands (`ls | catalog`, as fzf is used): its first two lines
    /// are no command of the menu it starts at, or two lines in a row are paths (`find . | catalog`),
    /// which no script sends, since the second filter replaces the first, or a list of numbers (`seq 100 | catalog`)
    /// has one the screen refuses, where the first opened an entry and the next is no command of its screen. It then
    /// says once, on standard error, how to pick from a list, and the run stops there with status 2: the input was
    /// no commands.
    struct ListOnCommands {
        let program: String
        private var pathLines = 0
        /// How many lines came before the first the menu takes as a command, or -1 once one has.
        private var leadingUnknown = 0
        /// Whether every line so far is a number, read from the menu on: what is printed waits while it is, since a
        /// refused number says the input was a list of numbers.
        private(set) var onlyNumbers: Bool
        /// Whether the hint was given: the input is a list, and the run ends with status 2.
        private(set) var said = false

        /// - Parameters:
        ///   - startsAtMenu: Whether the run starts at the menu, whose commands the first lines must be; `open`
        ///     starts at the entry's screen, which has its own.
        ///   - picker: Whether a list was given with `--file`: numbers on standard input are then commands for it, a
        ///     refused one a slip, since the list is elsewhere.
        init(program: String, startsAtMenu: Bool, picker: Bool = false) {
            self.program = program
            leadingUnknown = startsAtMenu ? 0 : -1
            onlyNumbers = startsAtMenu && !picker
        }

        /// Whether the menu takes a line as a command: a number, a filter (`/text`), `..`, `q`, `?`, `link`, or an
        /// empty line.
        static func isMenuCommand(_ line: String) -> Bool {
            let command = line.trimmed(of: " \t\r")
            return command.isEmpty || command.hasPrefix("/") || ["..", "q", "?", "link"].contains(command)
                || ItemNumber.isNumber(command)
        }

        /// Whether one line that may start a list has been read: the next decides.
        var awaitsSecondLine: Bool { !said && (pathLines == 1 || leadingUnknown == 1) }

        /// Reads a command, and gives the hint at the second line of a list.
        ///
        /// - Returns: Whether the hint was given now, so the run stops reading.
        mutating func read(_ line: String) -> Bool {
            let pathLike =
                line.hasPrefix("./") || (line.hasPrefix("/") && line.dropFirst().contains("/"))
            pathLines = pathLike ? pathLines + 1 : 0
            onlyNumbers = onlyNumbers && ItemNumber.isNumber(line.trimmed(of: " \t\r"))
            if leadingUnknown >= 0 { leadingUnknown = Self.isMenuCommand(line) ? -1 : leadingUnknown + 1 }
            guard pathLines == 2 || leadingUnknown == 2, !said else { return false }
            say()
            return true
        }

        /// The input ended after its first line, which is no command (`echo notes.md | catalog`): a list of one,
        /// which gets the hint too. A line the menu takes (a filter, `/usr/share`) is a script of one.
        ///
        /// - Returns: Whether the hint was given now.
        mutating func endOfInput() -> Bool {
            guard !said, leadingUnknown == 1 else { return false }
            say()
            return true
        }

        /// A line the screen refused: in input of numbers alone, a list of them (`seq 100 | catalog`), which gets
        /// the hint, naming the line.
        ///
        /// - Returns: Whether the hint was given now, so the run stops before the line's answer is printed.
        mutating func refused(_ line: String) -> Bool {
            guard !said, onlyNumbers else { return false }
            say(refused: line)
            return true
        }

        private mutating func say(refused: String? = nil) {
            said = true
            var error = Output(STDERR_FILENO)
            let reason = refused.map { ", and “\($0)” is no command of the screen it reached" } ?? ""
            error.line(
                "\(program): standard input is read as commands (line mode)\(reason); to pick from a list, pass it "
                    + "with --file -, as in: find . | \(program) --file -")
            error.flush()
        }
    }

    /// What a session sends beyond the frame: links, kept to print on exit with `--print-link`, and captures,
    /// appended to their entry's file at once.
    final class Outbox {
        let program: String
        let environment: [String: String]
        private(set) var links: [String] = []
        private(set) var problems: [String] = []

        init(program: String, environment: [String: String]) {
            self.program = program
            self.environment = environment
        }

        func take(_ outgoing: Session.Outgoing) {
            switch outgoing {
            case .link(let link):
                links.append(link)
            case .capture(let id, let line):
                do {
                    try Captures.append(line, id: id, program: program, environment: environment)
                } catch {
                    problems.append("could not keep the capture of '\(id)': \(error)")
                }
            case .clipboard:
                break
            }
        }

        /// Prints the links (with `--print-link`) and what went wrong keeping captures, on standard error.
        func report(printingLinks: Bool, as context: Context) {
            if printingLinks {
                var error = Output(STDERR_FILENO)
                for link in links { error.line(link) }
                error.flush()
            }
            for problem in problems { context.fail(problem) }
        }
    }
}
