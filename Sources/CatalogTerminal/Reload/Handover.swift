import Foundation
import Glibc

/// What a process running `--watch` hands to the rebuilt binary it replaces itself with (`execve`), in one
/// environment variable: the terminal settings the user had before the first process took the terminal, so the
/// last one restores them at exit; the entry that was open, with the link's options that reach its state (control
/// values, locale, colour, size and the steps since it opened); and how long the build took.
///
/// The terminal is never given back in between: raw mode, mouse reporting and the alternate screen carry over, so
/// the new process draws its first frame over the old one's.
package struct Handover: Codable, Sendable, Equatable {
    /// The environment variable that carries it; the new process removes it from its own environment at once, so
    /// nothing it starts inherits it.
    package static let variable = "CATALOG_HANDOVER"

    /// The bytes of the `termios` the user had.
    package var settings: [UInt8]
    /// The open entry's id, if an entry was open.
    package var entry: String?
    /// The words after `open ID` in the link to the entry's state (``Link/words``).
    package var options: [String]
    /// How long the build took, in milliseconds.
    package var builtMilliseconds: Int
    /// When the build started, in seconds since 1970: a source changed after then calls for another build.
    package var buildStarted: Double
    /// The language screens were in (F2 may have changed it), as a locale identifier.
    package var locale: String
    /// Whether colour was on (F3 may have turned it off).
    package var colour: Bool
    /// Whether the open entry saved something: it is reopened from its files, not by replaying its steps.
    package var saved: Bool
    /// The menu's filter text, when it filtered.
    package var query: String?
    /// The entry highlighted in the menu, when an entry was.
    package var highlighted: String?

    /// A handover.
    ///
    /// - Parameters:
    ///   - settings: The terminal settings the user had.
    ///   - link: The state of the open entry, if one is open.
    ///   - build: The build that made the new binary.
    ///   - environment: The environment screens were in.
    ///   - saved: Whether the open entry saved something.
    ///   - menu: Where the menu was: its filter's text and the entry highlighted.
    package init(
        settings: termios, link: Link?, build: Rebuild.Build, environment: ScreenEnvironment = .standard,
        saved: Bool = false, menu: (query: String?, entry: String?) = (nil, nil)
    ) {
        self.saved = saved
        query = menu.query
        highlighted = menu.entry
        locale = environment.locale.identifier
        colour = environment.colorMode != .none
        self.settings = withUnsafeBytes(of: settings) { Array($0) }
        entry = link?.id
        options = link?.words ?? []
        builtMilliseconds = Int(build.duration / .milliseconds(1))
        buildStarted = build.started
    }

    /// The terminal settings handed over, or `nil` when the bytes are not a `termios` of this system.
    package var terminalSettings: termios? {
        guard settings.count == MemoryLayout<termios>.size else { return nil }
        var result = termios()
        withUnsafeMutableBytes(of: &result) { $0.copyBytes(from: settings) }
        return result
    }

    /// How long the build took.
    package var built: Duration { .milliseconds(builtMilliseconds) }

    /// The handover in an environment, if there is one and it can be read.
    package static func read(from environment: [String: String]) -> Handover? {
        guard let text = environment[variable] else { return nil }
        return try? JSONDecoder().decode(Handover.self, from: Data(text.utf8))
    }

    /// The handover as the variable's value.
    package var text: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Replaces this process with another program, handing this over in ``variable``.
    ///
    /// Every descriptor but standard input, output and error is closed on exec first, whatever opened it, so the
    /// new process inherits the terminal and nothing else.
    ///
    /// - Parameters:
    ///   - program: The path of the program to run.
    ///   - arguments: Its arguments, its name first.
    ///   - environment: Its environment, less any older handover.
    /// - Returns: Only when the exec failed: why, in one line.
    package func exec(_ program: String, arguments: [String], environment: [String: String]) -> String {
        var environment = environment
        environment[Self.variable] = text
        let code = ProcessImage.replace(with: program, arguments: arguments, environment: environment)
        return "could not start the rebuilt '\(program)': \(String(cString: strerror(code)))"
    }

    /// Guards the terminal a process took over, from its first instruction: it is raw and on the alternate screen,
    /// and until the launcher enters it, nothing else would give it back. The signal guard is armed with the
    /// settings handed over, on `/dev/tty`, so a crash while the entry's steps are replayed, a registration mistake
    /// or a usage error (any exit) leaves the terminal as the user had it. Does nothing without a handover.
    ///
    /// - Parameter environment: The process's environment, as it started.
    package static func guardTerminal(_ environment: [String: String]) {
        guard let settings = read(from: environment)?.terminalSettings else { return }
        // Kept open for the process's life: the guard writes to it from a signal handler or at exit.
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return }
        _ = SignalGuard.install()
        SignalGuard.arm(settings: settings, input: tty, output: tty)
    }

    /// Gives a terminal guarded by ``guardTerminal(_:)`` back now, before an error is printed (on the alternate
    /// screen it would vanish as the terminal is left); does nothing once the launcher has left it.
    package static func giveBack() {
        SignalGuard.restoreTerminal()
    }
}
