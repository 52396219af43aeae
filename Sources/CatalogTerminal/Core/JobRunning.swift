/// Runs the jobs screens start and hands back their results: the seam between the event loop and threads.
///
/// The shell uses ``JobRunner``, which runs jobs on background threads. Line mode, snapshots and tests use
/// ``InlineJobs``, which runs them on the calling thread, in order.
///
/// In every runner, a lane of one screen runs at most one job and keeps at most one waiting: a newer job replaces the
/// waiting one and cancels the running one, and only the newest job's result is handed back.
public protocol JobRunning: AnyObject {
    /// Starts a job for a screen, superseding the older jobs of its lane.
    ///
    /// - Parameters:
    ///   - job: The job.
    ///   - owner: The screen that started it, which the result goes back to.
    func start(_ job: Job, for owner: Session.ScreenID)

    /// Cancels every job of a screen, running or waiting; their results are never handed back.
    func cancelJobs(of owner: Session.ScreenID)

    /// The results that finished since the last call, oldest first, each addressed to its screen.
    func takeFinished() -> [JobResult]

    /// A descriptor that becomes readable when a result is ready, for the event loop's `poll`; `nil` when the runner
    /// has none, and the loop must check ``takeFinished()`` now and then while ``isBusy``.
    var wakeDescriptor: Int32? { get }

    /// Whether any job is running, waiting, or finished and not yet taken.
    var isBusy: Bool { get }
}

/// Runs jobs on the calling thread: at once, or when told, for line mode, snapshots and tests.
public final class InlineJobs: JobRunning {
    /// When jobs run.
    public enum Timing: Sendable {
        /// As they start.
        case immediately
        /// Only when ``runWaiting()`` is called, so a test can look at the screen while work is outstanding.
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
    /// How many jobs ran, for tests.
    public private(set) var runCount = 0

    /// Creates a runner.
    ///
    /// - Parameter timing: When jobs run.
    public init(timing: Timing = .immediately) {
        self.timing = timing
    }

    public func start(_ job: Job, for owner: Session.ScreenID) {
        // A newer job of the same lane replaces the waiting one.
        waiting.removeAll { $0.owner == owner && $0.job.lane == job.lane }
        finished.removeAll { $0.owner == owner && $0.lane == job.lane }
        waiting.append(Waiting(job: job, owner: owner))
        if timing == .immediately { runWaiting() }
    }

    public func cancelJobs(of owner: Session.ScreenID) {
        waiting.removeAll { $0.owner == owner }
        finished.removeAll { $0.owner == owner }
    }

    /// Runs every waiting job, in the order they started.
    public func runWaiting() {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            runCount += 1
            finished.append(next.job.run(for: next.owner))
        }
    }

    public func takeFinished() -> [JobResult] {
        defer { finished.removeAll() }
        return finished
    }

    public var wakeDescriptor: Int32? { nil }

    public var isBusy: Bool { !waiting.isEmpty || !finished.isEmpty }

    /// Whether jobs are waiting to run.
    public var hasWaiting: Bool { !waiting.isEmpty }
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
                switch effect {
                case .run(let job, let owner): jobs.start(job, for: owner)
                case .cancelJobs(let owner): jobs.cancelJobs(of: owner)
                default: left.append(effect)
                }
            }
            let results = jobs.takeFinished()
            guard !results.isEmpty else { return left }
            for result in results { pending += handle(.finished(result)) }
        }
    }
}
