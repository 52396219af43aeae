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
/// The guard is a good neighbour to the handlers that were there first:
/// - A signal that was ignored when the guard was installed stays ignored (`nohup catalog` survives a hang-up), for
///   the fatal signals and SIGTSTP alike.
/// - After restoring the terminal, the handler calls the handler the signal had before, with the same signal
///   information and interrupted context the kernel gave it, so the Swift runtime's backtracer still prints its crash
///   report (now on the restored terminal) with the true address and registers. Then the signal's default action
///   ends the process the way it always would (with a core dump for a crash): a fault (SIGSEGV, SIGBUS, SIGILL or
///   SIGFPE raised by an instruction) by returning to the instruction, which faults again; any other signal by
///   raising it again. A handler that returns from a signal it was sent (the backtracer does, for `kill -QUIT`)
///   therefore doesn't leave the launcher running on a terminal it has given back.
/// - For a crash (not a signal sent to end the process), it first writes the ``CrashNote`` a command keeps, if any:
///   `snapshot` names the entry and scenario it was playing.
///
/// The handler for these signals is async-signal-safe: it writes precomputed bytes from static storage with
/// `write(2)`, restores the saved settings with `tcsetattr(3)`, and reads the previous action from a table indexed by
/// signal number that is filled in before the handler is installed. It allocates nothing and takes no lock; the only
/// other shared state is read through atomics.
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

    /// A handler installed with `SA_SIGINFO`: the signal, what sent it, and the interrupted context.
    typealias InfoHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Bytes that leave the launcher's full screen: mouse reporting and bracketed paste off, attributes reset,
    /// cursor shown, main screen back. Turning off a mouse mode that was never on is harmless.
    static let leaveSequence = Terminal.Mode.fullScreen(mouse: true).leaveSequence

    /// The most bytes a leave sequence may have.
    static let leaveCapacity = 256

    /// Signals after which the process must end, with the terminal restored and any earlier handler run first.
    static let fatalSignals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE,
    ]

    /// Whether an instruction that raised this signal by faulting raises it again when it runs again.
    ///
    /// SIGTRAP is not such a signal: on x86-64 the `int3` that raises it has already run when the handler starts.
    /// Async-signal-safe.
    ///
    /// - Parameter signal: The signal.
    /// - Returns: `true` for SIGSEGV, SIGBUS, SIGILL and SIGFPE.
    static func faultsAgain(_ signal: Int32) -> Bool {
        switch signal {
        case SIGSEGV, SIGBUS, SIGILL, SIGFPE: true
        default: false
        }
    }

    /// One more than the highest signal number the guard can replace: the table of previous actions has a slot, and
    /// ``replaced`` a bit, for each of 1 to 63 (the guard's signals are all below 32).
    private static let signalLimit: Int32 = 64

    // MARK: Storage the handlers read

    /// Whether the terminal is in the launcher's mode and needs restoring.
    private static let armed = Atomic<Bool>(false)
    private static let inputFD = Atomic<Int32>(-1)
    private static let outputFD = Atomic<Int32>(-1)
    /// The write end of the self-pipe, or -1.
    private static let wakeFD = Atomic<Int32>(-1)
    private static let pending = Atomic<UInt32>(0)
    /// The bytes that leave the terminal's mode, the first ``leaveLength`` of them; written while ``armed`` is
    /// false, before any handler can read them, or past their end (``appendToLeave(_:)``).
    nonisolated(unsafe) private static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: leaveCapacity)
        _ = buffer.initialize(from: Array(repeating: 0, count: leaveCapacity))
        return buffer
    }()
    private static let leaveLength = Atomic<Int>(0)
    /// The terminal settings to restore; written only while ``armed`` is false.
    nonisolated(unsafe) private static let savedSettings: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The action each signal had before the guard's handler replaced it, indexed by signal number; a slot is
    /// written only while its bit in ``replaced`` is clear, before the handler is installed.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalLimit))
        pointer.initialize(repeating: sigaction(), count: Int(signalLimit))
        return pointer
    }()
    /// Bit `n` is set while signal `n` has the guard's handler and its previous action is in ``previousActions``.
    private static let replaced = Atomic<UInt64>(0)

    // MARK: State for installing, used only from the event loop

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
    ///   - leave: The bytes that leave the terminal's mode (at most ``leaveCapacity``).
    static func arm(settings: termios, input: Int32, output: Int32, leave: String = leaveSequence) {
        _ = leaveBytes  // Initialise the storage now, never inside a handler.
        if !armed.load(ordering: .acquiring) {
            savedSettings.pointee = settings
            inputFD.store(input, ordering: .releasing)
            outputFD.store(output, ordering: .releasing)
            let bytes = Array(leave.utf8.prefix(leaveCapacity))
            for (index, byte) in bytes.enumerated() { leaveBytes[index] = byte }
            leaveLength.store(bytes.count, ordering: .releasing)
        }
        armed.store(true, ordering: .releasing)
        if !registeredAtExit {
            registeredAtExit = true
            atexit { _ = SignalGuard.restoreTerminal() }
        }
    }

    /// Adds bytes to the end of the armed leave sequence. They are written past its current end and then counted,
    /// so a handler that restores meanwhile writes the old sequence or the new one, whole.
    static func appendToLeave(_ text: String) {
        let length = leaveLength.load(ordering: .acquiring)
        let bytes = Array(text.utf8.prefix(leaveCapacity - length))
        for (index, byte) in bytes.enumerated() { leaveBytes[length + index] = byte }
        leaveLength.store(length + bytes.count, ordering: .releasing)
    }

    /// Writes `count` bytes to a descriptor, again after an interruption, until all are written or it fails: what a
    /// handler writes (the terminal's leave sequence, ``CrashNote``'s line). Async-signal-safe.
    static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) {
        var offset = 0
        while offset < count {
            let written = write(descriptor, base + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Restores the terminal if it is armed, at most once per arming. Async-signal-safe.
    ///
    /// - Returns: Whether this call restored it.
    @discardableResult
    static func restoreTerminal() -> Bool {
        guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        let output = outputFD.load(ordering: .acquiring)
        let length = leaveLength.load(ordering: .acquiring)
        if let base = leaveBytes.baseAddress { writeAll(output, base, length) }
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
        _ = previousActions
        // The handler kills the registered process groups; their tables are made now, before any signal, for a
        // lazy static's first use inside a handler that interrupted that same first use waits for itself for ever
        // (a closed terminal left the launcher spinning at 80 % CPU under init).
        ChildProcesses.prepare()
        if wakePipe == nil, let pipe = WakePipe.make() {
            wakePipe = pipe
            wakeFD.store(pipe.write, ordering: .releasing)
        }
        for signal in fatalSignals {
            // On the alternate signal stack when there is one (the Swift runtime sets one up), so a stack overflow
            // is caught too; other signals wait until the handler is done, as the backtracer's own handler has them.
            var action = handlerAction(flags: SA_SIGINFO | SA_ONSTACK)
            sigfillset(&action.sa_mask)
            for crash in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { sigdelset(&action.sa_mask, crash) }
            action.__sigaction_handler.sa_sigaction = fatalHandler
            replaceAction(of: signal, with: action, unlessIgnored: true)
        }
        var stop = handlerAction()
        stop.__sigaction_handler.sa_handler = stopHandler
        replaceAction(of: SIGTSTP, with: stop, unlessIgnored: true)
        // Ignoring these two changes neither whether nor when the process ends; the handlers only wake the loop so
        // it can redraw, so they are installed even over `SIG_IGN`.
        var resume = handlerAction()
        resume.__sigaction_handler.sa_handler = continueHandler
        replaceAction(of: SIGCONT, with: resume, unlessIgnored: false)
        var resize = handlerAction()
        resize.__sigaction_handler.sa_handler = resizeHandler
        replaceAction(of: SIGWINCH, with: resize, unlessIgnored: false)
        return wakePipe?.read ?? -1
    }

    /// Puts back the handlers that were installed before ``install()`` and closes the self-pipe.
    static func uninstall() {
        for signal in 1..<signalLimit where replaced.load(ordering: .acquiring) & bit(signal) != 0 {
            _ = sigaction(signal, previousActions + Int(signal), nil)
            replaced.bitwiseAnd(~bit(signal), ordering: .acquiringAndReleasing)
        }
        wakeFD.store(-1, ordering: .releasing)
        if let pipe = wakePipe {
            close(pipe.read)
            close(pipe.write)
            wakePipe = nil
        }
        pending.store(0, ordering: .releasing)
    }

    /// Stops the launcher's whole job, as Ctrl-Z on a terminal in its usual mode does: every process of its
    /// process group (the rest of a pipeline, `find | catalog --file - | sed …`) gets SIGTSTP, so the shell sees the
    /// job stop and takes the terminal back, and says "Stopped" as it does after a Ctrl-Z. The launcher takes it
    /// with the default action, unblocked on this thread, so it stops before `kill` returns; its own handler is
    /// put back once it continues, on `fg`. Stopping only the launcher left the shell waiting for the rest.
    ///
    /// A group with no shell to continue it (``isOrphaned()``) would drop SIGTSTP, as the kernel drops it for
    /// such a group; the launcher then stops with SIGSTOP, which a shell would call "Stopped (signal)".
    static func stopJob() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &mask)
        let orphaned = isOrphaned()
        kill(0, SIGTSTP)  // Stops here until SIGCONT, unless orphaned.
        if orphaned { raise(SIGSTOP) }
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Whether the launcher's process group is orphaned, as POSIX defines it, judged by its ancestors: none of
    /// those in the group has a parent in another group of the same session (the shell that runs the job).
    static func isOrphaned() -> Bool {
        let group = getpgrp()
        let session = getsid(0)
        var parent = getppid()
        for _ in 0..<64 {
            guard parent > 1 else { return true }
            if getpgid(parent) != group { return getsid(parent) != session }
            guard let next = parentProcess(of: parent) else { return true }
            parent = next
        }
        return true
    }

    /// A process's parent, from the fourth field of `/proc/PID/stat`, after its name in parentheses.
    private static func parentProcess(of process: pid_t) -> pid_t? {
        guard let file = fopen("/proc/\(process)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Ignores SIGINT and SIGQUIT, as `system(3)` does while its command runs: a Ctrl-C while the terminal is the
    /// user's but not yet a command's, or the launcher's again but not yet raw, would end the launcher.
    ///
    /// - Returns: What puts the actions they had back.
    static func ignoreInterrupts() -> () -> Void {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var previousInterrupt = sigaction()
        var previousQuit = sigaction()
        sigaction(SIGINT, &ignore, &previousInterrupt)
        sigaction(SIGQUIT, &ignore, &previousQuit)
        return {
            sigaction(SIGINT, &previousInterrupt, nil)
            sigaction(SIGQUIT, &previousQuit, nil)
        }
    }

    /// Takes the flags the handlers have set since the last call, and empties the self-pipe.
    static func takePending() -> Pending {
        if let pipe = wakePipe { WakePipe.drain(pipe.read) }
        return Pending(rawValue: pending.exchange(0, ordering: .acquiringAndReleasing))
    }

    /// An action with an empty mask and the given flags besides `SA_RESTART`; the caller sets the handler.
    private static func handlerAction(flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | flags
        return action
    }

    /// The bit for a signal in ``replaced``.
    private static func bit(_ signal: Int32) -> UInt64 {
        UInt64(1) << UInt64(signal)
    }

    /// Installs one of the guard's handlers, first saving the action it replaces in ``previousActions``.
    ///
    /// The action saved is the one from before the first ``install()``: installing again over the guard's own
    /// handler keeps it.
    ///
    /// - Parameters:
    ///   - signal: The signal, from 1 to 63.
    ///   - action: The guard's action for it.
    ///   - unlessIgnored: Whether to leave the signal alone when it is ignored (`SIG_IGN`).
    private static func replaceAction(of signal: Int32, with action: sigaction, unlessIgnored: Bool) {
        guard signal > 0, signal < signalLimit else { return }
        if replaced.load(ordering: .acquiring) & bit(signal) == 0 {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { return }
            if unlessIgnored, let handler = current.__sigaction_handler.sa_handler,
                current.sa_flags & SA_SIGINFO == 0,
                unsafeBitCast(handler, to: UInt.self) == unsafeBitCast(SIG_IGN, to: UInt.self)
            {
                return
            }
            previousActions[Int(signal)] = current
            replaced.bitwiseOr(bit(signal), ordering: .acquiringAndReleasing)
        }
        var action = action
        _ = sigaction(signal, &action, nil)
    }

    /// Runs the handler a fatal signal had before the guard's, then lets the signal's default action end the
    /// process. Async-signal-safe.
    ///
    /// - Parameters:
    ///   - signal: The signal being handled.
    ///   - info: What the kernel said about it.
    ///   - context: The interrupted context.
    fileprivate static func handOn(
        _ signal: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?
    ) {
        if signal > 0, signal < signalLimit, replaced.load(ordering: .acquiring) & bit(signal) != 0 {
            let previous = previousActions[Int(signal)]
            if previous.sa_flags & SA_SIGINFO != 0 {
                previous.__sigaction_handler.sa_sigaction?(signal, info, context)
            } else if let handler = previous.__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: UInt.self) != unsafeBitCast(SIG_IGN, to: UInt.self)
            {
                handler(signal)
            }
        }
        var byDefault = sigaction()
        sigemptyset(&byDefault.sa_mask)
        _ = sigaction(signal, &byDefault, nil)
        // Blocked until the handler returns. A fault needs no raising: returning runs the instruction again.
        if (info?.pointee.si_code ?? 0) <= 0 || !faultsAgain(signal) { raise(signal) }
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

/// Restores the terminal, runs the handler that was there before the guard's, and ends the process.
private let fatalHandler: SignalGuard.InfoHandler = { signal, info, context in
    let savedErrno = errno
    ChildProcesses.killAll()
    SignalGuard.restoreTerminal()
    // A crash (not a signal sent to end the process) says what was playing, before the backtracer's report.
    if signal != SIGTERM, signal != SIGHUP, signal != SIGINT, signal != SIGQUIT { CrashNote.write() }
    SignalGuard.handOn(signal, info: info, context: context)
    errno = savedErrno
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
