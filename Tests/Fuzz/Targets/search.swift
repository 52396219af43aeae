@testable import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// Fuzzes folding and search against a naive reference.
///
/// Input: a query line, a second query line, then a catalog file. For every entry the reference folds the path as
/// read (what the index holds) and each keyword with ``Folding/referenceFold(_:)``, reads the query's terms in
/// fzf's extended syntax (`'word`, `^word`, `word$`, `!word`, `a | b`) by its own naive rules, each folded the same
/// way, and matches them as byte substrings, a field's start, end or whole, or characters in order. In exact and
/// in fuzzy mode, ``SearchIndex/search(_:)`` must return exactly those entries, in search order in exact mode;
/// searching the first query's hits for a narrowing second query must agree with a full search; and
/// ``Folding/fold(_:)`` must equal the reference and be idempotent on every line.
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
        let path = table.withPathBytes(record) { String(decoding: $0, as: UTF8.self) }
        checkFold(path)
        fields.append([Array(Folding.referenceFold(path).utf8)] + table.keywords(record).map(reference))
    }
    let order = snapshot.recordsInOrder
    for matching in [Query.Matching.exact, .fuzzy] {
        let firstHits = check(Query(first, matching: matching), fields, order, snapshot.index)
        let narrower = Query(second, matching: matching)
        if narrower.narrows(Query(first, matching: matching)) {
            let among = Set(snapshot.index.search(narrower, among: firstHits))
            let full = Set(snapshot.index.search(narrower))
            if among != full {
                fail("narrowing \(first.debugDescription) to \(second.debugDescription): \(among) vs \(full)")
            }
        }
    }
    return 0
}

private func reference(_ text: String) -> [UInt8] { Array(Folding.referenceFold(text).utf8) }

/// Searches, compares with the reference, and returns the hits.
private func check(_ query: Query, _ fields: [[[UInt8]]], _ order: [UInt32], _ index: SearchIndex) -> [UInt32] {
    let groups = referenceGroups(query.text, fuzzy: query.fuzzy)
    let expected = order.filter { record in
        groups.allSatisfy { group in group.contains { $0(fields[Int(record)]) } }
    }
    let found = index.search(query)
    let mode = query.fuzzy ? "fuzzy" : "exact"
    if query.fuzzy ? Set(found) != Set(expected) : found != expected {
        fail("\(mode) query \(query.text.debugDescription): found \(found), expected \(expected)")
    }
    return found
}

/// The query's terms as tests of a record's fields, in groups that must all match, each matching when one of its
/// tests does: fzf's extended syntax read by its own rules, token by token.
private func referenceGroups(_ text: String, fuzzy: Bool) -> [[([[UInt8]]) -> Bool]] {
    // "\ " keeps a space in a term: the tokens are split at other whitespace. A NUL, which no field holds, is a
    // space.
    var tokens: [String] = []
    var current = ""
    var escaped = false
    for character in text.replacingOccurrences(of: "\u{0}", with: " ") {
        if escaped {
            current += character.isWhitespace ? String(character) : "\\" + String(character)
            escaped = false
        } else if character == "\\" {
            escaped = true
        } else if character.isWhitespace {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        } else {
            current.append(character)
        }
    }
    if escaped { current += "\\" }
    if !current.isEmpty { tokens.append(current) }
    var groups: [[([[UInt8]]) -> Bool]] = []
    var afterBar = false
    for token in tokens {
        if token == "|" && !groups.isEmpty && !afterBar {
            afterBar = true
            continue
        }
        defer { afterBar = false }
        guard let test = referenceTest(token, fuzzy: fuzzy) else { continue }
        if afterBar { groups[groups.count - 1].append(test) } else { groups.append([test]) }
    }
    return groups
}

/// One token as a test: its operators, then its text folded by the reference folding.
private func referenceTest(_ token: String, fuzzy: Bool) -> (([[UInt8]]) -> Bool)? {
    var text = token
    var inverse = false
    var kind = fuzzy ? "fuzzy" : "substring"
    if text.hasPrefix("!") {
        inverse = true
        kind = "substring"
        text.removeFirst()
    }
    if text != "$" && text.hasSuffix("$") {
        kind = "suffix"
        text.removeLast()
    }
    if text.hasPrefix("'") {
        kind = fuzzy && !inverse ? "substring" : "fuzzy"
        text.removeFirst()
    } else if text.hasPrefix("^") {
        kind = kind == "suffix" ? "equal" : "prefix"
        text.removeFirst()
    }
    let term = reference(text)
    guard !term.isEmpty else { return nil }
    return { fields in
        let found = fields.contains { field in
            switch kind {
            case "fuzzy": return subsequence(term, field)
            case "prefix": return field.starts(with: term)
            case "suffix": return field.reversed().starts(with: term.reversed())
            case "equal": return field == term
            default: return contains(field, term)
            }
        }
        return found != inverse
    }
}

private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
        haystack[start..<start + needle.count].elementsEqual(needle)
    }
}

/// Whether the needle's scalars appear in order in the haystack's: characters match whole.
private func subsequence(_ needle: [UInt8], _ haystack: [UInt8]) -> Bool {
    let wanted = Array(String(decoding: needle, as: UTF8.self).unicodeScalars)
    var index = 0
    for scalar in String(decoding: haystack, as: UTF8.self).unicodeScalars
    where index < wanted.count && scalar == wanted[index] {
        index += 1
    }
    return index == wanted.count
}

private func checkFold(_ text: String) {
    let fast = Folding.fold(text)
    let slow = Folding.referenceFold(text)
    // As bytes, which the index compares: Swift's `==` takes canonically equivalent text ("テ\u{3099}", "デ") as
    // equal.
    if Array(fast.utf8) != Array(slow.utf8) {
        fail("fold(\(text.debugDescription)) = \(fast.debugDescription), reference \(slow.debugDescription)")
    }
    let again = Folding.fold(fast)
    if Array(again.utf8) != Array(fast.utf8) {
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
