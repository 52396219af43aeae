/// Work a screen hands to the shell to run off the input path, such as a search over a million entries.
///
/// The shell runs it on another thread and delivers its value back as ``Event/finished(_:)``. A newer job in the
/// same lane supersedes an older one: the older one's `isCancelled` turns true, and its value is never delivered.
/// Line mode runs jobs at once, in order.
public struct Job: Sendable {
    /// Jobs in one lane supersede each other.
    public var lane: String
    /// The screen's own number for the job, echoed back in the result.
    public var id: Int
    /// The work. Check `isCancelled` now and then and return early when it is true.
    public var work: @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> (any Sendable)?

    public init(
        lane: String, id: Int,
        work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> (any Sendable)?
    ) {
        self.lane = lane
        self.id = id
        self.work = work
    }

    /// Runs the job on the calling thread, never cancelled: what line mode and tests do.
    public func runNow() -> JobResult {
        JobResult(lane: lane, id: id, value: work { false })
    }
}

/// The value a finished ``Job`` produced.
public struct JobResult: Sendable, Equatable {
    public var lane: String
    public var id: Int
    public var value: (any Sendable)?

    public init(lane: String, id: Int, value: (any Sendable)?) {
        self.lane = lane
        self.id = id
        self.value = value
    }

    /// Results are told apart by lane and id.
    public static func == (lhs: JobResult, rhs: JobResult) -> Bool { lhs.lane == rhs.lane && lhs.id == rhs.id }
}
