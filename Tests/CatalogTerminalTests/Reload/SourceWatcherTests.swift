import CatalogKit
import CatalogTestSupport
import Foundation
import Glibc
import Testing

@testable import CatalogTerminal

/// The inotify watch on real folders: what counts as a change, folders made later, and the kernel's overflow.
@Suite("Source watch")
struct SourceWatcherTests {
    /// Waits up to a second for the watch to turn readable, then reads it.
    func changed(_ watcher: SourceWatcher) -> Bool {
        var descriptor = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 1000) > 0 else { return false }
        return watcher.take()
    }

    /// Whether the watch stays quiet for 100 ms (or what it says then is no change).
    func quiet(_ watcher: SourceWatcher) -> Bool {
        var descriptor = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 100) > 0 else { return true }
        return !watcher.take()
    }

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    @Test("a Swift file written, renamed into place or deleted is a change; other files and dot folders are not")
    func changes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let sources = scratch.file("Sources")
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent("tally"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        let watcher = try SourceWatcher(roots: [sources.path])
        #expect(watcher.count == 2, "the root and tally, not .hidden")

        try write("let a = 1", to: sources.appendingPathComponent("tally/A.swift"))
        #expect(changed(watcher), "a new file written")
        try write("notes", to: sources.appendingPathComponent("tally/notes.txt"))
        #expect(quiet(watcher), "not a Swift file")
        try write("let b = 2", to: sources.appendingPathComponent(".hidden/B.swift"))
        #expect(quiet(watcher), "a folder whose name starts with a dot")
        // An editor's safe save: a temporary file, renamed over the source.
        try write("let a = 3", to: sources.appendingPathComponent("tally/.A.swift.tmp"))
        _ = watcher.take()
        #expect(
            rename(
                sources.appendingPathComponent("tally/.A.swift.tmp").path,
                sources.appendingPathComponent("tally/A.swift").path)
                == 0)
        #expect(changed(watcher), "renamed into place")
        try FileManager.default.removeItem(at: sources.appendingPathComponent("tally/A.swift"))
        #expect(changed(watcher), "deleted")
    }

    @Test("a folder made later is watched, and one moved in with sources already in it is a change at once")
    func newFolders() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let sources = scratch.file("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let watcher = try SourceWatcher(roots: [sources.path])
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent("New/Deeper"), withIntermediateDirectories: true)
        #expect(quiet(watcher), "empty folders change nothing")
        #expect(watcher.count == 3)
        try write("let c = 1", to: sources.appendingPathComponent("New/Deeper/C.swift"))
        #expect(changed(watcher), "a file in a folder made after the watch started")

        let outside = scratch.file("Moved")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try write("let d = 1", to: outside.appendingPathComponent("D.swift"))
        try FileManager.default.moveItem(at: outside, to: sources.appendingPathComponent("Moved"))
        #expect(changed(watcher), "a folder moved in, its source already there")
        #expect(watcher.count == 4)
    }

    @Test("sources newer than the program call for a build at once; a source dated in the future doesn't")
    func stale() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let sources = scratch.file("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let file = sources.appendingPathComponent("A.swift")
        try write("let a = 1", to: file)
        let saved = try #require(SourceWatcher.changed(file.path))
        #expect(try SourceWatcher(roots: [sources.path], built: saved - 5).isStale, "saved after the build")
        #expect(try !SourceWatcher(roots: [sources.path], built: saved + 5).isStale, "built after the save")
        #expect(try SourceWatcher(roots: [sources.path], built: nil).isStale, "no program yet")
        var future = [timespec(tv_sec: Int(saved) + 3600, tv_nsec: 0), timespec(tv_sec: Int(saved) + 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file.path, &future, 0) == 0)
        #expect(
            try !SourceWatcher(roots: [sources.path], built: saved - 5).isStale,
            "a clock set wrong would rebuild for ever")
        try FileManager.default.removeItem(at: file)
        #expect(try !SourceWatcher(roots: [sources.path], built: nil).isStale, "no sources, nothing to build")
    }

    @Test("the kernel's overflow event counts as a change; events are read from packed bytes")
    func overflow() {
        var bytes: [UInt8] = []
        func event(watch: Int32, mask: UInt32, name: String) {
            var padded = Array(name.utf8)
            if !padded.isEmpty { padded += Array(repeating: 0, count: 16 - padded.count % 16) }
            withUnsafeBytes(of: watch) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padded.count)) { bytes += $0 }
            bytes += padded
        }
        event(watch: 1, mask: UInt32(IN_CLOSE_WRITE), name: "Tally.swift")
        event(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")
        let events = bytes.withUnsafeBytes { SourceWatcher.events(in: $0) }
        #expect(
            events == [
                SourceWatcher.Event(watch: 1, mask: UInt32(IN_CLOSE_WRITE), name: "Tally.swift"),
                SourceWatcher.Event(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: ""),
            ])
        // A cut-off read yields what is whole.
        let cut = bytes.withUnsafeBytes { SourceWatcher.events(in: UnsafeRawBufferPointer(rebasing: $0[..<20])) }
        #expect(cut.count == 1)
    }

    @Test("a folder that isn't there is no watch's business; the handover round-trips the terminal's settings")
    func handover() throws {
        var settings = termios()
        settings.c_lflag = tcflag_t(ECHO | ICANON)
        settings.c_cc.0 = 3
        let none = try ControlValues([])
        let link = Link(
            EntryScreen(TickingScreen(values: none), id: "basics/tally", values: nil) { _ in
                TickingScreen(values: none)
            }, size: Size(columns: 80, rows: 24), environment: .standard)
        let handover = Handover(
            settings: settings, link: link, build: Rebuild.Build(duration: .milliseconds(2345), started: 1_700_000_000))
        let read = try #require(Handover.read(from: [Handover.variable: handover.text]))
        #expect(read == handover)
        #expect(read.terminalSettings?.c_lflag == settings.c_lflag && read.terminalSettings?.c_cc.0 == 3)
        #expect(read.entry == "basics/tally" && read.options.starts(with: ["--locale", "en"]))
        #expect(Handover.read(from: [Handover.variable: "{not json"]) == nil)
        #expect(Handover.read(from: [:]) == nil)
        let failure = handover.exec("/nonexistent/tally", arguments: ["tally"], environment: [:])
        #expect(failure == "could not start the rebuilt '/nonexistent/tally': No such file or directory")
    }
}
