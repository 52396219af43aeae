import CatalogKit
import Foundation
import Synchronization
import Testing

/// Many threads on one registry at once. Run under ThreadSanitizer by `.ci/run`
/// (`swift test --sanitize=thread --filter "RegistryTests|ConcurrencyStress"`), where a data race fails the run.
@Suite("Registry under concurrent use")
struct ConcurrencyStressTests {
    @Test("8 threads register, search, snapshot and observe at once; nothing is lost")
    func eightThreads() throws {
        let registry = Registry<Int>()
        let heard = Atomic<Int>(0)
        let observation = registry.observe { change in
            if case .added(let ids) = change { heard.add(ids.count, ordering: .relaxed) }
        }
        defer { observation.cancel() }
        // A snapshot of more than 1 MB of folded text, shared by every thread: its searches split over the cores.
        let large = Registry<Int>()
        let padding = String(repeating: "Ünïcödé wörds ", count: 100)
        try large.register((0..<800).map { index in Entry("Large \(index)", keywords: [padding]) { index } })
        let shared = large.snapshot()
        let failures = Mutex<[String]>([])
        let done = DispatchGroup()
        for thread in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                for index in 0..<40 {
                    do {
                        try registry.register("Item \(index)", in: ["Thread \(thread)"]) { index }
                    } catch {
                        failures.withLock { $0.append("thread \(thread), item \(index): \(error)") }
                    }
                    if registry.search("thread \(thread) item \(index)").isEmpty {
                        failures.withLock { $0.append("thread \(thread) lost item \(index)") }
                    }
                    if index % 8 == 0 {
                        let hits = shared.search("unicode large \(index)", fuzzy: index % 16 == 0)
                        if hits.isEmpty { failures.withLock { $0.append("thread \(thread) found no large \(index)") } }
                    }
                }
            }
        }
        #expect(done.wait(timeout: .now() + 600) == .success)
        #expect(failures.withLock { $0 } == [])
        #expect(registry.count == 320)
        #expect(heard.load(ordering: .relaxed) == 320)
        #expect(registry.search("thread 7 item 39").count == 1)
    }
}
