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
        /// What a line that repeats an earlier line's path is.
        public var repeats: Repeats
        /// The order entries are listed, browsed and found in.
        public var order: Order = .natural
        /// Whether fuzzy hits go best first; `false` keeps them in ``order`` (fzf's `--no-sort`).
        public var ranksFuzzyHits = true
        /// Whether hits that fit the query equally well go shorter name, then shorter path, first; `false` keeps
        /// them in ``order``, as fzf's `--scheme=history` does: of two commands equally found, the newer is meant.
        package var breaksTiesByLength = true
        /// Whether flat NUL-ended entries are a shell's commands (`--scheme=history`): a TAB shows as spaces, as in a
        /// newline-ended line, and a newline as one space, as fzf shows a multi-line command on its row, rather than
        /// escaped as in a file name, where either would be a surprise.
        package var readsCommands = false
        /// Whether the colours a program wrote into its lines are left out before they are read (fzf's `--ansi`;
        /// ``TerminalEscapes``): what is shown, found and printed is the text without them.
        public var stripsEscapes = false

        /// The order entries are listed, browsed and found in. Groups are always in natural order of their names.
        public enum Order: Sendable, Equatable {
            /// Natural order of the titles: the catalog's own.
            case natural
            /// As read: `history`, `git log` or `ls -t` piped to a picker keep their order (`--no-sort`).
            case asRead
            /// As read, the last line first (`--tac`).
            case lastFirst
        }

        /// What a line that repeats an earlier line's path is.
        public enum Repeats: Sendable, Equatable {
            /// An error that names the line: a catalog file lists each entry once.
            case refused
            /// Left out, the first line with the path standing for it, or the last when read last first
            /// (``Order/lastFirst``): a list piped to a picker (`history`, `cat a b`) repeats lines as a matter of
            /// course, and fzf shows them.
            case listedOnce
        }

        /// A catalog file.
        public static let standard = Format()

        /// Creates a format.
        ///
        /// - Parameters:
        ///   - paths: How an entry divides into groups and a title.
        ///   - terminator: The byte that ends an entry.
        ///   - repeats: What a line that repeats an earlier line's path is.
        public init(paths: PathComponents = .slash, terminator: UInt8 = 0x0A, repeats: Repeats = .refused) {
            self.paths = paths
            self.terminator = terminator
            self.repeats = repeats
        }

        /// Whether entries are names rather than catalog lines, so every one is rewritten before it is read.
        var readsNames: Bool { paths.flat || paths.separator != [0x2F] || terminator != 0x0A }
    }
}

extension CatalogFile.Format {
    /// Reads a list in this format: the standard format directly (paths as shell tools print them included), and
    /// names, or file names that are not UTF-8, rewritten first, with each entry's line kept as it was read.
    ///
    /// A list whose repeats are left out (``Repeats/listedOnce``, `--flat`) and that is read last first is
    /// rewritten last first, so the last of repeated lines stands for them; its errors still name lines as read.
    ///
    /// - Parameters:
    ///   - bytes: The list.
    ///   - read: Reads catalog text into a table, its records in the order given.
    ///
    /// A picker's list in which two lines share a path but not what follows its TAB (`git diff --numstat` repeats
    /// `2`, ctags a name) holds columns, not paths with keywords: it is read as `--flat` reads lines, whole, so
    /// that none of them is left out as a repeat.
    func read<T>(
        _ bytes: [UInt8], _ read: ([UInt8], CatalogFile.SourceLines?, Order) throws -> T
    ) throws -> T {
        do {
            return try readAsFound(bytes, read)
        } catch let error as CatalogFile.Error where error.keywordsDiffer && !paths.flat {
            return try asLines.read(bytes, read)
        }
    }

    /// This format reading each line whole, as `--flat` does, and, as a picker keeps `--flat` lines, in the order read.
    private var asLines: Self {
        var lines = self
        lines.paths = PathComponents(separator: paths.separator, flat: true)
        if repeats == .listedOnce && order == .natural { lines.order = .asRead }
        return lines
    }

    private func readAsFound<T>(
        _ bytes: [UInt8], _ read: ([UInt8], CatalogFile.SourceLines?, Order) throws -> T
    ) throws -> T {
        if stripsEscapes, let plain = TerminalEscapes.stripped(bytes) {
            // The list as if written without colours: its lines, and their numbers, are the same.
            var format = self
            format.stripsEscapes = false
            return try format.read(plain, read)
        }
        if readsNames {
            return try rewritten(bytes, read)
        }
        do {
            return try read(bytes, nil, order)
        } catch let error as CatalogFile.Error where recovers(from: error) {
            return try recover(bytes, from: error, read)
        }
    }

    /// Whether repeats are left out rather than refused: a picker's list (``Repeats/listedOnce``), and `--flat`'s
    /// names.
    var leavesOutRepeats: Bool { repeats == .listedOnce || paths.flat }

    /// Whether a list read as it is, which failed with `error`, is read another way: file names that are not
    /// UTF-8, repeats to leave out, and a picker's lines that are no path, to list whole.
    func recovers(from error: CatalogFile.Error) -> Bool {
        error.needsRewrite || (error.isRepeat && leavesOutRepeats) || (error.isNotAPath && repeats == .listedOnce)
    }

    /// Reads a list that failed as it is with `error` (``recovers(from:)``). Repeats alone are left out by reading
    /// a copy with their lines blanked (``blanking(_:in:)``). Anything else is rewritten
    /// (``CatalogFile/rewrite(_:_:lastFirst:)``), then read with the same checks.
    ///
    /// - Complexity: O(B) for B bytes: a copy and a second read, split over the cores.
    func recover<T>(
        _ bytes: [UInt8], from error: CatalogFile.Error,
        _ read: ([UInt8], CatalogFile.SourceLines?, Order) throws -> T
    ) throws -> T {
        do {
            guard !error.keywordsDiffer else { throw error }
            return try recoverAsFound(bytes, from: error, read)
        } catch let error as CatalogFile.Error where error.keywordsDiffer && !paths.flat {
            return try asLines.read(bytes, read)
        }
    }

    private func recoverAsFound<T>(
        _ bytes: [UInt8], from error: CatalogFile.Error,
        _ read: ([UInt8], CatalogFile.SourceLines?, Order) throws -> T
    ) throws -> T {
        guard error.isRepeat, !error.repeatedLines.isEmpty else { return try rewritten(bytes, read) }
        do {
            return try read(Self.blanking(error.repeatedLines, in: bytes), nil, order)
        } catch let again as CatalogFile.Error where recovers(from: again) {
            return try rewritten(bytes, read)
        }
    }

    /// A copy of catalog text with the lines that start at `lines` made of spaces, which the reader skips: every
    /// other byte stays where it was, so the copy's entries lie where the text's did.
    static func blanking(_ lines: [Int], in text: [UInt8]) -> [UInt8] {
        var copy = text
        copy.withUnsafeMutableBufferPointer { text in
            guard let base = text.baseAddress else { return }
            for start in lines where start < text.count {
                var end = text.count
                if let found = memchr(base + start, 0x0A, text.count - start) {
                    end = UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(base)
                }
                memset(base + start, 0x20, end - start)
            }
        }
        return copy
    }

    /// Rewrites a list (``CatalogFile/rewrite(_:_:lastFirst:)``) and reads it, leaving out the repeats that the
    /// reader finds in the text where the format leaves them out.
    private func rewritten<T>(
        _ bytes: [UInt8], _ read: ([UInt8], CatalogFile.SourceLines?, Order) throws -> T
    ) throws -> T {
        let lastFirst = order == .lastFirst && leavesOutRepeats
        let (text, lines) = CatalogFile.rewrite(bytes, self, lastFirst: lastFirst)
        let textOrder = lastFirst ? .asRead : order
        do {
            do {
                return try read(text, lines, textOrder)
            } catch let error as CatalogFile.Error
                where error.isRepeat && !error.repeatedLines.isEmpty && !error.keywordsDiffer
            {
                // The text's lines stay where they are, so `lines` still finds each one's line as read.
                return try read(Self.blanking(error.repeatedLines, in: text), lines, textOrder)
            }
        } catch var error as CatalogFile.Error where lastFirst {
            // Line k of the text is line n + 1 − k of the input; a list read once has no error naming another line.
            error.line = text.count { $0 == 0x0A } + 1 - error.line
            throw error
        }
    }
}
