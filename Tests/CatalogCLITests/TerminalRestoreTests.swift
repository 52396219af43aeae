import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The real `catalog` launcher under a pseudo-terminal, ended every way a user can end it. After each, the terminal
/// settings must equal those of a fresh terminal, and the output must end with the sequences that show the cursor
/// and leave the alternate screen.
///
/// The launcher runs on the built-in catalog with `CATALOG_TEST_SCREENS=1`, which adds test-only screens: one that
/// traps (an index out of range), one that throws on every key, and one whose factory throws.
@Suite("Terminal restore, end to end", .serialized)
struct TerminalRestoreTests {
    /// How the launcher is ended.
    enum ExitPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case quitKey = "q"
        case controlC = "Ctrl-C"
        case sigterm = "SIGTERM"
        case sighup = "SIGHUP"
        case suspendThenQuit = "Ctrl-Z, SIGCONT, q"
        case trappingScreen = "a screen that traps"

        var testDescription: String { rawValue }
    }

    /// What leaving the launcher writes last: mouse reporting and bracketed paste off, attributes reset, cursor
    /// shown, main screen.
    static let leaveSequence =
        "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// What entering it turns on, mouse reporting included.
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"

    /// How the launcher takes the terminal: the whole screen, or a region below the prompt (`--height`).
    enum Presentation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case fullScreen = "full screen"
        case inline = "--height 10"

        var arguments: [String] { self == .inline ? ["--height", "10"] : [] }
        /// What entering writes first, again after a stop.
        var enter: String { self == .inline ? "\u{1B}7" : "\u{1B}[?1049h" }
        /// What leaving writes last.
        var leave: String {
            self == .inline
                ? "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}8\u{1B}[J\u{1B}[?25h"
                : leaveSequence
        }
        var testDescription: String { rawValue }
    }
    /// Generous: the machine may be busy with other builds.
    static let timeout = Duration.seconds(60)

    static let environment = [
        "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8", "CATALOG_TEST_SCREENS": "1",
        // A trap then ends the process at once instead of the backtracer waiting on the terminal.
        "SWIFT_BACKTRACE": "enable=no",
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]

    /// The settings of a fresh pseudo-terminal, read while a program that never touches it runs: what every exit
    /// path must leave behind. Reading them from the launcher's own terminal would race with it entering raw mode.
    static func freshSettings() throws -> termios {
        let idle = try PTY.spawn(path: "/bin/sleep", arguments: ["60"])
        defer {
            idle.signal(SIGKILL)
            _ = try? idle.wait(timeout: timeout)
        }
        return try idle.attributes()
    }

    /// Starts the launcher and waits for the menu.
    func start(_ presentation: Presentation = .fullScreen) throws -> PTY {
        let pty = try PTY.spawn(
            path: productPath("catalog"), arguments: presentation.arguments, environment: Self.environment)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        let raw = try pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0, "the launcher is in raw mode")
        #expect(pty.outputText.contains(Self.mouseOn), "mouse reporting is on, so every exit path must turn it off")
        return pty
    }

    @Test("the terminal is restored on every way out", arguments: ExitPath.allCases, Presentation.allCases)
    func restored(_ path: ExitPath, _ presentation: Presentation) throws {
        let before = try Self.freshSettings()
        #expect(before.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == tcflag_t(ECHO | ICANON | ISIG))
        let pty = try start(presentation)
        let leaveSequence = presentation.leave
        let status: PTY.ExitStatus
        switch path {
        case .quitKey:
            try pty.send([0x1B])
            status = try pty.wait(timeout: Self.timeout)
            #expect(status == .exited(0))
        case .controlC:
            try pty.send([0x03])
            status = try pty.wait(timeout: Self.timeout)
            #expect(status == .exited(130))
        case .sigterm, .sighup:
            let signal = path == .sigterm ? SIGTERM : SIGHUP
            pty.signal(signal)
            status = try pty.wait(timeout: Self.timeout)
            #expect(status == .signaled(signal))
        case .suspendThenQuit:
            let beforeStop = pty.mark
            try pty.send([0x1A])
            // Run by no shell, the launcher's group is orphaned and would drop SIGTSTP: it stops with SIGSTOP.
            #expect(pty.waitForStop(timeout: Self.timeout) == SIGSTOP)
            #expect(PTY.sameSettings(before, try pty.attributes()), "restored while stopped")
            // The bytes were written before the stop; read them from the terminal now.
            let whileStopped = try pty.read(until: leaveSequence, since: beforeStop, timeout: Self.timeout)
            #expect(whileStopped.hasSuffix(leaveSequence), "left the screen while stopped")
            let mark = pty.mark
            pty.signal(SIGCONT)
            try pty.read(until: presentation.enter, since: mark, timeout: Self.timeout)
            try pty.read(until: "type to filter · F1 help", since: mark, timeout: Self.timeout)
            #expect(try pty.attributes().c_lflag & tcflag_t(ECHO) == 0, "raw again after SIGCONT")
            try pty.send([0x1B])
            status = try pty.wait(timeout: Self.timeout)
            #expect(status == .exited(0))
        case .trappingScreen:
            try pty.send("trap")
            try pty.read(until: "entries matches “trap”", timeout: Self.timeout)
            try pty.send("\r")
            try pty.read(until: "Trap screen", timeout: Self.timeout)
            try pty.send("!")
            status = try pty.wait(timeout: Self.timeout)
            #expect(status == .signaled(SIGILL) || status == .signaled(SIGTRAP), "\(status)")
        }
        #expect(
            PTY.sameSettings(before, try pty.attributes()),
            "\(path.rawValue), \(presentation.rawValue): settings after \(status)")
        #expect(pty.outputText.hasSuffix(leaveSequence), "\(path.rawValue): \(pty.outputText.suffix(120))")
    }

    @Test("a screen that throws, or whose factory throws, leaves the launcher running")
    func throwingScreens() throws {
        let before = try Self.freshSettings()
        let pty = try start()
        try pty.send("throw")
        try pty.read(until: "entries matches “throw”", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "Throw screen", timeout: Self.timeout)
        try pty.send("a")
        try pty.read(until: "the throw screen threw (1)", timeout: Self.timeout)
        try pty.send("b")
        try pty.read(until: "the throw screen threw (2)", timeout: Self.timeout)
        try pty.send([0x1B])  // Esc closes the screen; the filter is still there.
        let back = pty.mark
        try pty.read(until: "entries matches “throw”", since: back, timeout: Self.timeout)
        try pty.send([0x15])  // Ctrl-U: clear the filter text.
        try pty.send("brok")
        try pty.read(until: "entries matches “brok”", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "Could not open “Broken”", timeout: Self.timeout)
        try pty.send([0x1B])
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix(Self.leaveSequence))
    }

    @Test("line mode prints a throwing screen's error and goes on")
    func throwingScreenInLineMode() throws {
        let result = try runProcess(
            productPath("catalog"), ["--plain"], input: Array("/throw\n1\nx\n..\n/broken\n1\nq\n".utf8),
            environment: ["CATALOG_TEST_SCREENS": "1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Error: the throw screen threw (1)"))
        #expect(result.stdout.contains("Could not open “Broken”: Error: this screen's factory always fails"))
        #expect(result.stderr.isEmpty)
    }

    @Test("the test screens stay out of the normal catalog")
    func hiddenByDefault() throws {
        let result = try runProcess(productPath("catalog"), ["list"], environment: ["CATALOG_TEST_SCREENS": "0"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Test/"))
        let shown = try runProcess(productPath("catalog"), ["list"], environment: ["CATALOG_TEST_SCREENS": "1"])
        let testLines = shown.stdout.split(separator: "\n").filter { $0.hasPrefix("Test/") }
        #expect(testLines == ["Test/Broken", "Test/Throw", "Test/Trap"])
    }
}
