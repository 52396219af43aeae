import CatalogTestSupport
import Foundation
import Glibc
import Testing

@testable import CatalogTerminal

/// A command's processes that left its group, as `swift build` runs each compiler in a group of its own: cancelling
/// the command, or quitting while it runs, ends them too, against the real `/bin/sh` and job runner.
@Suite("Processes a command started in groups of their own", .serialized)
struct ChildProcessTreeTests {
    /// Starts a child in a session (and so a group) of its own, which writes its pid and group to `{}/child`, then
    /// writes the shell's pid to `{}/pid` and waits.
    static let command =
        #"d={}; setsid sh -c 'echo $$ $(cut -d" " -f5 /proc/$$/stat) > "$0/child.tmp"; mv "$0/child.tmp" "$0/child"; "#
        + #"exec sleep 100' "$d" & while [ ! -f "$d/child" ]; do sleep 0.01; done; echo $$ > "$d/pid"; wait"#

    /// The child's pid, checked to lead a group of its own, so the test is about what it says it is.
    func child(in scratch: ScratchDirectory) throws -> pid_t {
        let fields = try String(contentsOf: scratch.file("child"), encoding: .utf8).split(separator: " ")
        let pid = try #require(fields.first.flatMap { pid_t($0) })
        #expect(fields.count == 2 && pid_t(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) == pid)
        return pid
    }

    /// Catches: only the command's own group killed when it is cancelled (a new save cancelling a build).
    @Test func cancellingKillsThem() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let outcome = ShellCommand.run(
            Self.command, line: scratch.url.path, maximumLines: 10,
            isCancelled: PreviewCommandTests.once(scratch.file("pid").path))
        #expect(outcome == .cancelled)
        #expect(PreviewCommandTests().isDeadOrDying(try child(in: scratch)))
    }

    /// Catches: the job runner's shutdown (Ctrl-C or Esc while a build runs) killing the command's group and leaving
    /// the groups it started to init.
    @Test func shuttingDownKillsThem() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let runner = JobRunner()
        let lane = JobLane<Int>("test.tree")
        let path = scratch.url.path
        runner.start(
            Job(lane) { isCancelled in
                _ = ShellCommand.run(Self.command, line: path, maximumLines: 10, isCancelled: isCancelled)
                return 0
            }, for: Session.ScreenID(value: 1))
        let started = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: scratch.file("pid").path),
            started.duration(to: .now) < .seconds(30)
        {
            usleep(10_000)
        }
        let pid = try child(in: scratch)
        runner.shutdown()
        #expect(PreviewCommandTests().isDeadOrDying(pid))
    }
}
