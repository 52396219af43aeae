import Foundation
import Glibc

/// The event loop: the thin shell between the terminal and a pure ``Session``.
///
/// Each turn waits with `poll(2)` on the terminal and the signal self-pipe, decodes bytes into keys, hands them to
/// the session, carries out the effects the session returns (bell, flash, ticks, quit), and draws the new frame with
/// one write. Timers use a monotonic clock; the wait's timeout is the nearest of the next tick, the end of a flash,
/// and the Escape-key timeout.
///
/// Keys the shell keeps for itself: Ctrl-Z suspends (the terminal is restored, the process stops, and on `fg` the
/// screen comes back). Everything else, Ctrl-C included, goes to the session.
public enum Shell {
    /// How long to wait for the rest of an escape sequence before a lone ESC counts as the Escape key.
    public static let escapeTimeout = Duration.milliseconds(30)
    /// The most pending ticks kept; a screen asking for more is ignored until some are delivered.
    public static let maximumPendingTicks = 64

    /// Runs a session in whatever mode the environment allows.
    ///
    /// Full screen when standard input and output are both terminals and `TERM` isn't `dumb`; otherwise line mode
    /// (see ``LineDriver``), reading standard input and writing standard output.
    ///
    /// - Parameters:
    ///   - session: The session to run.
    ///   - environment: The process environment, for `TERM`, `NO_COLOR`, `COLORTERM` and `COLUMNS`.
    /// - Returns: The exit status (0 when the user quit or input ended, 130 after Ctrl-C, 1 when the terminal
    ///   failed) and the final session.
    public static func launch(
        session: Session, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LineDriver.Outcome {
        let interactive =
            Terminal.isTerminal(STDIN_FILENO) && Terminal.isTerminal(STDOUT_FILENO) && environment["TERM"] != "dumb"
        if interactive {
            return run(session: session, environment: environment)
        }
        let width = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
        return LineDriver.run(
            session: session, readLine: { Swift.readLine(strippingNewline: true) },
            write: { try? Terminal.writeAll($0, to: STDOUT_FILENO) }, width: width)
    }

    /// Runs a session full screen until it quits.
    ///
    /// The terminal is restored on every way out: a quit, an error, a signal, or a crash (see ``SignalGuard``).
    /// When the descriptors aren't terminals, the session runs in line mode on them instead.
    ///
    /// - Parameters:
    ///   - session: The session to run.
    ///   - input: The terminal to read from.
    ///   - output: The terminal to draw on.
    ///   - environment: The process environment, for the colour mode.
    /// - Returns: The exit status (0 when the user quit, 130 after Ctrl-C, 1 when the terminal failed or went away)
    ///   and the final session.
    public static func run(
        session: Session, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LineDriver.Outcome {
        let terminal: Terminal
        do {
            terminal = try Terminal(input: input, output: output)
        } catch {
            return LineDriver.run(
                session: session, readLine: { Swift.readLine(strippingNewline: true) },
                write: { try? Terminal.writeAll($0, to: output) })
        }
        let wakeFD = SignalGuard.install()
        defer {
            terminal.leave()
            SignalGuard.uninstall()
        }
        var loop = EventLoop(
            session: session, terminal: terminal, wakeFD: wakeFD,
            renderer: Renderer(colorMode: ColorMode.detect(environment: environment)))
        do {
            try terminal.enter()
            let status = try loop.run()
            return LineDriver.Outcome(status: loop.session.interrupted ? 130 : status, session: loop.session)
        } catch {
            terminal.leave()
            try? Terminal.writeAll(Sanitizer.sanitize("catalog: \(error)") + "\n", to: STDERR_FILENO)
            return LineDriver.Outcome(status: 1, session: loop.session)
        }
    }
}

/// The state of one full-screen run.
private struct EventLoop {
    var session: Session
    let terminal: Terminal
    let wakeFD: Int32
    var renderer: Renderer
    var decoder = KeyDecoder()
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    var size: Size
    var ticks: [ContinuousClock.Instant] = []
    var flashEnd: ContinuousClock.Instant?
    var escapeDeadline: ContinuousClock.Instant?
    var ringBell = false
    let jobs = JobRunner()

    init(session: Session, terminal: Terminal, wakeFD: Int32, renderer: Renderer) {
        self.session = session
        self.terminal = terminal
        self.wakeFD = wakeFD
        self.renderer = renderer
        self.start = clock.now
        self.size = terminal.size() ?? .standard
    }

    /// Loops until the session quits; returns the exit status.
    mutating func run() throws -> Int32 {
        if carryOut(session.handle(.resize(size))) { return 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            try draw()
            let (inputReady, wakeReady, jobsReady) = wait()
            var keys: [Key] = []
            if wakeReady || wakeFD < 0 {
                if try handleSignals() { return 0 }
            }
            if inputReady {
                let count = buffer.withUnsafeMutableBytes { terminal.read(into: $0) }
                if count == 0 { return 1 }  // The terminal went away.
                if count < 0 {
                    guard errno == EINTR || errno == EAGAIN else { return 1 }
                } else {
                    keys += decoder.feed(buffer[..<count])
                }
                escapeDeadline = decoder.hasPending ? clock.now.advanced(by: Shell.escapeTimeout) : nil
            } else if let deadline = escapeDeadline, deadline <= clock.now {
                keys += decoder.flush()
                escapeDeadline = nil
            }
            for key in keys {
                if key == .control("z") {
                    try suspend()
                    continue
                }
                if carryOut(session.handle(.key(key))) { return 0 }
            }
            if jobsReady {
                for result in jobs.takeFinished() where carryOut(session.handle(.finished(result))) { return 0 }
            }
            if deliverTimers() { return 0 }
        }
    }

    /// Draws the session's frame and any bell with one write.
    private mutating func draw() throws {
        var bytes = renderer.render(session.render(in: size), size: size)
        if ringBell {
            bytes += "\u{07}"
            ringBell = false
        }
        if !bytes.isEmpty { try terminal.write(bytes) }
    }

    /// Waits for input, a signal, or the nearest deadline.
    ///
    /// - Returns: Whether the terminal, the signal self-pipe and the jobs' pipe are readable.
    private func wait() -> (input: Bool, wake: Bool, jobs: Bool) {
        let deadlines = [escapeDeadline, flashEnd, ticks.min()].compactMap { $0 }
        var timeout: Int32 = -1
        if let nearest = deadlines.min() {
            let milliseconds = (clock.now.duration(to: nearest) / .milliseconds(1)).rounded(.up)
            timeout = Int32(min(max(milliseconds, 0), 60_000))
        }
        if wakeFD < 0 { timeout = timeout < 0 ? 250 : min(timeout, 250) }
        // poll(2) skips entries whose descriptor is negative.
        var fds = [
            pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: jobs.wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 3, timeout)
        guard ready > 0 else { return (false, false, false) }
        let inputReady = fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
        let wakeReady = wakeFD >= 0 && fds[1].revents & Int16(POLLIN) != 0
        let jobsReady = jobs.wakeFD >= 0 && fds[2].revents & Int16(POLLIN) != 0
        return (inputReady, wakeReady, jobsReady)
    }

    /// Reacts to SIGWINCH and SIGCONT.
    private mutating func handleSignals() throws -> Bool {
        let pending = SignalGuard.takePending()
        if pending.contains(.resume) {
            try terminal.enter()
            renderer.invalidate()
        }
        guard pending.contains(.resize) || pending.contains(.resume) else { return false }
        let newSize = terminal.size() ?? size
        guard newSize != size || pending.contains(.resume) else { return false }
        size = newSize
        renderer.invalidate()
        return carryOut(session.handle(.resize(size)))
    }

    /// Ctrl-Z: gives the terminal back to the shell and stops; comes back on `fg`.
    private mutating func suspend() throws {
        terminal.leave()
        // raise, not kill(getpid(), …): a signal sent to the process may be taken by another thread, and this one
        // would run on and re-enter raw mode before the stop lands. raise targets this thread, which stops at once.
        raise(SIGSTOP)
        _ = SignalGuard.takePending()
        try terminal.enter()
        renderer.invalidate()
        size = terminal.size() ?? size
        _ = carryOut(session.handle(.resize(size)))
    }

    /// Delivers ticks that are due and ends a flash whose time is up.
    private mutating func deliverTimers() -> Bool {
        let now = clock.now
        if let end = flashEnd, end <= now {
            session.endFlash()
            flashEnd = nil
        }
        let due = ticks.filter { $0 <= now }
        guard !due.isEmpty else { return false }
        ticks.removeAll { $0 <= now }
        for _ in due {
            if carryOut(session.handle(.tick(now: start.duration(to: now)))) { return true }
        }
        return false
    }

    /// Carries out the session's effects.
    ///
    /// - Returns: Whether the session quit.
    private mutating func carryOut(_ effects: [Session.Effect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit:
                return true
            case .bell:
                ringBell = true
            case .flash(let duration):
                flashEnd = clock.now.advanced(by: duration)
            case .scheduleTick(let delay):
                if ticks.count < Shell.maximumPendingTicks { ticks.append(clock.now.advanced(by: delay)) }
            case .run(let job):
                jobs.start(job)
            }
        }
        return false
    }
}
