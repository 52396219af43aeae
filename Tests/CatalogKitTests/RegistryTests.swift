import CatalogKit
import Synchronization
import Testing
import catalog_stress

@Suite("Registry")
struct RegistryTests {
    @Test("one call registers an entry with a slug id")
    func register() throws {
        let registry = Registry<String>()
        let entry = try registry.register(
            "Outline Picker", in: ["Pickers", "Trees"], keywords: ["tree"], summary: "Pick a node"
        ) { "screen" }
        #expect(entry.id == "pickers/trees/outline-picker")
        #expect(entry.path == "Pickers/Trees/Outline Picker")
        #expect(try registry.entry(id: entry.id)?.make() == "screen")
        #expect(registry.search("tree").map(\.title) == ["Outline Picker"])
    }

    @Test("slugs keep letters of any script")
    func slugs() {
        #expect(Slug.make(["체크박스 트리"]) == "체크박스-트리")
        #expect(Slug.make(["Straße", "Ü ber!"]) == "strasse/u-ber")
        #expect(Slug.make(["!!!"]) == "_")
    }

    @Test("a duplicate id throws, names both entries and overwrites nothing")
    func duplicate() throws {
        let registry = Registry<Int>()
        let firstLine = #line + 1
        try registry.register("Grid", in: ["Effects"], id: "grid") { 1 }
        let line = #line + 1
        let error = #expect(throws: Registry<Int>.Error.self) {
            try registry.register("Grid", in: ["Layout"], id: "grid") { 2 }
        }
        let first = SourcePosition(file: "CatalogKitTests/RegistryTests.swift", line: firstLine)
        #expect(error?.reason == .duplicateID("grid", existing: "Effects/Grid", new: "Layout/Grid", existingAt: first))
        #expect(
            error.map { "\($0)" }
                == "CatalogKitTests/RegistryTests.swift:\(line): Duplicate id 'grid': 'Layout/Grid' cannot use it "
                + "because 'Effects/Grid' has it, registered at CatalogKitTests/RegistryTests.swift:\(firstLine). "
                + "Give one of them a distinct id.",
            "the error names where both entries were registered")
        #expect(try registry.entry(id: "grid")?.make() == 1)
        // The same path twice says so, and where the first is.
        let again = #expect(throws: Registry<Int>.Error.self) {
            try registry.register("Grid", in: ["Effects"], id: "grid") { 3 }
        }
        #expect(
            "\(again?.reason as Registry<Int>.Error?, default: "")"
                == "Duplicate id 'grid': 'Effects/Grid' is registered twice, first at "
                + "CatalogKitTests/RegistryTests.swift:\(firstLine). Remove one, or give one of them a distinct id.")
    }

    @Test("one call that runs twice (a register function called twice) is named as that, not as two places")
    func sameCallTwice() throws {
        let registry = Registry<Int>()
        func registerGrid() throws { try registry.register("Grid", in: ["Effects"]) { 1 } }
        try registerGrid()
        let line = #line - 2
        let error = #expect(throws: Registry<Int>.Error.self) { try registerGrid() }
        #expect(
            "\(error, default: "")"
                == "CatalogKitTests/RegistryTests.swift:\(line): Duplicate id 'effects/grid': 'Effects/Grid' is registered "
                + "twice by this same call, so the code that makes it runs twice. Register it once.")
    }

    @Test("the same path twice is a duplicate id too")
    func duplicatePath() throws {
        let registry = Registry<Int>()
        try registry.register("Grid", in: ["Effects"]) { 1 }
        #expect(throws: Registry<Int>.Error.self) { try registry.register("Grid", in: ["Effects"]) { 2 } }
    }

    @Test(
        "invalid titles and groups throw",
        arguments: [
            ("", ["A"]), ("  \t", ["A"]), ("Title", ["A", " "]), ("Title", [""]), ("a/b", ["A"]), ("x\u{0}", []),
        ]
    )
    func invalid(_ example: (String, [String])) {
        let registry = Registry<Int>()
        #expect(throws: Registry<Int>.Error.self) { try registry.register(example.0, in: example.1) { 0 } }
        #expect(registry.count == 0)
    }

    /// Catches: a title `list` prints as two lines (read back by `--file` as two entries), a keyword read back as
    /// two, and an id whose golden lands outside its entry's folder: each registered without a word.
    @Test("a control character in a title, group, keyword or id, and an id with an empty part, are one-line errors")
    func controlCharactersAndIDs() {
        let registry = Registry<Int>()
        let refused: [(String, () throws -> Void)] = [
            ("title", { try registry.register("Two\nLines", in: ["G"]) { 0 } }),
            ("group", { try registry.register("Title", in: ["Tab\there"]) { 0 } }),
            ("escape", { try registry.register("Red \u{1B}[31m", in: ["G"]) { 0 } }),
            ("keyword", { try registry.register("Title", in: ["G"], keywords: ["a\rb"]) { 0 } }),
            ("empty id", { try registry.register("Title", in: ["G"], id: "") { 0 } }),
            ("id with an empty part", { try registry.register("Title", in: ["G"], id: "g//t") { 0 } }),
            ("id ending in /", { try registry.register("Title", in: ["G"], id: "g/") { 0 } }),
            ("id with a line break", { try registry.register("Title", in: ["G"], id: "g\nt") { 0 } }),
        ]
        for (what, register) in refused {
            do {
                try register()
                Issue.record("\(what): registered")
            } catch {
                #expect(!"\(error)".contains("\n") && !"\(error)".contains("\u{1B}"), "\(what): \(error)")
                #expect("\(error)".contains("control character") || "\(error)".contains("empty part"), "\(error)")
            }
        }
        #expect(registry.count == 0)
        #expect(throws: Never.self) { try registry.register("Title", in: ["G"], id: "g/a b") { 0 } }
    }

    @Test("a batch registers all or nothing, from an array or a builder")
    func batches() throws {
        let registry = Registry<Int>()
        try registry.register {
            Entry("One", in: ["Numbers"]) { 1 }
            Entry("Two", in: ["Numbers"]) { 2 }
            for index in 3...4 { Entry("Item \(index)", in: ["More"]) { index } }
        }
        #expect(registry.count == 4)
        #expect(throws: Registry<Int>.Error.self) {
            try registry.register([Entry("Five") { 5 }, Entry("Six", id: "five") { 6 }])
        }
        #expect(throws: Registry<Int>.Error.self) {
            try registry.register([Entry("Seven") { 7 }, Entry("One", in: ["Numbers"]) { 1 }])
        }
        #expect(registry.count == 4)
        #expect(registry.entry(id: "five") == nil)
    }

    @Test("the first taken id in a batch is reported, whether an earlier registration or the batch took it")
    func firstDuplicateInOrder() throws {
        let registry = Registry<Int>()
        try registry.register("A", in: ["G"]) { 0 }
        // Position 1 repeats the registry's entry before position 2 repeats position 0.
        let first = #expect(throws: Registry<Int>.Error.self) {
            try registry.register([
                Entry("X", in: ["G"]) { 1 }, Entry("A", in: ["G"]) { 2 }, Entry("X", in: ["G"]) { 3 },
            ])
        }
        #expect(first.map { "\($0.reason)" }?.hasPrefix("Duplicate id 'g/a': 'G/A' is registered twice") == true)
        // Position 1 repeats position 0 before position 2 repeats the registry's entry.
        let second = #expect(throws: Registry<Int>.Error.self) {
            try registry.register([
                Entry("X", in: ["G"]) { 1 }, Entry("X", in: ["H"], id: "g/x") { 2 }, Entry("A", in: ["G"]) { 3 },
            ])
        }
        #expect(
            second.map { "\($0.reason)" }?.hasPrefix("Duplicate id 'g/x': 'H/X' cannot use it because 'G/X'") == true)
        // An explicit id that equals another entry's default slug is taken too.
        #expect(throws: Registry<Int>.Error.self) { try registry.register("Other", id: "g/a") { 4 } }
        #expect(registry.count == 1)
        try registry.register([Entry("Übersicht 1", in: ["Straße"]) { 5 }, Entry("B", id: "straße") { 6 }])
        #expect(registry.entry(id: "strasse/ubersicht-1")?.title == "Übersicht 1")
        #expect(registry.entry(id: "straße")?.title == "B")
        #expect(registry.snapshot().table.id(Int(registry.snapshot().search("ubersicht")[0])) == "strasse/ubersicht-1")
    }

    @Test("observers and the change stream hear about registrations")
    func changes() async throws {
        let registry = Registry<Int>()
        let heard = Mutex<[Registry<Int>.Change]>([])
        let observation = registry.observe { change in heard.withLock { $0.append(change) } }
        let stream = registry.changes()
        try registry.register("A") { 1 }
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .added(["a"]))
        observation.cancel()
        try registry.register("B") { 2 }
        #expect(heard.withLock { $0 } == [.added(["a"])])
    }

    @Test("a snapshot is reused until the registry changes")
    func snapshots() throws {
        let registry = Registry<Int>()
        try registry.register("A") { 1 }
        let first = registry.snapshot()
        #expect(registry.snapshot().generation == first.generation)
        try registry.register("B") { 2 }
        let second = registry.snapshot()
        #expect(second.generation > first.generation)
        #expect(first.count == 1 && second.count == 2)
    }

    @Test("registering and searching from 8 tasks at once, with a ninth reading the changes, is safe and loses nothing")
    func concurrent() async {
        #expect(await Stress.eightTasks() == [])
    }
}
