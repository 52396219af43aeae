import CatalogTestSupport
import Testing

@testable import CatalogKit

@Suite("Search")
struct SearchTests {
    let catalog: Snapshot<Void>

    init() throws {
        catalog = try snapshot([
            "Documents/Temp/Document 1.doc\tword,report",
            "Documents/Temp/Document 2.doc",
            "Documents/Presentation 1.pdf",
            "Straßen/Straße 10",
            "Straßen/Straße 2",
            "Berichte/Übersicht",
            "Папки/Документы",
            "대륙/아프로-유라시아\t대륙,지도",
            "Pickers/Grid Picker\tchooser",
            "Effects/Grid",
        ])
    }

    @Test(
        "queries match across languages and case",
        arguments: [
            ("STRASSE", ["Straßen/Straße 2", "Straßen/Straße 10"]),
            ("ubersicht", ["Berichte/Übersicht"]),
            ("ДОКУМЕНТЫ", ["Папки/Документы"]),
            ("유라시아", ["대륙/아프로-유라시아"]),
            ("지도", ["대륙/아프로-유라시아"]),
            ("ｇｒｉｄ", ["Effects/Grid", "Pickers/Grid Picker"]),
        ])
    func multilingual(_ example: (String, [String])) {
        #expect(paths(catalog, catalog.search(example.0)) == example.1)
    }

    @Test("every term must occur in the full path or in a keyword")
    func allTerms() {
        #expect(paths(catalog, catalog.search("temp 2")) == ["Documents/Temp/Document 2.doc"])
        #expect(paths(catalog, catalog.search("report temp")) == ["Documents/Temp/Document 1.doc"])
        #expect(paths(catalog, catalog.search("documents/temp/document 1")) == ["Documents/Temp/Document 1.doc"])
        #expect(catalog.search("report 2").isEmpty)
    }

    @Test("a term never matches across a field boundary")
    func noCrossField() {
        // "doc" + keyword "word" would read "docword" if fields ran together.
        #expect(catalog.search("docword").isEmpty)
        #expect(catalog.search("picker/grid").isEmpty)
    }

    @Test("an empty query matches everything, in search order")
    func emptyQuery() {
        let all = catalog.search("   ")
        #expect(all.count == catalog.count)
        #expect(paths(catalog, all).first == "Documents/Temp/Document 1.doc")
    }

    @Test("a NUL in a query is a space, as no entry holds one: it matches across no field's end")
    func nulQuery() {
        #expect(catalog.search("doc\u{0}") == catalog.search("doc"))
        #expect(catalog.search("doc\u{0}temp") == catalog.search("doc temp"))
    }

    @Test("narrowing searches among earlier results and gives the same answer as a full search")
    func narrowing() throws {
        var rng = SeededGenerator(seed: 42)
        let lines = (0..<3_000).map { "G\($0 % 7)/\(randomTitle(&rng)) \($0)" }
        let big = try snapshot(lines)
        let chains = [["g", "gr", "gri", "grid", "grid 1", "grid 12"], ["s", "st", "stra", "straße 2"], ["д", "до"]]
        for chain in chains {
            for fuzzy in [false, true] {
                var previous = Query("", fuzzy: fuzzy)
                var results = big.index.search(previous)
                for text in chain {
                    let query = Query(text, fuzzy: fuzzy)
                    #expect(query.narrows(previous), "\(text) narrows \(previous.text)")
                    results = big.index.search(query, among: results)
                    let full = big.index.search(query)
                    #expect(results == full, "narrowed \(text): \(results.count) vs \(full.count)")
                    previous = query
                }
            }
        }
        #expect(!Query("grix").narrows(Query("grid")))
        #expect(!Query("grid", fuzzy: true).narrows(Query("grid")))
    }

    @Test("exact search agrees with a naive scan of folded text", arguments: [1, 2, 3])
    func agreesWithNaive(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let lines = Set((0..<400).map { _ in "\(randomTitle(&rng))/\(randomTitle(&rng))" }).sorted()
        let catalog = try snapshot(lines)
        for _ in 0..<60 {
            let query = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                String(randomTitle(&rng).prefix(Int.random(in: 1...3, using: &rng)))
            }.joined(separator: " ")
            let terms = Query(query).terms.map { String(decoding: $0, as: UTF8.self) }
            let expected = Set(
                lines.filter { line in terms.allSatisfy { bytesContain(Folding.referenceFold(line), $0) } })
            let found = Set(paths(catalog, catalog.search(query)))
            #expect(found == expected, "seed \(seed), query \(query.debugDescription)")
        }
    }

    @Test("fuzzy mode matches characters in order and ranks runs and word starts first")
    func fuzzy() {
        let hits = paths(catalog, catalog.search("gp", fuzzy: true))
        #expect(hits == ["Pickers/Grid Picker"])
        let ranked = paths(catalog, catalog.search("grid", fuzzy: true))
        #expect(ranked.first == "Effects/Grid")
        #expect(Set(ranked) == ["Effects/Grid", "Pickers/Grid Picker"])
        #expect(catalog.search("zzq", fuzzy: true).isEmpty)
        // Characters match whole: the bytes of one Korean syllable never match inside another.
        #expect(paths(catalog, catalog.search("유시", fuzzy: true)) == ["대륙/아프로-유라시아"])
    }

    @Test("in fuzzy mode, a query's last term is meant for the name and the terms before it for directories")
    func lastTermNamesTheFile() throws {
        // The directory `create/__pycache__` is shorter and holds both terms as well, each at a component's start,
        // but with the terms the other way round: typed left to right, `__p cre` means a `cre…` in `__p…`.
        let lines = [
            "lib/surface/create/__pycache__",
            "lib/surface/hmac/__pycache__/create.pyc",
        ]
        let catalog = try snapshot(lines)
        #expect(paths(catalog, catalog.search("__p cre", fuzzy: true)) == [lines[1], lines[0]])
        #expect(paths(catalog, catalog.search("cre __p", fuzzy: true)) == [lines[0], lines[1]])
        // The same rule when the query is not plain: an `!` term after the name's term does not take its place.
        #expect(paths(catalog, catalog.search("__p cre !zzz", fuzzy: true)) == [lines[1], lines[0]])
    }

    @Test("hits the query fits equally well come shorter name first, then shorter path, in both modes")
    func shorterNameFirst() throws {
        // `sudo` fits each name's start the same; the name it covers whole is the likeliest meant, though its
        // path is the longest.
        let lines = [
            "/usr/share/bash-completion/completions/sudo", "/usr/share/fish/completions/sudo.fish",
            "/usr/share/vim/syntax/sudoers.vim",
        ]
        let catalog = try snapshot(lines)
        let expected = [lines[0], lines[1], lines[2]]
        #expect(paths(catalog, catalog.search("sudo", fuzzy: true)) == expected)
        #expect(
            paths(
                catalog, catalog.index.rankedByScore(catalog.index.hits(for: Query("sudo")), for: Query("sudo")).ordered
            ) == expected)
        // Equal names: the shorter path, then search order.
        let same = try snapshot(["b/a/con.h", "a/con.h", "c/config.h"])
        #expect(paths(same, same.search("con", fuzzy: true)) == ["a/con.h", "b/a/con.h", "c/config.h"])
    }

    @Test("an exact term is scored where it occurs, one run, not where its letters could be placed apart")
    func exactScoredAtItsOccurrence() throws {
        // Both hold `ab` inside a name, after another letter. The letters placed apart in `a/b/xab` (the field's
        // start, then after a `/`) would score more, but an exact hit is the run it matched: the two tie, and the
        // shorter path goes first.
        let lines = ["a/b/xab", "q/zab"]
        let catalog = try snapshot(lines)
        // One term, scored straight away, and a query whose hits are tested again term by term.
        for query in [Query("ab"), Query("ab !qqq")] {
            #expect(
                paths(catalog, catalog.index.rankedByScore(catalog.index.hits(for: query), for: query).ordered) == [
                    "q/zab", "a/b/xab",
                ])
        }
        // Of a path's occurrences, the best: `ab` after the name's `/` (its first letter's bonus doubled, and kept
        // by the run), not `ab` inside `zab`.
        let matcher = FuzzyMatcher(terms: [Array("ab".utf8)])
        let record = Array("zab/ab".utf8)
        let points = FuzzyMatcher.Points.self
        #expect(
            record.withUnsafeBufferPointer { matcher.exactScore($0) }
                == 2 * points.match + 2 * points.name + 3 * points.slash)
        // Anchors keep their occurrences: `^ab` has none in `zab/ab`, and `ab$` has the name's.
        #expect(record.withUnsafeBufferPointer { matcher.exactScore($0, atStart: true) } == nil)
        #expect(
            record.withUnsafeBufferPointer { matcher.exactScore($0, atEnd: true) }
                == 2 * points.match + 2 * points.name + 3 * points.slash)
        #expect(
            Array("ab/zab".utf8).withUnsafeBufferPointer { matcher.exactScore($0, atEnd: true) }
                == 2 * points.match + 2 * points.name + points.consecutive)
    }

    @Test("in fuzzy mode, skipping letters inside a name costs, and leaving a directory's name does not")
    func gapsInsideANameCost() throws {
        // `test/support` typed as a path: skipping `test_` to reach `support` in a name ranks below the path
        // that holds it whole, though the name scores more (as in fzf).
        let lines = ["test/test_support.py", "test/support/__init__.py"]
        let catalog = try snapshot(lines)
        #expect(paths(catalog, catalog.search("test/support", fuzzy: true)) == [lines[1], lines[0]])
        // Jumping from `src` over `app/` to `main` is what typing `srcmain` means: the name's start outweighs
        // the directories jumped, so the deeper path ranks by its name.
        let jumps = try snapshot(["src/app/feature/main.swift", "srcx/amain.swift"])
        #expect(paths(jumps, jumps.search("srcmain", fuzzy: true)).first == "src/app/feature/main.swift")
        // Leaving a directory's name halfway is free (`pyhel` for `python3.12/hello.py`), but each byte of the
        // directories jumped whole costs, as in fzf: `gzip` scattered from `google_crc32c` over `1.7.1.dist-info`
        // to `zip-safe` is no match for `gunzip` with its `bin` typed too. It ranked 23rd of a `find /` list's hits.
        let scattered = [
            "usr/lib/bundledpythonunix/lib/python3.12/site-packages/google_crc32c/1.7.1.dist-info/zip-safe",
            "usr/bin/gunzip",
        ]
        let far = try snapshot(scattered)
        #expect(paths(far, far.search("bin gzip", fuzzy: true)) == [scattered[1], scattered[0]])
        let halfway = try snapshot(["python3.12/hello.py", "py/thon/hello.py"])
        #expect(paths(halfway, halfway.search("pyhel", fuzzy: true)).first == "python3.12/hello.py")
    }

    @Test("in fuzzy mode, a word typed whole finds the name that holds it before a directory and a name that split it")
    func wordTypedWholeFindsOneName() throws {
        // `swiftformat` is one word for `.swift-format`; `swift/…/format.h` holds it only across a directory. Both
        // start their parts at boundaries, so only the bonus after "/" against that after "." or "-" decides: it
        // is a point more, as in fzf, not two, which ranked the header first (17th of a `find /` list's hits).
        let lines = [
            "opt/swift/usr/lib/swift/_foundation_unicode/format.h",
            "work/main/.swift-format",
        ]
        let catalog = try snapshot(lines)
        #expect(paths(catalog, catalog.search("swiftformat", fuzzy: true)) == [lines[1], lines[0]])
        // Typed with the directory's slash, the header is what was meant.
        #expect(paths(catalog, catalog.search("swift/format", fuzzy: true)).first == lines[0])
    }

    @Test("fuzzy highlighting marks the tightest match, as fzf does, not the leftmost letters")
    func highlightsTheTightestMatch() {
        // Leftmost, `lesspipe` would mark the l and e of `hilite`.
        #expect(
            Highlight.characters(in: "src-hilite-lesspipe.sh", matching: Query("lesspipe", fuzzy: true)) == [11..<19])
        #expect(Highlight.characters(in: "grid-picker", matching: Query("gp", fuzzy: true)) == [0..<1, 5..<6])
        #expect(Highlight.characters(in: "Straße.txt", matching: Query("sst", fuzzy: true)) == [4..<5, 7..<8])
        #expect(Highlight.characters(in: "abc", matching: Query("ca", fuzzy: true)).isEmpty)
    }

    @Test("hits are kept in record order for narrowing only when narrowing checks them one by one")
    func candidatesKept() throws {
        let lines = (0..<8_000).map { "Group \($0 % 97)/Item \($0) \($0 % 3 == 0 ? "grid" : "list")" }
        let catalog = try snapshot(lines)
        for fuzzy in [false, true] {
            // A third of the records: too many to check one by one, so not kept; the narrower query scans all.
            let broad = catalog.index.hits(for: Query("grid", fuzzy: fuzzy))
            #expect(broad.count == 2_667 && broad.byRecord == nil)
            let narrow = catalog.index.hits(for: Query("item 7777", fuzzy: fuzzy))
            #expect(narrow.count >= 1 && narrow.count <= 1_000 && narrow.byRecord?.count == narrow.count)
            let narrower = Query("grid 12", fuzzy: fuzzy)
            #expect(
                catalog.index.hits(for: narrower, among: broad).ordered == catalog.index.hits(for: narrower).ordered)
        }
    }

    @Test("search runs over large text split across cores with the same result")
    func largeParallel() throws {
        let lines = (0..<60_000).map { "Group \($0 % 97)/Item \($0) \($0 % 3 == 0 ? "grid" : "list")" }
        let catalog = try snapshot(lines)
        let hits = catalog.search("grid")
        #expect(hits.count == 20_000)
        let titles = hits.prefix(3).map { catalog.table.title(Int($0)) }
        #expect(titles == ["Item 0 grid", "Item 3 grid", "Item 6 grid"])
        #expect(catalog.search("item 59999").count == 1)
    }
}

@Suite("Natural order")
struct NaturalOrderTests {
    @Test("titles sort by runs, numbers by value, ties by raw title")
    func order() throws {
        let titles = [
            "Item 10", "banana", "Item 2", "apple", "02", "2", "Banana", "3D Touch", "Item 02", "Äpfel", "10",
        ]
        let catalog = try snapshot(titles)
        #expect(
            paths(catalog, catalog.recordsInOrder) == [
                "2", "02", "3D Touch", "10", "Äpfel", "apple", "Banana", "banana", "Item 2", "Item 02", "Item 10",
            ])
    }

    @Test("spaces side by side count as one, so padding that aligns columns never decides the order")
    func paddingIsOneSpace() throws {
        // `ps` output: right-aligned numbers, padded to their column.
        let lines = ["root       123  bash", "root         1  init", "user      4000  vim", "root        12  sshd"]
        let catalog = try snapshot(lines)
        #expect(
            paths(catalog, catalog.recordsInOrder) == [
                "root         1  init", "root        12  sshd", "root       123  bash", "user      4000  vim",
            ])
        // Equal but for the padding: the raw titles break the tie, as for any equal folded titles.
        #expect(NaturalOrder.compare("a   b", "a b") == 0)
        #expect(NaturalOrder.compare("name            z", "name  b") > 0)
    }

    @Test("equal titles break ties on the full path")
    func pathTies() throws {
        let catalog = try snapshot(["B/Same", "A/Same", "A/same"])
        #expect(paths(catalog, catalog.recordsInOrder) == ["A/Same", "B/Same", "A/same"])
    }

    @Test("the order is a consistent total order on random titles")
    func consistent() throws {
        let seed: UInt64 = 7
        var rng = SeededGenerator(seed: seed)
        let titles = Set((0..<2_000).map { _ in randomTitle(&rng) }).filter { !$0.allSatisfy(\.isWhitespace) }
        let catalog = try snapshot(titles.sorted())
        let ordered = catalog.recordsInOrder.map { catalog.table.title(Int($0)) }
        // Sorting again from a shuffled start gives the same order.
        let shuffled = try snapshot(titles.shuffled(using: &rng))
        #expect(shuffled.recordsInOrder.map { shuffled.table.title(Int($0)) } == ordered, "seed \(seed)")
    }
}

@Suite("Natural order keys")
struct NaturalOrderKeyTests {
    /// The order as the rules state it, run by run: the reference the byte keys must agree with.
    static func runCompare(_ a: String, _ b: String) -> Int {
        func runs(_ text: String) -> [(digits: Bool, text: [UInt8])] {
            var result: [(Bool, [UInt8])] = []
            for byte in Folding.foldedBytes(text) {
                let digit = (0x30...0x39).contains(byte)
                // Spaces side by side count as one.
                if byte == 0x20, let last = result.last, !last.0, last.1.last == 0x20 { continue }
                if let last = result.last, last.0 == digit {
                    result[result.count - 1].1.append(byte)
                } else {
                    result.append((digit, [byte]))
                }
            }
            return result
        }
        let (x, y) = (runs(a), runs(b))
        for (p, q) in zip(x, y) {
            if p.digits != q.digits { return p.digits ? -1 : 1 }
            if p.digits {
                let (u, v) = (p.text.drop { $0 == 0x30 }, q.text.drop { $0 == 0x30 })
                if u.count != v.count { return u.count - v.count }
                if u != v { return u.lexicographicallyPrecedes(v) ? -1 : 1 }
                if p.text.count != q.text.count { return p.text.count - q.text.count }
            } else if p.text != q.text {
                return p.text.lexicographicallyPrecedes(q.text) ? -1 : 1
            }
        }
        return x.count - y.count
    }

    @Test("byte keys order titles exactly as comparing runs does")
    func keysAgreeWithRuns() {
        let seed: UInt64 = 99
        var rng = SeededGenerator(seed: seed)
        let fixed = [
            "ab", "ab1", "ab c", "abc", "2", "02", "0", "00", "10", "a0b", "a00b", "a1b", "1a", "a", "ab  c", "ab   1",
            "ab 1", "  2", " 10", "a        b  c", "a       b", "x        ",
        ]
        let titles =
            fixed
            + (0..<300).map { number in
                randomTitle(&rng) + (Bool.random(using: &rng) ? "0\(number)" : "")
            }
        for a in titles {
            for b in titles.prefix(60) {
                let expected = Self.runCompare(a, b).signum()
                let actual = NaturalOrder.compare(a, b).signum()
                #expect(actual == expected, "seed \(seed): \(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }
}
