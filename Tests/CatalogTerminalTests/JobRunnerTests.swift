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
        runner.cancel(nil, of: a)
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

/// The two policies: saves are queued and never dropped, a cancelled lane leaves nothing behind, and shutting down
/// waits for what runs and finishes every save.
@Suite("Job runner policies")
struct JobRunnerPolicyTests {
    static let saves = JobLane<Int>("save", policy: .queued)
    static let search = JobLane<Int>("search")

    @Test("a queued lane runs every job in the order started and hands back every result")
    func queuedKeepsAll() throws {
        for runner in [JobRunner(), JobRunner(makePipe: { nil })] as [any JobRunning] {
            let owner = Session(root: Idle()).topID
            let release = DispatchSemaphore(value: 0)
            let order = Mutex<[Int]>([])
            runner.start(
                Job(Self.saves) { _ in
                    release.wait()
                    order.withLock { $0.append(0) }
                    return 0
                }, for: owner)
            for number in 1...3 {
                runner.start(
                    Job(Self.saves) { isCancelled in
                        order.withLock { $0.append(number) }
                        return isCancelled() ? -number : number
                    }, for: owner)
            }
            runner.cancel(nil, of: owner)  // closing the screen: saves go on
            release.signal()
            runner.shutdown()
            #expect(order.withLock { $0 } == [0, 1, 2, 3])
            #expect(runner.takeFinished().compactMap { $0.value(of: Self.saves) } == [0, 1, 2, 3])
        }
    }

    @Test("a lane cancelled while its job runs leaves no slot behind once the job returns")
    func cancelledSlotGoes() throws {
        let runner = JobRunner()
        let owner = Session(root: Idle()).topID
        let started = DispatchSemaphore(value: 0)
        runner.start(
            Job(Self.search) { isCancelled in
                started.signal()
                while !isCancelled() { usleep(1_000) }
                return 1
            }, for: owner)
        started.wait()
        #expect(runner.busyLanes == 1)
        runner.cancel(Self.search.id, of: owner)
        for _ in 0..<5_000 where runner.busyLanes > 0 { usleep(1_000) }
        #expect(runner.busyLanes == 0)
        #expect(!runner.isBusy)
        #expect(runner.takeFinished().isEmpty, "a cancelled job's result is dropped")
    }

    @Test("shutdown cancels a running search without waiting for it, waits for saves, and runs nothing started after")
    func shutdownWaitsForSavesOnly() throws {
        let runner = JobRunner()
        let owner = Session(root: Idle()).topID
        let started = DispatchSemaphore(value: 0)
        let cancelled = Mutex(false)
        runner.start(
            Job(Self.search) { isCancelled in
                started.signal()
                while !isCancelled() { usleep(1_000) }
                cancelled.withLock { $0 = true }
                usleep(2_000_000)  // a slow load that can't stop at once
                return 1
            }, for: owner)
        let saved = Mutex(false)
        runner.start(
            Job(Self.saves) { _ in
                usleep(100_000)
                saved.withLock { $0 = true }
                return 2
            }, for: owner)
        started.wait()
        let clock = ContinuousClock()
        let took = clock.measure { runner.shutdown() }
        #expect(saved.withLock { $0 }, "the save finished before shutdown returned")
        #expect(took < .seconds(1), "shutdown did not wait for the search: \(took)")
        for _ in 0..<1_000 where !cancelled.withLock({ $0 }) { usleep(1_000) }
        #expect(cancelled.withLock { $0 }, "the search saw its cancellation")
        let ran = Mutex(false)
        runner.start(
            Job(Self.saves) { _ in
                ran.withLock { $0 = true }
                return 3
            }, for: owner)
        usleep(20_000)
        #expect(!ran.withLock { $0 })
    }

    @Test("inline jobs keep the same policies")
    func inline() {
        let jobs = InlineJobs(timing: .whenTold)
        let owner = Session(root: Idle()).topID
        jobs.start(Job(Self.search) { _ in 1 }, for: owner)
        jobs.start(Job(Self.search) { _ in 2 }, for: owner)
        jobs.start(Job(Self.saves) { _ in 3 }, for: owner)
        jobs.start(Job(Self.saves) { _ in 4 }, for: owner)
        jobs.cancel(nil, of: owner)
        jobs.shutdown()
        #expect(jobs.takeFinished().compactMap { $0.value(of: Self.saves) } == [3, 4])
    }
}

/// A screen that does nothing but open another on `o`.
private struct Idle: Screen {
    var title: String { "Idle" }
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        event.key == .character("o") ? .push(Idle()) : .none
    }
    func render(in context: ScreenContext) -> Frame { Frame() }
    func lines(in context: ScreenContext) -> [String] { [] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}
