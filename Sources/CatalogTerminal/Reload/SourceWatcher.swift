import Glibc

/// What the event loop needs of a watch on source files: a descriptor that turns readable when something happened,
/// and whether what happened was a change that calls for a build.
package protocol SourceWatching: AnyObject {
    /// Turns readable when the watch has news; -1 for none (a test's watch, whose news the virtual terminal
    /// brings).
    var descriptor: Int32 { get }
    /// Reads what happened.
    ///
    /// - Returns: Whether a Swift source changed, or the watch lost count of changes (which calls for a build too).
    func take() -> Bool
    /// Whether a build is due before any event: a source is newer than the program.
    var isStale: Bool { get }
}

/// Watches a package's source folders with inotify, each folder and every folder below it, folders made later
/// included: no loop over the tree, and no cost while nothing is saved.
///
/// A change is a Swift file written and closed, moved in or out, made or deleted; a folder moved in or out (its
/// sources come or go with it); or the kernel's queue overflowing, after which nothing is known and a build is the
/// safe answer. Folders whose names start with a dot (`.build`, `.git`) are not watched.
package final class SourceWatcher: SourceWatching {
    /// The inotify instance, readable when events are queued; closed on exec.
    package let descriptor: Int32
    /// The watched folders, by watch descriptor.
    private var folders: [Int32: String] = [:]
    /// When the newest Swift source in the folders was last changed, as the watch started, in seconds since 1970;
    /// a time still to come (a clock set wrong) doesn't count.
    private var newestSource: Double?
    /// When the program was built, in seconds since 1970; `nil` when there is none.
    private let built: Double?

    /// What to be told of in a folder.
    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR
            | IN_EXCL_UNLINK)

    /// Why a watch could not be set up.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts watching folders and every folder below them.
    ///
    /// - Parameters:
    ///   - roots: The folders; each must exist.
    ///   - built: When the program the sources build was built, in seconds since 1970 (when the build that made it
    ///     started, for a process that took over), which ``isStale`` compares them with; `nil` for no program.
    /// - Throws: ``Failure`` naming the folder that can't be watched and why (the system's limit of watches, say).
    package init(roots: [String], built: Double? = nil) throws {
        self.built = built
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "inotify_init1 failed: \(String(cString: strerror(errno)))")
        }
        do {
            for root in roots { try watchTree(root) }
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// How many folders are watched.
    package var count: Int { folders.count }

    /// Whether a Swift source was changed after the program was built, or the program isn't there: a process that
    /// took over while a save was on its way, or a program older than its sources, builds at once.
    package var isStale: Bool {
        guard let newestSource else { return false }
        guard let built else { return true }
        return newestSource > built
    }

    /// When a file was last changed, in seconds since 1970, if it can be read.
    package static func changed(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    package func take() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for event in buffer.withUnsafeBytes({ Self.events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }) {
                changed = react(to: event) || changed
            }
        }
        return changed
    }

    /// One event as the kernel queued it.
    package struct Event: Sendable, Equatable {
        package var watch: Int32
        package var mask: UInt32
        package var name: String
    }

    /// The events in bytes read from an inotify descriptor: each a fixed header and a name padded with NULs.
    ///
    /// - Complexity: O(n) in the bytes.
    package static func events(in bytes: UnsafeRawBufferPointer) -> [Event] {
        var events: [Event] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let start = offset + header
            let end = min(start + length, bytes.count)
            let name = bytes[start..<end].prefix { $0 != 0 }
            events.append(Event(watch: watch, mask: mask, name: String(decoding: name, as: UTF8.self)))
            offset = start + length
        }
        return events
    }

    /// Takes in one event: watches a new folder, forgets a removed one.
    ///
    /// - Returns: Whether it is a change that calls for a build.
    private func react(to event: Event) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            folders[event.watch] = nil
            return false
        }
        guard let folder = folders[event.watch], !event.name.isEmpty else { return false }
        let path = folder + "/" + event.name
        if event.mask & UInt32(IN_ISDIR) != 0 {
            guard !event.name.hasPrefix(".") else { return false }
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // Files may have been written into it before its watch was set: look once.
                try? watchTree(path)
                return Self.holdsSources(path)
            }
            return event.mask & UInt32(IN_MOVED_FROM) != 0
        }
        return event.name.hasSuffix(".swift")
            && event.mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE) != 0
    }

    /// Watches a folder and, depth first, every folder below it whose name doesn't start with a dot.
    private func watchTree(_ root: String) throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let latest = Double(now.tv_sec) + 1
        var pending = [root]
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else {
                let code = errno
                // Gone already, or not a folder: nothing to watch there.
                if code == ENOENT || code == ENOTDIR { continue }
                let limit = code == ENOSPC ? " (the system's limit of watches, fs.inotify.max_user_watches)" : ""
                throw Failure(description: "cannot watch '\(folder)': \(String(cString: strerror(code)))\(limit)")
            }
            folders[watch] = folder
            for entry in Self.entries(of: folder) {
                let path = folder + "/" + entry.name
                if entry.isFolder {
                    pending.append(path)
                } else if entry.name.hasSuffix(".swift"), let changed = Self.changed(path), changed <= latest {
                    newestSource = max(newestSource ?? changed, changed)
                }
            }
        }
    }

    /// Whether a folder or one below it holds a Swift file.
    private static func holdsSources(_ folder: String) -> Bool {
        var pending = [folder]
        while let next = pending.popLast() {
            for entry in entries(of: next) {
                if entry.isFolder { pending.append(next + "/" + entry.name) }
                if !entry.isFolder, entry.name.hasSuffix(".swift") { return true }
            }
        }
        return false
    }

    private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var entries: [(String, Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var isFolder = Int32(entry.pointee.d_type) == DT_DIR
            if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                var status = stat()
                isFolder = stat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        return entries
    }
}
