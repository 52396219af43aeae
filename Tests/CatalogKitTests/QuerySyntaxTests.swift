import CatalogKit
import CatalogTestSupport
import Testing

/// fzf's extended search syntax: `'exact`, `^prefix`, `suffix$`, `!not`, `a | b`.
@Suite("Search, extended syntax")
struct QuerySyntaxTests {
    let catalog: Snapshot<Void>

    init() throws {
        catalog = try CatalogFile.parse(
            Array(
                """
                /usr/share/doc/readme.txt
                /usr/bin/grep
                ./src/main.swift\tentry,swift
                src/app/README.md
                docs/grid.md
                docs/grid-guide.md\tgrid,guide
                Pickers/Grid Picker
                """.utf8))
    }

    func find(_ text: String, _ matching: Query.Matching = .exact) -> Set<String> {
        Set(catalog.index.search(Query(text, matching: matching)).map { catalog.table.path(Int($0)) })
    }

    @Test("a term or group typed again is asked once: the same hits, one pass each (a pasted query repeats itself)")
    func repeatedTerms() {
        let repeated = String(repeating: "grid md !guide grep | main ", count: 40)
        #expect(Query(repeated).termCount == 5, "grid, md, !guide and the group grep | main")
        #expect(Query("grid | grid grid").termCount == 1, "an alternative repeated in its group goes, then the group")
        #expect(Query("grid | md md | grid").termCount == 4, "a group of other order is another group")
        #expect(Query("grid ^grid 'grid").termCount == 3, "terms of other kinds stay")
        #expect(find(repeated) == find("grid md !guide grep | main"))
        #expect(find(repeated, .fuzzy) == find("grid md !guide grep | main", .fuzzy))
        #expect(Query(repeated).terms == Query("grid md grep main").terms, "what a view highlights, once each")
    }

    @Test("each operator, in both modes")
    func operators() {
        #expect(find("^/usr") == ["/usr/share/doc/readme.txt", "/usr/bin/grep"])
        #expect(find("^/usr", .fuzzy) == ["/usr/share/doc/readme.txt", "/usr/bin/grep"])
        // Anchors apply to the line as read: "./src/main.swift" starts with "./".
        #expect(find("^src") == ["src/app/README.md"])
        #expect(find("^./src") == ["./src/main.swift"])
        #expect(find(".md$") == ["src/app/README.md", "docs/grid.md", "docs/grid-guide.md"])
        #expect(find("^docs/grid.md$") == ["docs/grid.md"])
        #expect(find("grid !guide !picker") == ["docs/grid.md"])
        #expect(find("grep | main") == ["/usr/bin/grep", "./src/main.swift"])
        #expect(find("^/usr !share | main$") == ["/usr/bin/grep"])
        // In fuzzy mode a ' term is exact; in exact mode it is fuzzy.
        #expect(find("'grdp") == ["Pickers/Grid Picker"])
        #expect(find("grdp", .fuzzy) == ["Pickers/Grid Picker"])
        #expect(find("'grdp", .fuzzy).isEmpty)
        #expect(
            find("!'gd", .fuzzy) == [
                "/usr/share/doc/readme.txt", "/usr/bin/grep", "./src/main.swift", "src/app/README.md",
            ])
    }

    @Test("keywords are fields of their own: an anchor meets a keyword's start and end")
    func keywords() {
        #expect(find("^swift$") == ["./src/main.swift"])
        #expect(find("^guide") == ["docs/grid-guide.md"])
        // A term never spans two fields.
        #expect(find("swiftentry").isEmpty)
    }

    @Test("operators alone match everything, $ alone is text, and a backslash keeps a space in a term")
    func edges() {
        let all = find("")
        #expect(all.count == catalog.count)
        #expect(find("!") == all && find("^") == all && find("'") == all)
        // "|" and "$" with nothing to join or end are text.
        #expect(find("|").isEmpty && find("$").isEmpty)
        #expect(find("grid\\ picker") == ["Pickers/Grid Picker"])
        #expect(find("grid\\ guide").isEmpty)
        #expect(Query("a  b").matchesSameEntries(as: Query(" a b ")))
        #expect(!Query("^a").matchesSameEntries(as: Query("a")))
        // No entry holds a NUL, where the record text divides an entry's fields: it is a space, and matches no
        // path and its keyword together (the search fuzzer's "doc !\0" excluded every entry with keywords).
        #expect(find("grid !\u{0}") == find("grid"))
        #expect(find("md\u{0}grid", .fuzzy) == find("md grid", .fuzzy))
    }

    @Test("narrowing is used only where every new hit was an old one")
    func narrowing() {
        #expect(Query("gri").narrows(Query("gr")))
        #expect(Query("^gri").narrows(Query("^gr")))
        #expect(Query("grid$").narrows(Query("id$")))
        #expect(Query("grid").narrows(Query("gd", fuzzy: false)) == false)
        #expect(Query("grid", fuzzy: true).narrows(Query("gd", fuzzy: true)))
        #expect(Query("'grid", fuzzy: true).narrows(Query("gd", fuzzy: true)))
        #expect(Query("grid !x").narrows(Query("grid")))
        // After ! or |, a longer query can find what the shorter one did not.
        #expect(!Query("grid !xy").narrows(Query("grid !x")))
        #expect(!Query("a | bc").narrows(Query("a | b")))
        #expect(!Query("a | b").narrows(Query("a")))
        #expect(!Query("^gri").narrows(Query("gri$")))
        // A term that matches its case narrows only from one whose case it holds.
        #expect(Query("readme", smartCase: true).narrows(Query("read", smartCase: true)))
        #expect(Query("READMEx", smartCase: true).narrows(Query("README", smartCase: true)))
        #expect(Query("README", smartCase: true).narrows(Query("read", smartCase: true)))
        #expect(!Query("readme", smartCase: true).narrows(Query("READ", smartCase: true)))
        #expect(!Query("README", smartCase: true).narrows(Query("Read", smartCase: true)))
        #expect(Query("ReadMe", fuzzy: true, smartCase: true).narrows(Query("RM", fuzzy: true, smartCase: true)))
        #expect(!Query("ReadMe", fuzzy: true, smartCase: true).narrows(Query("rM", fuzzy: true, smartCase: true)))
    }

    @Test("smart case: a term with a capital letter matches the line as read in its case, as fzf's picker does")
    func smartCase() throws {
        func find(_ text: String, _ matching: Query.Matching = .exact) -> Set<String> {
            let query = Query(text, matching: matching, smartCase: true)
            return Set(catalog.index.search(query).map { catalog.table.path(Int($0)) })
        }
        #expect(find("readme") == ["/usr/share/doc/readme.txt", "src/app/README.md"], "no capital: any case")
        #expect(find("README") == ["src/app/README.md"])
        #expect(find("README", .fuzzy) == ["src/app/README.md"])
        #expect(find("Grid") == ["Pickers/Grid Picker"], "grid.md and the keyword grid are lower case")
        #expect(find("GP", .fuzzy) == ["Pickers/Grid Picker"])
        #expect(find("gP", .fuzzy).isEmpty, "no lower-case g before the P")
        #expect(find("^Pick") == ["Pickers/Grid Picker"])
        #expect(find("^pick") == ["Pickers/Grid Picker"])
        #expect(find("Picker$") == ["Pickers/Grid Picker"])
        #expect(find("^Pickers/Grid Picker$") == ["Pickers/Grid Picker"])
        #expect(find("!README") == find("!zzz").subtracting(["src/app/README.md"]), "a ! term leaves out its case only")
        #expect(find("grid !Grid") == ["docs/grid.md", "docs/grid-guide.md"])
        #expect(find("Grid | README") == ["Pickers/Grid Picker", "src/app/README.md"])
        let keyworded = try CatalogFile.parse(Array("a.txt\tReport,draft\nb.txt\treport\n".utf8)) as Snapshot<Void>
        #expect(keyworded.index.search(Query("Report", smartCase: true)) == [0], "a keyword holds its case too")
        #expect(keyworded.index.search(Query("^Rep", smartCase: true)) == [0], "and starts a field of its own")
        // Without smart case, as `catalog search` and the launcher read a query, case is folded.
        #expect(Set(catalog.index.search(Query("README")).map { catalog.table.path(Int($0)) }).count == 2)
        // A flat list's "/" inside a line is held as "∕", and still matches a typed "/" in its case.
        let format = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        let flat = try CatalogFile.parse(Array("TCP/IP Notes\ntcp/ip notes\n".utf8), format: format) as Snapshot<Void>
        let hits = flat.index.search(Query("TCP/IP", smartCase: true))
        #expect(hits.map { flat.table.path(Int($0)) } == ["TCP/IP Notes"])
        #expect(flat.index.search(Query("^TCP/IP Notes$", smartCase: true)).count == 1)
        #expect(flat.index.search(Query("P/I", matching: .fuzzy, smartCase: true)).count == 1)
    }

    @Test("smart case and accents: a capital keeps case and not accents, an accent keeps accents and not case, as fzf")
    func smartAccents() throws {
        // "École" in NFD, as some file systems write it, holds the same accent.
        let lines = ["École", "ecole", "Ecole", "étude", "etude", "ÉTUDE", "E\u{301}cole normale"]
        let snapshot = try CatalogFile.parse(Array(lines.joined(separator: "\n").utf8)) as Snapshot<Void>
        func find(_ text: String, _ matching: Query.Matching = .exact) -> Set<String> {
            let query = Query(text, matching: matching, smartCase: true)
            return Set(snapshot.index.search(query).map { snapshot.table.path(Int($0)) })
        }
        let nfd = "E\u{301}cole normale"
        #expect(find("E") == ["École", "Ecole", "ÉTUDE", nfd], "É reads as E for a capital E")
        #expect(find("Ecole") == ["École", "Ecole", nfd])
        #expect(find("é") == ["École", "étude", "ÉTUDE", nfd], "an accent must be there, in any case")
        #expect(find("é", .fuzzy) == ["École", "étude", "ÉTUDE", nfd])
        #expect(find("É") == ["École", "ÉTUDE", nfd])
        #expect(find("étude") == ["étude", "ÉTUDE"])
        // An accent typed as a letter and a combining mark (a paste, a macOS keyboard) is the same accent.
        #expect(find("e\u{301}cole") == ["École", nfd])
        #expect(find("E\u{301}cole") == ["École", nfd])
        #expect(find("e\u{301}", .fuzzy) == ["École", "étude", "ÉTUDE", nfd])
        #expect(find("^éc") == ["École", nfd])
        #expect(find("e").count == lines.count, "a plain letter finds every accent and case")
        #expect(find("!é") == ["ecole", "Ecole", "etude"])
        // ß is a letter of its own to smart case, as in fzf: it finds ß and not ss; ss finds both.
        let german = try CatalogFile.parse(Array("Straße\nstrasse\n".utf8)) as Snapshot<Void>
        let sharp = german.index.search(Query("ß", smartCase: true)).map { german.table.path(Int($0)) }
        #expect(sharp == ["Straße"])
        #expect(german.index.search(Query("ss", smartCase: true)).count == 2)
        // Without smart case every accent folds, as the catalog's search promises.
        #expect(snapshot.index.search(Query("é")).count == lines.count)
        // Narrowing holds only between terms compared in the same form.
        #expect(Query("ét", smartCase: true).narrows(Query("é", smartCase: true)))
        #expect(!Query("et", smartCase: true).narrows(Query("é", smartCase: true)))
        #expect(!Query("Ét", smartCase: true).narrows(Query("é", smartCase: true)))
        #expect(Query("Et", smartCase: true).narrows(Query("e", smartCase: true)))
    }

    @Test("random extended queries agree with a naive reference, and narrowing with a full search", arguments: 1...6)
    func agreesWithReference(seed: UInt64) throws {
        print("QuerySyntaxTests.agreesWithReference seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "ab", "grid", "Grid", "x", ".md", "Straße", "ss", "é", "e", "유"]
        func word() -> String {
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "a" }.joined()
        }
        var lines: [String: String] = [:]
        for _ in 0..<300 {
            let root = Bool.random(using: &rng) ? "/" : ""
            let path = root + (0..<Int.random(in: 1...3, using: &rng)).map { _ in word() }.joined(separator: "/")
            let keywords = (0..<Int.random(in: 0...2, using: &rng)).map { _ in word() }.joined(separator: ",")
            lines[path] = keywords.isEmpty ? path : path + "\t" + keywords
        }
        let sorted = lines.values.sorted()
        let source = Array(sorted.joined(separator: "\n").utf8)
        let snapshot = try CatalogFile.parse(source) as Snapshot<Void>
        let operators = ["", "", "!", "^", "'", "!^", "!'"]
        let fields = (0..<snapshot.count).map { ReferenceQuery.fields(snapshot.table, UInt32($0)) }
        let raws = (0..<snapshot.count).map { record in
            [snapshot.table.withPathBytes(record) { Array($0) }]
                + snapshot.table.keywords(record).map { Array($0.utf8) }
        }
        for _ in 0..<80 {
            var tokens: [String] = []
            for position in 0..<Int.random(in: 1...3, using: &rng) {
                if position > 0 && Int.random(in: 0..<4, using: &rng) == 0 { tokens.append("|") }
                let suffix = Int.random(in: 0..<4, using: &rng) == 0 ? "$" : ""
                let text = String(word().prefix(Int.random(in: 1...3, using: &rng)))
                tokens.append((operators.randomElement(using: &rng) ?? "") + text + suffix)
            }
            let text = tokens.joined(separator: " ")
            for matching in [Query.Matching.exact, .fuzzy] {
                for smartCase in [false, true] {
                    check(text, matching, smartCase: smartCase)
                }
            }
        }
        func check(_ text: String, _ matching: Query.Matching, smartCase: Bool) {
            let query = Query(text, matching: matching, smartCase: smartCase)
            let groups = ReferenceQuery.groups(text, matching, smartCase: smartCase)
            let expected = Set(
                snapshot.recordsInOrder.filter { record in
                    ReferenceQuery.matches(groups, fields: fields[Int(record)], raw: raws[Int(record)])
                })
            let found = snapshot.index.search(query)
            let what = "seed \(seed), \(matching)\(smartCase ? ", smart case" : "") query \(text.debugDescription)"
            #expect(Set(found) == expected, "\(what)")
            if matching == .exact {
                #expect(found == snapshot.recordsInOrder.filter(expected.contains), "\(what): search order")
            }
            // Narrowing from any shorter query that it narrows gives what a full search gives, and so does a
            // one-shot read of the file, which checks case once the entries are in a table (its other queries have
            // tests of their own).
            if !smartCase {
            } else if let oneShot = try? CatalogFile.matching(source, query) as Snapshot<Void> {
                #expect(
                    Set(oneShot.index.search(query).map { oneShot.table.path(Int($0)) })
                        == Set(found.map { snapshot.table.path(Int($0)) }), "\(what): one-shot")
            } else {
                Issue.record("\(what): the one-shot read failed")
            }
            for cut in 1...3 where text.count > cut {
                let shorter = Query(String(text.dropLast(cut)), matching: matching, smartCase: smartCase)
                if query.narrows(shorter) {
                    let among = snapshot.index.search(query, among: snapshot.index.search(shorter))
                    #expect(Set(among) == Set(found), "\(what) from \(shorter.text.debugDescription)")
                }
            }
        }
    }
}

/// A naive reading of the extended syntax: tokens split at spaces, each decoded by its own rules, matched against
/// each field folded by the reference folding.
enum ReferenceQuery {
    static func fields(_ table: EntryTable, _ record: UInt32) -> [[UInt8]] {
        let path = table.withPathBytes(Int(record)) { String(decoding: $0, as: UTF8.self) }
        return ([path] + table.keywords(Int(record))).map { Array(Folding.referenceFold($0).utf8) }
    }

    /// A test of a record's folded fields, each followed by a NUL, and its raw fields.
    typealias Test = ([UInt8], [[UInt8]]) -> Bool

    static func matches(_ groups: [[Test]], fields: [[UInt8]], raw: [[UInt8]]) -> Bool {
        let record = fields.joined(separator: [0]) + [0]
        return groups.allSatisfy { group in group.contains { $0(Array(record), raw) } }
    }

    /// The query's terms as tests, in groups joined by "|".
    static func groups(_ text: String, _ matching: Query.Matching, smartCase: Bool = false) -> [[Test]] {
        var groups: [[Test]] = []
        var afterBar = false
        for token in text.split(separator: " ").map(String.init) {
            if token == "|" && !(groups.last?.isEmpty ?? true) && !afterBar {
                afterBar = true
                continue
            }
            guard let test = test(token, matching, smartCase: smartCase) else {
                afterBar = false
                continue
            }
            if afterBar { groups[groups.count - 1].append(test) } else { groups.append([test]) }
            afterBar = false
        }
        return groups
    }

    /// A term as a test of the record's fields, each followed by a NUL, and, for a term with a capital or an accented
    /// letter under smart case, of its raw fields too (the path and each keyword), in the term's case or accents.
    static func test(_ token: String, _ matching: Query.Matching, smartCase: Bool) -> Test? {
        var text = token
        var inverse = false
        var kind = matching == .fuzzy ? "fuzzy" : "substring"
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
            kind = matching == .fuzzy && !inverse ? "substring" : "fuzzy"
            text.removeFirst()
        } else if text.hasPrefix("^") {
            kind = kind == "suffix" ? "equal" : "prefix"
            text.removeFirst()
        }
        let term = Array(Folding.referenceFold(text).utf8)
        guard !term.isEmpty else { return nil }
        // Smart case: a capital keeps case, and an accent (a combining mark once decomposed) keeps accents.
        let keepsCase = text.contains { $0.isUppercase }
        let keepsAccents = text.decomposedStringWithCanonicalMapping.unicodeScalars.contains {
            $0.properties.generalCategory == .nonspacingMark
                || ($0.properties.changesWhenCaseFolded && !$0.properties.changesWhenLowercased && !$0.isASCII)
        }
        func form(_ text: String) -> [UInt8] {
            var scalars = String.UnicodeScalarView()
            for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
            where keepsAccents || scalar.properties.generalCategory != .nonspacingMark {
                scalars.append(scalar)
            }
            let kept = String(scalars).precomposedStringWithCanonicalMapping
            return Array((keepsCase ? kept : kept.lowercased()).utf8)
        }
        let cased = smartCase && (keepsCase || keepsAccents) ? form(text) : nil
        func holds(_ term: [UInt8], _ field: [UInt8]) -> Bool {
            switch kind {
            case "fuzzy": return subsequence(term, field)
            case "prefix": return field.starts(with: term)
            case "suffix": return field.reversed().starts(with: term.reversed())
            case "equal": return field == term
            default: return substring(term, field)
            }
        }
        return { record, raw in
            let fields = record.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
            let found =
                fields.contains { holds(term, $0) }
                && (cased.map { cased in raw.contains { holds(cased, form(String(decoding: $0, as: UTF8.self))) } }
                    ?? true)
            return found != inverse
        }
    }

    static func substring(_ needle: [UInt8], _ haystack: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Whether the needle's scalars appear in order in the haystack's (characters match whole, never a byte of
    /// one inside another).
    static func subsequence(_ needle: [UInt8], _ haystack: [UInt8]) -> Bool {
        let wanted = Array(String(decoding: needle, as: UTF8.self).unicodeScalars)
        var index = 0
        for scalar in String(decoding: haystack, as: UTF8.self).unicodeScalars
        where index < wanted.count && scalar == wanted[index] {
            index += 1
        }
        return index == wanted.count
    }
}
