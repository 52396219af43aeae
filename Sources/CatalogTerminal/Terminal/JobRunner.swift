import Dispatch
import Glibc
import Synchronization

/// Runs screens' jobs on background threads for the shell, and wakes the event loop when one finishes.
///
/// Each lane of each screen is a slot. In a lane whose latest job wins, starting a job bumps the slot's
/// generation: the running job sees `isCancelled` turn true and its value is dropped, and the new job waits
/// (replacing any job that was waiting) until the running one returns, so typing fast never piles up scans. In a
/// queued lane, jobs wait in order and every value is kept. A slot is removed as soon as it has nothing running or
/// waiting, so the table stays as small as the work in flight. Finished values queue up under a lock, and one byte
/// on a pipe wakes the loop's `poll`. When no pipe can be made, ``wakeDescriptor`` is `nil` and the loop checks for
/// results on a short timeout instead.
package final class JobRunner: JobRunning, Sendable {
    private struct SlotKey: Hashable {
        var owner: Session.ScreenID
        var lane: JobLaneID
    }

    private struct Slot {
        var generation = 0
        var waiting: [Job] = []
    }

    private struct State {
        /// Lanes with a job running; a lane with none has no slot.
        var slots: [SlotKey: Slot] = [:]
        var finished: [(key: SlotKey, result: JobResult)] = []
        var isShutDown = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "catalog.jobs", qos: .userInitiated, attributes: .concurrent)
    /// Every queued job (a save) running or waiting, for ``shutdown()`` to wait on.
    private let saves = DispatchGroup()
    /// This runner among others in the process, for the process groups its jobs start (``ChildProcesses``).
    private var owner: Int { Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self))) }
    private let pipe: (read: Int32, write: Int32)?
    /// The longest ``shutdown()`` waits for jobs to return.
    public static let shutdownLimit = DispatchTimeInterval.seconds(5)

    /// Creates a runner.
    ///
    /// - Parameter makePipe: Makes the wake-up pipe, or returns `nil` when it can't; tests inject a failure.
    public init(makePipe: () -> (read: Int32, write: Int32)? = WakePipe.make) {
        pipe = makePipe()
    }

    deinit {
        if let pipe {
            close(pipe.read)
            close(pipe.write)
        }
    }

    public var wakeDescriptor: Int32? { pipe?.read }

    public var isBusy: Bool {
        state.withLock { !$0.finished.isEmpty || !$0.slots.isEmpty }
    }

    /// How many lanes have work running, for tests: a slot that outlives its work would show here.
    public var busyLanes: Int { state.withLock { $0.slots.count } }

    public func start(_ job: Job, for owner: Session.ScreenID) {
        let key = SlotKey(owner: owner, lane: job.lane)
        let launch = state.withLock { state -> Int? in
            guard !state.isShutDown else { return nil }
            if !job.isQueued { state.finished.removeAll { $0.key == key } }
            guard var slot = state.slots[key] else {
                state.slots[key] = Slot()
                return 0
            }
            if job.isQueued {
                slot.waiting.append(job)
            } else {
                // The running job is superseded: it sees the new generation, and this job replaces any waiting.
                slot.generation += 1
                slot.waiting = [job]
            }
            state.slots[key] = slot
            return nil
        }
        if let launch { run(job, key: key, generation: launch) }
    }

    public func cancel(_ lane: JobLaneID?, of owner: Session.ScreenID) {
        state.withLock { state in
            for key in state.slots.keys where key.owner == owner && !key.lane.queued && (lane ?? key.lane) == key.lane {
                // The running job sees the cancellation; when it returns, nothing waits and its slot goes.
                state.slots[key]?.generation += 1
                state.slots[key]?.waiting = []
            }
            state.finished.removeAll {
                $0.key.owner == owner && !$0.key.lane.queued && (lane ?? $0.key.lane) == $0.key.lane
            }
        }
    }

    public func takeFinished() -> [JobResult] {
        if let pipe { WakePipe.drain(pipe.read) }
        return state.withLock { state in
            defer { state.finished.removeAll() }
            return state.finished.map(\.result)
        }
    }

    /// Ends the session's work: cancels every job whose latest wins, kills the process groups jobs started
    /// (``ChildProcesses``), and waits only for the queued jobs (saves) to finish, so leaving is immediate even while
    /// a catalog is still being read; a search or a load left running ends with the process.
    public func shutdown() {
        let saving = state.withLock { state -> Bool in
            state.isShutDown = true
            for key in state.slots.keys where !key.lane.queued {
                state.slots[key]?.generation += 1
                state.slots[key]?.waiting = []
            }
            return state.slots.keys.contains { $0.lane.queued }
        }
        ChildProcesses.killAllWithDescendants(of: owner)
        guard saving else { return }
        _ = saves.wait(timeout: .now() + Self.shutdownLimit)
    }

    /// Wakes the event loop's `poll`: a result is waiting.
    private func wake() {
        guard let pipe else { return }
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }

    private func run(_ job: Job, key: SlotKey, generation: Int) {
        let isCancelled: JobCancellation = { [self] in
            state.withLock { $0.slots[key]?.generation != generation }
        }
        if key.lane.queued { saves.enter() }
        queue.async { [self] in
            // A value handed on early is kept only while the job is the lane's latest, and wakes the loop at once.
            let report: @Sendable (JobResult) -> Void = { [self] early in
                let kept = state.withLock { state in
                    guard state.slots[key]?.generation == generation else { return false }
                    state.finished.append((key, early))
                    return true
                }
                if kept { wake() }
            }
            let result = ChildProcesses.running(for: owner) {
                job.run(for: key.owner, isCancelled: isCancelled, report: report)
            }
            let next = state.withLock { state -> (Job, Int)? in
                guard var slot = state.slots[key] else { return nil }
                if slot.generation == generation || key.lane.queued { state.finished.append((key, result)) }
                guard !slot.waiting.isEmpty else {
                    state.slots.removeValue(forKey: key)
                    return nil
                }
                let waiting = slot.waiting.removeFirst()
                state.slots[key] = slot
                return (waiting, slot.generation)
            }
            wake()
            // The next job enters the group before this one leaves it, so shutdown never sees it idle in between.
            if let (waiting, generation) = next { run(waiting, key: key, generation: generation) }
            if key.lane.queued { saves.leave() }
        }
    }
}
