import CatalogTerminal
import Dispatch
import Glibc
import Synchronization
import Testing

/// The background runner: a lane of a screen runs one job and keeps one waiting, a newer job replaces the waiting
/// one and cancels the running one, and only the newest result is handed back.
@Suite("Job runner")
struct JobRunnerTests {
    static let lane = JobLane<String>("work")

    /// Waits, on real threads, until the runner has results, for at most ten seconds.
    func results(of runner: JobRunner) -> [String] {
        for _ in 0..<10_000 {
            let finished = runner.takeFinished()
            if !finished.isEmpty { return finished.compactMap { $0.value(of: Self.lane) } }
            if !runner.isBusy { return [] }
            usleep(1_000)
        }
        return []
    }

    @Test("a job started while one runs waits; a third replaces the waiting one; the running one is cancelled")
    func oneRunningOneWaiting() throws {
        let runner = JobRunner()
        let owner = Session(root: Idle()).topID
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let ran = Mutex<[String]>([])
        let first = Job(Self.lane) { isCancelled in
            started.signal()
            release.wait()
            ran.withLock { $0.append("first") }
            return isCancelled() ? "first, cancelled" : "first"
        }
        runner.start(first, for: owner)
        started.wait()
        runner.start(
            Job(Self.lane) { _ in
                ran.withLock { $0.append("second") }; return "second"
            }, for: owner)
        runner.start(
            Job(Self.lane) { _ in
                ran.withLock { $0.append("third") }; return "third"
            }, for: owner)
        release.signal()
        #expect(results(of: runner) == ["third"])
        #expect(ran.withLock { $0 } == ["first", "third"], "the replaced job never ran, and none ran at once")
    }

    @Test("cancelling a screen's jobs drops their results; other screens' lanes are their own")
    func cancelByOwner() throws {
        let runner = JobRunner()
        var session = Session(root: Idle())
        let a = session.topID
        _ = session.handle(.key(.character("o")))
        let b = session.topID
        #expect(a != b)
        let release = DispatchSemaphore(value: 0)
        runner.start(
            Job(Self.lane) { _ in
                release.wait(); return "a"
            }, for: a)
        runner.start(Job(Self.lane) { _ in "b" }, for: b)
        runner.cancelJobs(of: a)
        release.signal()
        var collected: [String] = []
        for _ in 0..<10_000 where collected.isEmpty || runner.isBusy {
            collected += runner.takeFinished().compactMap { $0.value(of: Self.lane) }
            usleep(1_000)
        }
        #expect(collected == ["b"])
    }

    @Test("the wake-up pipe turns readable when a job finishes")
    func wakes() throws {
        let runner = JobRunner()
        let descriptor = try #require(runner.wakeDescriptor)
        runner.start(Job(Self.lane) { _ in "done" }, for: Session(root: Idle()).topID)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 10_000) == 1)
        #expect(runner.takeFinished().compactMap { $0.value(of: Self.lane) } == ["done"])
    }
}

/// A screen that does nothing but open another on `o`.
private struct Idle: Screen {
    var title: String { "Idle" }
    mutating func handle(_ event: Event) throws -> Action { event.key == .character("o") ? .push(Idle()) : .none }
    func render(in size: Size) -> Frame { Frame() }
    func lines(width: Int) -> [String] { [] }
    mutating func handle(line: String) throws -> Action { .none }
}
