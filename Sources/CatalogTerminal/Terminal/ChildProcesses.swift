import Glibc
import Synchronization

/// The process groups the launcher has started (preview commands) and not yet reaped, so that however the process
/// ends, none of them outlives it.
///
/// A job that runs a command registers its group while it runs, and kills and reaps it itself when it is cancelled,
/// finishes, or the job runner shuts down. The table is for the one way out that skips all of that: a fatal signal
/// (SIGTERM, SIGHUP when the terminal closes, a crash). ``SignalGuard``'s handler then kills every group in it, with
/// only atomic loads and `kill(2)`, which are safe in a signal handler.
enum ChildProcesses {
    /// How many groups can be registered at once; a job that finds no room still kills its own group as usual.
    static let capacity = 64

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
        return slots
    }()

    /// Registers a process group.
    ///
    /// - Parameter group: The group's id (its leader's pid).
    static func register(_ group: pid_t) {
        for index in 0..<capacity {
            if slots[index].compareExchange(expected: 0, desired: group, ordering: .acquiringAndReleasing).exchanged {
                return
            }
        }
    }

    /// Forgets a process group that has been killed and reaped.
    static func unregister(_ group: pid_t) {
        for index in 0..<capacity {
            if slots[index].compareExchange(expected: group, desired: 0, ordering: .acquiringAndReleasing).exchanged {
                return
            }
        }
    }

    /// The groups registered now, for tests.
    static var registered: [pid_t] {
        (0..<capacity).map { slots[$0].load(ordering: .acquiring) }.filter { $0 > 0 }
    }

    /// Sends SIGKILL to every registered group. Async-signal-safe.
    static func killAll() {
        for index in 0..<capacity {
            let group = slots[index].load(ordering: .acquiring)
            if group > 0 { kill(-group, SIGKILL) }
        }
    }
}
