import Foundation

/// The event loop: the one path from a terminal's bytes to a session and back to a frame.
///
/// Each turn draws the session's frame with one write, waits on the terminal (for input, a signal, a finished job
/// or the nearest deadline), decodes bytes into keys, hands keys, ticks, resizes and finished jobs to the session, and
/// carries out the effects it returns (bell, flash, ticks, jobs, quit). Time comes only from the terminal's clock, so
/// a `VirtualTerminal` drives the whole loop in tests, scenarios and recordings.
///
/// Keys the loop keeps for itself: Ctrl-Z suspends (the terminal is restored, the process stops, and on `fg` the
/// screen comes back), unless ``suspends`` is off. Everything else, Ctrl-C included, goes to the session. Mouse reports are moved into the
/// launcher's own rows (an inline region starts below the prompt) and dropped outside them, and a second press on
/// the same cell soon after the first is counted as a double click.
///
/// When the session ends, the loop leaves the terminal and then shuts the job runner down: searches and previews
/// are cancelled (a preview command's process group is killed and reaped) and saves are finished, so nothing the
/// session started outlives it.
package struct EventLoop {
    /// How long to wait for the rest of an escape sequence before a lone ESC counts as the Escape key.
    public static let escapeTimeout = Duration.milliseconds(30)
    /// The most pending ticks kept; a screen asking for more is ignored until some are delivered.
    public static let maximumPendingTicks = 64
    /// How often finished jobs are looked for when the job runner has no descriptor to wake the loop.
    public static let jobPollInterval = Duration.milliseconds(20)
    /// How soon a second press on the same cell must follow the first to make a double click.
    public static let doubleClickInterval = Duration.milliseconds(500)

    /// The session, as it is now; when ``run()`` returns, as it ended.
    public private(set) var session: Session
    private let terminal: any Terminaling
    private let jobs: any JobRunning
    private var renderer: Renderer
    private var decoder = KeyDecoder()
    private var size = Size.standard
    /// fzf's `--border`: lines the loop draws around the session's frame, which is drawn at the size inside them.
    package var border = Border(.none)
    /// Whether Ctrl-Z suspends; `false` passes it to the session, for a picker that binds it (`ctrl-z:ignore`).
    package var suspends = true
    /// The size the session is told and draws at: the terminal's, less the border.
    private var inner: Size { border.inner(size) }
    private var ticks: [(deadline: Duration, owner: Session.ScreenID)] = []
    private var flashEnd: Duration?
    private var escapeDeadline: Duration?
    private var ringBell = false
    /// The last press: when, where, and how many came in a row.
    private var lastPress: (time: Duration, row: Int, column: Int, clicks: Int)?
    /// Where what the session sends beyond the frame goes, but the clipboard, which the loop writes itself.
    private let send: (Session.Outgoing) -> Void
    /// For a session another loop started (a link's replay): its ticks still due, each so long after this loop
    /// starts; `nil` for a session this loop starts.
    private let resuming: [(after: Duration, owner: Session.ScreenID)]?
    /// The watch on source files, with `--watch`.
    private let sources: (any SourceWatching)?
    /// Whether each turn draws a frame; a replay whose frames nobody sees (a link's, a handover's) draws none.
    private let draws: Bool
    /// For a scenario's replay that looks for steps that changed nothing: told, before each turn reacts to what it
    /// brought, the time then, the session as it stands, and ``asked`` (``ScenarioRun/idleSteps``).
    package var beforeTurn: ((Duration, Session, Asked) -> Void)?
    /// The ticks and jobs the session asked for so far, and the bells it rang: what a step may do that its frame
    /// doesn't show yet.
    package private(set) var asked = Asked()

    /// Counts of what the session asked the loop for.
    package struct Asked: Equatable {
        /// Ticks and jobs: work whose result a later frame shows.
        package var later = 0
        /// Bells: a screen refusing a key or a line.
        package var bells = 0
    }

    /// Creates a loop.
    ///
    /// - Parameters:
    ///   - session: The session to run.
    ///   - terminal: Where to draw and read keys.
    ///   - jobs: What runs the screens' jobs.
    ///   - renderer: How frames become bytes.
    ///   - send: Where links and captures go (``Session/Outgoing``); the clipboard is written to the terminal.
    ///   - resuming: For a session another loop ran (a link's replay), its ticks still due (``pendingTicks``): the
    ///     loop goes on from there instead of starting the session, and tells it the terminal's size if that differs.
    ///   - sources: With `--watch`, the watch on source files, whose changes the loop hands to the session.
    ///   - draws: Whether each turn draws a frame (and sends what the session sends); a replay whose frames nobody
    ///     sees draws none, and its session is drawn once at its end.
    public init(
        session: Session, terminal: any Terminaling, jobs: any JobRunning, renderer: Renderer,
        send: @escaping (Session.Outgoing) -> Void = { _ in },
        resuming: [(after: Duration, owner: Session.ScreenID)]? = nil, sources: (any SourceWatching)? = nil,
        draws: Bool = true
    ) {
        self.sources = sources
        self.draws = draws
        self.resuming = resuming
        self.session = session
        self.terminal = terminal
        self.jobs = jobs
        self.renderer = renderer
        self.send = send
    }

    /// Enters the terminal, runs until the session quits or the terminal goes away, and leaves the terminal.
    ///
    /// - Returns: 0 when the session quit, 130 when it was interrupted (Ctrl-C), 1 when the terminal went away.
    /// - Throws: When the terminal can't be entered or written.
    public mutating func run() throws -> Int32 {
        defer {
            jobs.shutdown()
            ShellCommand.endBackground()
        }
        try terminal.enter()
        // A session that quit for a rebuilt binary leaves the terminal as it is, for that binary to take over.
        defer { if session.reload == nil { terminal.leave() } }
        size = terminal.size() ?? size
        if let resuming {
            // A flash the replay left on has no end here: it is over.
            session.endFlash()
            ticks = resuming.map { (terminal.now + $0.after, $0.owner) }
            if inner != session.size, carryOut(session.handle(.resize(inner))) { return exitStatus }
        } else if carryOut(session.start(size: inner)) {
            return exitStatus
        }
        if let sources, sources.isStale, carryOut(session.sourcesChanged(at: terminal.now)) { return exitStatus }
        while true {
            if draws { try draw() }
            let input = terminal.wait(timeout: timeout(), jobs: jobs.wakeDescriptor, sources: sources?.descriptor)
            beforeTurn?(terminal.now, session, asked)
            if try react(to: input) { return exitStatus }
            if input.closed { return 1 }
        }
    }

    private var exitStatus: Int32 { session.interrupted ? 130 : 0 }

    /// The ticks still due, each so long from now, and the screen it is for: what a loop that goes on from this
    /// one's session starts with.
    public var pendingTicks: [(after: Duration, owner: Session.ScreenID)] {
        ticks.map { (max($0.deadline - terminal.now, .zero), $0.owner) }
    }

    /// Handles what one wait brought, and whatever time has made due.
    ///
    /// - Returns: Whether the session quit.
    private mutating func react(to input: TerminalInput) throws -> Bool {
        if input.resumed {
            try terminal.enter()
            renderer.invalidate()
        }
        if input.resized || input.resumed {
            let newSize = terminal.size() ?? size
            if newSize != size || input.resumed {
                size = newSize
                if input.resized { try terminal.prepareForResize(cursorRow: renderer.restingRow) }
                renderer.invalidate()
                if carryOut(session.handle(.resize(inner))) { return true }
            }
        }
        if let line = input.line {
            let effects = (try? session.handle(line: line)) ?? []
            if carryOut(effects) { return true }
        }
        var keys: [Key] = []
        if !input.bytes.isEmpty {
            keys = decoder.feed(input.bytes)
            escapeDeadline = decoder.hasPending ? terminal.now + Self.escapeTimeout : nil
        } else if let deadline = escapeDeadline, deadline <= terminal.now {
            keys = decoder.flush()
            escapeDeadline = nil
        }
        var position = 0
        while position < keys.count {
            let key = keys[position]
            position += 1
            if key == .control("z") && suspends {
                if try suspend() { return true }
                continue
            }
            // Ctrl-L draws the whole screen again, as in fzf and readline, after another program wrote over it; the
            // key still goes on to the screen.
            if key == .control("l") { renderer.invalidate() }
            // Characters read together (a paste, or typing faster than the menu draws) may go as one edit; a
            // bracketed paste is text even where the filter is closed, so a digit that starts it opens nothing.
            let pasted = !input.bytes.isEmpty && decoder.isPasted(position - 1)
            let characterFollows =
                position < keys.count && { if case .character = keys[position] { true } else { false } }()
            if case .character = key, pasted || characterFollows, session.takesTypeAhead(pasted: pasted) {
                var typed: [Character] = []
                for (offset, next) in keys[(position - 1)...].enumerated() {
                    guard case .character(let character) = next,
                        !pasted || decoder.isPasted(position - 1 + offset)
                    else { break }
                    typed.append(character)
                }
                let (taken, effects) = session.handle(typed: typed[...], pasted: pasted)
                if carryOut(effects) { return true }
                if taken > 0 {
                    position += taken - 1
                    continue
                }
            }
            guard let key = place(key) else { continue }
            if carryOut(session.handle(.key(key))) { return true }
        }
        if input.sourcesReady, let sources, sources.take() {
            if carryOut(session.sourcesChanged(at: terminal.now)) { return true }
        }
        if input.jobsReady || jobs.wakeDescriptor == nil {
            for result in jobs.takeFinished() where carryOut(session.handle(.finished(result))) { return true }
        }
        return deliverTimers()
    }

    /// A key as the session should see it: a mouse report moved into the launcher's rows and counted for double
    /// clicks, or dropped when it fell outside them; other keys as they are.
    private mutating func place(_ key: Key) -> Key? {
        guard case .mouse(var mouse) = key else { return key }
        let origin = border.origin(in: size)
        mouse = mouse.shifted(rows: terminal.regionTop + origin.row, columns: origin.column)
        guard mouse.row >= 0, mouse.row < inner.rows, mouse.column >= 0, mouse.column < inner.columns else {
            return nil
        }
        if mouse.action == .press {
            let now = terminal.now
            if let last = lastPress, last.row == mouse.row, last.column == mouse.column,
                now - last.time <= Self.doubleClickInterval
            {
                mouse.clicks = last.clicks + 1
            }
            lastPress = (now, mouse.row, mouse.column, mouse.clicks)
        }
        return .mouse(mouse)
    }

    /// Draws the session's frame, any bell and any text for the clipboard with one write, in the colour the
    /// session's screens are in.
    private mutating func draw() throws {
        renderer.colorMode = session.environment.colorMode
        let frame = border.framed(session.render(in: inner), in: size, glyphs: session.environment.glyphs)
        var bytes = renderer.render(frame, size: size)
        for outgoing in session.takeOutgoing() {
            guard case .clipboard(let text) = outgoing else {
                send(outgoing)
                continue
            }
            bytes += Self.clipboard(text)
        }
        if ringBell {
            bytes += "\u{07}"
            ringBell = false
        }
        if !bytes.isEmpty { try terminal.write(bytes) }
    }

    /// OSC 52: puts text on the terminal's clipboard, where the terminal allows it (tmux with `set-clipboard on`,
    /// most terminal emulators); one that doesn't ignores it.
    static func clipboard(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// How long the next wait may last: until the nearest of the Escape timeout, the end of a flash and the next
    /// tick, and no longer than ``jobPollInterval`` while jobs run that can't wake the loop themselves.
    func timeout() -> Duration? {
        var deadlines = [escapeDeadline, flashEnd].compactMap { $0 }
        if let tick = ticks.map(\.deadline).min() { deadlines.append(tick) }
        var timeout = deadlines.min().map { max($0 - terminal.now, .zero) }
        if jobs.wakeDescriptor == nil, jobs.isBusy {
            timeout = min(timeout ?? Self.jobPollInterval, Self.jobPollInterval)
        }
        return timeout
    }

    /// Ctrl-Z: gives the terminal back to the shell and stops; comes back on `fg`.
    ///
    /// - Returns: Whether the session quit on the resize that follows.
    private mutating func suspend() throws -> Bool {
        try terminal.suspend()
        renderer.invalidate()
        size = terminal.size() ?? size
        return carryOut(session.handle(.resize(inner)))
    }

    /// Delivers ticks that are due and ends a flash whose time is up.
    ///
    /// - Returns: Whether the session quit.
    private mutating func deliverTimers() -> Bool {
        let now = terminal.now
        if let end = flashEnd, end <= now {
            session.endFlash()
            flashEnd = nil
        }
        let due = ticks.filter { $0.deadline <= now }
        guard !due.isEmpty else { return false }
        ticks.removeAll { $0.deadline <= now }
        for tick in due where carryOut(session.handle(.tick(now: now), for: tick.owner)) { return true }
        return false
    }

    /// Carries out the session's effects.
    ///
    /// - Returns: Whether the session quit.
    private mutating func carryOut(_ effects: [Session.Effect]) -> Bool {
        for effect in effects {
            switch effect.action {
            case .quit, .abort:
                return true
            case .bell:
                ringBell = true
                asked.bells += 1
            case .flash(let duration):
                flashEnd = terminal.now + duration
            case .tick(let delay):
                asked.later += 1
                if ticks.count < Self.maximumPendingTicks { ticks.append((terminal.now + delay, effect.owner)) }
            case .run(let job):
                asked.later += 1
                jobs.start(job, for: effect.owner)
            case .cancel(let lane):
                jobs.cancel(lane, of: effect.owner)
                // A closed screen's clock stops with it.
                if lane == nil { ticks.removeAll { $0.owner == effect.owner } }
            case .execute(let command, let shell, let silent):
                terminal.execute(command, shell: shell, silent: silent)
                guard !silent else { break }
                // The command drew over the screen: all of it is drawn again, at the size the window has now.
                renderer.invalidate()
                size = terminal.size() ?? size
                if carryOut(session.handle(.resize(inner))) { return true }
            case .none, .push, .pop, .status, .batch:
                break  // The session carries these out itself.
            }
        }
        return false
    }
}
