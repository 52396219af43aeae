import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The launcher's signal handlers live alongside handlers that were there first: a `SIG_IGN` set by `nohup` or a
/// shell's `trap "" HUP`, and the Swift runtime's crash handler that prints a backtrace. The real `catalog` binary
/// runs under a pseudo-terminal, as in ``TerminalRestoreTests``, whose fresh settings, timeout and leave sequence
/// these tests share.
@Suite("Signal handlers as neighbours, end to end", .serialized)
struct SignalNeighbourTests {
    /// Starts the launcher through `/bin/sh` with a shell command run first, and waits for the menu.
    ///
    /// - Parameters:
    ///   - setup: Shell commands run before the shell replaces itself with the launcher, such as a `trap`.
    ///   - environment: The launcher's whole environment.
    /// - Returns: The running launcher; its process id is the launcher's, since the shell `exec`s it.
    func start(after setup: String, environment: [String: String]) throws -> PTY {
        let pty = try PTY.spawn(
            path: "/bin/sh", arguments: ["-c", "\(setup); exec \"$0\"", productPath("catalog")],
            environment: environment)
        try pty.read(until: "type to filter · F1 help", timeout: TerminalRestoreTests.timeout)
        return pty
    }

    /// Catches a handler installed over `SIG_IGN`: under `nohup` (here `trap "" HUP`, since `nohup` itself would
    /// take standard output away from the terminal) a hang-up must not end the launcher.
    @Test("a SIGHUP that was ignored when the launcher started stays ignored")
    func ignoredHangUpStaysIgnored() throws {
        let before = try TerminalRestoreTests.freshSettings()
        let pty = try start(after: "trap '' HUP", environment: TerminalRestoreTests.environment)
        pty.signal(SIGHUP)
        // A pending fatal signal is delivered before the launcher can read the keys, so an answer means it lived.
        try pty.send("trap")
        let answer = try pty.readUnlessEnded(until: "entries matches “trap”", timeout: TerminalRestoreTests.timeout)
        try #require(answer != nil, "the launcher ended after SIGHUP: \(pty.outputText.suffix(200).debugDescription)")
        #expect(try pty.attributes().c_lflag & tcflag_t(ECHO | ICANON) == 0, "still in raw mode after SIGHUP")
        try pty.send([0x1B, 0x1B])
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: TerminalRestoreTests.timeout) == .exited(0))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix(TerminalRestoreTests.leaveSequence))
    }

    /// The launcher's environment with the Swift runtime's backtracer on (the default on Linux, where it is also
    /// interactive on a terminal; here it must not wait for a key) and without colours, so its text can be matched.
    static let backtracing = TerminalRestoreTests.environment.merging([
        "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"
    ]) { $1 }

    /// Checks that the backtracer's report came after the launcher left its screen, and says what it crashed with.
    ///
    /// - Parameters:
    ///   - output: Everything the launcher wrote.
    ///   - crash: Text that must follow "Program crashed:", such as "Illegal instruction".
    /// - Returns: The report, from its first line on; empty when there is none.
    @discardableResult
    func reportAfterLeaving(in output: String, crash: String) -> Substring {
        // The report opens with "*** Signal 4: Backtracing from 0x…", then "*** Program crashed: …" and the frames.
        let left = output.range(of: TerminalRestoreTests.leaveSequence)
        let report = output.range(of: "Backtracing from")
        #expect(left != nil, "the screen was never left: \(output.suffix(300).debugDescription)")
        #expect(report != nil, "no crash report: \(output.suffix(300).debugDescription)")
        guard let left, let report else { return "" }
        #expect(left.upperBound <= report.lowerBound, "the report was drawn on the launcher's screen")
        let rest = output[report.lowerBound...]
        #expect(rest.contains("Program crashed: \(crash)"), "\(rest.prefix(300))")
        return rest
    }

    /// Catches a crash handler that ends the process itself instead of handing the signal on: the backtracer must
    /// still print its report, and only after the terminal has left the launcher's screen.
    @Test("a screen that traps gets the Swift backtrace, printed after the terminal is restored")
    func trapStillPrintsABacktrace() throws {
        let before = try TerminalRestoreTests.freshSettings()
        let pty = try start(after: ":", environment: Self.backtracing)
        try pty.send("trap")
        try pty.read(until: "entries matches “trap”", timeout: TerminalRestoreTests.timeout)
        try pty.send("\r")
        try pty.read(until: "Trap screen", timeout: TerminalRestoreTests.timeout)
        try pty.send("!")
        let status = try pty.wait(timeout: TerminalRestoreTests.timeout)
        #expect(status == .signaled(SIGILL) || status == .signaled(SIGTRAP), "\(status)")
        #expect(PTY.sameSettings(before, try pty.attributes()), "settings after \(status)")
        let report = reportAfterLeaving(in: pty.outputText, crash: "Illegal instruction")
        #expect(report.contains("TrapScreen.handle"), "the backtrace starts where the screen trapped")
    }

    /// Catches a guard that hands a sent signal on and stops there: the backtracer returns from a `kill -QUIT` after
    /// its report, and the launcher must still end rather than run on over a terminal it has given back.
    @Test("a SIGQUIT gets the backtracer's report and still ends the launcher")
    func quitReportsAndEnds() throws {
        let before = try TerminalRestoreTests.freshSettings()
        let pty = try start(after: ":", environment: Self.backtracing)
        pty.signal(SIGQUIT)
        #expect(try pty.wait(timeout: TerminalRestoreTests.timeout) == .signaled(SIGQUIT))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        reportAfterLeaving(in: pty.outputText, crash: "")
    }
}
