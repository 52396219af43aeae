import CatalogKit
import Foundation

/// `catalog-bench profile WHAT [REPEATS]`: repeats one operation on the million-entry corpus, so `perf record`
/// sees little else.
///
/// - `load`: parse the file and group it, as the launcher does;
/// - `fuzzy`: the fuzzy benchmark queries;
/// - `narrow`: one narrowing keystroke ("gri" → "grid");
/// - `register`: make and register the entries in code;
/// - `oneshot`: read the file keeping only the entries that match a query with no hits, as `catalog search` does;
/// - `sort`: sort the folded titles (the index builder's last step) on their own;
/// - `loadfile PATH`: once, in a fresh process, what the launcher's load job does with a file (for `perf stat`);
/// - `toplevel PATH`: finding the top level a launcher shows while a file's entries sort;
/// - `group PATH`: grouping a file's sorted entries, the whole hierarchy.
enum Profile {
    static func run(_ arguments: [String]) {
        let what = arguments.first ?? "load"
        if what == "loadfile", let path = arguments.dropFirst().first {
            guard let data = FileManager.default.contents(atPath: path) else { usageError("cannot read '\(path)'") }
            let bytes = [UInt8](data)
            var snapshot: Snapshot<Void>?
            let parse = measure { snapshot = try? CatalogFile.parse(bytes) }
            var hierarchy: Hierarchy?
            let level = measure {
                _ = snapshot.map { Hierarchy.provisional($0.table, rootTitle: "Catalog", maxChildren: 10) }
            }
            let group = measure { hierarchy = snapshot.map { try? Hierarchy($0) } ?? nil }
            snapshot = nil
            hierarchy = nil
            // The launcher's way: grouping while the entries sort.
            let together = measure {
                let grouped: (Snapshot<Void>, Hierarchy)? = try? CatalogFile.parseGrouped(bytes)
                hierarchy = grouped?.1
            }
            hierarchy = nil
            // The launcher's way with its top level first: when that level is there.
            let clock = ContinuousClock()
            let start = clock.now
            nonisolated(unsafe) var shown: Duration?
            let staged = measure {
                let grouped: (Snapshot<Void>, Hierarchy)? = try? CatalogFile.parseGrouped(
                    bytes,
                    topLevel: { _, _ in
                        shown = clock.now - start
                    })
                hierarchy = grouped?.1
            }
            print(
                "loadfile: \(ms(parse + group)) (parse \(ms(parse)), group \(ms(group)), "
                    + "\(hierarchy?.memoryFootprint ?? 0) bytes of groups); grouped while sorting \(ms(together)); "
                    + "top level first \(shown.map(ms) ?? "not made") (found in \(ms(level))), whole \(ms(staged))")
            return
        }
        if what == "toplevel" || what == "group", let path = arguments.dropFirst().first {
            guard let data = FileManager.default.contents(atPath: path),
                let snapshot: Snapshot<Void> = try? CatalogFile.parse([UInt8](data))
            else { usageError("cannot read '\(path)'") }
            let times = (0..<20).map { _ in
                measure {
                    if what == "group" {
                        _ = try? Hierarchy(snapshot)
                    } else {
                        _ = Hierarchy.provisional(snapshot.table, rootTitle: "Catalog", maxChildren: 10)
                    }
                }
            }
            print("\(what): median of \(times.count): \(ms(median(times)))")
            return
        }
        var repeats = 5
        if let text = arguments.dropFirst().first {
            guard let count = Int(text), (1...1000).contains(count) else {
                usageError("profile's REPEATS is a count from 1 to 1000, not '\(text)'")
            }
            repeats = count
        }
        let bytes = Corpus.lines(count: 1_000_000)
        var times: [Duration] = []
        switch what {
        case "load":
            for _ in 0..<repeats {
                times.append(
                    measure {
                        let snapshot: Snapshot<Void>? = try? CatalogFile.parse(bytes)
                        _ = snapshot.map { try? Hierarchy($0) }
                    })
            }
        case "fuzzy", "narrow":
            guard let snapshot: Snapshot<Void> = try? CatalogFile.parse(bytes) else { return }
            let previous = snapshot.index.hits(for: Query("gri"))
            for _ in 0..<repeats {
                if what == "narrow" {
                    times.append(measure { _ = snapshot.index.hits(for: Query("grid"), among: previous) })
                } else {
                    for text in InProcess.fuzzyQueries {
                        times.append(measure { _ = snapshot.index.search(Query(text, fuzzy: true)) })
                    }
                }
            }
        case "oneshot":
            for _ in 0..<repeats {
                times.append(measure { _ = try? CatalogFile.matching(bytes, Query("zqxj")) as Snapshot<Void> })
            }
        case "sort":
            for _ in 0..<repeats {
                var builder = SearchIndex.Builder(expectedBytes: bytes.count, expectedRecords: 1_000_000)
                bytes.withUnsafeBufferPointer { text in
                    var start = 0
                    for index in 0..<text.count where text[index] == 0x0A {
                        let line = UnsafeBufferPointer(rebasing: text[start..<index])
                        builder.append(
                            path: line, titleStart: (line.lastIndex(of: 0x2F) ?? -1) + 1,
                            keywords: UnsafeBufferPointer(rebasing: line[0..<0]), separator: 0x2C)
                        start = index + 1
                    }
                }
                times.append(measure { _ = builder.build { $0 < $1 } })
            }
        case "register":
            for _ in 0..<repeats {
                times.append(
                    measure {
                        let registry = Registry<Int>()
                        try? registry.register(InProcess.makeEntries(1_000_000))
                    })
            }
        default:
            usageError(
                "profile takes load, fuzzy, narrow, register, oneshot, sort, or loadfile, toplevel or group FILE, not '\(what)'"
            )
        }
        print("\(what): median of \(times.count): \(ms(median(times)))")
    }
}
