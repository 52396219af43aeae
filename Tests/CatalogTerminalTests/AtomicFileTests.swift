import CatalogTerminal
import CatalogTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

/// Writing a file whole or not at all: each test names the breakage it catches.
@Suite("AtomicFile")
struct AtomicFileTests {
    func mode(_ url: URL) -> mode_t {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// Catches: content appended or not replaced, and temporary files left beside the target.
    @Test func replacesTheContentAndLeavesNothingElse() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.file("notes.json")
        try AtomicFile.write(Data("first, and longer".utf8), to: target)
        try AtomicFile.write(Data("second".utf8), to: target)
        #expect(scratch.text("notes.json") == "second")
        #expect(scratch.names() == ["notes.json"])
    }

    /// The kind of file at a path, not following a link: `S_IFREG`, `S_IFLNK`, `S_IFIFO`…
    func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// Catches: a path the user typed replaced as if it were the program's own: a link turned into a file (its
    /// target left stale), a FIFO's reader left waiting, a device node replaced by a file (`record --cast /dev/full`
    /// run as root did that).
    @Test func aTypedPathIsWrittenAsTheShellWritesIt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try AtomicFile.write(Data("old".utf8), to: scratch.file("target.cast"))
        symlink("target.cast", scratch.file("link.cast").path)
        try AtomicFile.write(Data("new".utf8), to: scratch.file("link.cast"), place: .typed)
        #expect(kind(scratch.file("link.cast").path) == S_IFLNK, "the link stays a link")
        #expect(scratch.text("target.cast") == "new", "and the file it names has the content")

        // A link to a file not made yet makes it, as `>` does; one into a missing directory is an error.
        symlink("new.cast", scratch.file("dangling.cast").path)
        try AtomicFile.write(Data("made".utf8), to: scratch.file("dangling.cast"), place: .typed)
        #expect(kind(scratch.file("dangling.cast").path) == S_IFLNK && scratch.text("new.cast") == "made")
        symlink("missing/x.cast", scratch.file("nowhere.cast").path)
        #expect(throws: AtomicFile.Error.self) {
            try AtomicFile.write(Data("x".utf8), to: scratch.file("nowhere.cast"), place: .typed)
        }

        let fifo = scratch.file("pipe.cast").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var read = Data()
        Thread.detachNewThread {
            let descriptor = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 256)
            while descriptor >= 0 {
                let count = Glibc.read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                read.append(contentsOf: buffer[..<count])
            }
            close(descriptor)
            received.signal()
        }
        // Through a link to it, as `>(…)` gives /dev/fd/63, a link to a pipe.
        symlink(fifo, scratch.file("fd.cast").path)
        try AtomicFile.write(Data("through".utf8), to: scratch.file("fd.cast"), place: .typed)
        #expect(received.wait(timeout: .now() + 10) == .success)
        #expect(String(decoding: read, as: UTF8.self) == "through" && kind(fifo) == S_IFIFO)

        try AtomicFile.write(Data("gone".utf8), to: URL(fileURLWithPath: "/dev/null"), place: .typed)
        #expect(kind("/dev/null") == S_IFCHR)
        let full = try #require(throws: AtomicFile.Error.self) {
            try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: "/dev/full"), place: .typed)
        }
        #expect(full.code == ENOSPC && kind("/dev/full") == S_IFCHR, "\(full)")
    }

    /// Catches: missing parents not created, or created readable by others (state must stay private).
    @Test func createsMissingParentsPrivately() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try AtomicFile.write(Data("x".utf8), to: scratch.file("state/catalog/history.json"))
        #expect(scratch.text("state/catalog/history.json") == "x")
        #expect(mode(scratch.file("state")) & 0o077 == 0)
        #expect(mode(scratch.file("state/catalog")) & 0o077 == 0)
    }

    /// Catches: the temporary file's own mode replacing the one the user gave the file.
    @Test(arguments: [0o600, 0o640, 0o604] as [mode_t])
    func keepsThePermissionsOfTheFileItReplaces(permissions: mode_t) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.file("settings.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        chmod(target.path, permissions)
        try AtomicFile.write(Data("new".utf8), to: target)
        #expect(mode(target) == permissions)
        #expect(scratch.text("settings.json") == "new")
    }

    /// Catches: a failed rename leaving its temporary file, touching what is in the way, or an error that doesn't
    /// name the file. Fails for root too.
    @Test func aDirectoryInTheWayFailsAndIsLeftAsItWas() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.file("history.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: target.appendingPathComponent("inside.txt"))
        let error = try #require(throws: AtomicFile.Error.self) {
            try AtomicFile.write(Data("new".utf8), to: target)
        }
        #expect(error == AtomicFile.Error("replace", path: target.path, code: EISDIR))
        #expect(error.description.hasPrefix("Could not replace '\(target.path)': Is a directory"))
        #expect(error.localizedDescription == error.description, "what RecordCommand prints")
        #expect(scratch.text("history.json/inside.txt") == "keep me")
        #expect(scratch.names() == ["history.json"])
    }

    /// Catches: a parent that is a regular file being replaced or written into, and a vague error. Fails for root too.
    @Test func aParentThatIsAFileFailsAndIsLeftAsItWas() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try Data("not a directory".utf8).write(to: scratch.file("state"))
        for path in ["state/history.json", "state/catalog/history.json"] {
            let error = try #require(throws: AtomicFile.Error.self) {
                try AtomicFile.write(Data("new".utf8), to: scratch.file(path))
            }
            #expect(error.code == ENOTDIR, "\(path)")
            #expect(error.description.contains("'\(scratch.file("state").path)"), "\(path): names the file in the way")
            #expect(error.description.contains("Not a directory"), "\(path)")
        }
        #expect(scratch.text("state") == "not a directory")
        #expect(scratch.names() == ["state"])
    }

    /// Catches: "Create it first" for a file in a directory that is there but makes no files, as /proc refuses them
    /// whoever asks (root too): nothing can be created first, and the directory needs no creating.
    @Test func theHintMatchesTheCauseOfAMissingFile() throws {
        for (path, place) in [("/proc/version", AtomicFile.Place.typed), ("/proc/self/catalog-test/x", .own)] {
            let error = try #require(throws: AtomicFile.Error.self) {
                try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path), place: place)
            }
            #expect(error.code == ENOENT, "\(path)")
            #expect(error.description.hasSuffix("exists but takes no new files (as /proc does); choose another path."))
            #expect(!error.description.contains("Create it first"), "\(error)")
        }
        // A typed path into a directory that is missing: creating it is the way.
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let error = try #require(throws: AtomicFile.Error.self) {
            try AtomicFile.write(Data("x".utf8), to: scratch.file("missing/x.cast"), place: .typed)
        }
        #expect(error.description.hasSuffix("Create it first, or choose another path."), "\(error)")
    }

    /// Catches: a write into a directory the user can't write to replacing the file anyway, or leaving debris.
    /// Root may write anywhere, so this runs only for other users.
    @Test(.enabled(if: geteuid() != 0, "root ignores permissions"))
    func aReadOnlyDirectoryFailsAndKeepsTheOldFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.file("history.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        chmod(scratch.url.path, 0o555)
        defer { chmod(scratch.url.path, 0o700) }
        let error = try #require(throws: AtomicFile.Error.self) {
            try AtomicFile.write(Data("new".utf8), to: target)
        }
        #expect(error.code == EACCES)
        #expect(error.description.contains(target.path))
        #expect(scratch.text("history.json") == "old")
        #expect(scratch.names() == ["history.json"])
    }

    /// Catches: writing in place (truncate, then write), which a reader at the same time sees empty or half done.
    @Test func aReaderAtTheSameTimeSeesOneWholeFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.file("big.txt")
        let versions = ["a", "b"].map { String(repeating: $0, count: 200_000) }
        try AtomicFile.write(Data(versions[0].utf8), to: target)
        let writersDone = DispatchGroup()
        for version in versions {
            DispatchQueue.global().async(group: writersDone) {
                for _ in 0..<25 { try? AtomicFile.write(Data(version.utf8), to: target) }
            }
        }
        var reads = 0
        var torn = 0
        // Reads until both writers are done, and at least once more.
        repeat {
            reads += 1
            let text = scratch.text("big.txt")
            if text != versions[0] && text != versions[1] { torn += 1 }
        } while writersDone.wait(timeout: .now()) == .timedOut || reads < 2
        #expect(torn == 0, "\(torn) of \(reads) reads saw a partial file")
        #expect(scratch.names() == ["big.txt"])
    }
}
