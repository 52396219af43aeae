import CatalogKit

/// Timings of index build, queries and narrowing inside one process.
enum InProcess {
    static let queries = [
        "grid", "grid picker", "straße", "STRASSE", "документы", "유라시아", "übersicht", "ubersicht", "设置",
        "item", "zzz", "a", "e", "picker 12", "naive", "folder/photo", "999999", "toast sheet",
    ]
    static let fuzzyQueries = ["grdpk", "gp", "dkmt", "stra", "tsh"]
    static let typing = ["g", "gr", "gri", "grid", "grid ", "grid p", "grid pi", "grid pic", "grid pick"]

    static func run(count: Int) {
        print("Generating \(count) entries…")
        let bytes = Corpus.lines(count: count)
        print("Corpus: \(count) lines, \(bytes.count) bytes (\(String(format1: Double(bytes.count) / 1e6)) MB)\n")

        Phases.run(bytes)
        var snapshot: Snapshot<Void>?
        let builds = (0..<3).map { _ in
            measure { snapshot = try? CatalogFile.parse(bytes) }
        }
        guard let snapshot else {
            print("error: the corpus did not parse")
            return
        }
        var hierarchy: Hierarchy?
        let grouping = measure { hierarchy = try? Hierarchy(snapshot) }
        print(
            "Hierarchy of \(count) entries: \(ms(grouping)), root children \(hierarchy.map { $0.children(of: $0.root).count } ?? 0)"
        )
        let indexBytes = snapshot.index.memoryFootprint
        let budget = Double(bytes.count) * 1.5 + 16 * Double(count)

        var rows: [(String, String, String)] = []
        rows.append(("Index build (parse + fold + sort), median of 3", ms(median(builds)), "≤ 1000 ms"))
        rows.append(
            (
                "Index memory", "\(mb(indexBytes)) MB",
                "≤ \(mb(Int(budget))) MB (1.5 × \(mb(bytes.count)) MB text + 16 B × \(count))"
            ))
        rows.append(("Entry table (raw text, kept as read)", "\(mb(snapshot.table.memoryFootprint)) MB", "–"))

        var all: [Duration] = []
        var perQuery: [(String, Duration, Int)] = []
        for text in queries {
            let query = Query(text)
            var hits = 0
            let times = (0..<11).map { _ in measure { hits = snapshot.index.search(query).count } }
            all += times
            perQuery.append((text, median(times), hits))
        }
        rows.append(("Exact query, median over \(queries.count) queries × 11", ms(median(all)), "≤ 10 ms"))
        rows.append(("Exact query, p99", ms(percentile(all, 0.99)), "≤ 30 ms"))

        var fuzzy: [Duration] = []
        for text in fuzzyQueries {
            let query = Query(text, fuzzy: true)
            var hits = 0
            let times = (0..<5).map { _ in measure { hits = snapshot.index.search(query).count } }
            fuzzy += times
            perQuery.append(("~" + text, median(times), hits))
        }
        rows.append(("Fuzzy query, median", ms(median(fuzzy)), "–"))

        var narrowing: [Duration] = []
        var steps: [String] = []
        for round in 0..<5 {
            var previous = Query("")
            var results = Hits(all: snapshot.index)
            for text in typing {
                let query = Query(text)
                let time = measure {
                    if query.matchesSameEntries(as: previous) { return }
                    results = snapshot.index.hits(for: query, among: query.narrows(previous) ? results : nil)
                }
                if text.count > 1 { narrowing.append(time) }
                if round == 0 { steps.append("\(text.debugDescription) \(ms(time)) (\(results.count))") }
                previous = query
            }
        }
        rows.append(("Narrowing keystroke (\"g\" → \"grid pick\"), median", ms(median(narrowing)), "≤ 3 ms"))
        rows.append(("Narrowing keystroke, p99", ms(percentile(narrowing, 0.99)), "–"))
        print("Narrowing steps: " + steps.joined(separator: ", "))

        let registry = Registry<Int>()
        var entries: [Entry<Int>] = []
        let create = measure {
            entries = (0..<count).map { index in
                Entry(
                    "\(Corpus.words[index % Corpus.words.count]) \(index)",
                    in: [Corpus.groups[index % Corpus.groups.count]], keywords: ["k\(index % 100)"]
                ) { index }
            }
        }
        let register = measure { try? registry.register(entries) }
        let snapshotTime = measure { _ = registry.snapshot() }
        var registryQueries: [Duration] = []
        let registered = registry.snapshot()
        for text in queries {
            let query = Query(text)
            registryQueries += (0..<5).map { _ in measure { _ = registered.index.search(query) } }
        }
        rows.append(("Registry: make \(count) `Entry` values (slug ids)", ms(create), "–"))
        rows.append(("Registry: register them (validate, fold once)", ms(register), "–"))
        rows.append(("Registry: first snapshot (sort)", ms(snapshotTime), "–"))
        rows.append(
            (
                "Registry: exact query median / p99",
                ms(median(registryQueries)) + " / " + ms(percentile(registryQueries, 0.99)), "≤ 10 / ≤ 30 ms"
            ))

        print("| measure | result | target |")
        print("|---|---|---|")
        for row in rows { print("| \(row.0) | \(row.1) | \(row.2) |") }
        print("\n| query | median | hits |")
        print("|---|---|---|")
        for (text, time, hits) in perQuery { print("| `\(text)` | \(ms(time)) | \(hits) |") }
    }

}

func measure(_ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return clock.now - start
}

func median(_ times: [Duration]) -> Duration { percentile(times, 0.5) }

func percentile(_ times: [Duration], _ fraction: Double) -> Duration {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded(.up)))]
}

func ms(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    return String(format2: value) + " ms"
}

func mb(_ bytes: Int) -> String { String(format1: Double(bytes) / 1e6) }

extension String {
    init(format1 value: Double) { self = String(Double(Int((value * 10).rounded())) / 10) }
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        self = "\(hundredths / 100).\(String(hundredths % 100).leftPadded(to: 2))"
    }
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Times the phases of an index build separately.
enum Phases {
    static func run(_ bytes: [UInt8]) {
        var builder = SearchIndex.Builder(expectedBytes: bytes.count, expectedRecords: bytes.count / 24)
        let fold = measure {
            bytes.withUnsafeBufferPointer { text in
                var start = 0
                for index in 0..<text.count where text[index] == 0x0A {
                    let line = UnsafeBufferPointer(rebasing: text[start..<index])
                    let slash = (line.lastIndex(of: 0x2F) ?? -1) + 1
                    builder.append(
                        path: line, titleStart: slash, keywords: UnsafeBufferPointer(rebasing: line[0..<0]),
                        separator: 0x2C)
                    start = index + 1
                }
            }
        }
        var index: SearchIndex?
        let sort = measure { index = builder.build { $0 < $1 } }
        var folder = Folder()
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 1024)
        let rawFold =
            (0..<5).map { _ in
                measure {
                    out.removeAll(keepingCapacity: true)
                    bytes.withUnsafeBufferPointer { _ = folder.append($0, to: &out) }
                }
            }.min() ?? .zero
        print(
            "phases: build fold \(ms(fold)), sort \(ms(sort)), records \(index?.count ?? 0); fold of the whole text in one call, best of 5: \(ms(rawFold))"
        )
    }
}
