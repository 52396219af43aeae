@testable import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// Fuzzes folding and search against a naive reference.
///
/// Input: a query line, a second query line, then a catalog file. For every entry the reference folds the full path
/// (as the index and the menu have it, after a shell path's `//` or trailing `/` is read) and each keyword with ``Folding/referenceFold(_:)`` and matches the query's terms, each folded the same way, as
/// byte substrings. ``SearchIndex/search(_:)`` must return exactly those entries in search order; searching the
/// first query's hits for a narrowing second query must agree with a full search; and ``Folding/fold(_:)`` must
/// equal the reference and be idempotent on every line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count == 3 else { return 0 }
    let first = String(decoding: lines[0], as: UTF8.self)
    let second = String(decoding: lines[1], as: UTF8.self)
    for text in [first, second] { checkFold(text) }
    guard let snapshot: Snapshot<Never> = try? CatalogFile.parse(Array(lines[2])) else { return 0 }
    let table = snapshot.table
    var fields: [[[UInt8]]] = []
    for record in 0..<table.count {
        // The index holds the path as the menu shows it: for a line read as a shell path (`a//b/`), as rewritten.
        let path = table.withPathBytes(record) { String(decoding: $0, as: UTF8.self) }
        checkFold(path)
        fields.append([Array(Folding.referenceFold(path).utf8)] + table.keywords(record).map(reference))
    }
    let order = snapshot.recordsInOrder
    let firstHits = check(Query(first), fields, order, snapshot.index)
    let narrower = Query(second)
    if narrower.narrows(Query(first)) {
        let among = snapshot.index.search(narrower, among: firstHits)
        let full = snapshot.index.search(narrower)
        if among != full {
            fail("narrowing \(first.debugDescription) to \(second.debugDescription): \(among) vs \(full)")
        }
    }
    return 0
}

private func reference(_ text: String) -> [UInt8] { Array(Folding.referenceFold(text).utf8) }

/// Searches, compares with the reference, and returns the hits.
private func check(_ query: Query, _ fields: [[[UInt8]]], _ order: [UInt32], _ index: SearchIndex) -> [UInt32] {
    let terms = query.text.split(whereSeparator: \.isWhitespace).map { reference(String($0)) }.filter { !$0.isEmpty }
    let expected = order.filter { record in
        terms.allSatisfy { term in
            !term.contains(0) && fields[Int(record)].contains { field in contains(field, term) }
        }
    }
    let found = index.search(query)
    if found != expected { fail("query \(query.text.debugDescription): found \(found), expected \(expected)") }
    return found
}

private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
        haystack[start..<start + needle.count].elementsEqual(needle)
    }
}

private func checkFold(_ text: String) {
    let fast = Folding.fold(text)
    let slow = Folding.referenceFold(text)
    if fast != slow {
        fail("fold(\(text.debugDescription)) = \(fast.debugDescription), reference \(slow.debugDescription)")
    }
    let again = Folding.fold(fast)
    if again != fast {
        fail(
            "fold is not idempotent on \(text.debugDescription): \(fast.debugDescription) then \(again.debugDescription)"
        )
    }
}

private func fail(_ message: String) -> Never {
    let line = Array("fuzz failure: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
