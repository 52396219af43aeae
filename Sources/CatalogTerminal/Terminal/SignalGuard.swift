import Glibc
import Synchronization

/// Puts the terminal back the way the user had it, however the process ends.
///
/// While the launcher runs, the terminal is in raw mode on the alternate screen. If the process then died without
/// restoring it, the user's shell would be left with no echo and no line editing. The guard restores the terminal on:
/// - a normal return, through ``Terminal/leave()`` (and an `atexit` hook for an `exit()` called elsewhere);
/// - SIGTERM, SIGHUP, SIGINT and SIGQUIT (in raw mode Ctrl-C arrives as a byte, but the signals can still be sent);
/// - the signals Swift runtime traps and crashes raise: SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT and SIGFPE.
///
/// The handler for these signals is async-signal-safe: it writes precomputed bytes from static storage with
/// `write(2)`, restores the saved settings with `tcsetattr(3)`, resets the signal to its default action and raises it
/// again, so the process still ends the way the signal meant (with a core dump for a crash). It allocates nothing and
/// takes no lock; the only shared state is read through atomics and storage filled in before the handler is armed.
///
/// Job control: SIGTSTP (sent by `kill -TSTP`; Ctrl-Z itself arrives as a byte the shell handles) restores the
/// terminal and stops the process; SIGCONT and SIGWINCH wake the event loop through a self-pipe so it can re-enter
/// raw mode, redraw, or pick up the new size.
///
/// SIGKILL (and SIGSTOP) cannot be caught: after `kill -9` the terminal stays raw, and `reset` or `stty sane`
/// repairs it.
enum SignalGuard {
    /// Bits the handlers set for the event loop.
    struct Pending: OptionSet, Sendable {
        let rawValue: UInt32
        /// The window changed size (SIGWINCH).
        static let resize = Pending(rawValue: 1)
        /// The process was continued after a stop (SIGCONT): re-enter raw mode and redraw everything.
        static let resume = Pending(rawValue: 2)
    }

    /// Bytes that leave the launcher's screen: bracketed paste off, attributes reset, cursor shown, main screen back.
    static let leaveSequence = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Signals after which the process must end, with the terminal restored first.
    static let fatalSignals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE,
    ]

    // MARK: Storage the handlers read

    /// Whether the terminal is in the launcher's mode and needs restoring.
    private static let armed = Atomic<Bool>(false)
    private static let inputFD = Atomic<Int32>(-1)
    private static let outputFD = Atomic<Int32>(-1)
    /// The write end of the self-pipe, or -1.
    private static let wakeFD = Atomic<Int32>(-1)
    private static let pending = Atomic<UInt32>(0)
    /// The bytes of ``leaveSequence``; filled once, before any handler can run.
    nonisolated(unsafe) private static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let bytes = Array(leaveSequence.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }()
    /// The terminal settings to restore; written only while ``armed`` is false.
    nonisolated(unsafe) private static let savedSettings: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    // MARK: State for installing, used only from the event loop

    nonisolated(unsafe) private static var previousActions: [Int32: sigaction] = [:]
    nonisolated(unsafe) private static var wakePipe: (read: Int32, write: Int32)?
    nonisolated(unsafe) private static var registeredAtExit = false

    // MARK: Arming

    /// Records the settings to restore and marks the terminal as needing restoration.
    ///
    /// Called before the terminal is changed, so a signal arriving in between restores settings that are already
    /// in place, which is harmless.
    ///
    /// - Parameters:
    ///   - settings: The user's terminal settings.
    ///   - input: The terminal's input descriptor, where settings are applied.
    ///   - output: Where the leave sequence is written.
    static func arm(settings: termios, input: Int32, output: Int32) {
        _ = leaveBytes  // Initialise the storage now, never inside a handler.
        if !armed.load(ordering: .acquiring) {
            savedSettings.pointee = settings
            inputFD.store(input, ordering: .releasing)
            outputFD.store(output, ordering: .releasing)
        }
        armed.store(true, ordering: .releasing)
        if !registeredAtExit {
            registeredAtExit = true
            atexit { _ = SignalGuard.restoreTerminal() }
        }
    }

    /// Restores the terminal if it is armed, at most once per arming. Async-signal-safe.
    ///
    /// - Returns: Whether this call restored it.
    @discardableResult
    static func restoreTerminal() -> Bool {
        guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        let output = outputFD.load(ordering: .acquiring)
        var offset = 0
        while offset < leaveBytes.count, let base = leaveBytes.baseAddress {
            let written = write(output, base + offset, leaveBytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        _ = tcsetattr(inputFD.load(ordering: .acquiring), TCSANOW, savedSettings)
        return true
    }

    // MARK: Handlers

    /// Installs the handlers and creates the self-pipe.
    ///
    /// - Returns: The read end of the self-pipe, readable when ``takePending()`` has something; -1 if no pipe could
    ///   be made (the loop then polls the flags on its timeout).
    static func install() -> Int32 {
        _ = leaveBytes
        _ = savedSettings
        if wakePipe == nil {
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                for fd in fds {
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                }
                wakePipe = (fds[0], fds[1])
                wakeFD.store(fds[1], ordering: .releasing)
            }
        }
        for signal in fatalSignals { setHandler(fatalHandler, for: signal) }
        setHandler(stopHandler, for: SIGTSTP)
        setHandler(continueHandler, for: SIGCONT)
        setHandler(resizeHandler, for: SIGWINCH)
        return wakePipe?.read ?? -1
    }

    /// Puts back the handlers that were installed before ``install()`` and closes the self-pipe.
    static func uninstall() {
        for (signal, var action) in previousActions {
            _ = sigaction(signal, &action, nil)
        }
        previousActions = [:]
        wakeFD.store(-1, ordering: .releasing)
        if let pipe = wakePipe {
            close(pipe.read)
            close(pipe.write)
            wakePipe = nil
        }
        pending.store(0, ordering: .releasing)
    }

    /// Takes the flags the handlers have set since the last call, and empties the self-pipe.
    static func takePending() -> Pending {
        if let pipe = wakePipe {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(pipe.read, &buffer, buffer.count) > 0 {}
        }
        return Pending(rawValue: pending.exchange(0, ordering: .acquiringAndReleasing))
    }

    private static func setHandler(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        if sigaction(signal, &action, &previous) == 0, previousActions[signal] == nil {
            previousActions[signal] = previous
        }
    }

    /// Sets flags for the event loop and wakes it. Async-signal-safe.
    fileprivate static func notify(_ flags: Pending) {
        pending.bitwiseOr(flags.rawValue, ordering: .acquiringAndReleasing)
        let fd = wakeFD.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }
}

/// Restores the terminal, then lets the signal do what it would have done.
private let fatalHandler: @convention(c) (Int32) -> Void = { signal in
    SignalGuard.restoreTerminal()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// Restores the terminal, stops, and asks the loop to re-enter raw mode once continued.
private let stopHandler: @convention(c) (Int32) -> Void = { _ in
    let savedErrno = errno
    let wasArmed = SignalGuard.restoreTerminal()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    _ = sigaction(SIGTSTP, &action, &previous)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)  // Stops here until SIGCONT.
    _ = sigaction(SIGTSTP, &previous, nil)
    if wasArmed { SignalGuard.notify(.resume) }
    errno = savedErrno
}

private let continueHandler: @convention(c) (Int32) -> Void = { _ in
    let savedErrno = errno
    SignalGuard.notify(.resume)
    errno = savedErrno
}

private let resizeHandler: @convention(c) (Int32) -> Void = { _ in
    let savedErrno = errno
    SignalGuard.notify(.resize)
    errno = savedErrno
}
