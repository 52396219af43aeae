import CatalogSnapshots
import Foundation
import Synchronization
import Testing

/// The screen these tests check: ↑ counts.
struct CounterScreen: Screen {
    var count = 0
    var title: String { "Counter" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        if event.key == .up { count += 1 }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line("Count: \(count)", .bold)]).clipped(to: context.size)
    }
}

/// A screen with no title of its own: the breadcrumb shows its entry's.
struct UntitledScreen: Screen {
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["No title here"]) }
}

/// The issues a body records, if any, kept as known issues so they don't fail the test; the test checks them
/// instead.
func issues(of body: () throws -> Void) rethrows -> [Issue] {
    final class Log: Sendable {
        let issues = Mutex<[Issue]>([])
    }
    let log = Log()
    try withKnownIssue(isIntermittent: true) {
        try body()
    } matching: { issue in
        log.issues.withLock { $0.append(issue) }
        return true
    }
    return log.issues.withLock { $0 }
}

extension Issue {
    /// The issue's comments, as one text.
    var text: String { comments.map(\.rawValue).joined(separator: "\n") }
}

/// A directory made for one test, and removed by `remove()`.
struct ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-snapshots-\(UUID().uuidString)")

    /// The text of a file inside, or `nil` when there is none.
    func text(_ path: String) -> String? { try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }

    /// Every file inside, relative, sorted.
    func files() -> [String] {
        let paths = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &folder)
                && !folder.boolValue
        }.sorted()
    }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
