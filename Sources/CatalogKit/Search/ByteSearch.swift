#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search over raw bytes, the inner loop of every exact query.
enum ByteSearch {
    /// The offset of the first `byte` in `text[from..<to]`, reading eight bytes at a time: for the few bytes
    /// to a path's next `/`, where a call to `memchr` costs more than the scan.
    @inline(__always)
    static func next(_ byte: UInt8, in text: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var start = from
        while start + 8 <= to {
            let x = UnsafeRawPointer(text + start).loadUnaligned(as: UInt64.self) ^ pattern
            let zero = ~(((x & low) &+ low) | x | low)
            if zero != 0 { return start + zero.trailingZeroBitCount >> 3 }
            start += 8
        }
        while start < to {
            if text[start] == byte { return start }
            start += 1
        }
        return nil
    }

    /// The offset of the last `byte` in `text[..<count]`, reading eight bytes at a time: a path's title is found
    /// from its end on every line read, grouped and sorted. (glibc's `memrchr` costs more in a call than a title's
    /// few words.)
    @inline(__always)
    static func last(_ byte: UInt8, in text: UnsafePointer<UInt8>, count: Int) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = UInt64(byte) &* ones
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var end = count
        while end >= 8 {
            let x = UnsafeRawPointer(text + end - 8).loadUnaligned(as: UInt64.self) ^ pattern
            // 0x80 exactly where a byte is zero, no borrow reaching the bytes above it.
            let zero = ~(((x & low) &+ low) | x | low)
            if zero != 0 { return end - 1 - zero.leadingZeroBitCount >> 3 }
            end -= 8
        }
        while end > 0 {
            end -= 1
            if text[end] == byte { return end }
        }
        return nil
    }

    /// Finds the first occurrence of `needle` in `text[from..<to]`.
    ///
    /// A one-byte needle uses `memchr`. Longer needles compare the needle's first and last bytes against 32
    /// positions at a time with SIMD, and verify only the positions where both agree, so the scan runs at memory
    /// speed for typical text whatever the needle.
    ///
    /// - Returns: The offset of the match, or `nil`.
    /// - Complexity: O(to − from) expected; O((to − from) · m) in the worst case for a needle of m bytes.
    @inline(__always)
    static func find(
        _ needle: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, from: Int, to: Int
    ) -> Int? {
        let length = needle.count
        guard let needleBase = needle.baseAddress, length > 0 else { return from }
        guard to - from >= length else { return nil }
        if length == 1 {
            guard let found = memchr(text + from, Int32(needleBase[0]), to - from) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(text)
        }
        let lastStart = to - length  // the last position a match can start at
        var position = from
        if lastStart - position >= 64 {
            let (match, resume) = simdScan(needleBase, length, text, from: position, lastStart: lastStart)
            if let match { return match }
            position = resume
        }
        let head = needleBase[0]
        let tail = needleBase[length - 1]
        while position <= lastStart {
            if text[position] == head && text[position + length - 1] == tail
                && (length <= 2 || memcmp(text + position + 1, needleBase + 1, length - 2) == 0)
            {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The SIMD part of ``find(_:in:from:to:)``: 32 positions at a time.
    ///
    /// - Returns: The first match in the whole blocks, or `nil` and the position where the scalar tail continues.
    @inline(__always)
    private static func simdScan(
        _ needleBase: UnsafePointer<UInt8>, _ length: Int, _ text: UnsafePointer<UInt8>, from: Int, lastStart: Int
    ) -> (match: Int?, resume: Int) {
        let first = SIMD32<UInt8>(repeating: needleBase[0])
        let last = SIMD32<UInt8>(repeating: needleBase[length - 1])
        var position = from
        while position + 32 <= lastStart + 1 {
            let heads = UnsafeRawPointer(text + position).loadUnaligned(as: SIMD32<UInt8>.self)
            let tails = UnsafeRawPointer(text + position + length - 1).loadUnaligned(as: SIMD32<UInt8>.self)
            // Each lane of the mask is 0 or all ones; read as four words, its set bytes are the candidates in order.
            let words = unsafeBitCast((heads .== first) .& (tails .== last), to: (UInt64, UInt64, UInt64, UInt64).self)
            if words.0 | words.1 | words.2 | words.3 != 0 {
                for (part, word) in [words.0, words.1, words.2, words.3].enumerated() {
                    var bits = word & 0x8080_8080_8080_8080
                    while bits != 0 {
                        let lane = part * 8 + bits.trailingZeroBitCount >> 3
                        if memcmp(text + position + lane + 1, needleBase + 1, length - 2) == 0 {
                            return (position + lane, position)
                        }
                        bits &= bits - 1
                    }
                }
            }
            position += 32
        }
        return (nil, position)
    }
}
