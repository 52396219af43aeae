import Glibc

/// The terminal the launcher draws on: raw mode, the alternate screen, its size, and reading and writing bytes.
///
/// With ``Shell`` and ``SignalGuard`` this is the only code that touches the operating system. Entering puts the
/// terminal in raw mode (no echo, no line editing, no signals from Ctrl-C or Ctrl-Z, no output processing: the
/// renderer positions every line itself), switches to the alternate screen, hides the cursor and turns on bracketed
/// paste. Leaving undoes all of it, and ``SignalGuard`` undoes it too if the process is killed or crashes first.
public final class Terminal {
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

    /// Bytes that enter the launcher's screen: alternate screen, cursor hidden, bracketed paste on.
    public static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"

    /// Where keys are read from and settings applied.
    public let input: Int32
    /// Where frames are written.
    public let output: Int32
    /// The settings the user had, restored on leaving.
    private let original: termios
    /// Whether the terminal is in the launcher's mode.
    public private(set) var isActive = false

    /// Opens the terminal on a pair of descriptors.
    ///
    /// - Parameters:
    ///   - input: The descriptor to read keys from; must be a terminal.
    ///   - output: The descriptor to draw on; must be a terminal.
    /// - Throws: ``Error/notATerminal(_:)`` when either is not a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard Self.isTerminal(input) else { throw Error.notATerminal(input) }
        guard Self.isTerminal(output) else { throw Error.notATerminal(output) }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw Error.systemCall("tcgetattr", errno: errno) }
        self.input = input
        self.output = output
        self.original = settings
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
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Enters raw mode and the alternate screen; calling it again (after a resume) applies them again.
    ///
    /// - Throws: ``Error/systemCall(_:errno:)`` when the settings can't be applied or the bytes written.
    public func enter() throws {
        SignalGuard.arm(settings: original, input: input, output: output)
        var raw = Self.rawSettings(from: original)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            let code = errno
            SignalGuard.restoreTerminal()
            throw Error.systemCall("tcsetattr", errno: code)
        }
        isActive = true
        try write(Self.enterSequence)
    }

    /// Leaves the alternate screen and restores the user's settings; does nothing if already left.
    public func leave() {
        SignalGuard.restoreTerminal()
        isActive = false
    }

    /// The terminal settings currently in effect.
    ///
    /// - Returns: The settings, or `nil` when they can't be read.
    public func currentSettings() -> termios? {
        var settings = termios()
        return tcgetattr(input, &settings) == 0 ? settings : nil
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

    /// Reads whatever bytes are available, waiting for at least one.
    ///
    /// - Parameter buffer: Where to put them.
    /// - Returns: The number of bytes read; 0 at end of input; -1 with `errno` set on failure.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(input, buffer.baseAddress, buffer.count)
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
