import CatalogKit
import CatalogTerminal
import Foundation
import Glibc

/// A program running under a pseudo-terminal, for end-to-end tests of anything interactive.
///
/// The child gets the terminal's slave side as standard input, output and error, in a new session with the terminal
/// as its controlling terminal, so it sees what it would see in a real terminal window: `isatty` is true, job-control
/// signals arrive, and `SIGWINCH` follows ``resize(_:)``. The test holds the master side: it types with ``send(_:)``,
/// reads with ``read(until:timeout:)``, looks at the screen with ``screenText``, checks the terminal settings with
/// ``attributes()``, and ends with ``wait(timeout:)``.
///
/// ```swift
/// let pty = try PTY.spawn(path: catalogPath, arguments: [], environment: ["TERM": "xterm-256color"])
/// let before = pty.initialSettings
/// try pty.read(until: "Catalog")
/// try pty.send("q")
/// #expect(try pty.wait() == .exited(0))
/// #expect(try PTY.sameSettings(before, try pty.attributes()))
/// ```
package final class PTY {
    /// How a child ended.
    package enum ExitStatus: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exited with \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Failures of the helper itself.
    package enum Error: Swift.Error, CustomStringConvertible {
        case systemCall(String, Int32)
        case timedOut(waitingFor: String, output: String)
        /// What came instead of the awaited text: the text that means it won't come.
        case sawInstead(String, waitingFor: String, output: String)

        package var description: String {
            switch self {
            case .sawInstead(let failure, let text, let output):
                "Saw \(failure.debugDescription) while waiting for \(text.debugDescription); output: \(output.debugDescription)"
            case .systemCall(let name, let code):
                "\(name) failed: \(String(cString: strerror(code)))"
            case .timedOut(let text, let output):
                "Timed out waiting for \(text.debugDescription); output so far: \(output.debugDescription)"
            }
        }
    }

    /// The master side of the terminal.
    package let master: Int32
    /// The child's process id.
    package let pid: pid_t
    /// Every byte the child has written so far.
    package private(set) var output: [UInt8] = []
    /// How far the output has been searched for cursor position requests.
    private var answeredUpTo = 0
    /// Whether cursor position requests are answered, as most terminals do; a test turns it off for one that doesn't.
    package var answersPositions = true
    private var status: ExitStatus?
    private var size: Size
    /// The size the child started with, and each resize with how much output came before it: the screen is made
    /// again by applying the output in between at each size, as a terminal saw it.
    private let startSize: Size
    private var resizes: [(at: Int, size: Size)] = []

    /// The terminal's settings before the child started: what a well-behaved child leaves behind. Read before
    /// spawning, so a child that changes them at once can't race the test.
    package let initialSettings: termios

    private init(master: Int32, pid: pid_t, size: Size, initialSettings: termios) {
        self.master = master
        self.pid = pid
        self.size = size
        startSize = size
        self.initialSettings = initialSettings
    }

    /// The screen after the output up to `end`, with the resizes made meanwhile.
    private func screen(upTo end: Int) -> ScreenModel {
        var screen = ScreenModel(size: startSize)
        var start = 0
        for resize in resizes where resize.at <= end {
            screen.apply(Array(output[start..<resize.at]))
            screen.resize(to: resize.size)
            start = resize.at
        }
        screen.apply(Array(output[start..<end]))
        return screen
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }

    /// Starts a program under a new pseudo-terminal.
    ///
    /// - Parameters:
    ///   - path: The executable.
    ///   - arguments: Its arguments, without the program name.
    ///   - environment: Its whole environment; `TERM` defaults to `xterm-256color` when missing.
    ///   - size: The terminal's size.
    /// - Returns: The running program.
    /// - Throws: ``Error/systemCall(_:_:)`` when the terminal or the process can't be created.
    package static func spawn(
        path: String, arguments: [String] = [], environment: [String: String] = [:], size: Size = .standard
    ) throws -> PTY {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        // Made close-on-exec under the spawn lock, so no child spawned on another thread inherits either end.
        Spawn.lock.lock()
        let opened = openpty(&master, &slave, nil, nil, &window)
        let openError = errno
        if opened == 0 {
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        }
        Spawn.lock.unlock()
        guard opened == 0 else { throw Error.systemCall("openpty", openError) }
        defer { close(slave) }
        var nameBuffer = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &nameBuffer, nameBuffer.count) == 0 else {
            close(master)
            throw Error.systemCall("ttyname_r", errno)
        }
        let slavePath = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        var initial = termios()
        tcgetattr(master, &initial)
        let pid: pid_t
        do {
            pid = try Spawn.start(path, arguments, environment: environment) { actions in
                // Opening the slave after setsid, without O_NOCTTY, makes it the controlling terminal (the effect
                // of TIOCSCTTY, which posix_spawn can't call).
                posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
                posix_spawn_file_actions_adddup2(&actions, 0, 1)
                posix_spawn_file_actions_adddup2(&actions, 0, 2)
            }
        } catch let failure as Spawn.Failure {
            close(master)
            throw Error.systemCall(failure.call, failure.code)
        }
        return PTY(master: master, pid: pid, size: size, initialSettings: initial)
    }

    // MARK: Talking to the child

    /// Types bytes into the terminal.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Error.systemCall("write", errno)
            }
            offset += written
        }
    }

    /// Types text into the terminal.
    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// How many bytes of output have arrived: a mark to pass to ``read(until:since:timeout:)``.
    package var mark: Int { output.count }

    /// Reads output until it contains some text.
    ///
    /// - Parameters:
    ///   - text: The text to wait for, in the raw output (escape sequences included).
    ///   - since: Where in the output to start looking (a ``mark``); by default, where the call began.
    ///   - timeout: How long to wait.
    /// - Returns: The output from `since` on.
    /// - Throws: ``Error/timedOut(waitingFor:output:)`` when the text doesn't appear in time.
    @discardableResult
    package func read(until text: String, since: Int? = nil, timeout: Duration = .seconds(10)) throws -> String {
        try read(until: text, unless: nil, since: since, timeout: timeout, stoppingAtEnd: false) ?? ""
    }

    /// Reads output until it contains some text, and fails at once when other text that means it won't come
    /// appears first, instead of waiting out the timeout.
    ///
    /// - Parameters:
    ///   - text: The text to wait for, in the raw output (escape sequences included).
    ///   - failure: The text that means `text` won't come.
    ///   - since: Where in the output to start looking (a ``mark``); by default, where the call began.
    ///   - timeout: How long to wait.
    /// - Returns: The output from `since` on.
    /// - Throws: ``Error/sawInstead(_:waitingFor:output:)`` when `failure` appears first;
    ///   ``Error/timedOut(waitingFor:output:)`` when neither appears in time.
    @discardableResult
    package func read(until text: String, unless failure: String, since: Int? = nil, timeout: Duration) throws -> String
    {
        try read(until: text, unless: failure, since: since, timeout: timeout, stoppingAtEnd: false) ?? ""
    }

    /// Reads output until it contains some text, or until the output ends because the child has gone.
    ///
    /// ``read(until:since:timeout:)`` keeps waiting for a child that has exited; this returns as soon as the
    /// terminal's last writer is gone, so a test of whether the child survived something fails at once.
    ///
    /// - Parameters:
    ///   - text: The text to wait for, in the raw output (escape sequences included).
    ///   - since: Where in the output to start looking (a ``mark``); by default, where the call began.
    ///   - timeout: How long to wait.
    /// - Returns: The output from `since` on, or `nil` when the output ended without the text.
    /// - Throws: ``Error/timedOut(waitingFor:output:)`` when the child is still there but the text doesn't appear.
    package func readUnlessEnded(until text: String, since: Int? = nil, timeout: Duration) throws -> String? {
        try read(until: text, unless: nil, since: since, timeout: timeout, stoppingAtEnd: true)
    }

    /// Reads output until it contains some text; with `stoppingAtEnd`, returns `nil` once the output has ended.
    private func read(
        until text: String, unless failure: String?, since: Int?, timeout: Duration, stoppingAtEnd: Bool
    ) throws -> String? {
        let startCount = min(since ?? output.count, output.count)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let fresh = String(decoding: output[startCount...], as: UTF8.self)
            if fresh.contains(text) { return fresh }
            if let failure, fresh.contains(failure) {
                throw Error.sawInstead(failure, waitingFor: text, output: fresh)
            }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { throw Error.timedOut(waitingFor: text, output: fresh) }
            if !pump(timeout: remaining), stoppingAtEnd { return nil }
        }
    }

    /// Reads whatever arrives within a time, for checking that nothing more was drawn.
    ///
    /// - Parameter duration: How long to keep reading.
    /// - Returns: The output read.
    @discardableResult
    package func drain(for duration: Duration = .milliseconds(200)) -> String {
        let startCount = output.count
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline {
            if !pump(timeout: clock.now.duration(to: deadline)) { break }
        }
        return String(decoding: output[startCount...], as: UTF8.self)
    }

    /// Waits up to `timeout` for output and appends it; returns false at end of output.
    private func pump(timeout: Duration) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: Int((timeout / .milliseconds(1)).rounded(.up)))
        let ready = poll(&descriptor, 1, max(milliseconds, 1))
        guard ready > 0 else { return ready == 0 || errno == EINTR }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return count < 0 && errno == EINTR }  // EIO: every slave descriptor is closed.
        output += buffer[..<count]
        answerPositionRequests()
        return true
    }

    /// Answers each cursor position request (`ESC [ 6 n`) the child wrote since the last, as a terminal does, with
    /// where the cursor is after everything written before it.
    private func answerPositionRequests() {
        guard answersPositions else { return }
        let request: [UInt8] = [0x1B, 0x5B, 0x36, 0x6E]
        var index = answeredUpTo
        while index + request.count <= output.count {
            guard output[index] == request[0], Array(output[index..<(index + request.count)]) == request else {
                index += 1
                continue
            }
            let screen = screen(upTo: index)
            let answer = Array("\u{1B}[\(screen.cursor.row + 1);\(screen.cursor.column + 1)R".utf8)
            _ = answer.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
            index += request.count
        }
        answeredUpTo = max(index, output.count - (request.count - 1))
    }

    /// Reads what the child wrote before it ended, up to the end of output.
    private func drainAfterExit() {
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output += buffer[..<count]
        }
    }

    /// All output so far as text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }

    /// The screen as a simple terminal emulator would show it, trailing spaces removed from each row.
    package var screenText: String {
        screen(upTo: output.count).text
    }

    // MARK: Terminal state and signals

    /// The terminal's current settings (readable through the master side).
    package func attributes() throws -> termios {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { throw Error.systemCall("tcgetattr", errno) }
        return settings
    }

    /// Whether two settings agree on everything a program changes for raw mode.
    package static func sameSettings(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        let ccEqual = withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag
            && ccEqual
    }

    /// Changes the terminal size; the kernel sends SIGWINCH to the child's foreground process group.
    package func resize(_ size: Size) throws {
        var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &window) == 0 else { throw Error.systemCall("ioctl", errno) }
        self.size = size
        resizes.append((output.count, size))
    }

    /// Sends a signal to the child.
    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end, reading its output meanwhile so it never blocks on a full terminal.
    ///
    /// - Parameter timeout: How long to wait before killing it.
    /// - Returns: How it ended.
    /// - Throws: ``Error/timedOut(waitingFor:output:)`` when it had to be killed.
    @discardableResult
    package func wait(timeout: Duration = .seconds(10)) throws -> ExitStatus {
        if let status { return status }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG | WUNTRACED)
            if result == pid {
                if raw & 0xFF == 0x7F {
                    continue  // Stopped, not ended: keep waiting.
                }
                let ended = raw & 0x7F == 0 ? ExitStatus.exited((raw >> 8) & 0xFF) : .signaled(raw & 0x7F)
                status = ended
                drainAfterExit()
                return ended
            }
            if clock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &raw, 0)
                status = .signaled(SIGKILL)
                throw Error.timedOut(waitingFor: "exit", output: outputText)
            }
            _ = pump(timeout: .milliseconds(20))
        }
    }

    /// Whether the child is stopped (after SIGTSTP or SIGSTOP), waiting up to `timeout` for it to stop.
    package func waitUntilStopped(timeout: Duration = .seconds(5)) -> Bool {
        waitForStop(timeout: timeout) != nil
    }

    /// The signal that stopped the child (SIGTSTP, for which a shell says "Stopped", or SIGSTOP, "Stopped
    /// (signal)"), waiting up to `timeout` for it to stop; `nil` if it didn't.
    package func waitForStop(timeout: Duration = .seconds(5)) -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG | WUNTRACED) == pid, raw & 0xFF == 0x7F { return (raw >> 8) & 0xFF }
            _ = pump(timeout: .milliseconds(20))
        }
        return nil
    }
}
