/// Fuzzy matching and scoring of folded text.
///
/// A term matches a field when its characters appear in that order. The score of a match is computed on the
/// shortest window that ends where the leftmost complete match ends (found by a forward then a backward pass):
/// - every matched character scores 16;
/// - a character at a word start (the start of a field, or after a space or one of `/ - _ . , : ( ) [ ]`) adds 10;
/// - a character right after the previous matched one adds 12, so consecutive runs beat scattered letters;
/// - every unmatched byte between two matched characters costs 1, at most 8 per gap.
/// A record's score is the sum over terms of each term's best field. Ties keep search order.
struct FuzzyMatcher: Sendable {
    /// Each term as its UTF-8 characters; characters match whole, so a byte never matches inside another letter.
    private let terms: [[[UInt8]]]

    init(_ query: Query) {
        terms = query.terms.map { term in
            var units: [[UInt8]] = []
            for byte in term {
                if byte & 0xC0 == 0x80, !units.isEmpty {
                    units[units.count - 1].append(byte)
                } else {
                    units.append([byte])
                }
            }
            return units
        }
    }

    /// Scores a record: NUL-terminated fields.
    ///
    /// - Returns: The score, or `nil` when some term matches no field.
    /// - Complexity: O(t · L) for t terms and L bytes.
    func score(_ record: UnsafeBufferPointer<UInt8>) -> Int32? {
        var total: Int32 = 0
        for units in terms {
            var best: Int32?
            var fieldStart = 0
            for index in 0..<record.count where record[index] == 0 {
                if let score = FuzzyMatcher.score(units, in: record, fieldStart..<index) {
                    best = max(best ?? score, score)
                }
                fieldStart = index + 1
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    private static func score(_ units: [[UInt8]], in text: UnsafeBufferPointer<UInt8>, _ field: Range<Int>) -> Int32? {
        // Forward: the leftmost end of a complete match.
        var position = field.lowerBound
        for unit in units {
            guard let found = find(unit, in: text, from: position, to: field.upperBound) else { return nil }
            position = found + unit.count
        }
        // Backward: the latest start of a match that ends there.
        var start = position
        for unit in units.reversed() {
            guard let found = findBackward(unit, in: text, before: start, notBefore: field.lowerBound) else {
                return nil
            }
            start = found
        }
        // Score the leftmost match inside that window.
        var score: Int32 = 0
        var previousEnd = -1
        position = start
        for unit in units {
            guard let found = find(unit, in: text, from: position, to: field.upperBound) else { return nil }
            score += 16
            if found == field.lowerBound || isSeparator(text[found - 1]) { score += 10 }
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

    @inline(__always)
    private static func find(_ unit: [UInt8], in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        let first = unit[0]
        var index = from
        while index + unit.count <= to {
            if text[index] == first && matches(unit, text, at: index) { return index }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func findBackward(
        _ unit: [UInt8], in text: UnsafeBufferPointer<UInt8>, before: Int, notBefore: Int
    ) -> Int? {
        var index = before - unit.count
        while index >= notBefore {
            if matches(unit, text, at: index) { return index }
            index -= 1
        }
        return nil
    }

    @inline(__always)
    private static func matches(_ unit: [UInt8], _ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for offset in 0..<unit.count where text[index + offset] != unit[offset] { return false }
        return true
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x2F, 0x2D, 0x5F, 0x2E, 0x2C, 0x3A, 0x28, 0x29, 0x5B, 0x5D: return true
        default: return false
        }
    }
}
