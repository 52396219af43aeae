import CatalogKit

/// Timings of index build, queries, narrowing and registration inside one process.
///
/// Only public API that every earlier version has is used, so the same benchmark source can be built against a
/// baseline checkout and its figures compared side by side (`catalog-bench compare --baseline DIR`).
enum InProcess {
    static let queries = [
        "grid", "grid picker", "straße", "STRASSE", "документы", "유라시아", "übersicht", "ubersicht", "设置",
        "item", "zzz", "a", "e", "picker 12", "naive", "folder/photo", "999999", "toast sheet",
    ]
    static let fuzzyQueries = ["grdpk", "gp", "dkmt", "stra", "tsh"]
    static let typing = ["g", "gr", "gri", "grid", "grid ", "grid p", "grid pi", "grid pic", "grid pick"]

    /// Named figures in milliseconds (or megabytes for `*.mb`), for `catalog-bench figures`.
    struct Figures {
        var values: [(String, Double)] = []
        var rows: [(String, String, String)] = []
        var perQuery: [(String, Duration, Int)] = []

        mutating func add(_ key: String, _ label: String, _ value: Duration, target: String = "–") {
            values.append((key, milliseconds(value)))
            rows.append((label, ms(value), target))
        }
    }

    /// Prints the figures as a table.
    static func run(count: Int) {
        print("Generating \(count) entries…")
        let bytes = Corpus.lines(count: count)
        print("Corpus: \(count) lines, \(bytes.count) bytes (\(String(format1: Double(bytes.count) / 1e6)) MB)\n")
        Phases.run(bytes)
        guard let figures = measureAll(bytes, count: count, registerRuns: 1) else { return }
        print("| measure | result | target |")
        print("|---|---|---|")
        for row in figures.rows { print("| \(row.0) | \(row.1) | \(row.2) |") }
        print("\n| query | median | hits |")
        print("|---|---|---|")
        for (text, time, hits) in figures.perQuery { print("| `\(text)` | \(ms(time)) | \(hits) |") }
    }

    /// Prints `figure NAME VALUE` lines for `compare` to read.
    static func printFigures(count: Int) {
        guard let figures = measureAll(Corpus.lines(count: count), count: count, registerRuns: 5) else { return }
        for (key, value) in figures.values { print("figure \(key) \(value)") }
    }

    static func measureAll(_ bytes: [UInt8], count: Int, registerRuns: Int) -> Figures? {
        var figures = Figures()
        var snapshot: Snapshot<Void>?
        let builds = (0..<5).map { _ in
            measure { snapshot = try? CatalogFile.parse(bytes) }
        }
        guard let snapshot else {
            print("error: the corpus did not parse")
            return nil
        }
        var hierarchy: Hierarchy?
        let grouping = (0..<5).map { _ in measure { hierarchy = try? Hierarchy(snapshot) } }
        figures.add(
            "index.build", "Index build (parse + fold + sort), median of 5", median(builds), target: "≤ 1000 ms")
        figures.add("hierarchy", "Hierarchy (group into menus), median of 5", median(grouping))
        _ = hierarchy
        let indexBytes = snapshot.index.memoryFootprint
        let budget = Double(bytes.count) * 1.5 + 16 * Double(count)
        figures.values.append(("index.mb", Double(indexBytes) / 1e6))
        figures.rows.append(
            (
                "Index memory", "\(mb(indexBytes)) MB",
                "≤ \(mb(Int(budget))) MB (1.5 × \(mb(bytes.count)) MB text + 16 B × \(count))"
            ))
        figures.rows.append(("Entry table (raw text, kept as read)", "\(mb(snapshot.table.memoryFootprint)) MB", "–"))

        var all: [Duration] = []
        for text in queries {
            let query = Query(text)
            var hits = 0
            let times = (0..<11).map { _ in measure { hits = snapshot.index.search(query).count } }
            all += times
            figures.perQuery.append((text, median(times), hits))
        }
        figures.add(
            "exact.median", "Exact query, median over \(queries.count) queries × 11", median(all), target: "≤ 10 ms")
        figures.add("exact.p99", "Exact query, p99", percentile(all, 0.99), target: "≤ 30 ms")

        var fuzzy: [Duration] = []
        for text in fuzzyQueries {
            let query = Query(text, fuzzy: true)
            var hits = 0
            let times = (0..<11).map { _ in measure { hits = snapshot.index.search(query).count } }
            fuzzy += times
            figures.perQuery.append(("~" + text, median(times), hits))
        }
        figures.add(
            "fuzzy.median", "Fuzzy query, median over \(fuzzyQueries.count) queries × 11", median(fuzzy),
            target: "≤ 30 ms")
        figures.add("fuzzy.p99", "Fuzzy query, p99", percentile(fuzzy, 0.99), target: "≤ 60 ms")

        let narrowing = narrowingTimes(snapshot.index, fuzzy: false)
        figures.add(
            "narrowing.median", "Narrowing keystroke (\"g\" → \"grid pick\"), median", median(narrowing),
            target: "≤ 3 ms")
        figures.add("narrowing.p99", "Narrowing keystroke, p99", percentile(narrowing, 0.99))
        let fuzzyNarrowing = narrowingTimes(snapshot.index, fuzzy: true)
        figures.add("fuzzy.narrowing.median", "Fuzzy narrowing keystroke, median", median(fuzzyNarrowing))

        var makes: [Duration] = []
        var registers: [Duration] = []
        var totals: [Duration] = []
        var registry = Registry<Int>()
        for _ in 0..<registerRuns {
            registry = Registry<Int>()
            var entries: [Entry<Int>] = []
            let make = measure { entries = makeEntries(count) }
            let register = measure { try? registry.register(entries) }
            makes.append(make)
            registers.append(register)
            totals.append(make + register)
        }
        let snapshotTime = measure { _ = registry.snapshot() }
        var registryQueries: [Duration] = []
        let registered = registry.snapshot()
        for text in queries {
            let query = Query(text)
            registryQueries += (0..<5).map { _ in measure { _ = registered.index.search(query) } }
        }
        figures.add("registry.make", "Registry: make \(count) `Entry` values (slug ids)", median(makes))
        figures.add("registry.register", "Registry: register them (validate, fold once)", median(registers))
        figures.add(
            "registry.total", "Registry: make + register, median of \(registerRuns)", median(totals),
            target: "≤ 1000 ms")
        figures.add("registry.snapshot", "Registry: first snapshot (sort)", snapshotTime)
        figures.add("registry.exact.median", "Registry: exact query median", median(registryQueries), target: "≤ 10 ms")
        return figures
    }

    /// The entries the registry figures register: one group, a numbered title and a keyword each.
    static func makeEntries(_ count: Int) -> [Entry<Int>] {
        (0..<count).map { index in
            Entry(
                "\(Corpus.words[index % Corpus.words.count]) \(index)",
                in: [Corpus.groups[index % Corpus.groups.count]], keywords: ["k\(index % 100)"]
            ) { index }
        }
    }

    /// Types "g" … "grid pick" five times, each keystroke narrowing the previous hits where it can.
    static func narrowingTimes(_ index: SearchIndex, fuzzy: Bool) -> [Duration] {
        var times: [Duration] = []
        for _ in 0..<5 {
            var previous = Query("", fuzzy: fuzzy)
            var results = Hits(all: index)
            for text in typing {
                let query = Query(text, fuzzy: fuzzy)
                let time = measure {
                    if query.matchesSameEntries(as: previous) { return }
                    results = index.hits(for: query, among: query.narrows(previous) ? results : nil)
                }
                if text.count > 1 { times.append(time) }
                previous = query
            }
        }
        return times
    }
}

func measure(_ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return clock.now - start
}

func median(_ times: [Duration]) -> Duration { percentile(times, 0.5) }

/// The middle of some measurements (the upper one of an even count), or NaN for none.
func middle(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }

func percentile(_ times: [Duration], _ fraction: Double) -> Duration {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded(.up)))]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func ms(_ duration: Duration) -> String { String(format2: milliseconds(duration)) + " ms" }

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
