#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search over raw bytes, the inner loop of every exact query.
enum ByteSearch {
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
        let first = SIMD32<UInt8>(repeating: needleBase[0])
        let last = SIMD32<UInt8>(repeating: needleBase[length - 1])
        let lastStart = to - length  // the last position a match can start at
        var position = from
        while position + 32 <= lastStart + 1 {
            let heads = UnsafeRawPointer(text + position).loadUnaligned(as: SIMD32<UInt8>.self)
            let tails = UnsafeRawPointer(text + position + length - 1).loadUnaligned(as: SIMD32<UInt8>.self)
            let candidates = (heads .== first) .& (tails .== last)
            if any(candidates) {
                for lane in 0..<32 where candidates[lane] {
                    if memcmp(text + position + lane + 1, needleBase + 1, length - 2) == 0 {
                        return position + lane
                    }
                }
            }
            position += 32
        }
        while position <= lastStart {
            if text[position] == needleBase[0] && text[position + length - 1] == needleBase[length - 1]
                && memcmp(text + position + 1, needleBase + 1, length - 2) == 0
            {
                return position
            }
            position += 1
        }
        return nil
    }
}
