import CatalogKit

/// What happened to an open screen, as scenario steps that bring a new copy of it to the same state: the keys, the
/// resizes, and the waits for the ticks that passed.
///
/// A replay (``ScenarioRun``) types keys a millisecond apart on a virtual clock and delivers a tick when the clock
/// reaches it, so the wall-clock gaps between keys don't matter, only which ticks came before which key. The recording
/// keeps the replay's clock beside the real one: it knows when each tick the screen asked for falls due on the
/// replay's clock, and when the screen gets a tick, it waits until just past that time before the next key. Keys
/// typed faster than a millisecond apart, or a double click's timing, are the only things a replay can't tell apart.
package struct Recording: Sendable {
    /// The terminal's size when the screen opened; `nil` until it is told.
    package private(set) var size: Size?
    /// The steps since the screen opened, in order.
    package private(set) var steps: [Scenario.Step] = []
    /// When the replay types the next key.
    private var typing = Duration.milliseconds(1)
    /// When the last event was handled, on the replay's clock.
    private var lastEvent = Duration.zero
    /// The terminal's size the screen was last told.
    private var current: Size?
    /// When the ticks the screen asked for fall due, on the replay's clock, soonest first.
    private var dueTicks: [Duration] = []
    /// The last press of a mouse button: where, and when on the replay's clock.
    private var lastPress: (row: Int, column: Int, time: Duration)?
    /// How many times the recording started again (``restart(reopening:row:)``), so the session knows when a time it
    /// was given belongs to an earlier start.
    package private(set) var starts = 0
    /// Whether the screen (or one it opened) saved something (ran a queued job): its state is then also in files,
    /// which a replay of its steps would apply a second time (`--watch` reopens it from them instead).
    package private(set) var saved = false

    package init() {}

    /// Notes an event the screen is about to handle.
    ///
    /// - Returns: The time it is handled at on the replay's clock, for ``scheduled(_:at:)``.
    @discardableResult
    package mutating func record(_ event: Event) -> Duration {
        switch event {
        case .resize(let body):
            let terminal = Session.terminalSize(forBody: body)
            guard size != nil else {
                size = terminal
                current = terminal
                return lastEvent
            }
            // Told again the size it has (a session started after the screen opened): nothing to replay.
            guard terminal != current else { return lastEvent }
            current = terminal
            return type(.resize(terminal))
        case .key(.mouse(var mouse)):
            // The terminal's cells, as the replay types them; the shell counts double clicks again.
            mouse = mouse.shifted(rows: -Session.bodyTop)
            mouse.clicks = 1
            if mouse.action == .press {
                if let last = lastPress, last.row == mouse.row, last.column == mouse.column,
                    typing - last.time <= EventLoop.doubleClickInterval,
                    case .key(.mouse(let real)) = event, real.clicks < 2
                {
                    // Two single clicks, far apart: far apart in the replay too.
                    wait(until: last.time + EventLoop.doubleClickInterval)
                }
                lastPress = (mouse.row, mouse.column, typing)
            }
            return type(.press(.mouse(mouse)))
        case .key(let key):
            return type(.press(key))
        case .tick:
            guard !dueTicks.isEmpty else { return lastEvent }
            let due = dueTicks.removeFirst()
            wait(until: due)
            lastEvent = due
            return due
        case .environment, .finished:
            return lastEvent
        }
    }

    /// Notes a line-mode command.
    package mutating func record(line: String) {
        type(.line(line))
    }

    /// Notes the ticks an action asks for, due so long after the event that led to it.
    package mutating func scheduled(_ action: Action, at time: Duration) {
        if action.flattened.contains(where: { if case .run(let job) = $0 { job.isQueued } else { false } }) {
            saved = true
        }
        for case .tick(let delay) in action.flattened {
            dueTicks.append(time + max(delay, .zero))
        }
        dueTicks.sort()
    }

    /// Starts again, as a screen rebuilt with new control values: with the steps that show the controls pane as it
    /// is (F7, the cursor moved to its row, F7 again when the focus is back on the screen).
    package mutating func restart(reopening pane: EntryScreen.Pane, row: Int) {
        let (size, current, starts, saved) = (size, current, starts, saved)
        self = Recording()
        self.saved = saved
        // It starts again at the size the terminal has now.
        self.size = current ?? size
        self.current = current
        self.starts = starts + 1
        guard case .shown(let focused) = pane else { return }
        type(.press(EntryScreen.key))
        if row > 0 { type(.press(.down, times: row)) }
        if !focused { type(.press(EntryScreen.key)) }
    }

    /// Adds a step the replay types, and moves its clock as the replay does.
    @discardableResult
    private mutating func type(_ step: Scenario.Step) -> Duration {
        var handled = typing
        if case .press(let key, let times) = step, case .press(let last, let before)? = steps.last, last == key {
            steps[steps.count - 1] = .press(key, times: before + times)
        } else {
            steps.append(step)
        }
        switch step {
        case .press(.escape, let times):
            // The replay waits out the Escape timeout, so a lone Escape stands alone.
            handled += EventLoop.escapeTimeout
            typing += (EventLoop.escapeTimeout + .milliseconds(1)) * times
        case .press(_, let times):
            typing += .milliseconds(1) * times
        default:
            typing += .milliseconds(1)
        }
        lastEvent = handled
        return handled
    }

    /// Waits on the replay's clock until just past a time, so what falls due then comes before the next key.
    private mutating func wait(until time: Duration) {
        let next = time + .milliseconds(1)
        guard next > typing else { return }
        let gap = next - typing
        if case .wait(let before)? = steps.last {
            steps[steps.count - 1] = .wait(before + gap)
        } else {
            steps.append(.wait(gap))
        }
        typing = next
    }
}
