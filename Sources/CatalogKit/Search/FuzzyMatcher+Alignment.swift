extension FuzzyMatcher {
    /// The scoring constants: points for each matched character, bonuses for where it is, a penalty for gaps.
    ///
    /// A character scores ``match``, plus a bonus for its place: the start of a field (``start``), after a `/` or
    /// as the punctuation that starts a name (``slash``, as in `_core` or `.bashrc`), after a space (``white``),
    /// after other punctuation, or punctuation itself (``boundary``), a digit after a letter (``digit``), an
    /// upper-case letter after a lower-case one in the raw path (``camel``). The first character of a term doubles
    /// its bonus, since where a person's typing starts says most about what they meant. A run of consecutive
    /// characters keeps the bonus of the character that started it (at least ``consecutive``), so `grid` typed
    /// for `Grid Picker` scores as a word, not as four letters; a character with a larger boundary bonus inside a
    /// run starts a new one. These are fzf's rules, and its values for paths: a `/` is worth a point more than other
    /// punctuation and a space a point more again. Two points more after `/` ranked `swift/…/format.h` before
    /// `.swift-format` for `swiftformat`, one word typed whole.
    ///
    /// For paths: a gap costs ``gapOpen``, and ``gapExtend`` more for each byte after its first, as fzf's gaps do,
    /// so `test/support` finds `test/support/x.py` before `test/test_support.py`, where it skips the start of a
    /// name; but the rest of the component a gap leaves is free, since typing `pyhel` for `python3/hello.py` skips
    /// the end of a directory's name on purpose. Directories jumped over whole still cost each byte, so `bin gzip`
    /// finds `/usr/bin/gunzip` before a `zip-safe` whose `g` lies two directories up. Each character matched in the path's last
    /// component (its name) adds ``name``, and in the directory above it ``parent``, so of two alignments the one
    /// nearer the name wins, and of two paths the one whose name or directory was typed. Only the query's last term
    /// scores ``name`` in the name; an earlier one scores ``parent`` there (``FuzzyMatcher/named``), since a person
    /// types the directory before the name. Tried on this machine's path lists against fzf (`catalog-bench rank`):
    /// lists that set these values, and lists held out.
    enum Points {
        static let match: Int32 = 16
        static let start: Int32 = 10
        static let white: Int32 = 10
        static let slash: Int32 = 9
        static let boundary: Int32 = 8
        static let digit: Int32 = 7
        static let camel: Int32 = 7
        static let consecutive: Int32 = 4
        static let gapOpen: Int32 = -3
        static let gapExtend: Int32 = -1
        static let name: Int32 = 3
        static let parent: Int32 = 2
    }

    /// The widest window the alignment fills a table for (bytes × characters); a wider one is scored by the
    /// greedy window instead.
    static let alignmentCells = 1 << 14

    /// The bonuses a run of consecutive characters can carry, in ascending order: what the next character of the
    /// run keeps is the most of its own bonus and its run's, and no bonus below ``Points/consecutive`` counts, so
    /// these five values are every state a run can be in.
    static let runBonuses: [Int32] = (0..<5).map(runBonus)

    /// The bonus of run state `state` (``runBonuses``), without an array in the innermost loop.
    @inline(__always)
    static func runBonus(_ state: Int) -> Int32 {
        switch state {
        case 0: Points.consecutive
        case 1: Points.digit
        case 2: Points.boundary
        case 3: Points.slash
        default: Points.white
        }
    }

    /// The state of a run whose bonus is `bonus`: its place in ``runBonuses``.
    @inline(__always)
    static func runState(_ bonus: Int32) -> Int {
        bonus >= Points.white
            ? 4 : bonus >= Points.slash ? 3 : bonus >= Points.boundary ? 2 : bonus >= Points.digit ? 1 : 0
    }

    /// The best score of a term's alignment in one field, found by dynamic programming over every way to place its
    /// characters in order (fzy's idea, with fzf's bonuses): not the first alignment, but the one with the most
    /// characters at word starts and in runs, the fewest gaps, and the most in the name.
    ///
    /// The table holds, for each place the last character can end and each state of the run it ends
    /// (``runBonuses``), the best score so far, so the maximum it gives is exact: the best of every alignment.
    ///
    /// - Parameters:
    ///   - term: The term's bytes.
    ///   - units: Where each of its characters starts, and its end.
    ///   - text: The record's bytes.
    ///   - field: Where the field starts.
    ///   - from: Where the term's first character first matches in the field.
    ///   - to: Where the field ends (its NUL).
    ///   - name: Where the field's last path component starts, or `to` for a field that is not a path.
    ///   - parent: Where the component before the name starts, or `to`.
    ///   - raw: The field's raw bytes when they fold byte for byte, for camelCase.
    /// - Returns: The best score; the field is known to hold the term.
    /// Each character is placed only between where greedy matching from the window's start can first put it and
    /// where greedy matching back from its end can last put it, since no full alignment places it elsewhere.
    ///
    /// - Complexity: O(m · w) for m characters and a window of w bytes, in two rows of 5 · w values; usually far
    ///   less, as the bounds leave each character a narrow span.
    static func align(
        _ term: UnsafeBufferPointer<UInt8>, _ units: UnsafeBufferPointer<Int>, in text: UnsafePointer<UInt8>,
        field: Int, from: Int, to: Int, name: Int, parent: Int, raw: UnsafePointer<UInt8>? = nil
    ) -> Int32 {
        let unitCount = units.count - 1
        let width = to - from + 1
        let states = 5
        let impossible = Int32.min / 4
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * unitCount) { limits in
            // earliest[u] ... latest[u]: where character u can start in some full alignment.
            let earliest = limits.baseAddress!
            let latest = earliest + unitCount
            var position = from
            for unit in 0..<unitCount {
                let first = term[units[unit]]
                while !(text[position] == first && matches(term, units, unit, text, at: position)) { position += 1 }
                earliest[unit] = position
                position += units[unit + 1] - units[unit]
            }
            position = to
            for unit in stride(from: unitCount - 1, through: 0, by: -1) {
                let first = term[units[unit]]
                position -= units[unit + 1] - units[unit]
                while !(text[position] == first && matches(term, units, unit, text, at: position)) { position -= 1 }
                latest[unit] = position
            }
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * states * width) { cells in
                let base = cells.baseAddress!
                // previous[e · 5 + s]: the best score with the characters so far placed, the last ending at from + e in
                // a run of state s; current: the same with one more character.
                var previous = base
                var current = base + states * width
                previous.initialize(repeating: impossible, count: states * width)
                var best = impossible
                for unit in 0..<unitCount {
                    current.initialize(repeating: impossible, count: states * width)
                    let length = units[unit + 1] - units[unit]
                    let first = term[units[unit]]
                    // The best score of the characters before ending at least a byte before `position`, less the gap;
                    // the characters before end no sooner than the previous one's earliest end. A gap inside a
                    // component costs each byte after its first (`inside`). One that leaves its component (`across`)
                    // costs its opening there, and each byte after that component's "/" as a byte inside would,
                    // so `inside` is reset at each "/".
                    var inside = impossible
                    var opened = impossible
                    var across = impossible
                    var gapped = impossible
                    var position = unit > 0 ? earliest[unit - 1] + 1 : earliest[0]
                    let last = latest[unit]
                    while position <= last {
                        let offset = position - from
                        if unit > 0 && offset > 0 {
                            var ended = impossible
                            for state in 0..<states { ended = max(ended, previous[(offset - 1) * states + state]) }
                            inside = max(inside &+ Points.gapExtend, ended &+ Points.gapOpen)
                            opened = max(opened, ended &+ Points.gapOpen)
                            across = across &+ Points.gapExtend
                            if text[position - 1] == 0x2F {
                                across = max(across, opened)
                                inside = impossible
                                opened = impossible
                            }
                            gapped = max(inside, across)
                        }
                        if position >= earliest[unit] && text[position] == first
                            && matches(term, units, unit, text, at: position)
                        {
                            let bonus = bonus(at: position, in: text, field: field, raw: raw)
                            let here =
                                Points.match
                                &+ (position >= name ? Points.name : position >= parent ? Points.parent : 0)
                            let end = (offset + length) * states
                            let own = runState(bonus)
                            if unit == 0 {
                                // The first character doubles its bonus.
                                current[end + own] = max(current[end + own], here &+ 2 &* bonus)
                            } else {
                                if gapped > impossible {
                                    current[end + own] = max(current[end + own], gapped &+ here &+ bonus)
                                }
                                // A consecutive character keeps its run's bonus, unless it starts a word itself.
                                for state in 0..<states {
                                    let joined = previous[offset * states + state]
                                    guard joined > impossible else { continue }
                                    let run = runBonus(state)
                                    let restarts = bonus >= Points.boundary && bonus > run
                                    let kept = restarts ? bonus : max(bonus, run)
                                    let next = restarts ? own : state
                                    current[end + next] = max(current[end + next], joined &+ here &+ kept)
                                }
                            }
                            if unit == unitCount - 1 {
                                for state in 0..<states { best = max(best, current[end + state]) }
                            }
                        }
                        position += 1
                    }
                    swap(&previous, &current)
                }
                return best
            }
        }
    }

    /// The bonus of a character that starts at `position`, by what it is and what precedes it in its field.
    @inline(__always)
    static func bonus(
        at position: Int, in text: UnsafePointer<UInt8>, field: Int, raw: UnsafePointer<UInt8>? = nil
    ) -> Int32 {
        let byte = text[position]
        let wordlike = byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        if position == field { return Points.start }
        let before = text[position - 1]
        guard wordlike else {
            if byte == 0x20 { return Points.white }
            // Punctuation that starts a name ("_core", ".bashrc") starts it as a letter would.
            return before == 0x2F ? Points.slash : Points.boundary
        }
        switch before {
        case 0x2F: return Points.slash
        case 0x20: return Points.white
        case 0x30...0x39: return 0
        case 0x61...0x7A, 0x80...0xFF:
            if byte <= 0x39 { return Points.digit }
            // An upper-case letter after a lower-case one starts a camelCase word.
            if let raw, raw[position] &- 0x41 < 26, raw[position - 1] &- 0x61 < 26 { return Points.camel }
            return 0
        default: return Points.boundary
        }
    }
}
