import CatalogKit
import CatalogTerminal
import Dispatch
import Glibc
import Synchronization

/// Work that runs on the real ``JobRunner``'s threads but moves only when a test says so: a catalog that streams in
/// one step at a time, or loads when released.
///
/// Each call of ``next()`` (from a job) blocks until the test calls ``release()``, then returns the next step. The
/// test releases a step inside ``VirtualTerminal/perform(at:_:)`` and waits there for the runner's result with
/// ``JobRunner/waitForResult(timeout:)``, so the loop takes the result at that virtual time, the same in every run.
public final class SteppedWork: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let steps: Mutex<[[String]]>
    private let finished = Mutex(false)

    /// Makes the work.
    ///
    /// - Parameter steps: The lines of the catalog after each step; the last step ends the input.
    public init(steps: [[String]]) {
        self.steps = Mutex(steps)
    }

    /// Lets the next step through.
    public func release() { gate.signal() }

    /// Lets every later step through at once, so no job is left waiting when the run ends.
    public func finish() {
        finished.withLock { $0 = true }
        for _ in 0..<8 { gate.signal() }
    }

    /// Waits for the test, then returns the catalog of the next step and whether it is the last.
    public func next() throws -> (snapshot: Snapshot<any Screen>, complete: Bool) {
        if !finished.withLock({ $0 }) { gate.wait() }
        let (lines, last) = steps.withLock { steps -> ([String], Bool) in
            let lines = steps.first ?? []
            let last = steps.count <= 1
            if !last { steps.removeFirst() }
            return (lines, last)
        }
        let text = lines.map { $0 + "\n" }.joined()
        return (try CatalogFile.parse(Array(text.utf8)), last)
    }
}

extension JobRunner {
    /// Waits, in real time, until a job's result is ready to be taken, without taking it.
    ///
    /// - Parameter timeout: The longest to wait.
    /// - Returns: Whether a result is ready.
    @discardableResult
    public func waitForResult(timeout: Duration = .seconds(10)) -> Bool {
        guard let descriptor = wakeDescriptor else { return false }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout / .milliseconds(1))
        return poll(&poller, 1, milliseconds) == 1
    }
}
