import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// `--preview-command` processes never outlive the launcher, nor the entry they preview: each runs in a process
/// group of its own, which is killed and reaped when the highlight moves onto a group and when the launcher ends,
/// however it ends. The tests find the group by a marker in the command and count its processes.
@Suite("Preview processes", .serialized)
struct PreviewProcessTests {
    static let timeout = TerminalRestoreTests.timeout

    /// The process groups of the `sleep` processes whose arguments hold a marker, from `/proc`: the preview
    /// command's, not the launcher's own, whose arguments hold it too.
    static func groups(runningCommandWith marker: String) -> Set<pid_t> {
        var groups: Set<pid_t> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name),
                let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                commandLine.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) == ["sleep", marker],
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm)": state, ppid, pgrp.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, let group = Int32(fields[2]) { groups.insert(group) }
        }
        return groups
    }

    /// How many processes a group has left, zombies aside: none once it was killed and reaped.
    static func livingMembers(of group: pid_t) -> Int {
        var count = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, Int32(fields[2]) == group, fields[0] != "Z" { count += 1 }
        }
        return count
    }

    /// Waits, in real time, for a preview command holding the marker to be running; returns its group.
    static func waitForGroup(_ marker: String) throws -> pid_t {
        for _ in 0..<500 {
            if let group = groups(runningCommandWith: marker).first { return group }
            usleep(10_000)
        }
        Issue.record("no preview process with \(marker) started")
        throw PTY.Error.timedOut(waitingFor: marker, output: "")
    }

    /// Waits for a group to have no living process left.
    static func waitUntilGone(_ group: pid_t) -> Bool {
        for _ in 0..<300 {
            if livingMembers(of: group) == 0 { return true }
            usleep(10_000)
        }
        return false
    }

    /// Starts the picker with a slow preview command whose first line is marked, wide enough for the pane.
    func start(_ workspace: PickerPipelineTests.Workspace, marker: String) throws -> PTY {
        let pty = try PTY.spawn(
            path: productPath("catalog"),
            arguments: ["--file", workspace.list, "--preview-command", "sleep \(marker); head -20 {}"],
            environment: TerminalRestoreTests.environment, size: Size(columns: 120, rows: 30))
        try pty.read(until: "type to filter", timeout: Self.timeout)
        return pty
    }

    @Test(
        "quitting with Esc, Ctrl-C or Enter, or SIGTERM, kills the preview's whole process group",
        arguments: ["escape", "control-c", "enter", "sigterm"])
    func quitting(_ how: String) throws {
        let workspace = try PickerPipelineTests.Workspace(PickerPipelineTests.lines)
        let marker = "77.\(Int.random(in: 100_000...999_999))"
        let pty = try start(workspace, marker: marker)
        let group = try Self.waitForGroup(marker)
        #expect(Self.livingMembers(of: group) >= 1)
        switch how {
        case "escape": try pty.send([0x1B])
        case "control-c": try pty.send([0x03])
        case "enter": try pty.send("\r")
        default: pty.signal(SIGTERM)
        }
        _ = try pty.wait(timeout: Self.timeout)
        #expect(
            Self.waitUntilGone(group), "\(how): \(Self.livingMembers(of: group)) of the preview's processes live on")
    }

    @Test("moving the highlight from an entry onto a group kills the preview being made")
    func movingOntoAGroup() throws {
        let workspace = try PickerPipelineTests.Workspace(PickerPipelineTests.lines)
        let marker = "77.\(Int.random(in: 100_000...999_999))"
        let pty = try start(workspace, marker: marker)
        let group = try Self.waitForGroup(marker)
        try pty.send("\u{1B}[B")  // onto src, a group
        #expect(Self.waitUntilGone(group), "the preview of the entry left behind still runs")
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
    }
}

extension PreviewProcessTests {
    @Test("a preview command is shown on an 80-column terminal, as fzf's is, without F4")
    func shownWhereItFits() throws {
        let workspace = try PickerPipelineTests.Workspace(PickerPipelineTests.lines)
        let pty = try PTY.spawn(
            path: productPath("catalog"),
            arguments: ["--file", workspace.list, "--no-history", "--preview-command", "echo previewed:{}"],
            environment: TerminalRestoreTests.environment, size: Size(columns: 80, rows: 24))
        try pty.read(until: "previewed:docs/readme.md", timeout: Self.timeout)
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
    }
}
