import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The mouse in a real terminal: the launcher turns SGR reporting on, a click opens an entry, and --no-mouse
/// leaves the mouse to the terminal.
@Suite("Mouse, end to end", .serialized)
struct MouseTests {
    @Test("two clicks on a row open its screen; a click on the breadcrumb comes back; the terminal is clean after")
    func clickOpens() throws {
        let pty = try PTY.spawn(
            path: productPath("catalog"), environment: TerminalRestoreTests.environment,
            size: Size(columns: 80, rows: 24))
        try pty.read(until: "type to filter · F1 help", timeout: TerminalRestoreTests.timeout)
        #expect(pty.outputText.contains(TerminalRestoreTests.mouseOn))
        // Row 3 of the terminal (1-based) is the second item: Greeting · Basics.
        let click = Key.mouse(Mouse(.press, row: 2, column: 6)).bytes
        let release = Key.mouse(Mouse(.release, row: 2, column: 6)).bytes
        try pty.send(click + release)
        try pty.send(click + release)
        try pty.read(until: "Hello, terminal!", timeout: TerminalRestoreTests.timeout)
        let mark = pty.mark
        try pty.send(Key.mouse(Mouse(.press, row: 0, column: 2)).bytes)  // "Catalog" in the breadcrumb
        try pty.read(until: "Greeting", since: mark, timeout: TerminalRestoreTests.timeout)
        #expect(!pty.screenText.contains("Hello, terminal!"))
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: TerminalRestoreTests.timeout) == .exited(0))
        #expect(pty.outputText.hasSuffix(TerminalRestoreTests.leaveSequence))
    }

    @Test("--no-mouse never turns reporting on")
    func noMouse() throws {
        let pty = try PTY.spawn(
            path: productPath("catalog"), arguments: ["--no-mouse"], environment: TerminalRestoreTests.environment)
        try pty.read(until: "type to filter · F1 help", timeout: TerminalRestoreTests.timeout)
        #expect(!pty.outputText.contains("\u{1B}[?1000h"))
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: TerminalRestoreTests.timeout) == .exited(0))
    }
}
