import Dispatch
import Glibc
import Synchronization

/// Runs screens' jobs on background threads for the shell, and wakes the event loop when one finishes.
///
/// Each lane keeps a generation number; starting a job bumps it, so an older job in the lane sees `isCancelled`
/// turn true and its value is dropped. Finished values queue up under a lock, and one byte on a pipe wakes the
/// loop's `poll`.
final class JobRunner: Sendable {
    private struct State {
        var generations: [String: Int] = [:]
        var finished: [JobResult] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "catalog.jobs", qos: .userInitiated, attributes: .concurrent)
    /// The pipe's read end, for the loop to poll; -1 when no pipe could be made.
    let wakeFD: Int32
    private let writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            fds = [-1, -1]
        }
        wakeFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if wakeFD >= 0 { close(wakeFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Starts a job, superseding any older job in its lane.
    func start(_ job: Job) {
        let generation = state.withLock { state in
            let next = (state.generations[job.lane] ?? 0) + 1
            state.generations[job.lane] = next
            return next
        }
        let lane = job.lane
        let isCancelled: @Sendable () -> Bool = { [self] in
            state.withLock { $0.generations[lane] != generation }
        }
        queue.async { [self] in
            let value = job.work(isCancelled)
            let delivered = state.withLock { state -> Bool in
                guard state.generations[lane] == generation else { return false }
                state.finished.append(JobResult(lane: lane, id: job.id, value: value))
                return true
            }
            if delivered && writeFD >= 0 {
                var byte: UInt8 = 1
                _ = write(writeFD, &byte, 1)
            }
        }
    }

    /// The results that finished since the last call, oldest first.
    func takeFinished() -> [JobResult] {
        if wakeFD >= 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(wakeFD, &buffer, buffer.count) > 0 {}
        }
        return state.withLock { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }
}
