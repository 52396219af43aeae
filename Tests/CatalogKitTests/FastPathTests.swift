import CatalogTestSupport
import Testing

@testable import CatalogKit

/// The fast paths of reading, sorting and fuzzy scoring, each checked against the slow, literal path it replaces
/// on seeded random input. Every failure message names its seed.
@Suite("Fast paths against the reference paths")
struct FastPathTests {
    /// Text that stresses the line reader: separators, blanks, marks that join or are dropped, long and astral
    /// expansions, a CR inside a title, and (rarely) bytes that make the line malformed.
    static let linePieces: [[UInt8]] =
        randomPieces.map { Array($0.utf8) }
        + [
            " ", "\u{3000}", "\u{A0}x", "\u{2014}", "ｘ", "\u{200D}", "é", "\u{FDFA}", "𝔸", "😀", "\u{10400}", "\r", ",",
            "/", "Ǉ", "ß", "İ", "\u{0345}", "a\u{0323}\u{0301}", "\u{1161}", "カ", "ﾊﾟ", "Ⅻ", "\u{85}", "x\u{20DD}",
        ].map { Array($0.utf8) }
    static let malformed: [[UInt8]] = [
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0],
    ]

    /// A random catalog file. A hostile one has blank and repeated lines, empty components and, now and then, a
    /// malformed line; a clean one has none of those, so it reads to the end.
    static func randomFile(_ rng: inout SeededGenerator, lines count: Int, hostile: Bool) -> [UInt8] {
        var bytes: [UInt8] = Int.random(in: 0..<4, using: &rng) == 0 ? [0xEF, 0xBB, 0xBF] : []
        var lines: [[UInt8]] = []
        func piece(_ rng: inout SeededGenerator) -> [UInt8] {
            if hostile && Int.random(in: 0..<300, using: &rng) == 0 {
                return malformed.randomElement(using: &rng) ?? []
            }
            let piece = linePieces.randomElement(using: &rng) ?? []
            return !hostile && piece == [0x2F] ? [0x78] : piece
        }
        for number in 0..<count {
            var line: [UInt8] = []
            switch Int.random(in: 0..<40, using: &rng) {
            case 0: line = []
            case 1: line = Array("  \t ".utf8)
            case 2 where hostile && !lines.isEmpty: line = lines.randomElement(using: &rng) ?? []
            default:
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    for _ in 0..<Int.random(in: 1...3, using: &rng) { line += piece(&rng) }
                    // A clean component never ends up blank.
                    if !hostile { line.append(0x78) }
                    line.append(0x2F)
                }
                for _ in 0..<Int.random(in: 1...3, using: &rng) { line += piece(&rng) }
                line += Array(" \(number)".utf8)
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    line.append(0x09)
                    for keyword in 0..<Int.random(in: 0...3, using: &rng) {
                        if keyword > 0 { line.append(0x2C) }
                        if Bool.random(using: &rng) { line += piece(&rng) }
                    }
                }
            }
            lines.append(line)
            bytes += line
            bytes += Int.random(in: 0..<5, using: &rng) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        return bytes
    }

    /// Everything a snapshot holds that a reader produces, for comparing two reads.
    static func contents(_ snapshot: Snapshot<Void>) -> [String] {
        let table = snapshot.table
        var rows = (0..<table.count).map { record in
            "\(table.path(record)) | \(table.keywords(record)) | \(snapshot.index.folded[Int(snapshot.index.starts[record])..<Int(snapshot.index.starts[record + 1])])"
        }
        rows.append("order \(snapshot.recordsInOrder)")
        return rows
    }

    static func outcome(_ bytes: [UInt8], plainLines: Bool) -> Result<[String], CatalogFile.Error> {
        do {
            let snapshot: Snapshot<Void> = try CatalogFile.read(bytes, keeping: nil, plainLines: plainLines)
            return .success(contents(snapshot))
        } catch {
            return .failure(error as? CatalogFile.Error ?? CatalogFile.Error(line: 0, problem: "\(error)"))
        }
    }

    @Test("the fast line reader gives the reference reader's records, order and errors", arguments: 1...12)
    func readerAgrees(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        // Two seeds in three read to the end; the third stops at some malformed line.
        let bytes = Self.randomFile(&rng, lines: 300, hostile: seed % 3 == 0)
        let fast = Self.outcome(bytes, plainLines: true)
        let exact = Self.outcome(bytes, plainLines: false)
        switch (fast, exact) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "seed \(seed)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "seed \(seed)")
        default:
            Issue.record("seed \(seed): fast \(fast), exact \(exact)")
        }
    }

    @Test("a file read in two pieces on two cores reads as the reference does")
    func twoPieces() throws {
        let seed: UInt64 = 77
        var rng = SeededGenerator(seed: seed)
        var lines: [[UInt8]] = []
        var size = 0
        while size < 1 << 20 {
            var line = "\(lines.count) \(randomTitle(&rng))/\(randomTitle(&rng)) \(lines.count)"
            if Bool.random(using: &rng) { line += "\t\(randomTitle(&rng)),,\(randomTitle(&rng))" }
            lines.append(Array(line.utf8))
            size += line.utf8.count + 1
        }
        let unique = Array(lines.joined(separator: [0x0A]))
        let fast = Self.outcome(unique, plainLines: true)
        #expect(fast == Self.outcome(unique, plainLines: false), "seed \(seed)")
        if case .failure(let error) = fast { Issue.record("seed \(seed): \(error)") }
    }

    @Test("reading only the matching entries keeps exactly what a full read finds, in the same order", arguments: 1...6)
    func matchingAgrees(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let bytes = Self.randomFile(&rng, lines: 400, hostile: false)
        guard let full: Snapshot<Void> = try? CatalogFile.parse(bytes) else { return }
        for _ in 0..<25 {
            let text = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                String(randomTitle(&rng).prefix(Int.random(in: 1...3, using: &rng)))
            }.joined(separator: " ")
            for fuzzy in [false, true] {
                let query = Query(text, fuzzy: fuzzy)
                let kept: Snapshot<Void> = try CatalogFile.matching(bytes, query)
                let expected = full.index.search(query).map { full.table.path(Int($0)) }
                let found = kept.index.search(query).map { kept.table.path(Int($0)) }
                #expect(found == expected, "seed \(seed), query \(text.debugDescription), fuzzy \(fuzzy)")
                #expect(kept.count == expected.count, "seed \(seed), query \(text.debugDescription)")
            }
        }
    }

    @Test("the radix key sort orders titles as comparing keys, then raw titles, then paths does", arguments: [5, 6])
    func keySortAgrees(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        // Few distinct titles, so long shared key prefixes, equal keys and tie breaks are common.
        let stems = ["Item", "item", "ITEM", "Ítem", "Item 0", "Item 00", "a", "ab", "Straße", "strasse", "日本"]
        let lines = (0..<3_000).map { number -> String in
            let stem = stems.randomElement(using: &rng) ?? "x"
            let digits = Bool.random(using: &rng) ? " \(Int.random(in: 0..<50, using: &rng))" : ""
            let padding = String(repeating: "x", count: Int.random(in: 0..<20, using: &rng))
            return "G\(number % 17)/\(stem)\(padding)\(digits)"
        }
        let unique = Array(Set(lines))
        let catalog: Snapshot<Void> = try CatalogFile.parse(Array(unique.joined(separator: "\n").utf8))
        let expected = (0..<catalog.count).sorted { a, b in
            let byKey = NaturalOrder.compare(catalog.table.title(a), catalog.table.title(b))
            if byKey != 0 { return byKey < 0 }
            let (x, y) = (catalog.table.title(a), catalog.table.title(b))
            if x != y { return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) }
            return Array(catalog.table.path(a).utf8).lexicographicallyPrecedes(Array(catalog.table.path(b).utf8))
        }
        #expect(catalog.recordsInOrder.map(Int.init) == expected, "seed \(seed)")
    }

    /// Catches a run of equal titles longer than the block its tie keys are fetched in losing or misplacing a
    /// block's keys: many files of one name (`__init__.py`) go in the order of their paths.
    @Test("hundreds of files of one name sort by their paths, over several blocks of tie keys")
    func manyEqualTitles() throws {
        var rng = SeededGenerator(seed: 7)
        let paths = (0..<300).map { "src/d\($0)/e\(Int.random(in: 0..<5, using: &rng))/__init__.py" }
        let catalog: Snapshot<Void> = try CatalogFile.parse(
            Array(paths.shuffled(using: &rng).joined(separator: "\n").utf8))
        let sorted = catalog.recordsInOrder.map { catalog.table.path(Int($0)) }
        #expect(sorted == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test("fuzzy scores are the best alignment's, found by trying every alignment of random records", arguments: 1...4)
    func fuzzyScoresAgree(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let fields = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Folding.foldedBytes(randomTitle(&rng)) }
            let record: [UInt8] = fields.flatMap { $0 + [UInt8(0)] }
            let text = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                String(randomTitle(&rng).prefix(Int.random(in: 1...4, using: &rng)))
            }.joined(separator: " ")
            let query = Query(text, fuzzy: true)
            let fast = record.withUnsafeBufferPointer { FuzzyMatcher(query).score($0) }
            let slow = ReferenceFuzzy.score(query.terms, record)
            #expect(
                fast == slow,
                "seed \(seed): \(text.debugDescription) in \(fields.map { String(decoding: $0, as: UTF8.self) })")
        }
    }
}

extension FastPathTests {
    @Test(
        "fuzzy search over an index ranks exactly as scoring every record with the reference does", arguments: [8, 9])
    func fuzzySearchAgrees(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        // Bytes whose mask bit is bit 0 ("@", "`" and the lead byte of U+0800) must not hide a record.
        let extra = ["@home", "`tick`", "\u{800}x", "ab@"]
        let lines = (0..<800).map { number in
            "\(randomTitle(&rng))/\(randomTitle(&rng))\(extra.randomElement(using: &rng) ?? "") \(number)"
        }
        let catalog = try snapshot(lines)
        let records = (0..<catalog.count).map { record -> [UInt8] in
            let start = Int(catalog.index.starts[record])
            return Array(catalog.index.folded[start..<Int(catalog.index.starts[record + 1])])
        }
        for _ in 0..<40 {
            var text = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                String(randomTitle(&rng).prefix(Int.random(in: 1...3, using: &rng)))
            }.joined(separator: " ")
            if Int.random(in: 0..<4, using: &rng) == 0 { text += " " + (extra.randomElement(using: &rng) ?? "") }
            let query = Query(text, fuzzy: true)
            // Best score first, then the shorter name (the path's last component), then the shorter path, then
            // search order.
            let length = { (record: Int) in records[record].firstIndex(of: 0) ?? records[record].count }
            let name = { (record: Int) in
                min(length(record) - (records[record][..<length(record)].lastIndex(of: 0x2F).map { $0 + 1 } ?? 0), 63)
            }
            let expected = (0..<catalog.count).compactMap { record -> (Int, Int32)? in
                let raw = catalog.table.withPathBytes(record) { Array($0) }
                return ReferenceFuzzy.score(query.terms, records[record], raw: raw).map { (record, $0) }
            }.sorted { a, b in
                if a.1 != b.1 { return a.1 > b.1 }
                if name(a.0) != name(b.0) { return name(a.0) < name(b.0) }
                if length(a.0) != length(b.0) { return length(a.0) < length(b.0) }
                return catalog.index.rank[a.0] < catalog.index.rank[b.0]
            }.map { UInt32($0.0) }
            #expect(catalog.index.search(query) == expected, "seed \(seed), query \(text.debugDescription)")
        }
    }
}

extension FastPathTests {
    /// Slugs as first written: each component folded with ``Folding/fold(_:)``, its letters and digits kept.
    static func referenceSlug(_ components: [String]) -> String {
        components.map { text -> String in
            var slug = ""
            var pendingDash = false
            for scalar in Folding.fold(text).unicodeScalars {
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if pendingDash && !slug.isEmpty { slug.append("-") }
                    slug.unicodeScalars.append(scalar)
                    pendingDash = false
                } else {
                    pendingDash = true
                }
            }
            return slug.isEmpty ? "_" : slug
        }.joined(separator: "/")
    }

    @Test("slugs and their streamed hashes agree with the reference slug", arguments: [21, 22])
    func slugsAgree(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var maker = Slug.Maker()
        for _ in 0..<500 {
            let groups = (0..<Int.random(in: 0...2, using: &rng)).map { _ in randomTitle(&rng) }
            let title = randomTitle(&rng)
            let slug = Slug.make(groups + [title])
            #expect(
                slug == Self.referenceSlug(groups + [title]), "seed \(seed): \((groups + [title]).debugDescription)")
            #expect(
                Slug.hash(groups: groups, title: title, using: &maker) == IDHash.of(slug),
                "seed \(seed): \((groups + [title]).debugDescription)")
        }
    }

    @Test("a byte's first and last places, found eight bytes at a time, are the ones a byte-by-byte scan finds")
    func byteScansAgree() {
        var rng = SeededGenerator(seed: 31)
        // Bytes either side of the one sought, and the high bytes a word's borrow could mistake for it.
        let alphabet: [UInt8] = [0x2F, 0x2E, 0x30, 0x2F ^ 0x80, 0xAF, 0xFF, 0x00, 0x01, 0x61]
        for _ in 0..<4000 {
            let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let from = Int.random(in: 0...text.count, using: &rng)
            let to = Int.random(in: from...text.count, using: &rng)
            text.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 8).unsafelyUnwrapped
                #expect(
                    ByteSearch.next(0x2F, in: base, from: from, to: to) == text[from..<to].firstIndex(of: 0x2F),
                    "\(text) from \(from) to \(to)")
                #expect(
                    ByteSearch.last(0x2F, in: base, count: to) == text[..<to].lastIndex(of: 0x2F), "\(text) to \(to)")
            }
        }
    }
}

/// The fuzzy scorer as first written, field by field with a search per character: the oracle for
/// ``FuzzyMatcher``.
enum ReferenceFuzzy {
    /// The best alignment of each term, found by trying every placement of its characters, summed over terms:
    /// each term's best field, or `nil` when a term matches none.
    static func score(_ terms: [[UInt8]], _ record: [UInt8], raw: [UInt8]? = nil) -> Int32? {
        var total: Int32 = 0
        // The raw path's case marks camelCase, where it folds byte for byte.
        let cased = raw.flatMap {
            $0.count == (record.firstIndex(of: 0) ?? record.count) && $0.allSatisfy { $0 < 0x80 } ? $0 : nil
        }
        for (index, term) in terms.enumerated() {
            var units: [[UInt8]] = []
            for byte in term {
                if byte & 0xC0 == 0x80, !units.isEmpty {
                    units[units.count - 1].append(byte)
                } else {
                    units.append([byte])
                }
            }
            var best: Int32?
            var fieldStart = 0
            for end in record.indices where record[end] == 0 {
                let named = index == terms.count - 1
                if let score = score(
                    units, record, fieldStart..<end, raw: fieldStart == 0 ? cased : nil, named: named)
                {
                    best = max(best ?? score, score)
                }
                fieldStart = end + 1
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    /// The best score of the units placed in order in one field, by trying every next place, remembered by
    /// (character, where the last one ended, the bonus of its run). Only the query's last term (`named`) scores
    /// the name's points; an earlier one scores the directory's there.
    static func score(
        _ units: [[UInt8]], _ text: [UInt8], _ field: Range<Int>, raw: [UInt8]?, named: Bool = true
    ) -> Int32? {
        // A path's name is its last component, and its directory the one before; keywords have neither.
        var name = field.upperBound
        var parent = field.upperBound
        if field.lowerBound == 0 {
            name = (text[..<field.upperBound].lastIndex(of: 0x2F) ?? -1) + 1
            parent = name > 0 ? (text[..<(name - 1)].lastIndex(of: 0x2F) ?? -1) + 1 : name
            if !named { name = field.upperBound }
        }
        var memo: [Int: Int32?] = [:]
        func best(_ unit: Int, _ end: Int, _ run: Int32) -> Int32? {
            if unit == units.count { return 0 }
            let place = unit << 40 | end << 8 | Int(run)
            if let known = memo[place] { return known }
            var result: Int32?
            var position = unit == 0 ? field.lowerBound : end
            while position + units[unit].count <= field.upperBound {
                if Array(text[position..<position + units[unit].count]) == units[unit] {
                    let bonus = self.bonus(text, position, field.lowerBound, raw: raw)
                    let here: Int32 = 16 + (position >= name ? 3 : position >= parent ? 2 : 0)
                    var gain: Int32
                    var next = bonus
                    if unit == 0 {
                        gain = here + 2 * bonus
                    } else if position == end {
                        let restarts = bonus >= 8 && bonus > run
                        gain = here + (restarts ? bonus : max(bonus, run, 4))
                        next = restarts ? bonus : run
                    } else {
                        // A gap costs 3, and 1 more for each byte after its first; but one that crosses a "/"
                        // counts only the bytes after the first "/" it crosses.
                        let counted = text[end..<position].firstIndex(of: 0x2F).map { $0 + 1 } ?? end + 1
                        gain = -3 - Int32(position - counted) + here + bonus
                    }
                    if let rest = best(unit + 1, position + units[unit].count, next) {
                        result = max(result ?? (gain + rest), gain + rest)
                    }
                }
                position += 1
            }
            memo[place] = result
            return result
        }
        return best(0, field.lowerBound, 0)
    }

    /// A character's bonus by what it is and what precedes it: as the scoring's documentation words it.
    static func bonus(_ text: [UInt8], _ position: Int, _ field: Int, raw: [UInt8]?) -> Int32 {
        let byte = text[position]
        let wordlike = byte >= 0x80 || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        if position == field { return 10 }
        let before = text[position - 1]
        if !wordlike { return byte == 0x20 ? 10 : before == 0x2F ? 9 : 8 }
        if before == 0x2F { return 9 }
        if before == 0x20 { return 10 }
        if (0x30...0x39).contains(before) { return 0 }
        if before >= 0x80 || (0x61...0x7A).contains(before) {
            if (0x30...0x39).contains(byte) { return 7 }
            if let raw, (0x41...0x5A).contains(raw[position]), (0x61...0x7A).contains(raw[position - 1]) { return 7 }
            return 0
        }
        return 8
    }
}
