#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CatalogFile {
    /// Finds the first line whose path an earlier line already has, across all pieces, and with `finding` other
    /// than ``PathSet/Finding/first``, every line to leave out (``Error/repeatedLines``).
    static func checkDuplicates(
        _ paths: [PathSet], _ file: UnsafeBufferPointer<UInt8>, finding: PathSet.Finding
    ) throws {
        nonisolated(unsafe) let text = file
        let found = PathSet.repeats(
            in: paths,
            pathAt: { offset in
                UnsafeBufferPointer(rebasing: text[pathRange(at: offset, in: text)])
            }, finding: finding)
        guard let first = found.min(by: { max($0.offset, $0.earlier) < max($1.offset, $1.earlier) }) else { return }
        let (later, earlier) = (max(first.offset, first.earlier), min(first.offset, first.earlier))
        // The message shows the path up to any CR, as it always has.
        let path = String(
            decoding: file[later...].prefix { $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }, as: UTF8.self)
        var error = Error(
            line: lineNumber(at: later, in: file),
            problem: "duplicate path '\(path)' (first on line \(lineNumber(at: earlier, in: file)))")
        error.isRepeat = true
        if finding != .first {
            error.repeatedLines = found.map(\.offset)
            error.keywordsDiffer = found.contains { !sameKeywords(at: $0.offset, $0.earlier, in: file) }
        }
        throw error
    }

    /// Whether the lines that start at two offsets, whose paths are equal, have the same text after their paths:
    /// none, or the same keywords after a TAB.
    ///
    /// - Complexity: O(n) in the lines' lengths.
    private static func sameKeywords(at first: Int, _ second: Int, in file: UnsafeBufferPointer<UInt8>) -> Bool {
        func keywords(at offset: Int) -> ArraySlice<UInt8> {
            let path = pathRange(at: offset, in: file)
            guard path.upperBound < file.count, file[path.upperBound] == 0x09 else { return [] }
            var end = path.upperBound + 1
            while end < file.count && file[end] != 0x0A { end += 1 }
            if file[end - 1] == 0x0D { end -= 1 }
            return ArraySlice(file[path.upperBound..<end])
        }
        return keywords(at: first) == keywords(at: second)
    }

    /// The path of the line that starts at `offset`: up to its first TAB, or to its end less a CR.
    ///
    /// - Complexity: O(n) in the line's length, eight bytes at a time: a picker's repeated paths are each compared
    ///   whole, so a list of repeats finds a million.
    private static func pathRange(at offset: Int, in file: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard let base = file.baseAddress else { return offset..<offset }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var end = offset
        // The high bit of each byte that is a newline or a TAB, exact up to the first.
        while end + 8 <= file.count {
            let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
            let newline = word ^ (ones &* 0x0A)
            let tab = word ^ (ones &* 0x09)
            let stops = ((newline &- ones) & ~newline | (tab &- ones) & ~tab) & high
            if stops != 0 {
                end += stops.trailingZeroBitCount >> 3
                break
            }
            end += 8
        }
        while end < file.count && file[end] != 0x0A && file[end] != 0x09 { end += 1 }
        if (end == file.count || file[end] == 0x0A) && end > offset && file[end - 1] == 0x0D { end -= 1 }
        return offset..<end
    }

    /// The 1-based number of the line that holds a byte offset.
    private static func lineNumber(at offset: Int, in file: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = file.baseAddress else { return 1 }
        var line = 1
        var position = 0
        while position < offset, let found = memchr(base + position, 0x0A, offset - position) {
            line += 1
            position = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        }
        return line
    }
}
