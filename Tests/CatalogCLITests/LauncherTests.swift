import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The real `catalog` binary under a pseudo-terminal: type, open, go back, quit, and check that the terminal
/// settings afterwards equal those before.
@Suite("Launcher end to end", .serialized)
struct LauncherTests {
    let catalog = productPath("catalog")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/multilingual.txt").path

    func start(_ arguments: [String], size: Size = Size(columns: 80, rows: 24)) throws -> (PTY, termios) {
        let environment = [
            "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("catalog-e2e").path,
        ]
        let pty = try PTY.spawn(path: catalog, arguments: arguments, environment: environment, size: size)
        let before = pty.initialSettings
        try pty.read(until: "entries")
        return (pty, before)
    }

    @Test("type a filter, pick an entry from a file, and the terminal is restored")
    func pickFromFile() throws {
        let (pty, before) = try start(["--file", fixture])
        try pty.send("stras")
        try pty.read(until: "2 of 12 entries match")
        #expect(pty.screenText.contains("Straße 2"))
        try pty.send("\u{1B}[B\r")
        #expect(try pty.wait() == .exited(0))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix("Straßen/Straße 10\r\n"))
    }

    @Test("built-in catalog: type a filter, open a demo, go back, quit; the terminal is restored")
    func openDemo() throws {
        let (pty, before) = try start([])
        try pty.send("hello")
        try pty.read(until: "1 of ")
        try pty.send("\r")
        try pty.read(until: "Hello, terminal!")
        #expect(pty.screenText.hasPrefix("Catalog"))
        try pty.send("\u{1B}")
        let mark = pty.mark
        try pty.read(until: "entries match", since: mark)
        try pty.send("\u{1B}")  // clears the filter
        try pty.read(until: "type to filter")
        try pty.send("\u{1B}")  // leaves the launcher from the root, with status 0
        #expect(try pty.wait() == .exited(0))
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix("\u{1B}[?1049l"))
    }

    @Test("browse into a group, go back, and leave with Esc, which cancels a picker with status 130")
    func browseAndQuit() throws {
        let (pty, before) = try start(["--file", fixture])
        try pty.send("\u{1B}[B\u{1B}[C")  // Documents; item 1 is an entry shown in place of its group
        let mark = pty.mark
        try pty.read(until: "Catalog › ", since: mark)
        try pty.send("\u{1B}[D")
        try pty.send("\u{1B}")
        #expect(try pty.wait() == .exited(130), "a picker cancelled at the root exits 130, as fzf does")
        #expect(PTY.sameSettings(before, try pty.attributes()))
        #expect(pty.outputText.hasSuffix("\u{1B}[?1049l"))
    }

    @Test("SIGTERM restores the terminal", arguments: [SIGTERM, SIGHUP])
    func signals(signal: Int32) throws {
        let (pty, before) = try start(["--file", fixture])
        try pty.send("doc")
        try pty.read(until: "match")
        pty.signal(signal)
        #expect(try pty.wait() == .signaled(signal))
        #expect(PTY.sameSettings(before, try pty.attributes()))
    }

    @Test("Ctrl-C quits with status 130")
    func interrupt() throws {
        let (pty, before) = try start(["--file", fixture])
        try pty.send([0x03])
        #expect(try pty.wait() == .exited(130))
        #expect(PTY.sameSettings(before, try pty.attributes()))
    }
}
