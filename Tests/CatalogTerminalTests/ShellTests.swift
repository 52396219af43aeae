import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// End-to-end tests of ``Shell`` under a pseudo-terminal.
///
/// There is no launcher binary yet, so the test binary plays one: ``ShellHost/host()`` runs only when
/// `CATALOG_SHELL_HOST` is set, and then runs a ``HostScreen`` session full screen on its own standard input and
/// output. The tests spawn this binary under a ``PTY`` with that variable set, type keys, send signals, and check
/// the screen, the exit status, and that the terminal settings are restored.
@Suite("Shell end to end", .serialized)
struct ShellTests {
    /// Starts the host and waits for its first frame.
    func startHost(size: Size = Size(columns: 60, rows: 12)) throws -> (PTY, termios) {
        let environment = [
            "CATALOG_SHELL_HOST": "1", "TERM": "xterm-256color", "NO_COLOR": "1",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        let pty = try PTY.spawn(
            path: "/proc/self/exe", arguments: ["--testing-library", "swift-testing", "--filter", "ShellHost"],
            environment: environment, size: size)
        let before = pty.initialSettings
        try pty.read(until: "ticks: 0")
        return (pty, before)
    }

    @Test func drawsTakesKeysAndRestoresOnQuit() throws {
        let (pty, before) = try startHost()
        let raw = try pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(pty.screenText.hasPrefix("Host\nsize: 60×12\nlast: none\nticks: 0"))
        try pty.send("아")
        try pty.read(until: "last: character(\"아\")")
        try pty.send("\u{1B}[A")
        try pty.read(until: "last: up")
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test func loneEscapeArrivesAfterTheTimeout() throws {
        let (pty, _) = try startHost()
        try pty.send([0x1B])
        try pty.read(until: "last: escape")
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
    }

    @Test func ticksAndBell() throws {
        let (pty, _) = try startHost()
        try pty.send("t")
        try pty.read(until: "ticks: 1")
        try pty.send("b")
        try pty.read(until: "\u{07}")
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
    }

    @Test func jobsRunOffTheInputPathAndANewerOneSupersedesAnOlder() throws {
        let (pty, _) = try startHost()
        try pty.send("w")
        try pty.read(until: "last: job 2 gave 42")
        try pty.send("아")
        try pty.read(until: "last: character(\"아\")")
        #expect(!pty.outputText.contains("stale"))
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130))
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let (pty, _) = try startHost()
        try pty.resize(Size(columns: 70, rows: 15))
        try pty.read(until: "size: 70×15")
        #expect(pty.screenText.split(separator: "\n", omittingEmptySubsequences: false).count == 15)
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func terminatingSignalsRestoreTheTerminal(signal: Int32) throws {
        let (pty, before) = try startHost()
        pty.signal(signal)
        #expect(try pty.wait() == .signaled(signal))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix("\u{1B}[?1049l"))
    }

    @Test func crashesRestoreTheTerminal() throws {
        let (pty, before) = try startHost()
        try pty.send("!")
        let status = try pty.wait()
        #expect(status == .signaled(SIGILL) || status == .signaled(SIGTRAP), "\(status)")
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.contains("\u{1B}[?1049l"))
    }

    @Test func controlZSuspendsAndContinueRedraws() throws {
        let (pty, before) = try startHost()
        try pty.send("x")
        try pty.read(until: "last: character(\"x\")")
        try pty.send([0x1A])
        #expect(pty.waitUntilStopped())
        #expect(PTY.sameSettings(before, try pty.attributes()))
        let mark = pty.mark
        pty.signal(SIGCONT)
        try pty.read(until: "\u{1B}[?1049h", since: mark)
        try pty.read(until: "ticks: 0", since: mark)
        #expect(try pty.attributes().c_lflag & tcflag_t(ECHO) == 0)
        #expect(pty.screenText.contains("last: character(\"x\")"))
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
        #expect(PTY.sameSettings(before, try pty.attributes()))
    }

    @Test func sigtstpRestoresThenComesBack() throws {
        // The child leads an orphaned process group, so the kernel won't stop it for SIGTSTP; what we can check is
        // that the handler gives the terminal back and the loop then re-enters raw mode and redraws.
        let (pty, _) = try startHost()
        let mark = pty.mark
        pty.signal(SIGTSTP)
        let output = try pty.read(until: "\u{1B}[?1049h", since: mark)
        #expect(output.hasPrefix("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
        try pty.read(until: "ticks: 0", since: mark)
        #expect(try pty.attributes().c_lflag & tcflag_t(ECHO) == 0)
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130), "Ctrl-C ends the session as interrupted")
    }
}

/// The launcher stand-in that ``ShellTests`` runs under a pseudo-terminal.
@Suite("ShellHost")
struct ShellHost {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CATALOG_SHELL_HOST"] != nil))
    func host() {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        exit(Shell.run(session: Session(root: HostScreen())).status)
    }
}

/// Shows the size, the last key and the number of ticks; `t` asks for a tick, `b` rings, `!` crashes.
struct HostScreen: Screen {
    var title: String { "Host" }
    var size = Size(columns: 0, rows: 0)
    var last = "none"
    var ticks = 0
    var numbers: [Int] = []

    mutating func handle(_ event: Event) throws -> Action {
        switch event {
        case .resize(let size):
            self.size = size
        case .tick:
            ticks += 1
        case .finished(let result):
            last = "job \(result.id) gave \(result.value.map { "\($0)" } ?? "nothing")"
        case .key(let key):
            last = "\(key)"
            switch key {
            case .character("t"): return .tick(after: .milliseconds(20))
            case .character("w"):
                // Two jobs in one lane: the first is superseded and never delivered; the second is.
                let slow = Job(lane: "host", id: 1) { isCancelled in
                    while !isCancelled() { usleep(1_000) }
                    return "stale"
                }
                return .batch([.run(slow), .run(Job(lane: "host", id: 2) { _ in 6 * 7 })])
            case .character("b"): return .bell
            case .character("!"): return .status("\(numbers[numbers.count])")  // an index out of range traps
            default: break
            }
        }
        return .none
    }

    func render(in size: Size) -> Frame {
        Frame(lines: [Line("size: \(self.size)"), Line("last: \(last)"), Line("ticks: \(ticks)")])
    }

    func lines(width: Int) -> [String] { ["last: \(last)"] }

    mutating func handle(line: String) throws -> Action { .none }
}
