#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CatalogFile {
    /// U+2215 DIVISION SLASH: what a `/` inside a name becomes in the rewritten text, where `/` divides groups.
    /// It looks the same on a terminal, and folding reads it as `/`, so typing `tcp/ip` finds `TCP/IP notes`.
    static let slashInName: [UInt8] = [0xE2, 0x88, 0x95]

    /// U+FFFD REPLACEMENT CHARACTER: what each maximal invalid part of a name that is not UTF-8 becomes.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Rewrites a list into catalog lines, one per entry and in the same order, so the reader's checks, its line
    /// numbers and its errors apply to it unchanged.
    ///
    /// Names divided at `/` (a catalog file whose names are not all UTF-8, or `--read0`) keep their paths as they
    /// are, for the reader reads them as shell tools print them. Names divided otherwise are split into their
    /// components (``PathComponents``), joined with `/`, and a `/` inside a component (a flat name, a component
    /// divided by another delimiter) becomes ``slashInName``. An entry divided otherwise that has no component
    /// (`::` with `--delimiter ::`) becomes a blank line, which the reader skips; `/` and `.` divided at `/` are
    /// entries (``ShellPath``). Bytes that are not UTF-8 become U+FFFD, one for each maximal invalid
    /// part as Swift's `String(decoding:)` and the Unicode standard replace them. For names
    /// (``Format/readsNames``), a TAB or newline in a name is written as the sanitizer shows it (`\u{9}`), as is
    /// each scalar of a component of only spaces; with `--flat`, a name that an earlier entry has is left out, and
    /// with ``Format/Repeats/listedOnce`` a path that an earlier entry has (its canonical form, ``ShellPath``).
    ///
    /// - Parameters:
    ///   - input: The list's bytes.
    ///   - format: How to read them.
    /// - Parameter lastFirst: Whether to write the entries last first (``Format/Order/lastFirst``), so that of
    ///   repeated lines the last one read stands for them, as the newest command of a `history` does. Line k of the
    ///   text is then line n + 1 − k of the input's n.
    /// - Returns: The catalog text, and where each of its entries was in the input, or `nil` when every entry's
    ///   path is written as it was read (so the text itself gives the lines).
    /// - Complexity: O(B) in the input's bytes, with no allocation per entry (but for one offset a line when
    ///   `lastFirst`); O(n) expected more with `--flat` or ``Format/Repeats/listedOnce``, for the repeats.
    static func rewrite(_ input: [UInt8], _ format: Format, lastFirst: Bool = false) -> (
        text: [UInt8], lines: SourceLines?
    ) {
        input.withUnsafeBufferPointer { buffer in
            var writer = Rewriter(format: format, capacity: buffer.count + buffer.count / 8 + 16)
            var start = 0
            if format.terminator == 0x0A && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB
                && buffer[2] == 0xBF
            {
                start = 3
                writer.changed = true
            }
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            // Where each line starts, then the end of the last one plus one: kept only to write them last first.
            var lineStarts: [Int] = []
            while start < buffer.count {
                var end = buffer.count
                if let found = memchr(base + start, Int32(format.terminator), buffer.count - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                if lastFirst {
                    lineStarts.append(start)
                } else {
                    writer.entry(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: start)
                }
                start = end + 1
            }
            if lastFirst && !lineStarts.isEmpty {
                // The rewritten lines are in a new order, so the text no longer gives them.
                writer.changed = true
                lineStarts.append(start)
                for line in stride(from: lineStarts.count - 2, through: 0, by: -1) {
                    let range = lineStarts[line]..<lineStarts[line + 1] - 1
                    writer.entry(UnsafeBufferPointer(rebasing: buffer[range]), at: lineStarts[line])
                }
            }
            writer.finish()
            let lines = writer.changed ? SourceLines(raw: input, starts: writer.starts, ranges: writer.ranges) : nil
            return (writer.text, lines)
        }
    }

    /// Writes the rewritten text of one entry after another.
    private struct Rewriter {
        let format: Format
        var text: [UInt8] = []
        var starts: [UInt32] = []
        var ranges: [UInt32] = []
        /// Whether some entry's path differs from its line as read, so the lines must be kept.
        var changed = false
        /// With `--flat` or ``Format/Repeats/listedOnce``, the names or paths written so far, to leave out repeats.
        var seen = NameSet()
        /// With ``Format/Repeats/listedOnce`` and paths written as they are, the canonical form of each path so
        /// far, a line each, which `seen` indexes.
        private var canonical: [UInt8] = []
        private var scratch: [UInt8] = []
        /// Whether names are divided at `/` and written as they are, their components checked in place.
        private let keepsPaths: Bool

        init(format: Format, capacity: Int) {
            self.format = format
            keepsPaths = !format.paths.flat && format.paths.separator == [0x2F]
            text.reserveCapacity(capacity)
            starts.reserveCapacity(capacity / 32)
            ranges.reserveCapacity(capacity / 16)
            changed = format.paths.flat || !keepsPaths
        }

        mutating func entry(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) {
            var line = line
            // A CRLF line end is read as the reader reads it.
            if format.terminator == 0x0A, let last = line.last, last == 0x0D {
                line = UnsafeBufferPointer(rebasing: line.dropLast())
            }
            // In a catalog line, keywords follow the path after a TAB and are kept as they are.
            var path = line
            var keywords = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            if !format.readsNames, let tab = line.firstIndex(of: 0x09) {
                path = UnsafeBufferPointer(rebasing: line[..<tab])
                keywords = UnsafeBufferPointer(rebasing: line[tab...])
            }
            let start = text.count
            let clean = keepsPaths && Rewriter.isClean(path, slashIsSeparator: true)
            if keepsPaths && format.repeats == .listedOnce && !Rewriter.readsAsPath(path, clean: clean) {
                // A picker's line that no path can be read from (`grep` output ending in "/ ", a TAB first, more
                // groups than a path may have) is listed whole, as --flat lists it, rather than end the read.
                changed = true
                appendName(line, slash: slashInName)
                if seen.holds(text, from: start) {
                    text.removeSubrange(start...)
                    text.append(0x0A)
                    return
                }
                path = line
                keywords = UnsafeBufferPointer(start: nil, count: 0)
            } else if keepsPaths {
                appendPath(path, clean: clean)
                if format.repeats == .listedOnce && repeatsPath(from: start) {
                    text.removeSubrange(start...)
                    text.append(0x0A)
                    return
                }
            } else {
                var first = true
                format.paths.forEachComponent(of: path) { component in
                    if !first { text.append(0x2F) }
                    first = false
                    appendName(UnsafeBufferPointer(rebasing: path[component]), slash: slashInName)
                }
                if first {
                    // Names nothing (".", "/"): a blank line, which keeps the line numbers.
                    text.append(0x0A)
                    return
                }
                if format.paths.flat || format.repeats == .listedOnce, seen.holds(text, from: start) {
                    text.removeSubrange(start...)
                    text.append(0x0A)
                    return
                }
            }
            starts.append(UInt32(truncatingIfNeeded: start))
            // The path is where the line starts: what is printed is the line without its keywords.
            ranges.append(UInt32(truncatingIfNeeded: offset))
            ranges.append(UInt32(truncatingIfNeeded: offset + path.count))
            text.append(contentsOf: keywords)
            text.append(0x0A)
        }

        mutating func finish() {
            seen = NameSet()
            canonical = []
        }

        /// Whether a line's path reads as a path: not empty, and with no blank title or group and no more groups
        /// than a path may have (``CatalogFile/checkPath(_:line:)``). A clean path (``isClean(_:slashIsSeparator:)``,
        /// which the caller found) is checked only for its length.
        static func readsAsPath(_ path: UnsafeBufferPointer<UInt8>, clean: Bool) -> Bool {
            if path.isEmpty { return false }
            if path.count <= CatalogFile.maximumGroups && clean { return true }
            guard case .success(_?) = CatalogFile.checkPath(path, line: 0) else { return false }
            return true
        }

        /// Whether the path written from `start` names what an earlier entry's path names (`./a`, `a/` and `a`
        /// are one), remembering it when it does not.
        private mutating func repeatsPath(from start: Int) -> Bool {
            let keyStart = canonical.count
            text.withUnsafeBufferPointer { written in
                ShellPath.withCanonical(UnsafeBufferPointer(rebasing: written[start...]), scratch: &scratch) {
                    canonical.append(contentsOf: $0)
                }
            }
            guard seen.holds(canonical, from: keyStart) else {
                canonical.append(0x0A)
                return false
            }
            canonical.removeSubrange(keyStart...)
            return true
        }

        /// Appends a path divided at `/` as it is, unless a component needs writing otherwise (``appendName``).
        ///
        /// - Parameter clean: Whether the path is clean (``isClean(_:slashIsSeparator:)``), as the caller found.
        private mutating func appendPath(_ path: UnsafeBufferPointer<UInt8>, clean: Bool) {
            if clean {
                text.append(contentsOf: path)
                return
            }
            var componentStart = 0
            for index in 0...path.count where index == path.count || path[index] == 0x2F {
                appendName(UnsafeBufferPointer(rebasing: path[componentStart..<index]), slash: [0x2F])
                if index < path.count { text.append(0x2F) }
                componentStart = index + 1
            }
        }

        /// Whether a name (or a path, with `slashIsSeparator`) can be written as it is: UTF-8, no TAB, newline, CR
        /// or "/" inside a name, and no component of only spaces.
        ///
        /// - Complexity: O(n), eight ASCII bytes at a time.
        private static func isClean(_ name: UnsafeBufferPointer<UInt8>, slashIsSeparator: Bool) -> Bool {
            guard let base = name.baseAddress else { return true }
            var index = 0
            var atComponentStart = true
            while index < name.count {
                let byte = base[index]
                if atComponentStart {
                    atComponentStart = false
                    // A component that starts with a space may be only spaces: the slow path looks.
                    if byte <= 0x20 || byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3 { return false }
                }
                if byte >= 0x80 {
                    guard let (_, length) = Folder.decode(name, at: index) else { return false }
                    index += length
                    continue
                }
                switch byte {
                // A CR would end the rewritten line early for the reader, which reads CRLF as a line end.
                case 0x09, 0x0A, 0x0D: return false
                case 0x2F:
                    guard slashIsSeparator else { return false }
                    atComponentStart = true
                default: break
                }
                index += 1
            }
            return true
        }

        /// Appends a component's bytes: a `/` inside it as `slash`, bytes that are not UTF-8 as U+FFFD, and for
        /// names, a TAB or newline as an escape, and a component of only spaces as escapes. A NUL stays, for the
        /// reader to refuse with its line number: no file name holds one, and `--print0` could not print it.
        private mutating func appendName(_ name: UnsafeBufferPointer<UInt8>, slash: [UInt8]) {
            if Rewriter.isClean(name, slashIsSeparator: false) {
                text.append(contentsOf: name)
                return
            }
            changed = true
            if format.readsNames && CatalogFile.isBlank(name) && !(format.terminator == 0x0A && format.paths.flat)
                && !name.isEmpty
            {
                // A name of only spaces is a name (a file called " "), which a catalog line cannot hold: its
                // scalars are written as escapes. A blank line in a newline-separated flat list stays blank.
                for scalar in String(decoding: name, as: UTF8.self).unicodeScalars { appendEscape(scalar.value) }
                return
            }
            var index = 0
            while index < name.count {
                let byte = name[index]
                switch byte {
                case 0x2F:
                    text.append(contentsOf: slash)
                    index += 1
                case 0x09, 0x0A:
                    // Only names reach here with these: a catalog line's path ends before either.
                    appendEscape(UInt32(byte))
                    index += 1
                case 0x00..<0x80:
                    text.append(byte)
                    index += 1
                default:
                    if let (_, length) = Folder.decode(name, at: index) {
                        text.append(contentsOf: UnsafeBufferPointer(rebasing: name[index..<index + length]))
                        index += length
                    } else {
                        text.append(contentsOf: replacement)
                        index += Rewriter.maximalSubpart(name, at: index)
                    }
                }
            }
        }

        /// Appends `\u{…}`, the sanitizer's escape for a scalar, without making a string.
        private mutating func appendEscape(_ value: UInt32) {
            text.append(contentsOf: [0x5C, 0x75, 0x7B])
            var digits = 0
            var rest = value
            repeat {
                digits += 1
                rest >>= 4
            } while rest != 0
            for position in stride(from: digits - 1, through: 0, by: -1) {
                let digit = UInt8((value >> UInt32(4 * position)) & 0xF)
                text.append(digit < 10 ? 0x30 + digit : 0x41 + digit - 10)
            }
            text.append(0x7D)
        }

        /// The length of the maximal invalid part of UTF-8 at `index`: the longest start of a well-formed sequence
        /// there, or 1, which one U+FFFD replaces.
        static func maximalSubpart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
            let lead = bytes[index]
            let (length, second): (Int, ClosedRange<UInt8>)
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return 1
            }
            var taken = 1
            while taken < length && index + taken < bytes.count {
                let byte = bytes[index + taken]
                guard taken == 1 ? second.contains(byte) : (0x80...0xBF).contains(byte) else { break }
                taken += 1
            }
            return taken
        }
    }

    /// The names a flat list has written, by hash, to leave out repeats: an open-addressing table of where each
    /// starts in the text, which grows by doubling, so a name costs no allocation.
    private struct NameSet {
        private var slots = [Int](repeating: -1, count: 1 << 10)
        private var hashes = [UInt64](repeating: 0, count: 1 << 10)
        private var count = 0

        /// Whether the name written from `start` to the end of `text` repeats an earlier one; remembers it when it
        /// does not.
        mutating func holds(_ text: [UInt8], from start: Int) -> Bool {
            text.withUnsafeBufferPointer { buffer in
                let name = UnsafeBufferPointer(rebasing: buffer[start...])
                let hash = PathSet.hash(name, 0..<name.count)
                var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                while slots[slot] >= 0 {
                    let other = slots[slot]
                    if hashes[slot] == hash {
                        let end = buffer[other...].firstIndex(of: 0x0A) ?? buffer.count
                        if end - other == name.count && buffer[other..<end].elementsEqual(name) { return true }
                    }
                    slot = (slot + 1) & (slots.count - 1)
                }
                slots[slot] = start
                hashes[slot] = hash
                count += 1
                if 2 * count > slots.count { grow() }
                return false
            }
        }

        private mutating func grow() {
            let old = zip(slots, hashes).filter { $0.0 >= 0 }
            slots = [Int](repeating: -1, count: 2 * slots.count)
            hashes = [UInt64](repeating: 0, count: slots.count)
            for (start, hash) in old {
                var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = start
                hashes[slot] = hash
            }
        }
    }
}
