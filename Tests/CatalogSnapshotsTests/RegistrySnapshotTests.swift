import CatalogSnapshots
import Foundation
import Testing

/// The goldens checked in beside this file, as a package keeps them.
let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

/// The screens of these tests, registered as a package registers its own.
func registerScreens(in registry: Registry<any Screen>) throws {
    try registry.register(
        "Counter", in: ["Basics"],
        scenarios: [Scenario("counted", .press(.up)), Scenario("narrow", size: Size(columns: 12, rows: 3))]
    ) { CounterScreen() }
}

/// One test case per scenario, named by its entry and scenario, against the checked-in goldens.
@Test(arguments: try CatalogSnapshots.cases(registerScreens))
func looksAsRecorded(_ snapshot: CatalogSnapshots.Case) throws {
    try CatalogSnapshots.check(snapshot, in: goldens)
}

@Test func noGoldenIsStale() throws {
    #expect(CatalogSnapshots.checkStale(try CatalogSnapshots.cases(registerScreens), in: goldens).isEmpty)
}

@Suite("CatalogSnapshots: a registry's scenarios")
struct RegistrySnapshotTests {
    @Test("a case a scenario, in search order, named and identified by its entry and scenario")
    func cases() throws {
        let cases = try CatalogSnapshots.cases { registry in
            try registerScreens(in: registry)
            try registry.register("Untitled", in: ["Basics"]) { UntitledScreen() }
        }
        #expect(
            cases.map(\.id) == ["basics/counter · counted", "basics/counter · narrow", "basics/untitled · initial"])
        #expect(cases.map(\.testDescription) == cases.map(\.id))
        #expect(cases.map(\.description) == cases.map(\.id))
        #expect(Set(cases.map(\.id)).count == cases.count, "each case can be run on its own")
        #expect(cases[2].scenario == .initial, "an entry with no scenarios has the initial one")
    }

    @Test("a registration mistake is thrown by cases, naming the entry")
    func registrationMistake() throws {
        #expect(throws: Registry<any Screen>.Error.self) {
            try CatalogSnapshots.cases { registry in
                try registerScreens(in: registry)
                try registerScreens(in: registry)
            }
        }
    }

    @Test("a case that differs fails once, at the caller's line, in its own name, with the diff; never writes")
    func caseDiffers() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("# basics/counter · counted · 80×24\nCounter\nCount: 7\n", to: "basics/counter/counted.txt")
        let cases = try CatalogSnapshots.cases(registerScreens)
        var result: SnapshotCheck.Result?
        let line = #line + 2
        let found = try issues {
            result = try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .never)
        }
        #expect(result?.status == .failed)
        #expect(found.count == 1)
        #expect(found.first?.sourceLocation?.line == line)
        #expect(found.first?.sourceLocation?.fileName == "RegistrySnapshotTests.swift")
        let text = try #require(found.first?.text)
        #expect(
            text.hasPrefix(
                "Snapshot basics/counter · counted · 80×24 differs:\n--- golden: basics/counter/counted.txt\n"))
        #expect(text.contains("-Count: 7\n+Count: 1\n"))
        #expect(scratch.text("basics/counter/counted.txt")?.contains("Count: 7") == true)
    }

    @Test("a case without a golden records one and fails with Recorded new baseline; then it matches")
    func caseRecords() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let cases = try CatalogSnapshots.cases(registerScreens)
        let found = try issues { try CatalogSnapshots.check(cases[1], in: scratch.url, mode: .missing) }
        #expect(found.count == 1)
        let golden = scratch.url.appendingPathComponent("basics/counter/narrow.txt").path
        #expect(
            found.first?.text.hasPrefix("Recorded new baseline for basics/counter · narrow · 12×3 in \(golden);")
                == true)
        #expect(scratch.files() == ["basics/counter/narrow.txt"])
        #expect(
            scratch.text("basics/counter/narrow.txt")?.hasPrefix("# basics/counter · narrow · 12×3\nCounter\n") == true)
        #expect(try CatalogSnapshots.check(cases[1], in: scratch.url, mode: .never).status == .matched)
        // `never` with no golden fails, and writes nothing.
        let missing = try issues { try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .never) }
        #expect(missing.first?.text.contains("there is no golden basics/counter/counted.txt") == true)
        #expect(scratch.files() == ["basics/counter/narrow.txt"])
    }

    @Test("record mode all writes a golden that matches too, and fails saying so")
    func caseRecordAll() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let cases = try CatalogSnapshots.cases(registerScreens)
        let golden = try String(
            contentsOf: goldens.appendingPathComponent("basics/counter/counted.txt"), encoding: .utf8)
        try scratch.write(golden, to: "basics/counter/counted.txt")
        #expect(try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .never).status == .matched)
        var result: SnapshotCheck.Result?
        let found = try issues { result = try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .all) }
        #expect(result?.status == .rewritten)
        #expect(found.count == 1 && found.first?.text.hasPrefix("Rewrote the baseline for basics/counter") == true)
        // Rewritten over a golden that differed (CATALOG_RECORD=failed), the issue shows what changed.
        try scratch.write(golden.replacingOccurrences(of: "Count", with: "Kount"), to: "basics/counter/counted.txt")
        let changed = try issues { result = try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .failed) }
        #expect(result?.status == .rewritten)
        let text = changed.first?.text ?? ""
        #expect(text.contains("look at what changed") && text.contains("-") && text.contains("Kount"), "\(text)")
        #expect(!text.contains("Recorded new baseline"))
    }

    @Test("a golden no case has is stale, for a whole registry's cases")
    func stale() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write("x", to: "basics/counter/counted.txt")
        try scratch.write("x", to: "basics/gone/initial.txt")
        try scratch.write("x", to: "basics/counter/counted@100x30.txt")
        try scratch.write("notes", to: "README.md")
        let cases = try CatalogSnapshots.cases(registerScreens)
        var stale: [String] = []
        let found = issues { stale = CatalogSnapshots.checkStale(cases, in: scratch.url) }
        #expect(stale == ["basics/gone/initial.txt"], "other sizes and other files are left alone")
        #expect(
            found.map(\.text) == [
                "Stale golden \(scratch.url.path)/basics/gone/initial.txt: no entry has this scenario any more; delete it, or run `snapshot --prune`."
            ])
    }

    @Test("a screen without a title of its own shows its entry's in the breadcrumb, as the launcher does")
    func entryTitle() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let cases = try CatalogSnapshots.cases { try $0.register("Plain Screen", in: ["Basics"]) { UntitledScreen() } }
        _ = try issues { try CatalogSnapshots.check(cases[0], in: scratch.url, mode: .missing) }
        let golden = try #require(scratch.text("basics/plain-screen/initial.txt"))
        #expect(golden.hasPrefix("# basics/plain-screen · initial · 80×24\nPlain Screen\nNo title here\n"))
    }

    @Test("the whole registry in one test, as before: every scenario against the checked-in goldens")
    func wholeRegistry() throws {
        let registry = Registry<any Screen>()
        try registerScreens(in: registry)
        let report = try CatalogSnapshots.check(registry, in: goldens)
        #expect(report.results.map(\.status) == [.matched, .matched])
    }

    @Test("the whole registry in one test: a changed screen fails with the diff, and never mode records nothing")
    func wholeRegistryDiffers() throws {
        let registry = Registry<any Screen>()
        try registry.register("Counter", in: ["Basics"], scenarios: [Scenario("counted", .press(.up, times: 2))]) {
            CounterScreen()
        }
        var report: SnapshotCheck.Report?
        let found = try issues { report = try CatalogSnapshots.check(registry, in: goldens, mode: .never) }
        #expect(report?.results.first?.status == .failed)
        #expect(report?.results.first?.message?.contains("-Count: 1\n+Count: 2\n") == true)
        #expect(found.count == 2, "the difference, and the narrow scenario's golden, stale here")
    }
}
