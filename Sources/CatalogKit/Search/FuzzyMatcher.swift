#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fuzzy matching and scoring of folded text.
///
/// A term matches a field when its characters appear in that order. A forward pass over the record decides that
/// (greedily, in one look at each byte, so a record that does not match costs nothing more); a field that holds
/// the term is then scored by its best alignment, found by dynamic programming over every way to place the
/// characters (``align(_:_:in:field:from:to:name:)``, with the points of ``Points``): characters at word starts,
/// after a `/`, in runs, and in the path's last component score more (for the query's last term: see ``named``),
/// gaps cost. A record's score is the sum over terms of each term's best field. Hits are ranked by score, then the
/// shorter name, then the shorter path, then search order.
struct FuzzyMatcher: Sendable {
    /// One term: its bytes, and where each of its characters starts (characters match whole, so a byte never
    /// matches inside another letter).
    struct Term: Sendable {
        let bytes: [UInt8]
        /// `units[k] ..< units[k + 1]` are the bytes of character k; one more entry than characters.
        let units: [Int]
    }

    let terms: [Term]
    /// The term whose characters in a path's name score ``Points/name`` (the query's last, unless told), or -1 for
    /// none. People type a path from its root to its name, so in `gro des` the last term is meant for the name and
    /// the ones before it for directories: in an earlier term, a character in the name scores as one in the
    /// directory above it (``Points/parent``), and `groups/describe.py` ranks before `describe/groups`.
    let named: Int
    /// The terms again, flat, where ``score(_:raw:)`` reads them by pointer for each record: no array is retained
    /// or released on the way, which cost a fifth of a broad fuzzy search.
    private let flat: Flat

    /// Every term's bytes and character starts in buffers that live as long as the matcher.
    private final class Flat: @unchecked Sendable {
        /// The bytes of every term, one after another.
        let bytes: UnsafeMutablePointer<UInt8>
        /// Each term's ``Term/units``, one after another.
        let units: UnsafeMutablePointer<Int>
        /// For term k: where its bytes start, how many, where its units start, how many.
        let layout: UnsafeMutablePointer<Int>
        let count: Int

        init(_ terms: [Term]) {
            count = terms.count
            bytes = .allocate(capacity: max(terms.reduce(0) { $0 + $1.bytes.count }, 1))
            units = .allocate(capacity: max(terms.reduce(0) { $0 + $1.units.count }, 1))
            layout = .allocate(capacity: max(4 * terms.count, 1))
            var byteCount = 0
            var unitCount = 0
            for (index, term) in terms.enumerated() {
                (bytes + byteCount).initialize(from: term.bytes, count: term.bytes.count)
                (units + unitCount).initialize(from: term.units, count: term.units.count)
                layout[4 * index] = byteCount
                layout[4 * index + 1] = term.bytes.count
                layout[4 * index + 2] = unitCount
                layout[4 * index + 3] = term.units.count
                byteCount += term.bytes.count
                unitCount += term.units.count
            }
        }

        deinit {
            bytes.deallocate()
            units.deallocate()
            layout.deallocate()
        }
    }

    init(_ query: Query) { self.init(terms: query.terms) }

    /// A matcher for terms that must all match, each folded.
    ///
    /// - Parameters:
    ///   - terms: The terms, in the order typed.
    ///   - named: The term that scores the name's points (``named``); the last when `nil`.
    init(terms: [[UInt8]], named: Int? = nil) {
        self.named = named ?? terms.count - 1
        self.terms = terms.map { term in
            var units: [Int] = []
            for (offset, byte) in term.enumerated() where byte & 0xC0 != 0x80 || units.isEmpty {
                units.append(offset)
            }
            units.append(term.count)
            return Term(bytes: term, units: units)
        }
        flat = Flat(self.terms)
    }

    /// Scores a record: NUL-terminated fields.
    ///
    /// - Returns: The score, or `nil` when some term matches no field.
    /// - Complexity: O(t · L) for t terms and L bytes.
    @inline(__always)
    func score(_ record: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>? = nil) -> Int32? {
        let flat = flat
        let namedTerm = named
        guard let base = record.baseAddress else { return flat.count == 0 ? 0 : nil }
        var total: Int32 = 0
        for index in 0..<flat.count {
            let layout = flat.layout + 4 * index
            let bytes = UnsafeBufferPointer(start: flat.bytes + layout[0], count: layout[1])
            let units = UnsafeBufferPointer(start: flat.units + layout[2], count: layout[3])
            let named = index == namedTerm
            guard let best = FuzzyMatcher.best(bytes, units, in: base, count: record.count, raw: raw, named: named)
            else {
                return nil
            }
            total += best
        }
        return total
    }

    /// Scores a record for an exact term (this matcher's only one): the best of the term's occurrences in its fields,
    /// each scored as ``align(_:_:in:field:from:to:name:parent:raw:)`` scores those places, where an occurrence is
    /// one run with no gap. fzf scores an exact term at an occurrence too, and the alignment found a gapped placement
    /// of the same characters only to discard it: it cost a broad query (`s` on a million paths) half a second a
    /// keystroke.
    ///
    /// - Parameters:
    ///   - atStart: Only an occurrence that starts its field counts (`^term`).
    ///   - atEnd: Only one that ends its field counts (`term$`).
    /// - Returns: The score, or `nil` when no field holds the term there.
    /// - Complexity: O(L + k · m) for L bytes, k occurrences and m characters.
    func exactScore(
        _ record: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>? = nil, atStart: Bool = false,
        atEnd: Bool = false
    ) -> Int32? {
        guard flat.count == 1, let text = record.baseAddress else { return nil }
        let term = UnsafeBufferPointer(start: flat.bytes + flat.layout[0], count: flat.layout[1])
        let units = UnsafeBufferPointer(start: flat.units + flat.layout[2], count: flat.layout[3])
        let length = term.count
        let count = record.count
        guard length > 0 else { return 0 }
        var best: Int32?
        var field = 0
        var fieldEnd = ByteSearch.next(0, in: text, from: 0, to: count) ?? count
        // The first field's name and the directory above it, and its raw bytes for camelCase, once it holds the term.
        var name = fieldEnd
        var parent = fieldEnd
        var cased: UnsafePointer<UInt8>?
        var located = false
        var index = 0
        while index + length <= count {
            guard let found = ByteSearch.next(term[0], in: text, from: index, to: count - length + 1) else { break }
            index = found + 1
            guard memcmp(text + found, term.baseAddress!, length) == 0 else { continue }
            while found > fieldEnd {
                field = fieldEnd + 1
                fieldEnd = ByteSearch.next(0, in: text, from: field, to: count) ?? count
            }
            if (atStart && found != field) || (atEnd && found + length != fieldEnd) { continue }
            if field == 0 && !located {
                located = true
                (name, parent, cased) = FuzzyMatcher.path(text, end: fieldEnd, named: named == 0, raw: raw)
            }
            let first = field == 0
            var score: Int32 = 0
            var state = 0
            for unit in 0..<(units.count - 1) {
                let position = found + units[unit]
                let bonus = FuzzyMatcher.bonus(at: position, in: text, field: field, raw: first ? cased : nil)
                let here =
                    Points.match
                    &+ (first && position >= name ? Points.name : first && position >= parent ? Points.parent : 0)
                if unit == 0 {
                    // The first character doubles its bonus.
                    score = here &+ 2 &* bonus
                    state = FuzzyMatcher.runState(bonus)
                } else {
                    // A consecutive character keeps its run's bonus, unless it starts a word itself.
                    let run = FuzzyMatcher.runBonus(state)
                    let restarts = bonus >= Points.boundary && bonus > run
                    score &+= here &+ (restarts ? bonus : max(bonus, run))
                    if restarts { state = FuzzyMatcher.runState(bonus) }
                }
            }
            best = max(best ?? score, score)
        }
        return best
    }

    /// The best score of a term over a record's fields, or `nil` when no field holds it.
    @inline(__always)
    private static func best(
        _ term: UnsafeBufferPointer<UInt8>, _ units: UnsafeBufferPointer<Int>, in text: UnsafePointer<UInt8>,
        count: Int, raw: UnsafeBufferPointer<UInt8>?, named: Bool
    ) -> Int32? {
        let unitCount = units.count - 1
        guard unitCount > 0 else { return 0 }
        var best: Int32?
        var fieldStart = 0
        var firstStart = 0
        var unit = 0
        var next = term[0]
        var index = 0
        // Forward: one pass over the bytes, matching characters greedily and starting again at each field. A
        // field that holds the term is then aligned whole, from where its first character first matches.
        while index < count {
            let byte = text[index]
            if byte == next && matches(term, units, unit, text, at: index) {
                if unit == 0 { firstStart = index }
                index += units[unit + 1] - units[unit]
                unit += 1
                if unit == unitCount {
                    let matchEnd = index
                    while index < count && text[index] != 0 { index += 1 }
                    let score: Int32
                    if (index - firstStart + 1) * unitCount <= alignmentCells {
                        // The path is the first field; another field has no name or directory.
                        let (name, parent, cased) =
                            fieldStart == 0
                            ? FuzzyMatcher.path(text, end: index, named: named, raw: raw) : (index, index, nil)
                        score = align(
                            term, units, in: text, field: fieldStart, from: firstStart, to: index, name: name,
                            parent: parent, raw: cased)
                    } else {
                        score = refine(term, units, in: text, field: fieldStart, end: matchEnd)
                    }
                    best = max(best ?? score, score)
                    unit = 0
                    next = term[0]
                    continue
                }
                next = term[units[unit]]
            } else {
                if byte == 0 {
                    fieldStart = index + 1
                    unit = 0
                    next = term[0]
                }
                index += 1
            }
        }
        return best
    }

    /// Where the path that is a record's first field (`text[..<end]`) has its name and the directory above it, as
    /// scores read them, and its raw bytes when they tell camelCase apart.
    ///
    /// - Parameters:
    ///   - named: Whether the term scores the name's points; one that doesn't scores there as in the directory, so
    ///     its name starts at `end`.
    ///   - raw: The raw path, kept only where it folds byte for byte: an ASCII path of the same length.
    @inline(__always)
    static func path(
        _ text: UnsafePointer<UInt8>, end: Int, named: Bool, raw: UnsafeBufferPointer<UInt8>?
    ) -> (name: Int, parent: Int, cased: UnsafePointer<UInt8>?) {
        let start = ByteSearch.last(0x2F, in: text, count: end).map { $0 + 1 } ?? 0
        let parent = ByteSearch.last(0x2F, in: text, count: max(start - 1, 0)).map { $0 + 1 } ?? 0
        let cased = raw?.count == end && raw.map(FuzzyMatcher.isASCII) == true ? raw?.baseAddress : nil
        return (named ? start : end, parent, cased)
    }

    /// Whether bytes are all ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(base[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// Whether character `unit` of the term starts at `index`; its first byte is known to match.
    @inline(__always)
    static func matches(
        _ term: UnsafeBufferPointer<UInt8>, _ units: UnsafeBufferPointer<Int>, _ unit: Int,
        _ text: UnsafePointer<UInt8>, at index: Int
    ) -> Bool {
        var offset = units[unit] + 1
        var position = index + 1
        while offset < units[unit + 1] {
            if text[position] != term[offset] { return false }
            offset += 1
            position += 1
        }
        return true
    }

    /// Where the tightest match ending at `end` starts: the latest start of a match that ends there, found
    /// backward from it (fzf's first algorithm). With `end` the end of the leftmost match, the leftmost match from
    /// that start is the shortest window that holds the term.
    ///
    /// - Complexity: O(end − field).
    @inline(__always)
    static func tightestStart(
        _ term: UnsafeBufferPointer<UInt8>, _ units: UnsafeBufferPointer<Int>, in text: UnsafePointer<UInt8>,
        field: Int, end: Int
    ) -> Int {
        var start = end
        for unit in stride(from: units.count - 2, through: 0, by: -1) {
            let length = units[unit + 1] - units[unit]
            var index = start - length
            while index >= field
                && !(text[index] == term[units[unit]] && matches(term, units, unit, text, at: index))
            {
                index -= 1
            }
            start = index
        }
        return start
    }

    /// Scores the match that ends at `end`, the end of the field's leftmost complete match: the tightest match
    /// there (``tightestStart(_:_:in:field:end:)``), scored forward from its start.
    @inline(__always)
    private static func refine(
        _ term: UnsafeBufferPointer<UInt8>, _ units: UnsafeBufferPointer<Int>, in text: UnsafePointer<UInt8>,
        field: Int, end: Int
    ) -> Int32 {
        let unitCount = units.count - 1
        let start = tightestStart(term, units, in: text, field: field, end: end)
        var score: Int32 = 0
        var previousEnd = -1
        var position = start
        for unit in 0..<unitCount {
            let first = term[units[unit]]
            while !(text[position] == first && matches(term, units, unit, text, at: position)) { position += 1 }
            score += 16
            if position == field || isSeparator(text[position - 1]) { score += 10 }
            if position == previousEnd {
                score += 12
            } else if previousEnd >= 0 {
                score -= Int32(min(8, position - previousEnd))
            }
            previousEnd = position + units[unit + 1] - units[unit]
            position = previousEnd
        }
        return score
    }

    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x2F, 0x2D, 0x5F, 0x2E, 0x2C, 0x3A, 0x28, 0x29, 0x5B, 0x5D: return true
        default: return false
        }
    }

    /// The character of the query that the fewest records hold, judged on a sample of records: the scan looks for
    /// it first and scores only the records that hold it.
    ///
    /// - Parameters:
    ///   - text: The records' text.
    ///   - records: The records to sample.
    /// - Returns: The character's bytes and the fraction of sampled records that hold it.
    /// - Complexity: O(c · s · L) for c distinct characters in the query and s ≤ 256 sampled records of L bytes.
    func rarestCharacter(in text: RecordText, records: Range<Int>) -> (bytes: [UInt8], share: Double) {
        var characters: [[UInt8]] = []
        for term in terms {
            for unit in 0..<term.units.count - 1 {
                let bytes = Array(term.bytes[term.units[unit]..<term.units[unit + 1]])
                if !characters.contains(bytes) { characters.append(bytes) }
            }
        }
        guard !characters.isEmpty, !records.isEmpty else { return ([], 1) }
        let step = max(1, records.count / 256)
        let sample = stride(from: records.lowerBound, to: records.upperBound, by: step)
        var best: (bytes: [UInt8], share: Double) = ([], 2)
        for character in characters {
            var holding = 0
            var sampled = 0
            for record in sample {
                sampled += 1
                let range = text.range(of: record)
                let found = character.withUnsafeBufferPointer {
                    ByteSearch.find($0, in: text.text, from: range.lowerBound, to: range.upperBound) != nil
                }
                if found { holding += 1 }
            }
            let share = Double(holding) / Double(max(sampled, 1))
            if share < best.share { best = (character, share) }
        }
        return best
    }
}
