import CatalogKit

/// A scenario played on the real event loop, on a `VirtualTerminal`: the frame it ends on and every write on the
/// way, timed by the virtual clock.
package struct ScenarioRun {
    /// The scenario.
    public let scenario: Scenario
    /// The terminal's size at the end.
    public let size: Size
    /// The last frame, with the launcher's breadcrumb and status line, in its styles, as the terminal shows it
    /// (``Renderer/visible(_:size:colorMode:)``).
    public let frame: Frame
    /// The last frame as the session drew it, before the renderer cut its lines to the width: a line wider than the
    /// terminal here is one the user sees cut with "…".
    public let drawn: Frame
    /// The bytes the loop wrote, each at its virtual time and the size then: a recording.
    public let writes: [(time: Duration, bytes: String, size: Size)]
    /// The virtual time the scenario lasted.
    public let duration: Duration
    /// The session as the scenario left it, for a loop on a real terminal to go on from (a link's replay).
    public let session: Session
    /// The ticks still due at the end, each so long after it (``EventLoop/pendingTicks``).
    public let pendingTicks: [(after: Duration, owner: Session.ScreenID)]
    /// Whether the session quit before the steps ran out (Escape closed the screen, say).
    public let quit: Bool
    /// The steps that changed nothing a golden shows, when the run looked for them (`notesIdleSteps`).
    package var idleSteps: [IdleStep] = []

    /// Plays a scenario.
    ///
    /// Keys are typed a millisecond apart (after Escape, just past the Escape timeout, so it stands alone); waits let
    /// the virtual clock run, delivering ticks. Jobs run at once. The run ends after the last step, or when the
    /// screen closes.
    ///
    /// - Parameters:
    ///   - scenario: What to play.
    ///   - size: A size that replaces the scenario's, if any.
    ///   - title: The breadcrumb's title when the screen has none of its own: its entry's, as the launcher shows it.
    ///   - link: For a link's replay, the program that makes links: the session makes links as it names, and queued
    ///     jobs (saves) are dropped, so the replay writes nothing.
    ///   - pace: For a recording to watch, how long each key is shown before the next step (see
    ///     ``play(_:size:session:writes:draws:pace:)``); `nil` plays the keys a millisecond apart.
    ///   - notesIdleSteps: Whether to note the steps that changed nothing (``idleSteps``), as snapshots do.
    ///   - make: Makes the screen, as its entry's factory does.
    /// - Returns: The run.
    /// - Throws: What the factory throws.
    public static func play(
        _ scenario: Scenario, size: Size? = nil, title: String = "", link: String? = nil, pace: Duration? = nil,
        notesIdleSteps: Bool = false, of make: () throws -> any Screen
    ) throws -> ScenarioRun {
        let screen = try Scenario.$playing.withValue(scenario) { try make() }
        // A screen that binds the launcher's keys would show help for bindings that never fire: a scenario (and
        // so `snapshot` and a package's snapshot tests) refuses it, where its author sees it.
        let reserved = Session.reservedKeysBound(by: screen)
        guard reserved.isEmpty else { throw Session.ReservedKeysBound(keys: reserved) }
        var session = Session(closable: screen, title: title, environment: scenario.environment)
        session.linkProgram = link
        return try play(
            scenario, size: size, session: session, writes: link == nil, draws: link == nil, pace: pace,
            notesIdleSteps: notesIdleSteps)
    }

    /// Plays a scenario's steps on a session made beforehand: a process that took over from a rebuilt one replays
    /// them on the menu with the entry open over it (`--watch`).
    ///
    /// - Parameters:
    ///   - scenario: The steps, and the size to start at unless `size` says otherwise.
    ///   - size: A size that replaces the scenario's, if any.
    ///   - session: The session, in the scenario's environment.
    ///   - writes: Whether queued jobs (saves) run; a link's replay drops them.
    ///   - draws: Whether every step draws a frame into ``writes``; a replay that only needs the state it reaches
    ///     draws none (``frame`` is the last frame either way).
    ///   - pace: For a recording to watch (`record --cast`), how long the screen is shown before the first step and
    ///     after each key, resize and line command, on the virtual clock, so ticks come due meanwhile as they would
    ///     for a person pressing keys at that pace; a character of typed text takes a quarter of it. A step followed
    ///     by a wait is followed by the wait alone: the scenario's own time wins. `nil` plays the steps a
    ///     millisecond apart, as snapshots do.
    ///   - notesIdleSteps: Whether to note the steps that changed nothing (``idleSteps``).
    /// - Returns: The run.
    package static func play(
        _ scenario: Scenario, size: Size? = nil, session: Session, writes: Bool, draws: Bool = true,
        pace: Duration? = nil, notesIdleSteps: Bool = false
    ) throws -> ScenarioRun {
        let start = size ?? scenario.size
        let terminal = VirtualTerminal(size: start)
        let steps = scenario.steps
        // The time after a step: the pace, unless a wait comes next; never less than a millisecond (and after
        // Escape, just past the Escape timeout, so it stands alone).
        func gap(before next: Int, least: Duration = .milliseconds(1)) -> Duration {
            guard let pace, next >= steps.count || !steps[next].isWait else { return least }
            return max(pace, least)
        }
        var now = gap(before: 0)
        // When each step starts, and when the last one ends.
        var starts: [Duration] = []
        for (index, step) in steps.enumerated() {
            starts.append(now)
            switch step {
            case .press(let key, let times):
                // A replay that saves nothing captures nothing: the capture key (F9) is passed over, where its
                // status line claimed a capture that was never kept. Its millisecond stays, so ticks land as before.
                let skipped = !writes && Session.keymap.command(for: key) == .capture
                let count = max(0, min(times, 10_000))
                let least = key == .escape ? EventLoop.escapeTimeout + .milliseconds(1) : .milliseconds(1)
                for time in 0..<count {
                    if !skipped { terminal.type(key.bytes, at: now) }
                    now += gap(before: time == count - 1 ? index + 1 : index, least: least)
                }
            case .type(let text):
                for (offset, character) in text.enumerated() {
                    terminal.type(Key.character(character).bytes, at: now)
                    let last = offset == text.count - 1
                    now += last ? gap(before: index + 1) : max((pace ?? .zero) / 4, .milliseconds(1))
                }
            case .wait(let duration):
                now += max(duration, .zero)
            case .resize(let newSize):
                terminal.resize(to: newSize, at: now)
                now += gap(before: index + 1)
            case .line(let line):
                terminal.command(line, at: now)
                now += gap(before: index + 1)
            }
        }
        terminal.close(at: now)
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: InlineJobs(writes: writes),
            renderer: Renderer(colorMode: session.environment.colorMode, synchronized: false), draws: draws)
        var marks = StepMarks(times: starts + [now])
        if notesIdleSteps { loop.beforeTurn = { marks.note(at: $0, $1, $2) } }
        let status = try loop.run()
        if notesIdleSteps, status == 1 { marks.note(at: now, loop.session, loop.asked) }
        var session = loop.session
        // A replay that saves nothing keeps nothing its steps sent out either: an F9 among them appends no capture
        // once the screen goes on live, and F8 and F9 put nothing on the clipboard.
        if !writes { _ = session.takeOutgoing() }
        let end = terminal.windowSize
        let drawn = session.render(in: end)
        let frame = Renderer.visible(drawn, size: end, colorMode: session.environment.colorMode)
        return ScenarioRun(
            scenario: scenario, size: end, frame: frame, drawn: drawn, writes: terminal.writes, duration: now,
            session: session, pendingTicks: loop.pendingTicks, quit: status != 1,
            idleSteps: notesIdleSteps ? marks.idleSteps(of: steps) : [])
    }
}

extension Scenario.Step {
    /// Whether the step is a wait, whose time a paced recording keeps as the scenario gives it.
    fileprivate var isWait: Bool {
        if case .wait = self { return true }
        return false
    }
}
