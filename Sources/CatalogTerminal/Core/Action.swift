/// What a screen asks the shell to do after an event: the one type of effect, from screens to the session and from
/// the session to the shell.
///
/// The session carries out the actions that concern its stack and chrome (`push(_:)`, ``pop``, ``status(_:)``) and
/// hands the rest, each with the screen that asked (`Session/Effect`), to whatever runs it: the event loop on a
/// terminal, or line mode and snapshots, which run jobs at once.
public enum Action {
    /// Nothing beyond redrawing.
    case none
    /// Open another screen on top of this one; the breadcrumb names it by `title` unless the screen has a title of
    /// its own (the menu gives the entry's title).
    case push(any Screen, title: String = "")
    /// Close this screen and return to the one below.
    case pop
    /// Leave the launcher: exit status 0.
    case quit
    /// Leave the launcher as cancelled, as Ctrl-C does: exit status 130.
    case abort
    /// Ring the terminal bell.
    case bell
    /// Flash the screen (reverse video) for the given time.
    case flash(Duration)
    /// Deliver ``Event/tick(now:)`` after the given time.
    case tick(after: Duration)
    /// Show a message in the launcher's status line.
    case status(String)
    /// Run work off the input path; the result comes back as ``Event/finished(_:)``.
    case run(Job)
    /// Cancel the screen's jobs in one lane, or in every lane whose latest job wins when `nil`: a running one sees
    /// its cancellation (a preview command is killed) and its result is never handed back. Queued jobs (saves)
    /// are never cancelled.
    case cancel(JobLaneID?)
    /// Run a shell command and wait for its end (fzf's `execute`): the screen is put away while the command has the
    /// terminal, and drawn again after. A `silent` one (`execute-silent`) runs with no terminal, the screen left
    /// as it is. `shell` runs it (`shell -c command`).
    case execute(_ command: String, shell: String, silent: Bool)
    /// Several actions, carried out in order.
    case batch([Action])
}

extension Action {
    /// Whether the action rings the bell: a screen refusing a key or a line, which changed nothing.
    package var ringsBell: Bool { flattened.contains { if case .bell = $0 { true } else { false } } }

    /// The actions this one stands for, with batches flattened and nothing left out but ``none``.
    public var flattened: [Action] {
        switch self {
        case .batch(let actions): return actions.flatMap(\.flattened)
        case .none: return []
        default: return [self]
        }
    }

    /// Cancels the screen's jobs in a lane.
    ///
    /// - Parameter lane: The lane.
    /// - Returns: The action.
    public static func cancel<Output>(_ lane: JobLane<Output>) -> Action { .cancel(lane.id) }

    /// Whether the action ends the session (``quit`` or ``abort``), alone or in a batch.
    public var ends: Bool {
        flattened.contains { action in
            switch action {
            case .quit, .abort: true
            default: false
            }
        }
    }
}
