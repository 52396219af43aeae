import Dispatch
import Glibc
import Synchronization

/// Runs screens' jobs on background threads for the shell, and wakes the event loop when one finishes.
///
/// Each lane of each screen is a slot that runs at most one job and keeps at most one waiting. Starting a job bumps
/// the slot's generation: the running job sees `isCancelled` turn true and its value is dropped, and the new job
/// waits (replacing any job that was waiting) until the running one returns. So typing fast never piles up scans.
/// Finished values queue up under a lock, and one byte on a pipe wakes the loop's `poll`. When no pipe can be made,
/// ``wakeDescriptor`` is `nil` and the loop checks for results on a short timeout instead.
public final class JobRunner: JobRunning, Sendable {
    private struct SlotKey: Hashable {
        var owner: Session.ScreenID
        var lane: JobLaneKey
    }

    private struct Slot {
        var generation = 0
        var isRunning = false
        var waiting: Job?
    }

    private struct State {
        var slots: [SlotKey: Slot] = [:]
        var finished: [(key: SlotKey, generation: Int, result: JobResult)] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "catalog.jobs", qos: .userInitiated, attributes: .concurrent)
    private let pipe: (read: Int32, write: Int32)?

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
        state.withLock { state in
            !state.finished.isEmpty || state.slots.values.contains { $0.isRunning || $0.waiting != nil }
        }
    }

    public func start(_ job: Job, for owner: Session.ScreenID) {
        let key = SlotKey(owner: owner, lane: job.lane)
        let launch = state.withLock { state -> Int? in
            var slot = state.slots[key] ?? Slot()
            slot.generation += 1
            defer { state.slots[key] = slot }
            if slot.isRunning {
                slot.waiting = job
                return nil
            }
            slot.isRunning = true
            return slot.generation
        }
        if let launch { run(job, key: key, generation: launch) }
    }

    public func cancelJobs(of owner: Session.ScreenID) {
        state.withLock { state in
            for key in state.slots.keys where key.owner == owner {
                guard state.slots[key]?.isRunning == true else {
                    state.slots.removeValue(forKey: key)
                    continue
                }
                // The running job sees the cancellation; when it returns, its slot has no job waiting.
                state.slots[key]?.generation += 1
                state.slots[key]?.waiting = nil
            }
            state.finished.removeAll { $0.key.owner == owner }
        }
    }

    public func takeFinished() -> [JobResult] {
        if let pipe { WakePipe.drain(pipe.read) }
        return state.withLock { state in
            defer { state.finished.removeAll() }
            // A result that a newer job superseded after it finished is dropped here too.
            return state.finished.filter { state.slots[$0.key]?.generation == $0.generation }.map(\.result)
        }
    }

    private func run(_ job: Job, key: SlotKey, generation: Int) {
        let isCancelled: JobCancellation = { [self] in
            state.withLock { $0.slots[key]?.generation != generation }
        }
        queue.async { [self] in
            let result = job.run(for: key.owner, isCancelled: isCancelled)
            let next = state.withLock { state -> (Job, Int)? in
                if state.slots[key]?.generation == generation {
                    state.finished.append((key, generation, result))
                }
                guard var slot = state.slots[key] else { return nil }
                defer { state.slots[key] = slot }
                if let waiting = slot.waiting {
                    slot.waiting = nil
                    return (waiting, slot.generation)
                }
                slot.isRunning = false
                return nil
            }
            if let pipe {
                var byte: UInt8 = 1
                _ = write(pipe.write, &byte, 1)
            }
            if let (waiting, generation) = next { run(waiting, key: key, generation: generation) }
        }
    }
}
