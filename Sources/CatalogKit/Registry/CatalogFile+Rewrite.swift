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
    /// each scalar of a component of only spaces. Repeats are written too: the reader finds them, and leaves them
    /// out where the format says so (``Format/read(_:_:)``).
    ///
    /// - Parameters:
    ///   - input: The list's bytes.
    ///   - format: How to read them.
    ///   - lastFirst: Whether to write the entries last first (``Format/Order/lastFirst``), so that of repeated
    ///     lines the last one read stands for them, as the newest command of a `history` does. Line k of the text
    ///     is then line n + 1 − k of the input's n.
    /// - Returns: The catalog text, and where each of its entries was in the input, or `nil` when every entry's
    ///   path is written as it was read (so the text itself gives the lines).
    /// - Complexity: O(B) in the input's bytes, with no allocation per entry (but for one offset a line when
    ///   `lastFirst`), split over the cores unless `lastFirst`.
    static func rewrite(_ input: [UInt8], _ format: Format, lastFirst: Bool = false) -> (
        text: [UInt8], lines: SourceLines?
    ) {
        input.withUnsafeBufferPointer { buffer in
            var first = 0
            // A byte order mark is left out whatever ends the lines, as the reader leaves it out of a list it reads
            // as it is (with --read0 too); the reader then skips none in the text written here.
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB
                && buffer[2] == 0xBF
            {
                first = 3
            }
            nonisolated(unsafe) let text = buffer
            let ranges =
                lastFirst
                ? [first..<buffer.count] : pieces(of: buffer, from: first, at: format.terminator, count: Parallel.width)
            let parts = Parallel.map(ranges.count) { piece -> Rewritten in
                var writer = Rewriter(format: format, capacity: ranges[piece].count + ranges[piece].count / 8 + 16)
                writer.rewrite(text, ranges[piece], lastFirst: lastFirst)
                return Rewritten(
                    text: writer.text, starts: writer.starts, ranges: writer.ranges, changed: writer.changed)
            }
            let changed = first > 0 || parts.contains { $0.changed }
            guard parts.count > 1 else {
                let part = parts.first ?? Rewritten(text: [], starts: [], ranges: [], changed: false)
                return (part.text, changed ? SourceLines(raw: input, starts: part.starts, ranges: part.ranges) : nil)
            }
            // The pieces' texts one after another; each piece's starts moved by the text before it.
            var joined: [UInt8] = []
            joined.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
            var starts: [UInt32] = []
            var sourceRanges: [UInt32] = []
            if changed {
                starts.reserveCapacity(parts.reduce(0) { $0 + $1.starts.count })
                sourceRanges.reserveCapacity(parts.reduce(0) { $0 + $1.ranges.count })
            }
            for part in parts {
                if changed {
                    let base = UInt32(truncatingIfNeeded: joined.count)
                    starts.append(contentsOf: part.starts.lazy.map { $0 &+ base })
                    sourceRanges.append(contentsOf: part.ranges)
                }
                joined.append(contentsOf: part.text)
            }
            return (joined, changed ? SourceLines(raw: input, starts: starts, ranges: sourceRanges) : nil)
        }
    }

    /// One piece's rewritten text, and where its entries start in it and were in the input.
    private struct Rewritten: Sendable {
        var text: [UInt8]
        var starts: [UInt32]
        var ranges: [UInt32]
        var changed: Bool
    }

    /// Writes the rewritten text of one entry after another.
    private struct Rewriter {
        let format: Format
        var text: [UInt8] = []
        var starts: [UInt32] = []
        var ranges: [UInt32] = []
        /// Whether some entry's path differs from its line as read, so the lines must be kept.
        var changed = false
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

        /// Writes the entries of one piece of the input, first to last or last first.
        mutating func rewrite(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lastFirst: Bool) {
            let base = input.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            let terminator = Int32(format.terminator)
            // Where each line starts, then the end of the last one plus one: kept only to write them last first.
            var lineStarts: [Int] = []
            var start = range.lowerBound
            while start < range.upperBound {
                var end = range.upperBound
                if let found = memchr(base + start, terminator, range.upperBound - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                if lastFirst {
                    lineStarts.append(start)
                } else {
                    entry(UnsafeBufferPointer(rebasing: input[start..<end]), at: start)
                }
                start = end + 1
            }
            guard lastFirst && !lineStarts.isEmpty else { return }
            // The rewritten lines are in a new order, so the text no longer gives them.
            changed = true
            lineStarts.append(start)
            for line in stride(from: lineStarts.count - 2, through: 0, by: -1) {
                entry(
                    UnsafeBufferPointer(rebasing: input[lineStarts[line]..<lineStarts[line + 1] - 1]),
                    at: lineStarts[line])
            }
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
                path = line
                keywords = UnsafeBufferPointer(start: nil, count: 0)
            } else if keepsPaths {
                appendPath(path, clean: clean)
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
            }
            starts.append(UInt32(truncatingIfNeeded: start))
            // The path is where the line starts: `list` prints the line without its keywords, a pick the whole line.
            ranges.append(UInt32(truncatingIfNeeded: offset))
            ranges.append(UInt32(truncatingIfNeeded: offset + path.count))
            ranges.append(UInt32(truncatingIfNeeded: offset + (keywords.isEmpty ? path.count : line.count)))
            text.append(contentsOf: keywords)
            text.append(0x0A)
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
            // Runs of bytes written as they are go out whole: a flat list of paths has a "/" in every line.
            // The column a flat line's text has reached, counted up to `counted` in `text`, for its TABs.
            var column = 0
            var counted = text.count
            var index = 0
            var run = 0
            while index < name.count {
                let byte = name[index]
                switch byte {
                case 0x2F:
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: name[run..<index]))
                    text.append(contentsOf: slash)
                    index += 1
                    run = index
                case 0x09, 0x0A:
                    // Only names reach here with these: a catalog line's path ends before either.
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: name[run..<index]))
                    if byte == 0x09 && format.paths.flat && (format.terminator == 0x0A || format.readsCommands) {
                        // A flat line's TAB (`ps`, `git log --format=%h%x09%s`) shows as a terminal shows it: spaces
                        // to the next eighth column; so does a NUL-ended history line's (bash's Ctrl-R widget's
                        // `123<TAB>command`). The line printed is the line as read.
                        column += DisplayWidth.of(String(decoding: text[counted...], as: UTF8.self))
                        let spaces = 8 - column % 8
                        text.append(contentsOf: repeatElement(0x20, count: spaces))
                        column += spaces
                        counted = text.count
                    } else if byte == 0x0A && format.paths.flat && format.readsCommands {
                        // A multi-line command of a history shows on its row, its newlines as spaces, as fzf's.
                        text.append(0x20)
                        column += DisplayWidth.of(String(decoding: text[counted...], as: UTF8.self))
                        counted = text.count
                    } else {
                        appendEscape(UInt32(byte))
                    }
                    index += 1
                    run = index
                case 0x00..<0x80:
                    index += 1
                default:
                    if let (_, length) = Folder.decode(name, at: index) {
                        index += length
                    } else {
                        text.append(contentsOf: UnsafeBufferPointer(rebasing: name[run..<index]))
                        text.append(contentsOf: replacement)
                        index += Rewriter.maximalSubpart(name, at: index)
                        run = index
                    }
                }
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: name[run..<index]))
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
}
