import Foundation
import Glibc

/// Writes a file whole or not at all: a reader, or the next run after a crash or power loss, finds the old content
/// or the new, never half of one.
///
/// The new content goes to a temporary file beside the target (same directory, so the same file system), which is
/// synced to disk and then renamed over the target; the directory is synced last so the rename itself is durable.
/// Two writers at once each write their own temporary file, so the target ends up as one of theirs, whole. (Writers
/// that must not lose each other's changes also need a lock around read-modify-write, as ``HistoryStore`` takes.)
///
/// Permissions: a file that is replaced keeps its permission bits (a history someone made `0600` stays so); a new
/// file gets the process's umask default, like any file a shell command creates, because the same writer serves
/// golden files and recordings that people share. Privacy for state comes from the directory instead: missing parent
/// directories are created `0700`, as the XDG base directory specification asks for state and configuration.
/// A caller that wants a shared directory creates it itself first.
package enum AtomicFile {
    /// A step of writing that failed, with the file it failed on and the system's reason.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible, LocalizedError {
        /// What was being done, as a verb phrase: "create the directory", "write", "replace"…
        public var operation: String
        /// The file or directory it was done to.
        public var path: String
        /// The `errno` value.
        public var code: Int32

        public init(_ operation: String, path: String, code: Int32) {
            self.operation = operation
            self.path = path
            self.code = code
        }

        public var description: String {
            let reason = String(validatingCString: strerror(code)) ?? "error \(code)"
            return "Could not \(operation) '\(path)': \(reason) (errno \(code)). \(advice)"
        }

        /// The same as ``description``, so `localizedDescription` says it too.
        public var errorDescription: String? { description }

        /// What the user can do about it.
        private var advice: String {
            switch code {
            case ENOSPC, EDQUOT: return "Free some disk space and try again."
            case EACCES, EPERM: return "Check the permissions of the directory, or choose another location."
            case EROFS: return "The file system is read-only; choose another location."
            case ENOTDIR: return "A part of the path is a file, not a directory; move it away or choose another path."
            case EISDIR: return "A directory is in the way; move it away or choose another path."
            // Making a file or directory says ENOENT where the directory it goes in is there: only a file system
            // that makes nothing on request (/proc, /sys) says so, and creating anything first would not help.
            case ENOENT where operation.hasPrefix("create"):
                return "The directory it goes in exists but takes no new files (as /proc does); choose another path."
            case ENOENT: return "Create it first, or choose another path."
            default: return "Nothing was changed."
            }
        }
    }

    /// Whose path a file is at, which decides what is done with what is there.
    public enum Place: Sendable {
        /// A file of the program's own (state, goldens): missing parent directories are made, and a symbolic link
        /// there is replaced by the file, not followed.
        case own
        /// A path the user typed (`record --cast PATH`), written as a shell's `>` writes it: a missing directory is an
        /// error (more likely a typo than a wish); a symbolic link is followed, and the file it names replaced; a
        /// device or a FIFO (`/dev/null`, `/dev/stdout`, `>(…)`) is written to, never replaced.
        case typed
    }

    /// Replaces a file's content in one step, creating the file and, for a file of the program's own, its missing
    /// parent directories.
    ///
    /// - Parameters:
    ///   - data: The whole new content.
    ///   - url: The file.
    ///   - place: Whose path it is (``Place``).
    /// - Throws: ``Error`` naming the file or directory and the reason (`ENOSPC`, `EACCES`, `EROFS`, `EISDIR`,
    ///   `ENOENT`…). The target is then as it was, and no temporary file is left behind.
    public static func write(_ data: Data, to url: URL, place: Place = .own) throws {
        var url = url
        if place == .typed {
            var status = stat()
            // Followed by stat(2): `>(…)` is a link in /dev/fd to a pipe, which has no path of its own.
            if stat(url.path, &status) == 0, [S_IFCHR, S_IFIFO, S_IFSOCK, S_IFBLK].contains(status.st_mode & S_IFMT) {
                return try writeThrough(data, to: url.path)
            }
            if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                url = try linked(from: url)
            }
        }
        let target = url.path
        let directory = url.deletingLastPathComponent().path
        if place == .own {
            try createDirectories(directory)
        } else {
            var status = stat()
            guard stat(directory, &status) == 0 else { throw Error("find the directory", path: directory, code: errno) }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw Error("find the directory", path: directory, code: ENOTDIR)
            }
        }
        let (descriptor, temporary) = try createTemporary(beside: url)
        do {
            defer { close(descriptor) }
            try adoptPermissions(of: target, descriptor: descriptor, temporary: temporary)
            try writeAll(data, to: descriptor, path: temporary)
            // After fsync(2) succeeds the data is on disk, so close(2) has no delayed write error left to report.
            guard fsync(descriptor) == 0 else { throw Error("sync", path: temporary, code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw Error("replace", path: target, code: code)
        }
        syncDirectory(directory)
    }

    /// Creates a directory and its missing parents, each `0700` (less the umask) unless told another mode.
    ///
    /// - Parameters:
    ///   - path: The directory.
    ///   - mode: The new directories' permissions, less the umask: `0o777` for directories people share (goldens).
    /// - Throws: ``Error`` naming the first directory that could not be made, or the file that is in its way.
    package static func createDirectories(_ path: String, mode: mode_t = 0o700) throws {
        if path.isEmpty || path == "/" { return }
        if mkdir(path, mode) == 0 { return }
        switch errno {
        case EEXIST:
            var status = stat()
            guard stat(path, &status) == 0 else { throw Error("create the directory", path: path, code: errno) }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw Error("create the directory", path: path, code: ENOTDIR)
            }
        case ENOENT, ENOTDIR:
            // A missing parent is made; a parent that is a file is named by the error this throws.
            try createDirectories((path as NSString).deletingLastPathComponent, mode: mode)
            // Another process may make it between the two calls; that is as good.
            guard mkdir(path, mode) == 0 || errno == EEXIST else {
                throw Error("create the directory", path: path, code: errno)
            }
        default:
            throw Error("create the directory", path: path, code: errno)
        }
    }

    /// Creates a new, empty temporary file beside the target, with a name no other file has.
    private static func createTemporary(beside url: URL) throws -> (Int32, String) {
        let directory = url.deletingLastPathComponent().path
        var lastCode = EEXIST
        for _ in 0..<100 {
            let unique = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let path = directory + "/." + url.lastPathComponent + ".\(getpid()).\(unique).tmp"
            // O_EXCL: never opens a file someone else made, nor follows a link planted there.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, path) }
            lastCode = errno
            if lastCode != EEXIST { break }
        }
        throw Error("create a temporary file for", path: url.path, code: lastCode)
    }

    /// Gives the temporary file the permission bits of the file it will replace, before any content is written.
    private static func adoptPermissions(of target: String, descriptor: Int32, temporary: String) throws {
        var status = stat()
        guard lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        guard fchmod(descriptor, status.st_mode & 0o777) == 0 else {
            throw Error("set the permissions of", path: temporary, code: errno)
        }
    }

    /// Writes every byte, retrying short writes and interruptions.
    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        let code: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code { throw Error("write", path: path, code: code) }
    }

    /// The file a symbolic link names, as `>` follows it: the end of the chain, or where a dangling link points,
    /// which is then made.
    private static func linked(from url: URL) throws -> URL {
        if let resolved = realpath(url.path, nil) {
            defer { free(resolved) }
            return URL(fileURLWithPath: String(cString: resolved))
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(url.path, &buffer, buffer.count - 1)
        guard count > 0 else { throw Error("follow the link", path: url.path, code: errno) }
        let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return destination.hasPrefix("/")
            ? URL(fileURLWithPath: destination)
            : url.deletingLastPathComponent().appendingPathComponent(destination)
    }

    /// Writes to a device or a FIFO that is there, as a shell's `>` does: opened without creating or replacing it.
    private static func writeThrough(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Error("open", path: path, code: errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    /// Syncs a directory so a rename in it survives a power loss.
    ///
    /// Best effort: the new content is already in place when this runs, so a failure here (some file systems can't
    /// sync a directory) is not reported as a failed write.
    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
