import Foundation

/// The fast path of ``Folding``: folds UTF-8 bytes straight into a byte buffer.
///
/// Text that folds to itself apart from ASCII case is copied a span at a time and lower-cased in place. Every other
/// scalar is folded once with ``Folding/referenceFold(_:)`` and cached, so bulk folding costs one table lookup per
/// non-ASCII scalar. Text in which a scalar could combine
/// with the one before it (a combining mark after a non-Latin base, Hangul medial or final jamo) is rare in
/// practice and is folded whole by the reference path, which keeps the result identical to the definition.
///
/// A `Folder` is a value with its own cache: give each thread its own.
package struct Folder: Sendable {
    /// What the cache knows about one non-ASCII scalar.
    struct Cached: Sendable {
        enum Kind: UInt8, Sendable {
            /// Folds on its own; its decomposition ends in a Latin base.
            case latinBase
            /// Folds on its own; its decomposition ends in a non-Latin base.
            case otherBase
            /// A nonspacing mark: dropped after a Latin base, otherwise the text needs the reference path.
            case mark
            /// Can combine with what comes before it: the text needs the reference path.
            case combining
            /// Not looked at yet (only in the direct-mapped table).
            case unknown
        }
        var start: UInt32
        var count: UInt32
        var kind: Kind
        /// Whether the scalar folds to itself, so its bytes can be copied with the text around it.
        var identity = false
        /// Whether a path component or keyword that starts with this scalar is certainly not blank and folds the
        /// same alone as after a "/": a base that is neither whitespace nor anything that could join a character
        /// before it. Text that starts otherwise takes the exact, slower checks.
        var startsPlainly = false
    }

    /// Scalars of the Basic Multilingual Plane, direct-mapped; made on the first non-ASCII scalar.
    /// Scalars of the Basic Multilingual Plane in 256 pages of 256, a page made when one of its scalars is first
    /// seen: text in a few scripts touches a few pages.
    private var bmp: [[Cached]] = Array(repeating: [], count: 256)
    /// Scalars above U+FFFF.
    private var astral: [UInt32: Cached] = [:]
    private var cacheBytes: [UInt8] = []
    package init() {}

    /// One BMP scalar's fold packed in a word, for an inner loop that keeps a table of them: its folded bytes in
    /// the low six bytes (so one eight-byte store writes them), their count in the seventh, and flags in the top
    /// byte. A word of 0 stands for a scalar not looked at yet.
    enum Packed {
        static let known: UInt64 = 0x80
        /// A base whose decomposition ends in a Latin letter: marks after it are dropped.
        static let latin: UInt64 = 0x01
        /// A nonspacing mark: dropped after a Latin base; elsewhere only the reference fold handles it.
        static let mark: UInt64 = 0x02
        /// Only the reference fold handles text with this scalar (it may combine with what precedes it).
        static let combining: UInt64 = 0x04
        /// Folds to more than six bytes: copy it from the cache with ``copyFolded(_:to:)``.
        static let long: UInt64 = 0x08
        /// See ``Cached/startsPlainly``.
        static let startsPlainly: UInt64 = 0x10

        @inline(__always) static func flags(_ entry: UInt64) -> UInt64 { entry >> 56 }
        @inline(__always) static func count(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry >> 48) & 0xFF }
    }

    /// The fold of a BMP scalar (`value` < 0x10000) packed in a word, for a caller's own table.
    mutating func pack(_ value: UInt32) -> UInt64 {
        let cached = lookup(value)
        var flags = Packed.known
        var word: UInt64 = 0
        var count = 0
        if cached.startsPlainly { flags |= Packed.startsPlainly }
        switch cached.kind {
        case .mark: flags |= Packed.mark
        case .combining, .unknown: flags |= Packed.combining
        case .latinBase, .otherBase:
            if cached.kind == .latinBase { flags |= Packed.latin }
            count = Int(cached.count)
            if count > 6 {
                flags |= Packed.long
            } else {
                cacheBytes.withUnsafeBufferPointer { bytes in
                    for offset in 0..<count {
                        word |= UInt64(bytes[Int(cached.start) + offset]) << UInt64(8 * offset)
                    }
                }
            }
        }
        return word | UInt64(count & 0xFF) << 48 | flags << 56
    }

    /// Appends the folded form of UTF-8 text to a buffer.
    ///
    /// - Parameters:
    ///   - input: UTF-8 bytes.
    ///   - out: The buffer to append to. On failure it is left as it was.
    /// - Returns: `false` when `input` is not valid UTF-8.
    /// - Complexity: O(n) in the input length.
    @discardableResult
    package mutating func append(_ input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        let mark = out.count
        var index = 0
        let count = input.count
        var baseIsLatin = false
        // Text that folds to itself apart from ASCII case (ASCII, and scalars such as Hangul or lower-case
        // Cyrillic) is copied a span at a time and lower-cased in place; only other scalars are looked up.
        var spanStart = 0
        @inline(__always) func flushSpan(upTo end: Int, into out: inout [UInt8]) {
            guard end > spanStart else { return }
            let start = out.count
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[spanStart..<end]))
            out.withUnsafeMutableBufferPointer { buffer in
                for position in start..<buffer.count {
                    let byte = buffer[position]
                    buffer[position] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
                }
            }
        }
        while index < count {
            if input[index] < 0x80 {
                index = Folder.asciiRunEnd(input, from: index)
                baseIsLatin = true
                continue
            }
            guard let (scalar, length) = Folder.decode(input, at: index) else {
                out.removeSubrange(mark...)
                return false
            }
            let cached = lookup(scalar)
            if cached.identity {
                baseIsLatin = cached.kind == .latinBase
                index += length
                continue
            }
            flushSpan(upTo: index, into: &out)
            index += length
            spanStart = index
            switch cached.kind {
            case .mark where baseIsLatin:
                continue
            case .mark, .combining, .unknown:
                out.removeSubrange(mark...)
                // The reference path decodes the whole text, repairing what it can't read, so check the rest first.
                guard Folder.isValid(input, from: index) else { return false }
                appendReference(input, to: &out)
                return true
            case .latinBase, .otherBase:
                let start = Int(cached.start)
                cacheBytes.withUnsafeBufferPointer { bytes in
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(cached.count)]))
                }
                baseIsLatin = cached.kind == .latinBase
            }
        }
        flushSpan(upTo: count, into: &out)
        return true
    }

    /// The end of the run of ASCII bytes that starts at `index`, found eight bytes at a time.
    @inline(__always)
    static func asciiRunEnd(_ input: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        let count = input.count
        if let base = input.baseAddress {
            while end + 8 <= count {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                end += 8
            }
        }
        while end < count && input[end] < 0x80 { end += 1 }
        return end
    }

    /// Whether the text starts with a scalar that may combine with text before it, so it cannot be folded apart
    /// from that text.
    ///
    /// - Parameter input: UTF-8 bytes.
    /// - Returns: `true` when the first scalar is a mark or a combining jamo.
    package mutating func startsWithCombining(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = input.first, first >= 0x80, let (scalar, _) = Folder.decode(input, at: 0) else {
            return false
        }
        let kind = lookup(scalar).kind
        return kind == .mark || kind == .combining
    }

    /// Copies the folded bytes of a scalar that is neither identity nor a mark.
    ///
    /// - Returns: The number of bytes written.
    @inline(__always)
    func copyFolded(_ cached: Cached, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = Int(cached.count)
        cacheBytes.withUnsafeBufferPointer { bytes in
            if let source = bytes.baseAddress { out.update(from: source + Int(cached.start), count: count) }
        }
        return count
    }

    private mutating func appendReference(_ input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        out.append(contentsOf: Folding.referenceFold(text).utf8)
    }

    /// The cached fold of one non-ASCII scalar, made the first time it is seen.
    @inline(__always)
    mutating func lookup(_ value: UInt32) -> Cached {
        if value < 0x10000 {
            let page = Int(value >> 8)
            let slot = Int(value & 0xFF)
            if bmp[page].isEmpty {
                bmp[page] = Array(repeating: Cached(start: 0, count: 0, kind: .unknown), count: 256)
            }
            let cached = bmp[page][slot]
            if cached.kind != .unknown { return cached }
            let made = Folder.classify(value, appendingTo: &cacheBytes)
            bmp[page][slot] = made
            return made
        }
        if let cached = astral[value] { return cached }
        let made = Folder.classify(value, appendingTo: &cacheBytes)
        astral[value] = made
        return made
    }

    private static func classify(_ value: UInt32, appendingTo bytes: inout [UInt8]) -> Cached {
        let start = UInt32(bytes.count)
        guard let scalar = Unicode.Scalar(value) else { return Cached(start: start, count: 0, kind: .combining) }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark {
            let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
            let allMarks = decomposed.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
            return Cached(start: start, count: 0, kind: allMarks ? .mark : .combining)
        }
        // A scalar that decomposes to a combining mark composes with the one before it as the mark would: the
        // halfwidth voiced mark U+FF9E is U+3099, so "ﾃﾞ" folds to "デ".
        let first = String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars.first
        if isCombining(scalar) || first.map(isCombining) == true {
            return Cached(start: start, count: 0, kind: .combining)
        }
        let folded = Folding.referenceFold(String(scalar))
        bytes.append(contentsOf: folded.utf8)
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
        let base = decomposed.last { $0.properties.generalCategory != .nonspacingMark }
        let latin = base.map { Folding.isLatin($0.value) } ?? false
        // Grapheme breaking joins an extender or a spacing mark to a space before it, and the old blank check
        // looked at the text as characters when it started with one of these lead bytes; anything of that kind
        // takes the exact path.
        let joins =
            properties.isWhitespace || properties.isGraphemeExtend || value == 0x200D
            || [.spacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator]
                .contains(properties.generalCategory)
        return Cached(
            start: start, count: UInt32(bytes.count) - start, kind: latin ? .latinBase : .otherBase,
            identity: folded.unicodeScalars.elementsEqual([scalar]), startsPlainly: !joins)
    }

    /// Whether canonical composition or reordering could join this scalar to the one before it.
    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.canonicalCombiningClass.rawValue != 0 { return true }
        switch properties.generalCategory {
        case .spacingMark, .enclosingMark, .nonspacingMark: return true
        default: break
        }
        // Hangul medial vowels and final consonants compose with the syllable before them.
        return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
    }

    /// Whether the bytes from `start` on are valid UTF-8.
    static func isValid(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < input.count {
            if input[index] < 0x80 {
                index += 1
                continue
            }
            guard let (_, length) = decode(input, at: index) else { return false }
            index += length
        }
        return true
    }

    /// Decodes one scalar, rejecting overlong forms, surrogates and values past U+10FFFF.
    ///
    /// - Returns: The scalar value and its length in bytes, or `nil` for invalid UTF-8.
    @inline(__always)
    package static func decode(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let count = input.count
        let lead = input[index]
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < count else { return nil }
            let byte = input[index + offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let b1 = continuation(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | b1, 2)
        case 0xE0...0xEF:
            guard let b1 = continuation(1), let b2 = continuation(2) else { return nil }
            let value = UInt32(lead & 0x0F) << 12 | b1 << 6 | b2
            guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, 3)
        case 0xF0...0xF4:
            guard let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
            let value = UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            guard (0x10000...0x10FFFF).contains(value) else { return nil }
            return (value, 4)
        default:
            return nil
        }
    }
}
