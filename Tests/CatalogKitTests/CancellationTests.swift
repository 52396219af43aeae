import Synchronization
import Testing

@testable import CatalogKit

/// A search that a newer keystroke supersedes must stop soon, on every path: it asks `isCancelled` at least every
/// ``RecordText/cancellationInterval`` bytes of text in each piece it splits into, and returns nothing once it is
/// true.
@Suite("Cancelled searches stop early")
struct CancellationTests {
    /// 1,600 entries of 16 KB each (26 MB of folded text); one in eight is tagged "tag7".
    static let catalog: Snapshot<Void> = {
        let padding = String(repeating: "lorem ipsum dolor sit amet ", count: 600)
        let lines = (0..<1_600).map { number in
            "Group \(number % 13)/Entry \(number)\(number % 8 == 0 ? " tag7" : "")\t\(padding)"
        }
        return try! CatalogFile.parse(Array(lines.joined(separator: "\n").utf8))
    }()

    /// The four paths: a full scan and a narrowing of earlier hits, exact and fuzzy. Every query's terms are in no
    /// entry beyond the tag, so each path reads all the text it is given.
    static let paths: [(name: String, query: Query, previous: Query?)] = [
        ("exact full scan", Query("zqx"), nil),
        ("exact narrowing", Query("tag7 zqx"), Query("tag7")),
        ("fuzzy full scan", Query("grzq", fuzzy: true), nil),
        ("fuzzy narrowing", Query("tag7zq", fuzzy: true), Query("tag7", fuzzy: true)),
    ]

    @Test("a superseded search stops soon after it is cancelled", arguments: 0..<4)
    func stopsEarly(path: Int) throws {
        let (name, query, previousQuery) = Self.paths[path]
        let index = Self.catalog.index
        #expect(index.count == 1_600)
        let previous = previousQuery.map { index.hits(for: $0) }
        if let previous {
            #expect(previous.count == 200, "\(name): the narrowing candidates")
            #expect(query.narrows(try #require(previousQuery)), "\(name)")
        }
        // Uncancelled, the search asks many times over the text it reads.
        let uncancelled = Atomic<Int>(0)
        _ = index.hits(for: query, among: previous) {
            uncancelled.add(1, ordering: .relaxed)
            return false
        }
        let full = uncancelled.load(ordering: .relaxed)
        #expect(full >= 8, "\(name): an uncancelled search asks \(full) times")
        // Superseded after its first question, it stops: each piece of the scan asks at most twice, a small part of
        // what the whole search asks, and nothing comes back.
        let calls = Atomic<Int>(0)
        let hits = index.hits(for: query, among: previous) { calls.add(1, ordering: .relaxed).newValue > 1 }
        let asked = calls.load(ordering: .relaxed)
        #expect(hits.isEmpty, "\(name)")
        #expect(asked <= 2 * Parallel.pieces && asked * 3 <= full, "\(name): asked \(asked) times, against \(full)")
    }
}
