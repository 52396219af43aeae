/// Which characters of a displayed string a query matched, for highlighting a few visible rows.
package enum Highlight {
    /// Finds the characters of `text` that the query's terms match.
    ///
    /// Each character is folded on its own with the one folding function, and the terms are found in the
    /// concatenation, so a match maps back to whole characters even where folding changes lengths ("ß" → "ss").
    /// Exact terms mark every occurrence; fuzzy terms mark their leftmost in-order match.
    ///
    /// - Parameters:
    ///   - text: The displayed string.
    ///   - query: The query.
    /// - Returns: Character offsets into `text` to highlight, ascending and merged.
    /// - Complexity: O(L · t) for L characters and t terms; call it for visible rows only.
    public static func characters(in text: String, matching query: Query) -> [Range<Int>] {
        var folded: [UInt8] = []
        var owner: [Int] = []  // owner[i] = the character that produced folded byte i
        for (offset, character) in text.enumerated() {
            let bytes = Folding.foldedBytes(String(character))
            folded += bytes
            owner += Array(repeating: offset, count: bytes.count)
        }
        var marked = Set<Int>()
        for term in query.terms where !term.isEmpty && term.count <= folded.count {
            if query.fuzzy {
                if let hits = tightest(term, in: folded) { marked.formUnion(hits.map { owner[$0] }) }
            } else {
                for start in 0...(folded.count - term.count)
                where folded[start] == term[0] && folded[start..<start + term.count].elementsEqual(term) {
                    marked.formUnion(owner[start..<start + term.count])
                }
            }
        }
        var ranges: [Range<Int>] = []
        for offset in marked.sorted() {
            if let last = ranges.last, last.upperBound == offset {
                ranges[ranges.count - 1] = last.lowerBound..<offset + 1
            } else {
                ranges.append(offset..<offset + 1)
            }
        }
        return ranges
    }

    /// Where a fuzzy term's bytes fall in the tightest match that ends first, as fuzzy scoring's greedy window finds
    /// it (``FuzzyMatcher/tightestStart(_:_:in:field:end:)``): the leftmost match's end, the latest start of a
    /// match ending there, then the leftmost match from that start. So `lesspipe` marks the word in
    /// `src-hilite-lesspipe.sh`, not letters of `hilite` and the rest. Characters match whole, as in search.
    ///
    /// - Returns: The offsets of the term's bytes, or `nil` when the text does not hold the term in order.
    /// - Complexity: O(n) for n bytes of text, in three passes.
    static func tightest(_ term: [UInt8], in text: [UInt8]) -> [Int]? {
        let units = FuzzyMatcher(terms: [term]).terms[0].units
        return term.withUnsafeBufferPointer { term in
            units.withUnsafeBufferPointer { units in
                text.withUnsafeBufferPointer { buffer -> [Int]? in
                    guard let base = buffer.baseAddress else { return nil }
                    // The byte offsets of each character matched leftmost from `start`, or nil.
                    func forward(from start: Int) -> [Int]? {
                        var position = start
                        var hits: [Int] = []
                        for unit in 0..<units.count - 1 {
                            let length = units[unit + 1] - units[unit]
                            while position + length <= buffer.count
                                && !(base[position] == term[units[unit]]
                                    && FuzzyMatcher.matches(term, units, unit, base, at: position))
                            {
                                position += 1
                            }
                            if position + length > buffer.count { return nil }
                            hits += position..<position + length
                            position += length
                        }
                        return hits
                    }
                    guard let first = forward(from: 0), let last = first.last else { return nil }
                    let start = FuzzyMatcher.tightestStart(term, units, in: base, field: 0, end: last + 1)
                    return forward(from: start)
                }
            }
        }
    }
}
