import CatalogKit
import Foundation
import Synchronization

/// The registry under concurrent use, in one place for two callers: `CatalogKitTests` run these scenarios in
/// `swift test`, and `catalog-stress` runs them in a ThreadSanitizer build in `.ci/run`, where a data race fails CI.
///
/// Each scenario returns what went wrong, one sentence a problem, and an empty list when nothing did, so a test and
/// the executable report the same words.
package enum Stress {
    /// Registers 40 entries from each of 8 threads, each thread searching for every entry it registered and
    /// searching a shared snapshot of more than 1 MB, while an observer counts the ids it hears.
    ///
    /// - Returns: The problems: a refused registration, a lost entry, a search of the shared snapshot with no hits,
    ///   threads that did not finish in 600 s, or a count other than 320 entries and 320 ids heard.
    package static func eightThreads() -> [String] {
        let registry = Registry<Int>()
        let heard = Atomic<Int>(0)
        let observation = registry.observe { change in
            if case .added(let ids) = change { heard.add(ids.count, ordering: .relaxed) }
        }
        defer { observation.cancel() }
        // More than 1 MB of folded text, registered as one batch (folded on the cores) and searched by every thread:
        // each of its searches splits over the cores too.
        let large = Registry<Int>()
        let padding = String(repeating: "Ünïcödé wörds ", count: 100)
        do {
            try large.register((0..<800).map { index in Entry("Large \(index)", keywords: [padding]) { index } })
        } catch {
            return ["the large batch was refused: \(error)"]
        }
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
        guard done.wait(timeout: .now() + 600) == .success else {
            return failures.withLock { $0 } + ["the 8 threads did not finish in 600 s"]
        }
        var problems = failures.withLock { $0 }
        problems += expect(registry.count, 320, "entries registered")
        problems += expect(heard.load(ordering: .relaxed), 320, "ids the observer heard")
        problems += expect(registry.search("thread 7 item 39").count, 1, "hits for 'thread 7 item 39'")
        return problems
    }

    /// Registers 100 entries from each of 8 tasks, each searching after every registration, while a ninth task reads
    /// the registry's change stream.
    ///
    /// - Returns: The problems: a refused registration, or a count other than 800 entries, 800 ids streamed, or one
    ///   hit for the last entry of a task.
    package static func eightTasks() async -> [String] {
        let registry = Registry<Int>()
        // The stream hears every registration in order, so the one after all the tasks' comes last.
        let end = "stress/end"
        let stream = registry.changes()
        let listener = Task {
            var heard = 0
            for await change in stream {
                guard case .added(let ids) = change, ids != [end] else { break }
                heard += ids.count
            }
            return heard
        }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        for index in 0..<100 {
                            try registry.register("Item \(index)", in: ["Task \(task)"]) { index }
                            _ = registry.search("item \(index % 10)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch {
            listener.cancel()
            return ["a registration was refused: \(error)"]
        }
        var problems = expect(registry.count, 800, "entries registered")
        problems += expect(registry.search("task 3 item 99").count, 1, "hits for 'task 3 item 99'")
        do {
            try registry.register("End", id: end) { -1 }
        } catch {
            listener.cancel()
            return problems + ["the end of the stream was refused: \(error)"]
        }
        problems += expect(await listener.value, 800, "ids the change stream carried before the end")
        return problems
    }

    /// Runs every scenario, the asynchronous one on the cooperative pool while the eight threads run, as `swift test`
    /// runs tests side by side.
    ///
    /// - Returns: Each scenario's name and problems, in a fixed order.
    package static func all() async -> [(scenario: String, problems: [String])] {
        async let tasks = eightTasks()
        let threads = eightThreads()
        return [("eight threads", threads), ("eight tasks", await tasks)]
    }

    /// A problem when a count is not the one expected, naming both.
    private static func expect(_ actual: Int, _ expected: Int, _ what: String) -> [String] {
        actual == expected ? [] : ["\(actual) \(what), not \(expected)"]
    }
}
