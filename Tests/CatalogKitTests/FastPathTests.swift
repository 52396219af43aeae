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

    @Test("fuzzy scores equal the reference scorer's on random records", arguments: 1...4)
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
        let lines = (0..<1_500).map { number in
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
            let expected = (0..<catalog.count).compactMap { record -> (Int, Int32)? in
                ReferenceFuzzy.score(query.terms, records[record]).map { (record, $0) }
            }.sorted { a, b in
                a.1 != b.1 ? a.1 > b.1 : catalog.index.rank[a.0] < catalog.index.rank[b.0]
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
}

/// The fuzzy scorer as first written, field by field with a search per character: the oracle for
/// ``FuzzyMatcher``.
enum ReferenceFuzzy {
    static func score(_ terms: [[UInt8]], _ record: [UInt8]) -> Int32? {
        var total: Int32 = 0
        for term in terms {
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
            for index in record.indices where record[index] == 0 {
                if let score = score(units, record, fieldStart..<index) { best = max(best ?? score, score) }
                fieldStart = index + 1
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    static func score(_ units: [[UInt8]], _ text: [UInt8], _ field: Range<Int>) -> Int32? {
        func find(_ unit: [UInt8], from: Int) -> Int? {
            var index = from
            while index + unit.count <= field.upperBound {
                if Array(text[index..<index + unit.count]) == unit { return index }
                index += 1
            }
            return nil
        }
        var position = field.lowerBound
        for unit in units {
            guard let found = find(unit, from: position) else { return nil }
            position = found + unit.count
        }
        var start = position
        for unit in units.reversed() {
            var index = start - unit.count
            while index >= field.lowerBound && Array(text[index..<index + unit.count]) != unit { index -= 1 }
            guard index >= field.lowerBound else { return nil }
            start = index
        }
        var score: Int32 = 0
        var previousEnd = -1
        position = start
        for unit in units {
            guard let found = find(unit, from: position) else { return nil }
            score += 16
            if found == field.lowerBound || " /-_.,:()[]".utf8.contains(text[found - 1]) { score += 10 }
            if found == previousEnd {
                score += 12
            } else if previousEnd >= 0 {
                score -= Int32(min(8, found - previousEnd))
            }
            previousEnd = found + unit.count
            position = previousEnd
        }
        return score
    }
}
