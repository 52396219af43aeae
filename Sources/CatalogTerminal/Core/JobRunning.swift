/// Runs the jobs screens start and hands back their results: the seam between the event loop and threads.
///
/// The shell uses ``JobRunner``, which runs jobs on background threads. Line mode, snapshots and tests use
/// ``InlineJobs``, which runs them on the calling thread: at once, or one at a time when a test says so.
///
/// Every runner keeps the two policies of ``JobLane/Policy``. In a lane whose latest job wins, a screen runs at most
/// one job and keeps at most one waiting: a newer job replaces the waiting one and cancels the running one, and only
/// the newest job's result is handed back. In a queued lane, every job runs in the order started and every result
/// is handed back; cancelling never touches them, and ``shutdown()`` finishes them.
package protocol JobRunning: AnyObject {
    /// Starts a job for a screen, superseding the older jobs of its lane unless the lane is queued.
    ///
    /// - Parameters:
    ///   - job: The job.
    ///   - owner: The screen that started it, which the result goes back to.
    func start(_ job: Job, for owner: Session.ScreenID)

    /// Cancels a screen's jobs in one lane, or in every lane whose latest job wins; running ones see their
    /// cancellation, and none of their results is handed back. Queued jobs go on.
    ///
    /// - Parameters:
    ///   - lane: The lane, or `nil` for all of the screen's lanes whose latest job wins.
    ///   - owner: The screen.
    func cancel(_ lane: JobLaneID?, of owner: Session.ScreenID)

    /// The results that finished since the last call, oldest first, each addressed to its screen.
    func takeFinished() -> [JobResult]

    /// A descriptor that becomes readable when a result is ready, for the event loop's `poll`; `nil` when the runner
    /// has none, and the loop must check ``takeFinished()`` now and then while ``isBusy``.
    var wakeDescriptor: Int32? { get }

    /// Whether any job is running, waiting, or finished and not yet taken.
    var isBusy: Bool { get }

    /// Ends the session's work: cancels every job whose latest wins, waits for those running to return (a preview
    /// command's process group is killed and reaped by then), and runs every queued job to its end. Jobs started
    /// afterwards are not run.
    func shutdown()
}

/// Runs jobs on the calling thread: at once, or when told, for line mode, snapshots and tests.
package final class InlineJobs: JobRunning {
    /// When jobs run.
    public enum Timing: Sendable {
        /// As they start.
        case immediately
        /// Only when ``runNext()`` or ``runWaiting()`` is called, so a test can look at the screen while work is
        /// outstanding and decide the order things happen in.
        case whenTold
    }

    private struct Waiting {
        var job: Job
        var owner: Session.ScreenID
    }

    /// When jobs run.
    public let timing: Timing
    private var waiting: [Waiting] = []
    private var finished: [JobResult] = []
    private var isShutDown = false
    /// How many jobs ran, for tests.
    public private(set) var runCount = 0
    /// Whether queued jobs, the lanes that save, run; a link's replay runs the screen's work but writes nothing.
    public let writes: Bool

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - timing: When jobs run.
    ///   - writes: Whether queued jobs (``JobLane/Policy/queued``, the lanes that save) run, or are dropped.
    public init(timing: Timing = .immediately, writes: Bool = true) {
        self.timing = timing
        self.writes = writes
    }

    public func start(_ job: Job, for owner: Session.ScreenID) {
        // A job that waits for the world would wait here for ever: only a background runner runs it.
        guard !isShutDown, writes || !job.isQueued, !job.waits else { return }
        if !job.isQueued {
            // A newer job of the same lane replaces the waiting one, and an older result not yet taken.
            waiting.removeAll { $0.owner == owner && $0.job.lane == job.lane }
            finished.removeAll { $0.owner == owner && $0.lane == job.lane }
        }
        waiting.append(Waiting(job: job, owner: owner))
        if timing == .immediately { runWaiting() }
    }

    public func cancel(_ lane: JobLaneID?, of owner: Session.ScreenID) {
        func cancels(_ candidate: JobLaneID) -> Bool { !candidate.queued && (lane == nil || lane == candidate) }
        waiting.removeAll { $0.owner == owner && cancels($0.job.lane) }
        finished.removeAll { $0.owner == owner && cancels($0.lane) }
    }

    /// Runs every waiting job, in the order they started, and those they lead to.
    public func runWaiting() {
        while runNext() {}
    }

    /// Runs the job that has waited longest.
    ///
    /// - Returns: Whether there was one.
    @discardableResult
    public func runNext() -> Bool {
        guard !waiting.isEmpty else { return false }
        let next = waiting.removeFirst()
        runCount += 1
        finished.append(next.job.run(for: next.owner))
        return true
    }

    public func takeFinished() -> [JobResult] {
        defer { finished.removeAll() }
        return finished
    }

    public var wakeDescriptor: Int32? { nil }

    public var isBusy: Bool { !waiting.isEmpty || !finished.isEmpty }

    /// Whether jobs are waiting to run.
    public var hasWaiting: Bool { !waiting.isEmpty }

    /// The lanes of the jobs waiting, in order, for tests.
    public var waitingLanes: [String] { waiting.map(\.job.laneName) }

    public func shutdown() {
        waiting.removeAll { !$0.job.isQueued }
        while runNext() {}
        isShutDown = true
    }
}

extension Session {
    /// Carries out the effects that don't need a terminal, running jobs with a runner until none is left: what line
    /// mode, snapshots and tests do between inputs.
    ///
    /// - Parameters:
    ///   - effects: What the session asked for.
    ///   - jobs: The runner; with ``InlineJobs/Timing/immediately`` every job and every job it leads to runs now.
    /// - Returns: The effects left for the caller: bells, flashes, ticks and quits, in order.
    public mutating func settle(_ effects: [Effect], with jobs: any JobRunning) -> [Effect] {
        var pending = effects[...]
        var left: [Effect] = []
        while true {
            while let effect = pending.popFirst() {
                switch effect.action {
                case .run(let job): jobs.start(job, for: effect.owner)
                case .cancel(let lane): jobs.cancel(lane, of: effect.owner)
                default: left.append(effect)
                }
            }
            let results = jobs.takeFinished()
            guard !results.isEmpty else { return left }
            for result in results { pending += handle(.finished(result)) }
        }
    }
}
