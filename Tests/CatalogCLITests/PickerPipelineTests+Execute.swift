import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

extension PickerPipelineTests {
    @Test("execute(…) runs on the terminal, not down the pipe, Ctrl-C ends it alone, and become(…) takes over")
    func executeAndBecome() throws {
        let workspace = try Workspace(Self.lines)
        // exec: the picker is the terminal's whole job, so Ctrl-C reaches it and the command alone; a pipeline
        // after it would be the job's too, and take SIGINT as from any program there.
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-o:execute(echo ran:{q}; sleep 30),enter:become(echo became:{})'"
                + " > \"$LIST.out\"",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("util")
        try pty.read(until: "1 of 4 entries matches", timeout: Self.timeout)
        try pty.send("\u{0F}")
        try pty.read(until: "ran:util", timeout: Self.timeout)
        // Ctrl-C goes to the command, which has the terminal; the picker comes back, drawn whole.
        let mark = pty.output.count
        try pty.send("\u{03}")
        try pty.read(until: "1 of 4 entries matches", since: mark, timeout: Self.timeout)
        try pty.send("\r")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        let written = try String(contentsOfFile: workspace.list + ".out", encoding: .utf8)
        #expect(written == "became:src/lib/util.swift\n", "become writes where the picks would go, and only it")
    }

    @Test("execute-silent(… &) runs on in the background while the picker runs, and ends with it")
    func silentBackground() throws {
        let workspace = try Workspace(Self.lines)
        let pidFile = workspace.list + ".pid"
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-s:execute-silent(sleep 60 & echo $! > \"$LIST.pid\")'",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{13}")
        let clock = ContinuousClock()
        let deadline = clock.now + Self.timeout
        var pid: pid_t = 0
        while pid == 0, clock.now < deadline {
            pid =
                (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                } ?? 0
            if pid == 0 { usleep(20_000) }
        }
        try #require(pid > 0, "the silent command ran")
        usleep(200_000)
        #expect(kill(pid, 0) == 0, "what it started runs on while the picker does")
        try pty.send("\u{1B}")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
        var gone = false
        while !gone, clock.now < deadline {
            gone = kill(pid, 0) != 0
            if !gone { usleep(20_000) }
        }
        #expect(gone, "and ends with the picker")
    }
}
