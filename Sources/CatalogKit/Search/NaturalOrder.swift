#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order of entries: folded titles compared in runs.
///
/// A title is read as alternating runs of ASCII digits and of everything else. Runs are compared in turn:
/// - two digit runs by numeric value, then the shorter first ("2" < "02" < "10");
/// - two other runs by Unicode scalar order (byte order of UTF-8), a run that is a prefix of the other first, and
///   spaces side by side as one space, so padding that aligns columns (`root     1`, `root   123`) never decides;
/// - a digit run before any other run (only possible for the first run: "3D Touch" < "Alert").
/// A title whose runs are a prefix of another's comes first. Equal folded titles are ordered by the caller's tie
/// break (raw title, then full path).
///
/// The order is implemented once, as a byte key whose plain byte comparison (`memcmp`, shorter first on a common
/// prefix) is this order, so sorting a million titles compares flat bytes:
/// - a leading 0 when the title starts with a digit run, 1 otherwise;
/// - each other run as its bytes followed by a 0 (folded titles hold no NUL, so the 0 ends the run below any
///   byte that could continue it);
/// - each digit run as the count of its significant digits (2 bytes, big-endian), those digits, and the count of
///   its leading zeros (2 bytes). Runs of over 65,535 digits compare by their first 65,535.
package enum NaturalOrder {
    /// Appends the sort key of a folded title.
    ///
    /// - Parameters:
    ///   - title: Folded UTF-8 title bytes.
    ///   - key: The buffer to append to.
    ///   - scratch: A buffer to write the key in first, kept between calls so appending allocates nothing.
    /// - Complexity: O(title.count).
    static func appendKey(_ title: UnsafeBufferPointer<UInt8>, to key: inout [UInt8], scratch: inout [UInt8]) {
        guard let source = title.baseAddress else { return key.append(1) }
        let bound = maximumKeyLength(title.count)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count, 256)) }
        let written = scratch.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { writeKey(source, count: title.count, to: $0) } ?? 0
        }
        key.append(contentsOf: scratch[..<written])
    }

    /// Appends the sort key of a folded title, written in place at the end of the buffer.
    ///
    /// - Complexity: O(count).
    static func appendKey(_ title: UnsafePointer<UInt8>, count: Int, to key: inout [UInt8]) {
        let start = key.count
        let bound = maximumKeyLength(count)
        key.append(contentsOf: repeatElement(0, count: bound))
        let written = key.withUnsafeMutableBufferPointer { buffer in
            writeKey(title, count: count, to: buffer.baseAddress! + start)
        }
        key.removeLast(bound - written)
    }

    /// The most bytes the key of a title of `count` bytes can take: a one-digit run takes five.
    @inline(__always)
    static func maximumKeyLength(_ count: Int) -> Int { 5 * count + 1 }

    /// Writes the sort key of a folded title.
    ///
    /// - Parameters:
    ///   - title: Folded UTF-8 title bytes.
    ///   - count: Their number.
    ///   - out: Room for ``maximumKeyLength(_:)`` bytes.
    /// - Returns: The number of bytes written.
    /// - Complexity: O(count).
    @inline(__always)
    static func writeKey(_ title: UnsafePointer<UInt8>, count: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var index = 0
        var written = 1
        out[0] = count > 0 && isDigit(title[0]) ? 0 : 1
        while index < count {
            var end = index
            if isDigit(title[index]) {
                while end < count && isDigit(title[end]) { end += 1 }
                var significant = index
                while significant < end - 1 && title[significant] == 0x30 { significant += 1 }
                let digits = min(end - significant, 0xFFFF)
                let zeros = min(significant - index, 0xFFFF)
                out[written] = UInt8(digits >> 8)
                out[written + 1] = UInt8(digits & 0xFF)
                (out + written + 2).update(from: title + significant, count: digits)
                written += 2 + digits
                out[written] = UInt8(zeros >> 8)
                out[written + 1] = UInt8(zeros & 0xFF)
                written += 2
            } else {
                // Eight bytes at a time while they fit: store the word, keep the bytes before its first digit.
                // The key has room, since the rest of the title (at least eight bytes) goes into it. Two spaces
                // side by side (in a word, or ending one and starting the next) mark a run to close up after.
                var doubled = false
                var spaceBefore = false
                while end + 8 <= count {
                    let word = UnsafeRawPointer(title + end).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(out + written + end - index).storeBytes(of: word, as: UInt64.self)
                    let spaces = spaceBytes(word)
                    doubled = doubled || spaces & (spaces >> 8) != 0 || (spaceBefore && spaces & 0x80 != 0)
                    spaceBefore = spaces >> 63 != 0
                    let digits = digitBytes(word)
                    if digits != 0 {
                        end += digits.trailingZeroBitCount >> 3
                        break
                    }
                    end += 8
                }
                if end + 8 > count {
                    while end < count && !isDigit(title[end]) {
                        out[written + end - index] = title[end]
                        doubled = doubled || (title[end] == 0x20 && end > index && title[end - 1] == 0x20)
                        end += 1
                    }
                }
                written += doubled ? closeUpSpaces(out + written, count: end - index) : end - index
                out[written] = 0
                written += 1
            }
            index = end
        }
        return written
    }

    /// The sort key of a string: its folded title's key.
    ///
    /// - Parameter title: A raw title.
    /// - Returns: Bytes whose byte order is the natural order of titles.
    public static func key(_ title: String) -> [UInt8] {
        let folded = Folding.foldedBytes(title)
        var key: [UInt8] = []
        key.reserveCapacity(folded.count + 4)
        var scratch: [UInt8] = []
        folded.withUnsafeBufferPointer { appendKey($0, to: &key, scratch: &scratch) }
        return key
    }

    /// Compares two titles in natural order (folded, without tie breaks).
    ///
    /// - Returns: A negative number, zero or a positive number as `a` sorts before, with, or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        let x = key(a)
        let y = key(b)
        return x.withUnsafeBufferPointer { p in y.withUnsafeBufferPointer { q in compare(p, q) } }
    }

    /// Compares two keys: bytes, then the shorter first.
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let result = memcmp(x, y, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// The high bit of each byte of a word that is a space, exactly (no carry crosses a byte).
    @inline(__always)
    static func spaceBytes(_ word: UInt64) -> UInt64 {
        let other = word ^ 0x2020_2020_2020_2020
        return ~(((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | other) & 0x8080_8080_8080_8080
    }

    /// Closes up each run of spaces in a key's text run to one space, in place: padding that aligns columns
    /// (`ps` output's right-aligned numbers) then never decides the order.
    ///
    /// - Returns: The run's new length.
    static func closeUpSpaces(_ run: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var kept = 0
        for index in 0..<count where !(run[index] == 0x20 && kept > 0 && run[kept - 1] == 0x20) {
            run[kept] = run[index]
            kept += 1
        }
        return kept
    }

    /// The high bit of each byte of a word that is an ASCII digit, exactly (no carry crosses a byte).
    @inline(__always)
    static func digitBytes(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        return ~word & (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646) & 0x8080_8080_8080_8080
    }
}
