#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CatalogFile {
    /// How the lines of a list are read: what ends an entry, and how an entry divides into groups and a title.
    ///
    /// The standard format is a catalog file: newline-terminated `Group/Sub/Title` paths with optional keywords
    /// after a TAB, where paths as shell tools print them (`/usr/share/x`, `./src/a`, `a//b`, `a/b/`) are read the
    /// way ``PathComponents`` reads them. Any other format (`--flat`, `--delimiter`, `--read0`) reads each entry as
    /// a name, not a catalog line: a TAB is part of it, and bytes that are not UTF-8 show as U+FFFD.
    public struct Format: Sendable, Equatable {
        /// How an entry divides into groups and a title.
        public var paths: PathComponents
        /// The byte that ends an entry: newline, or NUL for `--read0`.
        public var terminator: UInt8

        /// A catalog file.
        public static let standard = Format()

        /// Creates a format.
        ///
        /// - Parameters:
        ///   - paths: How an entry divides into groups and a title.
        ///   - terminator: The byte that ends an entry.
        public init(paths: PathComponents = .slash, terminator: UInt8 = 0x0A) {
            self.paths = paths
            self.terminator = terminator
        }

        /// Whether entries are names rather than catalog lines, so every one is rewritten before it is read.
        var readsNames: Bool { paths.flat || paths.separator != [0x2F] || terminator != 0x0A }
    }

    /// The lines of a list as they were read, for entries whose path was rewritten to be read: the line of each
    /// entry, byte for byte, is what a picker prints.
    struct SourceLines: Sendable {
        /// The input as read.
        let raw: [UInt8]
        /// Where each rewritten entry's path starts in the rewritten text, ascending.
        let starts: [UInt32]
        /// Where each rewritten entry's line starts and ends in `raw`, two offsets an entry.
        let ranges: [UInt32]

        /// The range in `raw` of the entry whose rewritten path starts at `pathStart`.
        ///
        /// - Complexity: O(log n) in the number of entries.
        func range(ofPathAt pathStart: UInt32) -> Range<Int> {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < pathStart { low = middle + 1 } else { high = middle }
            }
            let entry = min(low, starts.count - 1)
            return Int(ranges[2 * entry])..<Int(ranges[2 * entry + 1])
        }
    }

    /// U+2215 DIVISION SLASH: what a `/` inside a name becomes in the rewritten text, where `/` divides groups.
    /// It looks the same on a terminal, and folding reads it as `/`, so typing `tcp/ip` finds `TCP/IP notes`.
    static let slashInName: [UInt8] = [0xE2, 0x88, 0x95]

    /// Rewrites a list into catalog lines, one per entry and in the same order, so the reader's checks, its line
    /// numbers and its errors apply to it unchanged.
    ///
    /// Each entry's components (``PathComponents``) are joined with `/`; a `/` inside a component (the root group
    /// of an absolute path, a flat name, a component divided by another delimiter) becomes ``slashInName``. An
    /// entry that names nothing (`.`, `/`) becomes a blank line, which the reader skips. For names
    /// (``Format/readsNames``), a TAB, newline or NUL in a name is written as the sanitizer shows it (`\u{9}`), as
    /// is each scalar of a name of only spaces, and bytes that are not UTF-8 as U+FFFD; with `--flat`, a name that
    /// an earlier entry has is left out.
    ///
    /// - Parameters:
    ///   - input: The list's bytes.
    ///   - format: How to read them.
    /// - Returns: The catalog text, and where each of its entries was in the input.
    /// - Complexity: O(B) in the input's bytes; O(n) expected more with `--flat`, for the repeats.
    static func rewrite(_ input: [UInt8], _ format: Format) -> (text: [UInt8], lines: SourceLines) {
        input.withUnsafeBufferPointer { buffer in
            var writer = Rewriter(format: format, capacity: buffer.count + buffer.count / 8 + 16)
            var start = 0
            if format.terminator == 0x0A && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB
                && buffer[2] == 0xBF
            {
                start = 3
            }
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            while start < buffer.count {
                var end = buffer.count
                if let found = memchr(base + start, Int32(format.terminator), buffer.count - start) {
                    end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                writer.entry(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: start)
                start = end + 1
            }
            return (writer.text, SourceLines(raw: input, starts: writer.starts, ranges: writer.ranges))
        }
    }

    /// Writes the rewritten text of one entry after another.
    private struct Rewriter {
        let format: Format
        var text: [UInt8] = []
        var starts: [UInt32] = []
        var ranges: [UInt32] = []
        /// With `--flat`, the start of each name written so far, by its hash, to leave out repeats.
        var seen: [Int: [Int]] = [:]

        init(format: Format, capacity: Int) {
            self.format = format
            text.reserveCapacity(capacity)
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
            let components = format.paths.ranges(of: path)
            for (position, component) in components.enumerated() {
                if position > 0 { text.append(0x2F) }
                appendName(UnsafeBufferPointer(rebasing: path[component]))
            }
            if components.isEmpty {
                // Names nothing (".", "/"): a blank line, which keeps the line numbers.
                text.append(0x0A)
                return
            }
            if format.paths.flat && isRepeat(from: start) {
                text.removeSubrange(start...)
                text.append(0x0A)
                return
            }
            starts.append(UInt32(truncatingIfNeeded: start))
            // The path is where the line starts: what is printed is the line without its keywords.
            ranges.append(UInt32(truncatingIfNeeded: offset))
            ranges.append(UInt32(truncatingIfNeeded: offset + path.count))
            text.append(contentsOf: keywords)
            text.append(0x0A)
        }

        /// Appends a component's bytes: a `/` (the root group's name, or one inside a name) as ``slashInName``,
        /// bytes that are not UTF-8 as U+FFFD, one for each maximal invalid part as Swift's `String(decoding:)`
        /// and the Unicode standard replace them, and for names, a TAB or newline as an escape. A NUL stays, for
        /// the reader to refuse with its line number: no file name holds one, and `--print0` could not print it.
        private mutating func appendName(_ name: UnsafeBufferPointer<UInt8>) {
            guard String(validating: name, as: UTF8.self) != nil else {
                var repaired = String(decoding: name, as: UTF8.self)
                repaired.withUTF8 { appendValidName($0) }
                return
            }
            appendValidName(name)
        }

        /// Appends the bytes of a component that is UTF-8, as ``appendName(_:)`` describes.
        private mutating func appendValidName(_ name: UnsafeBufferPointer<UInt8>) {
            if format.readsNames && CatalogFile.isBlank(name) && !(format.terminator == 0x0A && format.paths.flat) {
                // A name of only spaces is a name (a file called " "), which a catalog line cannot hold: its
                // scalars are written as escapes. A blank line in a newline-separated flat list stays blank.
                for scalar in String(decoding: name, as: UTF8.self).unicodeScalars {
                    text.append(contentsOf: Array("\\u{\(String(scalar.value, radix: 16, uppercase: true))}".utf8))
                }
                return
            }
            var index = 0
            while index < name.count {
                let byte = name[index]
                switch byte {
                case 0x2F:
                    text.append(contentsOf: slashInName)
                    index += 1
                case 0x09, 0x0A:
                    // Only names reach here with these: a catalog line's path ends before either.
                    text.append(contentsOf: Array("\\u{\(String(byte, radix: 16, uppercase: true))}".utf8))
                    index += 1
                case 0x00..<0x80:
                    text.append(byte)
                    index += 1
                default:
                    // UTF-8 here: a scalar's bytes go whole.
                    let length = Folder.decode(name, at: index)?.1 ?? 1
                    text.append(
                        contentsOf: UnsafeBufferPointer(rebasing: name[index..<min(index + length, name.count)]))
                    index += length
                }
            }
        }

        /// Whether the name written from `start` repeats an earlier one; remembers it when it does not.
        private mutating func isRepeat(from start: Int) -> Bool {
            let name = text[start...]
            var hasher = Hasher()
            name.withUnsafeBytes { hasher.combine(bytes: $0) }
            let hash = hasher.finalize()
            let earlier = seen[hash, default: []]
            for other in earlier {
                let end = text[other...].firstIndex(of: 0x0A) ?? text.count
                if text[other..<end].elementsEqual(name) { return true }
            }
            seen[hash, default: []].append(start)
            return false
        }
    }
}

extension CatalogFile.Format {
    /// Reads a list in this format: the standard format directly, and paths as shell tools print them or names
    /// rewritten first, with each entry's line kept as it was read.
    ///
    /// - Parameters:
    ///   - bytes: The list.
    ///   - read: Reads catalog text into a table.
    func read<T>(
        _ bytes: [UInt8], _ read: ([UInt8], CatalogFile.SourceLines?) throws -> T
    ) throws -> T {
        if readsNames {
            let (text, lines) = CatalogFile.rewrite(bytes, self)
            return try read(text, lines)
        }
        do {
            return try read(bytes, nil)
        } catch let error as CatalogFile.Error where error.isShellPath {
            // Paths as shell tools print them: rewritten, then read with the same checks.
            let (text, lines) = CatalogFile.rewrite(bytes, self)
            return try read(text, lines)
        }
    }
}
