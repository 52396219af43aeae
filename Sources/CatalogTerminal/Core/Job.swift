/// A named kind of background work and the type of value it produces.
///
/// A screen declares its lanes once, as static constants, and reads a finished job's value back through the same
/// lane, so the type says what arrives:
///
/// ```swift
/// static let search = JobLane<SearchOutcome>("search")
/// …
/// return .run(Job(Self.search) { isCancelled in SearchOutcome(…) })
/// …
/// case .finished(let result):
///     if let outcome = result.value(of: Self.search) { … }
/// ```
///
/// A lane runs its jobs one at a time, by one of two policies (``Policy``): searches and previews in a lane whose
/// latest job wins, saves in a lane that queues them and drops none.
public struct JobLane<Output: Sendable>: Sendable, Hashable {
    /// How a lane treats a job started while another runs.
    public enum Policy: Sendable, Hashable {
        /// Searches, previews, loads: a newer job cancels the running one and replaces the one waiting, and only
        /// the newest job's result is handed back. Closing the screen or ending the session cancels them.
        case latestWins
        /// Saves the user asked for: every job runs, in the order started, and every result is handed back.
        /// Closing the screen doesn't cancel them, and the session finishes them before the process exits.
        case queued
    }

    /// The lane's name, unique among the lanes of one screen.
    public let name: String
    /// How it treats a job started while another runs.
    public let policy: Policy

    /// Declares a lane.
    ///
    /// - Parameters:
    ///   - name: A name unique among the screen's lanes.
    ///   - policy: Whether the latest job wins (the default) or every job runs in turn.
    public init(_ name: String, policy: Policy = .latestWins) {
        self.name = name
        self.policy = policy
    }

    /// The lane's identity: its name and its output type, so two lanes that share a name but not a type never
    /// read each other's values.
    public var id: JobLaneID {
        JobLaneID(name: name, output: ObjectIdentifier(Output.self), queued: policy == .queued)
    }
}

/// A lane's identity without its type, for tables of lanes and for cancelling a lane's jobs.
public struct JobLaneID: Sendable, Hashable {
    let name: String
    let output: ObjectIdentifier
    /// Whether the lane queues its jobs (``JobLane/Policy/queued``).
    let queued: Bool
}

/// Tells a running job whether it has been superseded; check it now and then and return early when it is true.
public typealias JobCancellation = @Sendable () -> Bool

/// Work a screen hands to the shell to run off the input path, such as a search over a million entries.
///
/// The shell runs it on another thread and delivers its value back to the screen that started it, as
/// ``Event/finished(_:)``. Line mode and tests run jobs at once, in order.
public struct Job: Sendable {
    /// The lane the job runs in.
    let lane: JobLaneID
    /// The lane's name, for messages and tests.
    public var laneName: String { lane.name }
    private let work: @Sendable (_ isCancelled: @escaping JobCancellation, _ report: @escaping Report) -> any Sendable

    /// Hands a value on before the job's last: what a preview command has printed so far.
    typealias Report = @Sendable (any Sendable) -> Void

    /// Whether the job waits for something outside the program (an entry registered by another thread) rather
    /// than working to an end: only a runner whose jobs run in the background runs it. Line mode, snapshots and
    /// tests run jobs in line, where it would wait for ever, and leave it.
    package private(set) var waits = false

    /// A job that waits for something outside the program (``waits``), checking `isCancelled` as it waits.
    ///
    /// - Parameters:
    ///   - lane: The lane, which fixes the type of the value.
    ///   - work: Waits, then returns what came.
    package static func waiting<Output: Sendable>(
        _ lane: JobLane<Output>, _ work: @escaping @Sendable (_ isCancelled: @escaping JobCancellation) -> Output
    ) -> Job {
        var job = Job(lane, work: work)
        job.waits = true
        return job
    }

    /// Creates a job in a lane.
    ///
    /// - Parameters:
    ///   - lane: The lane, which fixes the type of the value.
    ///   - work: The work. It is given a function that turns true once the job is superseded; check it now and then.
    public init<Output: Sendable>(
        _ lane: JobLane<Output>, work: @escaping @Sendable (_ isCancelled: @escaping JobCancellation) -> Output
    ) {
        self.lane = lane.id
        self.work = { isCancelled, _ in work(isCancelled) }
    }

    /// Creates a job that hands on values before its last, each read back through the lane as a result of its own:
    /// ``JobRunner`` delivers them as they come (unless the job is superseded), and ``InlineJobs`` only the last.
    ///
    /// - Parameters:
    ///   - lane: The lane, which fixes the type of the values.
    ///   - work: The work. It is given the cancellation check, and a function that hands on a value at once.
    package init<Output: Sendable>(
        _ lane: JobLane<Output>,
        reporting work:
            @escaping @Sendable (
                _ isCancelled: @escaping JobCancellation, _ report: @escaping @Sendable (Output) -> Void
            ) -> Output
    ) {
        self.lane = lane.id
        self.work = { isCancelled, report in work(isCancelled) { report($0) } }
    }

    /// Whether the job runs in a lane.
    public func runs<Output>(in lane: JobLane<Output>) -> Bool { self.lane == lane.id }

    /// Whether the job is one the user asked to have done (a save), which is never dropped.
    var isQueued: Bool { lane.queued }

    /// Runs the job on the calling thread.
    ///
    /// - Parameters:
    ///   - owner: The screen that started it, which the result goes back to (`Session/Effect/run(_:for:)`).
    ///   - isCancelled: Whether it has been superseded; never, unless the caller says otherwise.
    /// - Returns: The result, to hand back to the session or the screen.
    ///   - report: Takes the values handed on before the last, each as a result; dropped unless given.
    package func run(
        for owner: Session.ScreenID? = nil, isCancelled: @escaping JobCancellation = { false },
        report: @escaping @Sendable (JobResult) -> Void = { _ in }
    ) -> JobResult {
        let lane = lane
        return JobResult(
            lane: lane, value: work(isCancelled) { report(JobResult(lane: lane, value: $0, owner: owner)) },
            owner: owner)
    }
}

/// The value a finished ``Job`` produced, read back through its lane.
public struct JobResult: Sendable {
    let lane: JobLaneID
    private let value: any Sendable
    /// The screen that started the job, which the session hands the result to.
    package let owner: Session.ScreenID?

    init(lane: JobLaneID, value: any Sendable, owner: Session.ScreenID? = nil) {
        self.lane = lane
        self.value = value
        self.owner = owner
    }

    /// The value, when the job ran in this lane.
    ///
    /// - Parameter lane: The lane to read.
    /// - Returns: The job's value, or `nil` when the job ran in another lane.
    public func value<Output>(of lane: JobLane<Output>) -> Output? {
        guard self.lane == lane.id else { return nil }
        return value as? Output
    }

    /// The lane's name, for messages and tests.
    public var laneName: String { lane.name }
}
