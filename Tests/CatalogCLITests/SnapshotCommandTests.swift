import CatalogDemos
import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import FoundationXML
import Glibc
import Testing

/// `catalog snapshot` over the built-in catalog, run as CI runs it: the real binary, the checked-in goldens, the exit
/// status and what it prints. Tests that change goldens work on a copy in a scratch directory.
@Suite("catalog snapshot")
struct SnapshotCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The checked-in goldens and the README's gallery.
    static let goldens = root.appendingPathComponent("Tests/Snapshots")
    static let gallery = root.appendingPathComponent("docs/gallery")
    /// The queries whose entries the gallery pictures: the four seed demos.
    static let galleryQueries = [["outline", "picker"], ["trees"], ["multi", "selector"], ["progress"]]

    let catalog = productPath("catalog")

    /// Runs `catalog snapshot` with the arguments, away from the user's files.
    ///
    /// The @AppStorage demo's factory reads its settings file from `XDG_CONFIG_HOME` even in a scenario, so it is
    /// pointed at a folder in the scratch directory that doesn't exist: its defaults, on every machine.
    func snapshot(_ arguments: [String], in scratch: SnapshotScratch) throws -> ProcessResult {
        let config = scratch.url.appendingPathComponent("no-config").path
        return try runProcess(
            catalog, ["snapshot"] + arguments,
            environment: ["XDG_CONFIG_HOME": config, "CATALOG_RECORD": "", "CATALOG_TEST_SCREENS": ""])
    }

    /// Every declared (entry id, scenario name), in no particular order.
    static var declared: Set<String> {
        Set(Demos.entries.flatMap { entry in entry.scenarios.map { "\(entry.id) · \($0.name)" } })
    }

    @Test("--record never passes over the built-in catalog, as CI runs it, and the gallery is up to date")
    func checkedInGoldensMatch() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let result = try snapshot(["--record", "never", "--dir", Self.goldens.path], in: scratch)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let count = Self.declared.count
        #expect(result.stdout == "\(count) scenarios of \(Demos.entries.count) entries: \(count) matched\n")
        // No step of a built-in scenario changes nothing: each one's golden guards what its steps do.
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        for query in Self.galleryQueries {
            let pictures = try snapshot(
                ["--record", "never", "--dir", Self.goldens.path, "--svg", Self.gallery.path] + query,
                in: scratch)
            #expect(pictures.status == 0, "the gallery of \(query) is stale:\n\(pictures.stdout)")
        }
    }

    @Test("a --dir or --svg that can't hold files is one line naming it, status 2, before any scenario runs")
    func unusableDirectories() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("a-file.txt").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let cases: [([String], String)] = [
            (["--dir", file], "catalog: --dir '\(file)': is not a directory.\n"),
            (["--dir", file + "/goldens"], "catalog: --dir '\(file)/goldens': Not a directory.\n"),
            (
                ["--dir", scratch.url.path + "/goldens", "--svg", file, "slider"],
                "catalog: --svg '\(file)': is not a directory.\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try snapshot(arguments, in: scratch)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr == message)
        }
        // A missing directory is made, with its parents, when goldens will be written there.
        let made = scratch.url.appendingPathComponent("new/goldens").path
        let recorded = try snapshot(["--dir", made, "slider"], in: scratch)
        #expect(recorded.status == 0 && FileManager.default.fileExists(atPath: made + "/controls/slider"))
    }

    @Test("a golden with one line changed fails with exit 1 and a unified diff naming the entry, scenario and size")
    func changedGoldenFails() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        try copy.replace("Volume", with: "Loudness", in: "controls/slider/at-75.txt")
        let result = try snapshot(["--record", "never", "--dir", copy.url.path], in: copy)
        #expect(result.status == 1)
        let expected = [
            "FAILED controls/slider · at 75 · 80×24",
            "--- golden: controls/slider/at-75.txt",
            "+++ now: controls/slider · at 75 · 80×24",
            "@@ -1,6 +1,6 @@",
            " # controls/slider · at 75 · 80×24",
            " Slider",
            "-Loudness  ───────────────●─────  75",
            "+Volume  ───────────────●─────  75",
            " ",
            " ←→ move by 5 · home/end ends",
            " ",
            "",
        ]
        #expect(result.stdout.hasPrefix(expected.joined(separator: "\n")), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "FAILED").count == 2, "only the changed golden fails")
        #expect(result.stdout.hasSuffix(", 1 failed\n"))
    }

    @Test("--record failed rewrites only the golden that differs, and leaves the others' files alone")
    func recordFailedRewritesOne() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        let changed = "controls/slider/at-75.txt"
        try copy.replace("Volume", with: "Loudness", in: changed)
        let before = try copy.fileNumbers()
        let result = try snapshot(["--record", "failed", "--dir", copy.url.path], in: copy)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("rewrote controls/slider · at 75 · 80×24: \(copy.url.path)/\(changed)\n"))
        #expect(result.stdout.components(separatedBy: "rewrote").count == 2)
        // The file is written whole and renamed over the old one, so a rewritten file is a new file.
        let after = try copy.fileNumbers()
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.filter { before[$0.key] != $0.value }.map(\.key) == [changed])
        let original = try String(contentsOf: Self.goldens.appendingPathComponent(changed), encoding: .utf8)
        #expect(copy.text(changed) == original)
        #expect(try snapshot(["--record", "never", "--dir", copy.url.path], in: copy).status == 0)
    }

    @Test("--record all writes every golden, the unchanged ones too, and names each as rewritten or recorded")
    func recordAllWritesEvery() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        try copy.replace("Volume", with: "Loudness", in: "controls/slider/at-75.txt")
        try FileManager.default.removeItem(at: copy.url.appendingPathComponent("forms/toggle"))
        let before = try copy.fileNumbers()
        let result = try snapshot(["--record", "all", "--dir", copy.url.path], in: copy)
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let toggles = Demos.entries.first { $0.id == "forms/toggle" }?.scenarios.count ?? 0
        let count = Self.declared.count
        #expect(toggles > 0)
        #expect(lines.filter { $0.hasPrefix("rewrote ") }.count == count - toggles)
        #expect(lines.filter { $0.hasPrefix("recorded forms/toggle · ") }.count == toggles)
        #expect(lines.contains("rewrote controls/slider · at 75 · 80×24: \(copy.url.path)/controls/slider/at-75.txt"))
        let summary = "\(count) scenarios of \(Demos.entries.count) entries"
        #expect(lines.last == "\(summary): \(toggles) recorded, \(count - toggles) rewritten")
        // Every golden is a new file, written whole, and holds what the screen draws now.
        let after = try copy.fileNumbers()
        #expect(after.count == count)
        #expect(after.allSatisfy { before[$0.key] != $0.value })
        #expect(try snapshot(["--record", "never", "--dir", copy.url.path], in: copy).status == 0)
        #expect(copy.text("controls/slider/at-75.txt")?.contains("Loudness") == false)
    }

    @Test("outside a package root, snapshot without --dir refuses in one line, exit 2, and creates nothing")
    func refusesOutsidePackageRoot() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        // The scratch directory has no Package.swift; the shell runs the binary there.
        func run(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(
                "/bin/sh",
                ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", scratch.url.path, catalog, "snapshot"] + arguments,
                environment: [
                    "XDG_CONFIG_HOME": scratch.url.appendingPathComponent("no-config").path, "CATALOG_RECORD": "",
                ])
        }
        for arguments in [[], ["--record", "all"], ["--json", "slider"]] {
            let result = try run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("catalog: no Package.swift in \(scratch.url.path)"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("--dir DIR.\n") && result.stderr.split(separator: "\n").count == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty, "\(arguments)")
        }
        // With --dir it runs anywhere; in a package root, it needs none.
        let goldens = scratch.url.appendingPathComponent("goldens").path
        let given = try run(["--dir", goldens, "slider"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout.contains("recorded controls/slider · "))
        try scratch.write("// swift-tools-version:6.0\n", to: "Package.swift")
        let root = try run(["slider"])
        #expect(root.status == 0, "\(root.stderr)")
        let golden = "\(scratch.url.path)/Tests/Snapshots/controls/slider/at-75.txt"
        #expect(root.stdout.contains("recorded controls/slider · at 75 · 80×24: \(golden)\n"), "\(root.stdout)")
    }

    @Test("a golden no scenario has is reported as stale, fails --record never, and --prune removes only it")
    func staleGoldens() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        try copy.write("# gone\n", to: "forms/toggle/renamed-away.txt")
        try FileManager.default.createDirectory(
            at: copy.url.appendingPathComponent("gone/entry"), withIntermediateDirectories: true)
        try copy.write("# gone\n", to: "gone/entry/initial.txt")
        try copy.write("notes, not a golden\n", to: "README.md")
        // What `--scenario-file` recorded from a captures file: only a check with the file knows if it is gone.
        try copy.write("# captured\n", to: "forms/toggle/captured-1.txt")
        let check = try snapshot(["--record", "never", "--dir", copy.url.path], in: copy)
        #expect(check.status == 1)
        #expect(check.stdout.contains("stale: \(copy.url.path)/forms/toggle/renamed-away.txt\n"))
        #expect(check.stdout.hasSuffix(" matched, 2 stale\n"), "\(check.stdout)")
        let pruned = try snapshot(["--record", "never", "--prune", "--dir", copy.url.path], in: copy)
        #expect(pruned.status == 0, "\(pruned.stdout)")
        #expect(pruned.stdout.contains("removed stale \(copy.url.path)/forms/toggle/renamed-away.txt\n"))
        #expect(copy.text("forms/toggle/renamed-away.txt") == nil)
        // A gone entry's folders go with its last golden; a folder that still holds goldens stays.
        #expect(!FileManager.default.fileExists(atPath: copy.url.appendingPathComponent("gone").path))
        #expect(FileManager.default.fileExists(atPath: copy.url.appendingPathComponent("forms/toggle").path))
        #expect(copy.text("README.md") != nil, "only goldens are pruned")
        #expect(copy.text("forms/toggle/captured-1.txt") != nil, "a captured scenario's golden is never pruned")
        #expect(try snapshot(["--record", "never", "--dir", copy.url.path], in: copy).status == 0)
    }

    @Test("--svg names each file it writes, and a picture no scenario has is stale, pruned like a golden")
    func picturesWrittenAndStale() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        let pictures = copy.url.appendingPathComponent("pictures").path
        let dir = copy.url.path
        // The goldens match, so only the pictures are written, and they are what is named.
        let first = try snapshot(["--dir", dir, "--svg", pictures, "slider"], in: copy)
        #expect(first.status == 0, "\(first.stdout)")
        #expect(
            first.stdout.contains("recorded controls/slider · at 75 · 80×24: \(pictures)/controls/slider/at-75.svg\n"))
        #expect(!first.stdout.contains(".txt"), "no golden was written: \(first.stdout)")
        // A whole run finds a picture of a scenario that is gone; --prune removes it and its folder.
        try FileManager.default.createDirectory(
            atPath: pictures + "/gone/entry", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: pictures + "/gone/entry/initial.svg", contents: Data("<svg/>".utf8))
        let whole = try snapshot(["--dir", dir, "--svg", pictures], in: copy)
        #expect(whole.stdout.contains("stale: \(pictures)/gone/entry/initial.svg\n"), "\(whole.stdout)")
        #expect(whole.stdout.hasSuffix(", 1 stale\n"), "\(whole.stdout)")
        let pruned = try snapshot(["--record", "never", "--prune", "--dir", dir, "--svg", pictures], in: copy)
        #expect(pruned.status == 0 && pruned.stdout.contains("removed stale \(pictures)/gone/entry/initial.svg\n"))
        #expect(pruned.stdout.hasSuffix(", 1 stale removed\n"), "\(pruned.stdout)")
        #expect(!FileManager.default.fileExists(atPath: pictures + "/gone"))
    }

    @Test("--json prints one object per scenario with its entry, title, scenario, size, status and golden")
    func json() throws {
        let copy = try SnapshotScratch(copying: Self.goldens)
        defer { copy.remove() }
        try copy.replace("Volume", with: "Loudness", in: "controls/slider/at-75.txt")
        let result = try snapshot(["--record", "never", "--json", "--dir", copy.url.path], in: copy)
        #expect(result.status == 1)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]],
            "every value is a string")
        #expect(objects.count == Self.declared.count)
        #expect(Set(objects.map { "\($0["entry"] ?? "") · \($0["scenario"] ?? "")" }) == Self.declared)
        let titles = Dictionary(uniqueKeysWithValues: Demos.entries.map { ($0.id, $0.title) })
        for object in objects {
            let entry = object["entry"] ?? ""
            #expect(object["title"] == titles[entry])
            #expect(object["size"]?.wholeMatch(of: /[0-9]+x[0-9]+/) != nil, "size is COLSxROWS: \(object)")
            let golden = try #require(object["golden"])
            #expect(golden.hasPrefix(entry + "/") && golden.hasSuffix(".txt"))
            #expect(copy.text(golden) != nil, "\(golden) is the golden's path in the directory")
        }
        let failed = objects.filter { $0["status"] != "matched" }
        #expect(failed.map { $0["status"] } == ["failed"])
        #expect(failed.first?["scenario"] == "at 75" && failed.first?["size"] == "80x24")
        #expect(failed.first?["message"]?.hasPrefix("--- golden: controls/slider/at-75.txt\n") == true)
        #expect(objects.filter { $0["message"] != nil }.count == 1, "a match has no message")
    }

    @Test("--svg writes pictures that parse as XML and hold each row's text at its cells, wide characters too")
    func svg() throws {
        let work = try SnapshotScratch(copying: Self.goldens)
        defer { work.remove() }
        let pictures = work.url.appendingPathComponent("pictures")
        // The trees have Korean labels and emoji, each two cells wide.
        let result = try snapshot(["--svg", pictures.path, "--dir", work.url.path, "trees"], in: work)
        #expect(result.status == 0, "\(result.stdout)")
        let entries = Demos.entries.filter { $0.groups == ["Trees"] }
        #expect(entries.count == 2)
        for entry in entries {
            for scenario in entry.scenarios {
                let name = "\(entry.id)/\(Self.fileName(scenario.name))"
                let svg = try Data(contentsOf: pictures.appendingPathComponent(name + ".svg"))
                let rows = try Self.rows(ofPicture: XMLDocument(data: svg))
                let golden = try #require(work.text(name + ".txt"), "\(name).txt")
                let frame = golden.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                    .prefix { $0 != "# styles" }.map(String.init)
                #expect(rows == frame, "\(name).svg draws its golden's text row by row")
            }
        }
    }

    /// The frame's text an SVG picture draws: each `<text>` of a cell run put at the column its `x` names and on the
    /// row its `y` names, trailing spaces dropped.
    static func rows(ofPicture document: XMLDocument) throws -> [String] {
        let root = try #require(document.rootElement())
        func number(_ name: String, _ element: XMLElement) -> Int? {
            element.attributes?.first { $0.name == name }?.stringValue.flatMap { Int($0) }
        }
        let height = try #require(number("height", root))
        let rowCount = (height - 28 - 12) / 18
        var rows = Array(repeating: "", count: rowCount)
        // The window's title is a <text> too, but has no cell-run class.
        let texts = try document.nodes(forXPath: "//*[local-name()='text'][@class]").compactMap { $0 as? XMLElement }
        for text in texts {
            let (x, y) = (try #require(number("x", text)), try #require(number("y", text)))
            let (column, row) = ((x - 12) / 9, (y + 5 - 28) / 18 - 1)
            try #require(rows.indices.contains(row), "row \(row) of \(rowCount)")
            let padding = column - DisplayWidth.of(rows[row])
            try #require(padding >= 0, "runs overlap at row \(row), column \(column)")
            rows[row] += String(repeating: " ", count: padding) + (text.stringValue ?? "")
        }
        return rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// A scenario's name as its golden's file name: letters and digits kept, other runs one "-".
    static func fileName(_ name: String) -> String {
        name.split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
    }
}

/// A directory made by `mkdtemp(3)` for one test, optionally a copy of another; `remove()` deletes it.
struct SnapshotScratch {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let url: URL

    init(copying source: URL? = nil) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/catalog-snapshot-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        guard let source else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }
    }

    /// The text of a file inside, or `nil` when there is none.
    func text(_ path: String) -> String? { try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(path))
    }

    /// Replaces the first line containing a word with that line with the word replaced.
    func replace(_ word: String, with replacement: String, in path: String) throws {
        let old = try #require(text(path))
        var lines = old.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(word) }, "\(path) has no '\(word)'")
        lines[index] = lines[index].replacingOccurrences(of: word, with: replacement)
        try write(lines.joined(separator: "\n"), to: path)
    }

    /// Every file's inode number by its relative path: a file written anew gets a new one.
    func fileNumbers() throws -> [String: Int] {
        var numbers: [String: Int] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: url.path))
        for case let path as String in walker {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            numbers[path] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        }
        return numbers
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
