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
    /// - Returns: The entries, and the registry when they came from it.
    /// - Throws: ``InputError`` naming the file and the line.
    static func load(
        _ arguments: Arguments, _ context: Context, matching query: Query? = nil
    ) throws -> (snapshot: Snapshot<any Screen>, registry: Registry<any Screen>?) {
        guard let path = arguments.values["--file"] else {
            return (context.registry.snapshot(), context.registry)
        }
        let bytes = try read(path)
        do {
            if let query { return (try CatalogFile.matching(bytes, query), nil) }
            return (try CatalogFile.parse(bytes), nil)
        } catch let error as CatalogFile.Error {
            throw InputError(description: "\(displayName(path)): \(error)")
        }
    }

    /// A stream over a catalog that arrives through a pipe (standard input, or a FIFO), or `nil` for a regular
    /// file, which is read whole at once.
    ///
    /// - Throws: ``InputError`` when the path can't be opened.
    static func stream(_ path: String) throws -> CatalogStream? {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(description: "cannot read '\(path)': \(systemError())") }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK {
            return CatalogStream(descriptor: descriptor)
        }
        if descriptor != STDIN_FILENO { close(descriptor) }
        return nil
    }

    /// Parses a catalog file's bytes, naming the file in an error.
    ///
    /// - Throws: ``InputError`` with the file's name and the line.
    static func parse(_ bytes: [UInt8], name: String) throws -> Snapshot<any Screen> {
        do {
            return try CatalogFile.parse(bytes)
        } catch let error as CatalogFile.Error {
            throw InputError(description: "\(name): \(error)")
        }
    }

    /// How messages name a path: "standard input" for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// Reads a whole file, or standard input for `-`.
    ///
    /// - Throws: ``InputError`` when it can't be opened or read, or is a directory.
    static func read(_ path: String) throws -> [UInt8] {
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
        // One byte more than the file's size, so reading to the end never has to grow the buffer.
        var bytes = [UInt8](repeating: 0, count: max(expected + 1, 1 << 16))
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw InputError(description: "cannot read '\(path)': \(systemError())")
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
