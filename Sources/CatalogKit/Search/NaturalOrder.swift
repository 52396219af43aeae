/// The order of entries: folded titles compared in runs.
///
/// A title is read as alternating runs of ASCII digits and of everything else. Runs are compared in turn:
/// - two digit runs by numeric value, then the shorter first ("2" < "02" < "10");
/// - two other runs by Unicode scalar order (byte order of UTF-8), a run that is a prefix of the other first;
/// - a digit run before any other run (only possible for the first run: "3D Touch" < "Alert").
/// A title whose runs are a prefix of another's comes first. Equal folded titles are ordered by the caller's tie
/// break (raw title, then full path).
enum NaturalOrder {
    /// Compares two folded titles.
    ///
    /// - Returns: A negative number, zero or a positive number as `a` sorts before, with, or after `b`.
    /// - Complexity: O(min(a.count, b.count)).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        var j = 0
        while true {
            if i == a.count || j == b.count { return (i == a.count ? 0 : 1) - (j == b.count ? 0 : 1) }
            let aDigit = isDigit(a[i])
            let bDigit = isDigit(b[j])
            if aDigit != bDigit { return aDigit ? -1 : 1 }
            var endA = i
            while endA < a.count && isDigit(a[endA]) == aDigit { endA += 1 }
            var endB = j
            while endB < b.count && isDigit(b[endB]) == bDigit { endB += 1 }
            let result =
                aDigit
                ? compareNumbers(a, i..<endA, b, j..<endB)
                : compareBytes(a, i..<endA, b, j..<endB)
            if result != 0 { return result }
            i = endA
            j = endB
        }
    }

    /// A 64-bit key that agrees with ``compare(_:_:)`` wherever two keys differ.
    ///
    /// The key is the first eight bytes of a title's leading non-digit run, zero-padded; a title that starts with
    /// a digit gets zero. Folded titles contain no NUL, so padding sorts before any real byte, as a prefix should.
    static func prefixKey(_ title: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 56
        for byte in title.prefix(8) {
            if isDigit(byte) { break }
            key |= UInt64(byte) << shift
            shift &-= 8
        }
        return key
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func compareBytes(
        _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
    ) -> Int {
        let common = min(ra.count, rb.count)
        var k = 0
        while k < common {
            let x = a[ra.lowerBound + k]
            let y = b[rb.lowerBound + k]
            if x != y { return x < y ? -1 : 1 }
            k += 1
        }
        return ra.count - rb.count
    }

    private static func compareNumbers(
        _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
    ) -> Int {
        var sa = ra.lowerBound
        while sa < ra.upperBound - 1 && a[sa] == 0x30 { sa += 1 }
        var sb = rb.lowerBound
        while sb < rb.upperBound - 1 && b[sb] == 0x30 { sb += 1 }
        let significantA = ra.upperBound - sa
        let significantB = rb.upperBound - sb
        if significantA != significantB { return significantA - significantB }
        let byValue = compareBytes(a, sa..<ra.upperBound, b, sb..<rb.upperBound)
        if byValue != 0 { return byValue }
        return ra.count - rb.count
    }
}
