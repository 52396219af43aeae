import CatalogTerminal
import CatalogTestSupport
import Glibc
import Testing

@Suite("PTY helper", .serialized)
struct PTYTests {
    @Test func catEchoesWhatIsTyped() throws {
        let pty = try PTY.spawn(path: "/bin/cat")
        try pty.send("hello 아프리카\n")
        let output = try pty.read(until: "아프리카\r\nhello 아프리카\r\n")
        #expect(output.contains("hello"))
        try pty.send([0x04])  // Ctrl-D: end of input for cat in canonical mode
        #expect(try pty.wait() == .exited(0))
    }

    @Test func childHasAControllingTerminalOfTheRightSize() throws {
        let pty = try PTY.spawn(
            path: "/bin/sh", arguments: ["-c", "stty size < /dev/tty && echo ok"], size: Size(columns: 100, rows: 30))
        try pty.read(until: "ok")
        #expect(pty.outputText.contains("30 100"))
        #expect(try pty.wait() == .exited(0))
    }

    @Test func attributesFollowTheChild() throws {
        let pty = try PTY.spawn(path: "/bin/sh", arguments: ["-c", "stty raw -echo; echo changed; sleep 5"])
        let before = pty.initialSettings
        try pty.read(until: "changed")
        let after = try pty.attributes()
        #expect(!PTY.sameSettings(before, after))
        #expect(after.c_lflag & tcflag_t(ECHO) == 0)
        #expect(before.c_lflag & tcflag_t(ECHO) != 0)
        pty.signal(SIGTERM)
        #expect(try pty.wait() == .signaled(SIGTERM))
    }

    @Test func sttyReportsCanonicalSettings() throws {
        let pty = try PTY.spawn(path: "/bin/sh", arguments: ["-c", "stty -a"])
        let output = try pty.read(until: "icanon")
        #expect(output.contains(" echo "))
        #expect(try pty.wait() == .exited(0))
    }

    @Test func resizeSendsSIGWINCH() throws {
        let pty = try PTY.spawn(
            path: "/bin/sh",
            arguments: ["-c", "trap 'stty size; exit 3' WINCH; echo ready; while :; do sleep 0.05; done"])
        try pty.read(until: "ready")
        try pty.resize(Size(columns: 90, rows: 20))
        try pty.read(until: "20 90")
        #expect(try pty.wait() == .exited(3))
    }

    @Test func screenModelReadsBackCursorMovesAndAlternateScreen() throws {
        let script = #"printf 'main\033[?1049h\033[2;3Hxy\033[1;1H\033[2K아프\033[31mred\033[0m'; sleep 0.1"#
        let pty = try PTY.spawn(path: "/bin/sh", arguments: ["-c", script], size: Size(columns: 10, rows: 3))
        #expect(try pty.wait() == .exited(0))
        _ = pty.drain(for: .milliseconds(50))
        #expect(pty.screenText == "아프red\n  xy\n")
    }

    @Test func timeoutsAreReported() throws {
        let pty = try PTY.spawn(path: "/bin/cat")
        #expect(throws: PTY.Error.self) { try pty.read(until: "never", timeout: .milliseconds(100)) }
        pty.signal(SIGKILL)
        #expect(try pty.wait() == .signaled(SIGKILL))
    }
}
