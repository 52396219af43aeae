import CatalogDemos
import CatalogKit
import CatalogTerminal
import Foundation
import Glibc

/// The `catalog` commands: each reads the catalog, writes data to standard output and messages to standard
/// error, and returns the exit status (0 success, 1 no match, 2 usage or input error, 130 interrupted).
enum CLI {
    /// An input problem: the message names it; exit status 2.
    struct InputError: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let arguments = try Arguments(arguments)
            if arguments.flags.contains("--help") {
                var out = Output(STDOUT_FILENO)
                out.raw(Arguments.help(for: arguments.command) + "\n")
                out.flush()
                return 0
            }
            if arguments.flags.contains("--version") {
                var out = Output(STDOUT_FILENO)
                out.raw("catalog \(CatalogKit.version)\n")
                out.flush()
                return 0
            }
            switch arguments.command {
            case .launch: return try launch(arguments)
            case .list: return try list(arguments)
            case .search: return try search(arguments)
            case .tree: return try tree(arguments)
            case .open: return try open(arguments)
            }
        } catch let error as Arguments.UsageError {
            printError("\(error) See 'catalog --help'.")
        } catch let error as CatalogFile.Error {
            printError("\(error)")
        } catch {
            printError("\(error)")
        }
        return 2
    }

    // MARK: - Loading

    /// The catalog to work on: the file given with `--file`, or the built-in demos.
    ///
    /// - Parameter query: When given, a file keeps only the entries that match it (the whole file is still
    ///   checked), so a one-off search never sorts what it will not print.
    private static func load(
        _ arguments: Arguments, matching query: Query? = nil
    ) throws -> (Snapshot<any Screen>, Registry<any Screen>?) {
        if let path = arguments.values["--file"] {
            do {
                if let query {
                    // A one-off search reads a regular file where it lies, mapped, instead of copying it first.
                    if let found: Snapshot<any Screen> = try withMappedFile(
                        path, { try CatalogFile.matching($0, query) })
                    {
                        return (found, nil)
                    }
                    return (try CatalogFile.matching(try readFile(path), query), nil)
                }
                return (try CatalogFile.parse(try readFile(path)), nil)
            } catch let error as CatalogFile.Error {
                throw InputError(description: "\(path == "-" ? "standard input" : path): \(error)")
            }
        }
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        try TestScreens.register(in: registry, environment: ProcessInfo.processInfo.environment)
        return (registry.snapshot(), registry)
    }

    /// Reads a whole file, or standard input for "-".
    static func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : Glibc.open(path, O_RDONLY | O_CLOEXEC)
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
            throw InputError(description: "\(path == "-" ? "standard input" : path): \(error)")
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
                if capacity >= 4 << 20 {
                    let first = (UInt(bitPattern: base) + (2 << 20) - 1) & ~UInt((2 << 20) - 1)
                    let last = (UInt(bitPattern: base) + UInt(capacity)) & ~UInt((2 << 20) - 1)
                    if last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) {
                        _ = madvise(aligned, Int(last - first), MADV_HUGEPAGE)
                    }
                }
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
            capacity *= 2
        }
    }

    /// Maps a regular file and runs `body` on its bytes; `nil` for standard input or anything that cannot be
    /// mapped (which `readFile` then reads).
    static func withMappedFile<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        guard path != "-" else { return nil }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
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

    // MARK: - Commands

    private static func list(_ arguments: Arguments) throws -> Int32 {
        let (snapshot, _) = try load(arguments)
        write(snapshot, snapshot.recordsInOrder, json: arguments.flags.contains("--json"))
        return 0
    }

    private static func search(_ arguments: Arguments) throws -> Int32 {
        let limit = try arguments.number("--limit", in: 1...Int(Int32.max), default: Int(Int32.max))
        let query = Query(arguments.positional.joined(separator: " "), fuzzy: arguments.flags.contains("--fuzzy"))
        let (snapshot, _) = try load(arguments, matching: query)
        let hits = snapshot.index.search(query)
        write(snapshot, hits.prefix(limit), json: arguments.flags.contains("--json"))
        return hits.isEmpty ? 1 : 0
    }

    private static func tree(_ arguments: Arguments) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let (snapshot, _) = try load(arguments)
        let hierarchy = try Hierarchy(snapshot, maxChildren: maxChildren)
        var out = Output(STDOUT_FILENO)
        if arguments.flags.contains("--json") {
            TreeJSON.write(hierarchy, snapshot.table, to: &out)
        } else {
            for line in TreeText.lines(hierarchy) { out.line(line) }
        }
        out.flush()
        return 0
    }

    private static func open(_ arguments: Arguments) throws -> Int32 {
        let (snapshot, registry) = try load(arguments)
        let name = arguments.positional[0]
        let record = try resolve(name, in: snapshot, registry: registry)
        guard let make = snapshot.factory(record) else { return 2 }
        let screen: any Screen
        do {
            screen = try make()
        } catch {
            throw InputError(description: "could not open '\(snapshot.table.title(record))': \(error)")
        }
        let session = Session(closable: screen)
        return run(session, plain: arguments.flags.contains("--plain")).status
    }

    /// Finds the entry `open` names: an exact id, or a title that matches exactly one entry (folded).
    private static func resolve(_ name: String, in snapshot: Snapshot<any Screen>, registry: Registry<any Screen>?)
        throws -> Int
    {
        if let entry = registry?.entry(id: name), let record = snapshot.record(id: entry.id) { return record }
        let folded = Folding.fold(name)
        let matches = (0..<snapshot.count).filter { Folding.fold(snapshot.table.title($0)) == folded }
        if matches.count == 1 { return matches[0] }
        let candidates = matches.isEmpty ? Array(snapshot.search(name).prefix(8).map(Int.init)) : matches
        let list = candidates.map { "\(snapshot.table.id($0)) (\(snapshot.table.path($0)))" }
        if matches.isEmpty {
            let hint = list.isEmpty ? " Try 'catalog list'." : " Did you mean: \(list.joined(separator: ", "))?"
            throw InputError(description: "no entry has the id or title '\(name)'.\(hint)")
        }
        throw InputError(
            description: "'\(name)' matches \(matches.count) entries; open one by id: \(list.joined(separator: ", ")).")
    }

    private static func launch(_ arguments: Arguments) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let fuzzy = arguments.flags.contains("--fuzzy")
        let menu: MenuScreen
        if let path = arguments.values["--file"] {
            // Read the file now (fast); fold, check and sort it in the background so the first frame is immediate.
            let bytes = try readFile(path)
            let name = path == "-" ? "standard input" : path
            menu = try MenuScreen(loading: name, maxChildren: maxChildren, fuzzy: fuzzy) {
                do {
                    return try CatalogFile.parse(bytes)
                } catch let error as CatalogFile.Error {
                    throw InputError(description: "\(name): \(error)")
                }
            }
        } else {
            let (_, registry) = try load(arguments)
            let source = try registry.map(MenuSource.registry) ?? .fixed(CatalogFile.parse([]))
            menu = try MenuScreen(source: source, maxChildren: maxChildren, fuzzy: fuzzy)
        }
        let outcome = run(
            Session(root: menu), plain: arguments.flags.contains("--plain"),
            keysFromTerminal: arguments.values["--file"] == "-")
        let final = outcome.session.stack.first as? MenuScreen
        if let error = final?.loadError {
            printError(error)
            return 2
        }
        if let picked = final?.pickedPath {
            var out = Output(STDOUT_FILENO)
            out.line(picked)
            out.flush()
        }
        return outcome.status
    }

    /// Runs a session full screen on a terminal, or in line mode.
    ///
    /// - Parameters:
    ///   - plain: Line mode even on a terminal.
    ///   - keysFromTerminal: Standard input held the catalog, so keys come from `/dev/tty` instead.
    private static func run(_ session: Session, plain: Bool, keysFromTerminal: Bool = false) -> LineDriver.Outcome {
        let environment = ProcessInfo.processInfo.environment
        if keysFromTerminal && !plain && isatty(STDOUT_FILENO) != 0 && environment["TERM"] != "dumb" {
            let tty = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
            if tty >= 0 {
                defer { close(tty) }
                return Shell.run(session: session, input: tty, output: STDOUT_FILENO, environment: environment)
            }
        }
        if plain || keysFromTerminal {
            let width = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
            return LineDriver.run(
                session: session, readLine: { keysFromTerminal ? nil : Swift.readLine(strippingNewline: true) },
                write: { text in
                    var out = Output(STDOUT_FILENO)
                    out.raw(text)
                    out.flush()
                }, width: width)
        }
        return Shell.launch(session: session, environment: environment)
    }

    // MARK: - Writing entries

    /// Writes entries as full paths, one a line, or as a JSON array of objects.
    private static func write(_ snapshot: Snapshot<any Screen>, _ records: some Collection<UInt32>, json: Bool) {
        var out = Output(STDOUT_FILENO)
        let table = snapshot.table
        if json {
            out.raw("[")
            for (position, record) in records.enumerated() {
                out.raw(position == 0 ? "\n  " : ",\n  ")
                out.raw(EntryJSON.object(table, Int(record)))
            }
            out.raw(records.isEmpty ? "]\n" : "\n]\n")
        } else {
            for record in records {
                table.withPathBytes(Int(record)) { out.line(bytes: $0) }
            }
        }
        out.flush()
    }
}
