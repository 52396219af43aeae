import Glibc

/// Where an interactive command draws: full screen on a terminal, or line mode. Decided in one place, from the
/// arguments, the environment and the file descriptors; nothing decides it again later.
package enum LaunchMode: Sendable, Equatable {
    /// Full screen, reading keys from standard input and drawing on standard output.
    case fullScreen
    /// Full screen on the controlling terminal (`/dev/tty`), for keys and frames alike, because standard input or
    /// standard output is a pipe. Standard output then carries only what is picked, as with fzf:
    /// `x=$(catalog --file list.txt)` and `catalog --file list.txt | xargs vim` both work.
    case controllingTerminal
    /// Plain lines on standard output, one command a line from where `commands` says.
    case lineMode(commands: Commands)

    /// Where line mode reads its commands.
    package enum Commands: Sendable, Equatable {
        /// Standard input: a person at a dumb terminal, or a script (`printf '3\nq\n' | catalog`).
        case standardInput
        /// The controlling terminal (`/dev/tty`), since standard input holds the catalog (`find | catalog
        /// --file - --plain`), as fzf reads its keys there.
        case controllingTerminal
        /// Nowhere: the catalog is on standard input and there is no terminal, so the first screen is printed and
        /// the run ends.
        case none
    }

    /// What the decision depends on.
    public struct Facts: Sendable, Equatable {
        /// `--plain` was given.
        public var plain: Bool
        /// The value of `TERM`, if set.
        public var term: String?
        /// Whether standard input and standard output are terminals.
        public var inputIsTerminal: Bool
        public var outputIsTerminal: Bool
        /// Whether standard input holds the catalog (`--file -`), so keys can't come from it.
        public var catalogOnInput: Bool
        /// Whether the process has a controlling terminal that `/dev/tty` opens.
        public var hasControllingTerminal: Bool

        public init(
            plain: Bool, term: String?, inputIsTerminal: Bool, outputIsTerminal: Bool, catalogOnInput: Bool,
            hasControllingTerminal: Bool
        ) {
            self.plain = plain
            self.term = term
            self.inputIsTerminal = inputIsTerminal
            self.outputIsTerminal = outputIsTerminal
            self.catalogOnInput = catalogOnInput
            self.hasControllingTerminal = hasControllingTerminal
        }

        /// The facts of this process.
        ///
        /// - Parameters:
        ///   - plain: Whether `--plain` was given.
        ///   - catalogOnInput: Whether standard input holds the catalog.
        ///   - environment: The process environment, for `TERM`.
        public static func current(plain: Bool, catalogOnInput: Bool, environment: [String: String]) -> Facts {
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
            if tty >= 0 { close(tty) }
            return Facts(
                plain: plain, term: environment["TERM"], inputIsTerminal: isatty(STDIN_FILENO) == 1,
                outputIsTerminal: isatty(STDOUT_FILENO) == 1, catalogOnInput: catalogOnInput,
                hasControllingTerminal: tty >= 0)
        }
    }

    /// Decides.
    ///
    /// - Line mode for `--plain`, for `TERM=dumb`, when commands are piped to standard input
    ///   (`printf '3\nq\n' | catalog`), and when there is no terminal at all.
    /// - Full screen on standard input and output when both are terminals.
    /// - Otherwise full screen on the controlling terminal, when there is one.
    ///
    /// - Parameter facts: What the decision depends on.
    /// - Returns: The mode.
    public static func decide(_ facts: Facts) -> LaunchMode {
        let lineMode = LaunchMode.lineMode(
            commands: !facts.catalogOnInput
                ? .standardInput : facts.hasControllingTerminal ? .controllingTerminal : .none)
        if facts.plain || facts.term == "dumb" { return lineMode }
        if !facts.inputIsTerminal && !facts.catalogOnInput { return lineMode }
        if facts.inputIsTerminal && facts.outputIsTerminal && !facts.catalogOnInput { return .fullScreen }
        return facts.hasControllingTerminal ? .controllingTerminal : lineMode
    }
}
