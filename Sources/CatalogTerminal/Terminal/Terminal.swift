import Glibc

/// The terminal the launcher draws on: raw mode, the alternate screen or a region below the prompt, its size, its
/// clock, and reading and writing bytes.
///
/// With ``Shell``, ``JobRunner`` and ``SignalGuard`` this is the only code that touches the operating system. Entering puts the
/// terminal in raw mode (no echo, no line editing, no signals from Ctrl-C or Ctrl-Z, no output processing: the
/// renderer positions every line itself), switches to the alternate screen, hides the cursor and turns on bracketed
/// paste. Leaving undoes all of it, and ``SignalGuard`` undoes it too if the process is killed or crashes first.
final class Terminal: Terminaling {
    /// Errors from setting up or writing to the terminal.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The descriptor is not a terminal, so there is no raw mode to enter.
        case notATerminal(Int32)
        /// A system call failed.
        case systemCall(String, errno: Int32)

        public var description: String {
            switch self {
            case .notATerminal(let fd):
                return "File descriptor \(fd) is not a terminal; use line mode instead."
            case .systemCall(let name, let code):
                return "\(name) failed: \(String(cString: strerror(code))) (errno \(code))."
            }
        }
    }

    /// How the terminal is taken.
    let mode: Mode

    /// Where keys are read from and settings applied.
    public let input: Int32
    /// Where frames are written.
    public let output: Int32
    /// The settings the user had, restored on leaving.
    let original: termios
    /// Whether the terminal is in the launcher's mode.
    public private(set) var isActive = false
    /// The read end of the signal guard's self-pipe, or -1 when there is none (waits then wake every 250 ms to
    /// look at the signal flags).
    let signalDescriptor: Int32
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// The window row an inline region starts on, as the terminal reported it (see ``learnRegionTop()``).
    private(set) var regionTop = 0
    /// Bytes that arrived while the terminal was asked where its cursor is, other than its answer: keys typed
    /// meanwhile, handed to the next ``wait(timeout:jobs:)``.
    private var heldInput: [UInt8] = []
    /// Whether the terminal answered the last cursor position request: one that doesn't is not asked again as the
    /// region is made, which would wait as long again.
    private var answersPosition = true
    /// How long to wait for the terminal to say where its cursor is.
    static let positionReportLimit: Int32 = 500

    /// Opens the terminal on a pair of descriptors.
    ///
    /// - Parameters:
    ///   - input: The descriptor to read keys from; must be a terminal.
    ///   - output: The descriptor to draw on; must be a terminal.
    ///   - signals: The signal guard's self-pipe, from ``SignalGuard/install()``; -1 for none.
    /// - Throws: ``Error/notATerminal(_:)`` when either is not a terminal.
    init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, signals: Int32 = -1,
        mode: Mode = .fullScreen(mouse: false), inherited: termios? = nil
    ) throws {
        guard Self.isTerminal(input) else { throw Error.notATerminal(input) }
        guard Self.isTerminal(output) else { throw Error.notATerminal(output) }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw Error.systemCall("tcgetattr", errno: errno) }
        // A process that took over from a rebuilt one (`--watch`) finds the terminal raw: the user's settings are
        // the ones handed over.
        if let inherited { settings = inherited }
        self.input = input
        self.output = output
        self.original = settings
        self.signalDescriptor = signals
        self.mode = mode
        started = clock.now
    }

    deinit { leave() }

    /// Whether a descriptor is a terminal.
    ///
    /// - Parameter fd: The descriptor.
    /// - Returns: `true` when `isatty(3)` says so.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The size of the window, or `nil` when the terminal won't say (or says 0×0).
    public func size() -> Size? {
        guard let window = windowSize() else { return nil }
        if case .inline(let height, _) = mode {
            return Size(columns: window.columns, rows: height.rows(of: window.rows))
        }
        return window
    }

    /// The whole window's size.
    private func windowSize() -> Size? { Size.window(of: output) }

    /// Enters raw mode and the alternate screen; calling it again (after a resume) applies them again.
    ///
    /// - Throws: ``Error/systemCall(_:errno:)`` when the settings can't be applied or the bytes written.
    public func enter() throws {
        SignalGuard.arm(settings: original, input: input, output: output, leave: mode.leaveSequence)
        var raw = Self.rawSettings(from: original)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            let code = errno
            SignalGuard.restoreTerminal()
            throw Error.systemCall("tcsetattr", errno: code)
        }
        isActive = true
        try write(try lineKept() + mode.enterSequence(rows: size()?.rows ?? 0))
        try learnRegionTop()
    }

    /// For an inline region, as fzf does: when the cursor is not at a line's start (a shell's prompt and the command
    /// being typed, in a widget), the region starts on the next line, so that line stays in view, and leaving goes
    /// back to where it ended.
    ///
    /// - Returns: The bytes that move to the next line first, if any.
    private func lineKept() throws -> String {
        guard case .inline = mode, let (_, column) = try cursorPosition(), column > 0 else { return "" }
        SignalGuard.appendToLeave("\u{1B}[A\r\u{1B}[\(column)C")
        return "\n"
    }

    /// Asks the terminal where an inline region starts (`ESC [ 6 n`, answered `ESC [ row ; column R`), as fzf does,
    /// so mouse rows can be moved into the region. Keys typed before the answer are kept for the next wait. A
    /// terminal that doesn't answer in time leaves the guess that the region is at the window's bottom.
    private func learnRegionTop() throws {
        guard case .inline = mode, let window = windowSize(), let rows = size()?.rows else { return }
        regionTop = max(window.rows - rows, 0)
        // The region's sequence ends with the cursor on its first row.
        guard answersPosition else { return }
        if let (row, _) = try cursorPosition() { regionTop = row }
    }

    /// The window row and column, from 0, that the cursor is on, as the terminal answers `ESC [ 6 n`; `nil` when it
    /// doesn't answer in time. Keys typed before the answer are kept for the next wait.
    private func cursorPosition() throws -> (row: Int, column: Int)? {
        try write("\u{1B}[6n")
        var reply: [UInt8] = []
        var position: (row: Int, column: Int)?
        var waited: Int32 = 0
        while waited < Self.positionReportLimit {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else {
                waited += 20
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = Glibc.read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            reply += buffer[..<count]
            if let (row, column, range) = Self.positionReport(in: reply) {
                position = (row, column)
                reply.removeSubrange(range)
                break
            }
        }
        heldInput += reply
        answersPosition = position != nil
        return position
    }

    /// Finds a cursor position report in bytes read: its row and column, from 0, and where it is.
    static func positionReport(in bytes: [UInt8]) -> (row: Int, column: Int, range: Range<Int>)? {
        var start = bytes.startIndex
        while let escape = bytes[start...].firstIndex(of: 0x1B) {
            var index = escape + 1
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") else {
                start = index
                continue
            }
            index += 1
            var numbers = [0]
            while index < bytes.endIndex, index - escape < 16 {
                let byte = bytes[index]
                if (0x30...0x39).contains(byte) {
                    numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
                } else if byte == UInt8(ascii: ";") {
                    numbers.append(0)
                } else {
                    if byte == UInt8(ascii: "R"), numbers.count == 2, numbers[0] >= 1 {
                        return (numbers[0] - 1, max(numbers[1] - 1, 0), escape..<(index + 1))
                    }
                    break
                }
                index += 1
            }
            start = escape + 1
        }
        return nil
    }

    /// Leaves the alternate screen and restores the user's settings; does nothing if already left.
    public func leave() {
        let wasActive = isActive
        SignalGuard.restoreTerminal()
        isActive = false
        if wasActive, mode.mouse { discardMouseReports() }
    }

    /// Drops what the terminal still has to say after the launcher left: the release of the click that picked an
    /// entry comes after the press, and would otherwise be read by the shell as typed text (`0;5;22m`).
    private func discardMouseReports() {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        while poll(&descriptor, 1, 30) > 0, Glibc.read(input, &buffer, buffer.count) > 0 {}
        tcflush(input, TCIFLUSH)
    }

    /// Raw mode, in the spirit of `cfmakeraw(3)`: bytes arrive one by one, unechoed and unprocessed.
    ///
    /// - Parameter settings: The settings to start from.
    /// - Returns: The settings with input processing, echo, canonical mode, signal keys and output processing off.
    static func rawSettings(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Writes all of a string, retrying partial writes and interruptions.
    ///
    /// - Parameter text: The bytes to write; usually one whole frame.
    /// - Throws: ``Error/systemCall(_:errno:)`` when the terminal is gone.
    public func write(_ text: String) throws {
        try Self.writeAll(text, to: output)
    }

    public var now: Duration { started.duration(to: clock.now) }

    /// Waits with `poll(2)` on the terminal, the signal self-pipe, the jobs' descriptor and the source watch's.
    public func wait(timeout: Duration?, jobs: Int32?, sources: Int32?) -> TerminalInput {
        var milliseconds: Int32 = -1
        if let timeout {
            milliseconds = Int32(clamping: Int((timeout / .milliseconds(1)).rounded(.up)))
            milliseconds = min(max(milliseconds, 0), 60_000)
        }
        if signalDescriptor < 0 { milliseconds = milliseconds < 0 ? 250 : min(milliseconds, 250) }
        // poll(2) skips entries whose descriptor is negative.
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: jobs ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: sources ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        var result = TerminalInput()
        if !heldInput.isEmpty {
            result.bytes = heldInput
            heldInput = []
            return result
        }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if signalDescriptor < 0 || (ready > 0 && fds[1].revents & Int16(POLLIN) != 0) {
            let pending = SignalGuard.takePending()
            result.resized = pending.contains(.resize)
            result.resumed = pending.contains(.resume)
        }
        guard ready > 0 else { return result }
        result.jobsReady = fds[2].revents & Int16(POLLIN) != 0
        result.sourcesReady = fds[3].revents & Int16(POLLIN) != 0
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(input, &buffer, buffer.count)
            if count > 0 {
                result.bytes = Array(buffer[..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                result.closed = true
            }
        }
        return result
    }

    /// Makes an inline region again at its new height, and asks again where it starts.
    public func prepareForResize() throws {
        try prepareForResize(cursorRow: 0)
    }

    /// Finds an inline region where the terminal moved it on the resize: the cursor's row now, less the row of the
    /// region the last frame left it on; then clears from there and makes the region again. A saved place is where
    /// the region was before the terminal scrolled or reflowed its lines: clearing from there left part of the old
    /// frame above the new one, or cleared the user's lines above it.
    public func prepareForResize(cursorRow: Int) throws {
        guard case .inline = mode else { return }
        let top = try cursorPosition().map { max($0.row - cursorRow, 0) }
        try write(mode.resizeSequence(rows: size()?.rows ?? 0, top: top))
        try learnRegionTop()
    }

    /// Runs a shell command to its end on the terminal given back, or with none when `silent`
    /// (``ShellCommand/runToEnd(_:shell:silent:)``), and enters the launcher's mode again after.
    public func execute(_ command: String, shell: String, silent: Bool) {
        if silent {
            _ = ShellCommand.runToEnd(command, shell: shell, silent: true)
            return
        }
        let restore = SignalGuard.ignoreInterrupts()
        defer { restore() }
        // Left keeping what is typed, which is the command's (the `q` for a `less` just opened), as in fzf; armed
        // again, so a fatal signal kills the command and then restores what it can't (less's alternate screen).
        SignalGuard.restoreTerminal()
        isActive = false
        SignalGuard.arm(
            settings: original, input: input, output: output, leave: mode.leaveSequence + Self.keypadOff)
        _ = ShellCommand.runToEnd(command, shell: shell, silent: false)
        // A terminal that can't be entered again fails the next frame's write, which ends the loop.
        try? enter()
    }

    /// Turns off the keypad's application mode, which a full-screen command (less, vim) turns on.
    static let keypadOff = "\u{1B}[?1l\u{1B}>"

    /// Restores the terminal, stops the process, and enters the terminal again once continued.
    public func suspend() throws {
        leave()
        SignalGuard.stopJob()
        _ = SignalGuard.takePending()
        try enter()
    }

    /// Writes all of a string to a descriptor, retrying partial writes, `EINTR`, and `EAGAIN` (by waiting).
    ///
    /// - Parameters:
    ///   - text: The bytes to write.
    ///   - fd: The descriptor.
    /// - Throws: ``Error/systemCall(_:errno:)`` for any other failure.
    public static func writeAll(_ text: String, to fd: Int32) throws {
        var text = text
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, 100)
                } else {
                    throw Error.systemCall("write", errno: written < 0 ? errno : EIO)
                }
            }
        }
    }
}

/// How tall an inline region is (`--height`): so many rows, or a share of the window's (at least 10 rows), and never
/// more than the window has.
package enum InlineHeight: Sendable, Equatable {
    case rows(Int)
    case percent(Int)

    /// The fewest rows a region given as a share of the window has, as fzf's `--min-height`: a share of a small
    /// window would leave no room for the list.
    public static let minimumRows = 10

    /// The fewest rows a region given as rows has: the title and the row below it, the filter's prompt and one
    /// row of the list, so what is typed always shows.
    public static let fewestRows = 4

    /// The height with room for a border's rows too: a region of rows keeps ``fewestRows`` inside it
    /// (`--height 4 --border` showed the title and nothing else).
    package func around(_ border: Border) -> InlineHeight {
        guard case .rows(let rows) = self else { return self }
        return .rows(max(rows, Self.fewestRows + border.rows))
    }

    /// The region's rows in a window of so many rows: never more than the window, and never fewer than
    /// ``fewestRows`` (or, for a share, ``minimumRows``).
    public func rows(of window: Int) -> Int {
        let wanted: Int
        switch self {
        case .rows(let rows): wanted = max(rows, Self.fewestRows)
        case .percent(let percent): wanted = max(window * min(max(percent, 0), 100) / 100, Self.minimumRows)
        }
        return min(wanted, max(window, 1))
    }

    /// Reads `N` or `N%`.
    ///
    /// - Parameter text: What the user typed.
    /// - Returns: The height, or `nil` unless it is a whole number from 1 (or 1% to 100%).
    public init?(_ text: String) {
        if text.hasSuffix("%") {
            guard let percent = Int(text.dropLast()), (1...100).contains(percent) else { return nil }
            self = .percent(percent)
        } else {
            guard let rows = Int(text), (1...10_000).contains(rows) else { return nil }
            self = .rows(rows)
        }
    }
}

extension Size {
    /// The size of the window a descriptor is a terminal of; `nil` when it is none.
    package static func window(of descriptor: Int32) -> Size? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
}
