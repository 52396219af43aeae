import CatalogKit
import CatalogTerminal
import Glibc

/// The catalog a command works on: the file given with `--file`, or the program's registry.
enum CatalogSource {
    /// Loads the catalog.
    ///
    /// - Parameters:
    ///   - arguments: The command line, for `--file`.
    ///   - context: The program's registry.
    ///   - query: When given, a file keeps only the entries that match it (the whole file is still checked), so a
    ///     one-off search never sorts what it will not print.
    ///   - repeats: What a line that repeats an earlier line's path is: an error for `search`, listed once for a
    ///     picker's `--filter`.
    ///   - headerLines: The lines at the file's start to leave out (`--header-lines` with `--filter`); an error
    ///     still names its line as read.
    ///   - input: The list's bytes, read already (a command's output), in place of `--file`'s.
    /// - Returns: The entries, and the registry when they came from it.
    /// - Throws: ``InputError`` naming the file and the line.
    static func load(
        _ arguments: Arguments, _ context: Context, matching query: Query? = nil,
        repeats: CatalogFile.Format.Repeats = .refused, headerLines: Int = 0, input: [UInt8]? = nil
    ) throws -> (snapshot: Snapshot<any Screen>, registry: Registry<any Screen>?) {
        let format = try format(arguments, repeats: repeats)
        guard let path = arguments.values["--file"] else {
            return (context.registry.snapshot(), context.registry)
        }
        var linesBefore = 0
        do {
            if headerLines > 0 || input != nil {
                var bytes = try input ?? read(path)
                let header = takeHeader(headerLines, from: &bytes, terminator: format.terminator)
                linesBefore = header.count { $0 == format.terminator }
                let snapshot: Snapshot<any Screen> =
                    try query.map { try CatalogFile.matching(bytes, $0, format: format) }
                    ?? CatalogFile.parse(bytes, format: format)
                return (snapshot, nil)
            }
            if let query {
                // A one-off search reads a regular file where it lies, mapped, instead of copying it first.
                if let found: Snapshot<any Screen> = try withMappedFile(
                    path, { try CatalogFile.matching($0, query, format: format) })
                {
                    return (found, nil)
                }
                return (try CatalogFile.matching(try read(path, format: format), query, format: format), nil)
            }
            return (try CatalogFile.parse(try read(path, format: format), format: format), nil)
        } catch var error as CatalogFile.Error {
            error.line += linesBefore
            throw InputError(description: "\(displayName(path)): \(error)")
        }
    }

    /// How `--file`'s lines are read and ordered: `--flat`, `--delimiter`, `--read0`, `--no-sort`, `--tac` and
    /// `--ansi`, which need `--file`.
    ///
    /// - Parameter repeats: What a line that repeats an earlier line's path is.
    /// - Throws: ``Arguments/UsageError`` for one of them without `--file`, or an empty delimiter.
    static func format(
        _ arguments: Arguments, repeats: CatalogFile.Format.Repeats = .refused
    ) throws -> CatalogFile.Format {
        let delimiter = Self.delimiter(arguments)
        if arguments.values["--file"] == nil {
            for option in [
                "--flat", "--delimiter", "--read0", "--no-sort", "--tac", "--ansi", "--scheme", "--nth", "--tiebreak",
            ] where arguments.has(option) || arguments.values[option] != nil {
                throw Arguments.UsageError(
                    description: "option '\(option)' reads the lines of --file; give --file too.")
            }
        }
        if delimiter?.isEmpty == true {
            throw Arguments.UsageError(description: "option '--delimiter' needs text to divide groups at, not ''.")
        }
        let scheme = try Self.scheme(arguments)
        let flat = readsWholeLines(arguments)
        if arguments.values["--nth"] != nil && !flat {
            throw Arguments.UsageError(
                description: "option '--nth' searches fields of lines read whole; give --flat or --scheme=history "
                    + "too, as a path's groups are no fields.")
        }
        // With --flat, a line is listed whole, and --delimiter divides only its fields for commands' {1}.
        let groupsAt = flat ? "/" : delimiter ?? "/"
        var format = CatalogFile.Format(
            paths: PathComponents(separator: Array(groupsAt.utf8), flat: flat),
            terminator: arguments.has("--read0") ? 0 : 0x0A, repeats: repeats)
        // As fzf reads them: --tac turns the input round, and --no-sort keeps it, fuzzy hits included. A picker's
        // --flat lines are kept as read too, as fzf lists them (`git log`, `history`, `ps`), their hits best first.
        if arguments.has("--tac") {
            format.order = .lastFirst
        } else if arguments.has("--no-sort") || (repeats == .listedOnce && flat) || scheme == .history {
            format.order = .asRead
        }
        // fzf's history scheme: of two commands the query fits as well, the one read first (the newer) stays first.
        format.breaksTiesByLength = try tieBreak(arguments, scheme: scheme) == "length"
        format.readsCommands = scheme == .history
        format.ranksFuzzyHits = ranksHits(arguments)
        format.stripsEscapes = arguments.has("--ansi")
        return format
    }

    /// fzf's `--scheme`: how a picker reads its lines and ranks what it finds in them.
    enum Scheme: String, CaseIterable {
        /// As the picker reads lines without it: paths of groups (unless `--flat`), ties broken by length.
        case `default`
        /// The same as ``default``: the picker reads paths already.
        case path
        /// Lines that are not paths (a shell's history): read whole, as `--flat` reads them, in the order read,
        /// and hits the query fits as well left in that order, with no tie break by length.
        case history
    }

    /// `--scheme`'s value; ``Scheme/default`` without it.
    ///
    /// - Throws: ``Arguments/UsageError`` for a scheme fzf doesn't have.
    static func scheme(_ arguments: Arguments) throws -> Scheme {
        guard let text = arguments.values["--scheme"] else { return .default }
        guard let scheme = Scheme(rawValue: text) else {
            throw Arguments.UsageError(
                description: "option '--scheme' takes default, path or history, not '\(text)'.")
        }
        return scheme
    }

    /// fzf's `--tiebreak`: what orders hits the query fits as well. `length` (fzf's default, and catalog's but with
    /// the history scheme) puts the shorter name, then the shorter path, first; `index` keeps the order read, as
    /// `--scheme=history` does. fzf's others (`begin`, `end`, `chunk`, lists) have no counterpart here.
    ///
    /// - Throws: ``Arguments/UsageError`` naming a criterion catalog doesn't take.
    static func tieBreak(_ arguments: Arguments, scheme: Scheme) throws -> String {
        guard let text = arguments.values["--tiebreak"] else { return scheme == .history ? "index" : "length" }
        guard ["length", "index"].contains(text) else {
            throw Arguments.UsageError(
                description: "option '--tiebreak' takes length or index, not '\(text)': hits that fit as well go "
                    + "shorter first, or in the order read.")
        }
        return text
    }

    /// Whether each line is read whole, as a title, rather than as a path of groups: `--flat`, or
    /// `--scheme=history`.
    static func readsWholeLines(_ arguments: Arguments) -> Bool {
        arguments.has("--flat") || arguments.values["--scheme"] == Scheme.history.rawValue
    }

    /// The fields `--nth` searches, divided as `--delimiter` says; `nil` without it.
    ///
    /// - Throws: ``Arguments/UsageError`` for a value that is no list of fzf's field index expressions.
    static func searchedFields(_ arguments: Arguments) throws -> FieldSearch? {
        guard let text = arguments.values["--nth"] else { return nil }
        guard let fields = FieldSearch(text, delimiter: delimiter(arguments).map { .text($0) } ?? .whitespace) else {
            throw Arguments.UsageError(
                description: "option '--nth' needs fields such as 1, 2.., ..3, -1 or 2..,.. (counted from 1), not "
                    + "'\(text)'.")
        }
        return fields
    }

    /// `--delimiter`'s text, with `\t` read as a TAB, as fzf's users write it (`-d '\t'`, which fzf reads as a
    /// regular expression).
    static func delimiter(_ arguments: Arguments) -> String? {
        arguments.values["--delimiter"].map { $0.replacingOccurrences(of: "\\t", with: "\t") }
    }

    /// Whether hits are listed best first: unless `--no-sort`, as fzf's; a picker's exact hits too.
    static func ranksHits(_ arguments: Arguments) -> Bool { !arguments.has("--no-sort") }

    /// A stream over a catalog that arrives through a pipe (standard input, or a FIFO), or `nil` for a regular
    /// file, which is read whole at once.
    ///
    /// - Parameters:
    ///   - path: `--file`'s value.
    ///   - terminator: The byte that ends an entry.
    /// - Throws: ``InputError`` when the path can't be opened.
    static func stream(_ path: String, terminator: UInt8) throws -> CatalogStream? {
        try refuseTerminal(path)
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(description: "cannot read '\(path)': \(systemError())") }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK {
            return CatalogStream(descriptor: descriptor, terminator: terminator)
        }
        if descriptor != STDIN_FILENO { close(descriptor) }
        return nil
    }

    /// Parses a catalog file's bytes, or a list's in another format, naming the file in an error.
    ///
    /// - Throws: ``InputError`` with the file's name and the line.
    static func parse(_ bytes: [UInt8], name: String, format: CatalogFile.Format) throws -> Snapshot<any Screen> {
        do {
            return try CatalogFile.parse(bytes, format: format)
        } catch let error as CatalogFile.Error {
            throw InputError(description: "\(name): \(error)")
        }
    }

    /// Parses and groups a catalog file, the grouping running while the entries sort, naming the file in an error.
    ///
    /// - Parameters:
    ///   - linesBefore: The lines taken off the input before `bytes` (``takeHeader(_:from:terminator:)``), so an
    ///     error names the line of the input.
    ///   - afterReading: Called between reading and placing the entries (``CatalogFile/parseGrouped``).
    static func parseGrouped(
        _ bytes: [UInt8], name: String, format: CatalogFile.Format, rootTitle: String, maxChildren: Int,
        linesBefore: Int = 0, afterReading: () -> Void = {},
        topLevel: (@Sendable (Snapshot<any Screen>, Hierarchy) -> Void)? = nil
    ) throws -> (Snapshot<any Screen>, Hierarchy) {
        do {
            return try CatalogFile.parseGrouped(
                bytes, format: format, rootTitle: rootTitle, maxChildren: maxChildren, afterReading: afterReading,
                topLevel: topLevel)
        } catch var error as CatalogFile.Error {
            error.line += linesBefore
            throw InputError(description: "\(name): \(error)")
        }
    }

    /// `--header-lines N`: takes a list's first `count` entries off its start, to show above the menu instead of
    /// being picked (the column names of `ps` or `docker ps`).
    ///
    /// - Returns: The entries taken, each with its terminator; fewer when the list has fewer.
    /// - Complexity: O(bytes): the rest moves down.
    static func takeHeader(_ count: Int, from bytes: inout [UInt8], terminator: UInt8) -> [UInt8] {
        var end = 0
        for _ in 0..<count {
            guard end < bytes.count else { break }
            end = (bytes[end...].firstIndex(of: terminator) ?? bytes.count - 1) + 1
        }
        defer { bytes.removeSubrange(0..<end) }
        return Array(bytes[0..<end])
    }

    /// `--header-lines N` on a pipe: reads the first `count` entries a byte at a time, so not a byte past them is
    /// taken from the stream that reads the rest. It waits for them, as the menu can't start without its header.
    ///
    /// - Throws: ``InputError`` when reading fails.
    static func readHeader(_ count: Int, from stream: CatalogStream, name: String) throws -> [UInt8] {
        var header: [UInt8] = []
        var entries = 0
        var byte: UInt8 = 0
        while entries < count {
            let read = Glibc.read(stream.descriptor, &byte, 1)
            if read < 0 {
                if errno == EINTR { continue }
                throw InputError(description: "cannot read '\(name)': \(systemError())")
            }
            if read == 0 { break }
            header.append(byte)
            if byte == stream.terminator { entries += 1 }
        }
        return header
    }

    /// The text `--header` and `--header-lines` show above the menu, one row a line: the header's own lines, then
    /// the list's, each up to its terminator (a NUL-ended entry is one line too), its TABs expanded to every eighth
    /// column as a terminal shows them, and its colours left out with `--ansi` as the list's are.
    static func headerText(_ header: String?, lines: [UInt8], format: CatalogFile.Format) -> String? {
        // No lines taken (no `--header-lines`) adds no row: an empty array would split into one empty line.
        guard !lines.isEmpty else { return header }
        let terminator = format.terminator
        let lines = format.stripsEscapes ? TerminalEscapes.stripped(lines) ?? lines : lines
        var rows = header.map { [$0] } ?? []
        let entries = lines.split(separator: terminator, omittingEmptySubsequences: false)
        for line in entries.dropLast(lines.last == terminator ? 1 : 0) {
            var row = ""
            var column = 0
            for character in String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self) {
                if character == "\t" {
                    row += String(repeating: " ", count: 8 - column % 8)
                    column += 8 - column % 8
                } else {
                    row.append(character)
                    column += DisplayWidth.of(character)
                }
            }
            rows.append(row)
        }
        return rows.isEmpty ? nil : rows.joined(separator: "\n")
    }

    /// Refuses `--file -` when standard input is the terminal: there is no list to read, and waiting for one
    /// typed by hand would look like a hang.
    ///
    /// - Throws: ``InputError`` that says to pipe a list in.
    static func refuseTerminal(_ path: String) throws {
        guard path == "-", isatty(STDIN_FILENO) == 1 else { return }
        throw InputError(
            description: "--file - reads a list from standard input, which is a terminal here; pipe one in, as in "
                + "find . | catalog --file -")
    }

    /// How messages name a path: "standard input" for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// Reads a whole file, or standard input for `-`.
    ///
    /// - Parameter format: When given, a list that is not a regular file (a pipe) has the whole lines of its first
    ///   ``checkedStart`` bytes read in this format as soon as they are in, so a list refused at its start (`yes`:
    ///   a repeat on line 2) is refused then, not once an endless producer has filled the memory.
    /// - Throws: ``InputError`` when it can't be opened or read, is a directory, or is larger than a catalog can be,
    ///   or its start can't be read in `format`.
    static func read(_ path: String, format: CatalogFile.Format? = nil) throws -> [UInt8] {
        try refuseTerminal(path)
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(description: "cannot read '\(path)': \(systemError())") }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        var expected = 0
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw InputError(description: "cannot read '\(path)': it is a directory")
            }
            if status.st_mode & S_IFMT == S_IFREG { expected = Int(status.st_size) }
        }
        // Refuse a file too large to index before reading any of it.
        do {
            try CatalogFile.checkSize(expected)
        } catch {
            throw InputError(description: "\(displayName(path)): \(error)")
        }
        // Read straight into the array's storage, one byte more than the file's size so that reading to the end
        // never has to grow it: no zero-filling first, and 2 MB pages where the kernel gives them on request.
        var bytes: [UInt8] = []
        var capacity = max(expected + 1, 1 << 16)
        while true {
            var ended = false
            let filled = bytes.count
            bytes = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                HugePages.advise(UnsafeMutableRawPointer(base), bytes: capacity)
                bytes.withUnsafeBufferPointer { old in
                    if let source = old.baseAddress { base.update(from: source, count: filled) }
                }
                count = filled
                while count < capacity {
                    let read = Glibc.read(descriptor, base + count, capacity - count)
                    if read < 0 {
                        if errno == EINTR { continue }
                        throw InputError(description: "cannot read '\(path)': \(systemError())")
                    }
                    if read == 0 {
                        ended = true
                        return
                    }
                    count += read
                }
            }
            if ended { return bytes }
            if let format, expected == 0, bytes.count == checkedStart {
                try checkStart(bytes, format: format, name: displayName(path))
            }
            capacity *= 2
        }
    }

    /// How much of a piped list is read in its format before the rest comes in (``read(_:format:)``).
    static let checkedStart = 1 << 20

    /// Reads the whole lines of a list's start in its format, which throws as reading all of it would.
    private static func checkStart(_ bytes: [UInt8], format: CatalogFile.Format, name: String) throws {
        guard let last = bytes.lastIndex(of: format.terminator) else { return }
        do {
            let _: Snapshot<Void> = try CatalogFile.parse(Array(bytes[...last]), format: format)
        } catch let error as CatalogFile.Error {
            throw InputError(description: "\(name): \(error)")
        }
    }

    /// Maps a regular file and runs `body` on its bytes; `nil` for standard input or anything that can't be
    /// mapped (which ``read(_:)`` then reads).
    ///
    /// - Throws: What `body` throws, and ``CatalogFile/Error`` for a file larger than a catalog can be.
    static func withMappedFile<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        guard path != "-" else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            return nil
        }
        let size = Int(status.st_size)
        try CatalogFile.checkSize(size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        defer { munmap(mapped, size) }
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
