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

    /// Catches `--file -` with nothing piped in refused, where fzf lists the files below the current directory,
    /// which `vim "$(fzf)"` relies on; or the default command's hidden files, or its `./`, listed.
    @Test("--file - with a terminal for input lists $CATALOG_DEFAULT_COMMAND's output, or the files below here")
    func defaultCommand() throws {
        let workspace = try Workspace(Self.lines)
        let files =
            "cd \"$(dirname \"$LIST\")\" && mkdir -p d/sub .git && touch d/sub/found.swift .git/found.hidden && "
        let pty = try shell(
            files + "x=$(\"$CATALOG\" --file -); printf 'got:[%s] status %s\\n' \"$x\" $?", in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("found")
        try pty.read(until: "1 of ", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "status", timeout: Self.timeout)
        #expect(pty.outputText.contains("got:[d/sub/found.swift] status 0"), "\(pty.outputText)")
        let command = try shell(
            "x=$(CATALOG_DEFAULT_COMMAND='printf \"alpha\\nbeta\\n\"' \"$CATALOG\" --file - --flat); echo \"got:[$x]\"",
            in: workspace)
        try command.read(until: "2 entries", timeout: Self.timeout)
        try command.send("\u{1B}[B\r")
        try command.read(until: "got:[beta]", timeout: Self.timeout)
        // So does -f, as fzf's: it prints the default command's lines that match.
        let filtered = try shell(
            files + "\"$CATALOG\" -f fou; CATALOG_DEFAULT_COMMAND='echo x; echo y' \"$CATALOG\" -f y --flat; echo end",
            in: workspace)
        let output = try filtered.read(until: "end", timeout: Self.timeout)
        #expect(output.contains("d/sub/found.swift\r\ny\r\nend"), "\(output.debugDescription)")
    }

    /// Catches Ctrl-Z stopping a picker that binds it. In a shell widget (bash's `bind -x`, zsh's zle) a stopped
    /// picker freezes the shell, which is why fzf's key bindings pass `--bind ctrl-z:ignore`.
    @Test("--bind ctrl-z:ignore: Ctrl-Z leaves the picker running, and it goes on to pick")
    func suspendKeyBound() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind ctrl-z:ignore > \"$LIST.out\"", in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{1A}")
        try pty.send("util")
        try pty.read(until: "1 of 4 entries matches", timeout: Self.timeout)
        try pty.send("\r")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(try String(contentsOfFile: workspace.list + ".out", encoding: .utf8) == "src/lib/util.swift\n")
    }

    /// Catches print-query's run ending with status 1 (nothing picked), or printing a pick too.
    @Test("print-query prints the filter's text alone, with status 0")
    func printQueryAction() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "x=$(\"$CATALOG\" --file \"$LIST\" --bind 'ctrl-p:print-query'); printf 'got:[%s] status %s\\n' \"$x\" $?",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("zz")
        try pty.read(until: "No entries match", timeout: Self.timeout)
        try pty.send("\u{10}")
        try pty.read(until: "status", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(pty.outputText.contains("got:[zz] status 0"), "the query alone, and success")
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
        let pid = try #require(Self.eventually { Self.number(inFile: pidFile) })
        usleep(200_000)
        #expect(kill(pid, 0) == 0, "what it started runs on while the picker does")
        try pty.send("\u{1B}")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
        #expect(Self.eventually { kill(pid, 0) != 0 ? true : nil } == true, "and ends with the picker")
    }

    @Test("execute-silent has no terminal: a command that reads it fails at once instead of stopping the picker")
    func silentHasNoTerminal() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-s:execute-silent(read x </dev/tty; echo $? > \"$LIST.rc\")'",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{13}")
        let status = Self.eventually { try? String(contentsOfFile: workspace.list + ".rc", encoding: .utf8) }
        #expect(status.map { $0 != "0\n" } == true, "the read failed: there is no terminal to read")
        try pty.send("\u{1B}")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130), "and the picker still takes keys")
    }

    @Test("SIGTERM while execute(…) has the terminal ends the command's children too")
    func terminatedDuringExecute() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-o:execute(sleep 61 & echo $! > \"$LIST.pid\"; wait)'",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{0F}")
        let pid = try #require(Self.eventually { Self.number(inFile: workspace.list + ".pid") })
        pty.signal(SIGTERM)
        #expect(try pty.wait(timeout: Self.timeout) == .signaled(SIGTERM))
        #expect(Self.eventually { kill(pid, 0) != 0 ? true : nil } == true, "the command's child was killed with it")
    }

    @Test("Ctrl-Z in a pipeline stops the whole job, so the shell takes the terminal back; fg continues it")
    func suspendInPipeline() throws {
        let workspace = try Workspace(Self.lines)
        var environment = TerminalRestoreTests.environment
        environment["CATALOG"] = productPath("catalog")
        environment["LIST"] = workspace.list
        environment["PS1"] = "ready$ "
        let pty = try PTY.spawn(
            path: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], environment: environment, size: .standard)
        try pty.read(until: "ready$ ", timeout: Self.timeout)
        try pty.send("cat \"$LIST\" | \"$CATALOG\" --file - --bind 'ctrl-o:execute(sleep 60)' | sed 's/^/got:/'\r")
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        var mark = pty.output.count
        try pty.send("\u{1A}")
        try pty.read(until: "ready$ ", since: mark, timeout: Self.timeout)
        // Stopped by SIGTSTP, as a Ctrl-Z stops any job: bash says "Stopped (signal)" after a SIGSTOP.
        let stopped = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(stopped.contains("Stopped") && !stopped.contains("Stopped (signal)"), "\(stopped)")
        mark = pty.output.count
        try pty.send("fg\r")
        try pty.read(until: "type to filter · F1 help", since: mark, timeout: Self.timeout)
        // Again with a command on the terminal: it stops with the job, and comes back with it.
        try pty.send("\u{0F}")
        usleep(200_000)
        mark = pty.output.count
        try pty.send("\u{1A}")
        try pty.read(until: "ready$ ", since: mark, timeout: Self.timeout)
        mark = pty.output.count
        try pty.send("fg\r")
        // bash names the job it continues; then Ctrl-C goes to the command, which has the terminal again.
        try pty.read(until: "got:/'", since: mark, timeout: Self.timeout)
        usleep(300_000)
        mark = pty.output.count
        try pty.send("\u{03}")
        try pty.read(until: "type to filter · F1 help", since: mark, timeout: Self.timeout)
        try pty.send("readme\r")
        try pty.read(until: "got:docs/readme.md", timeout: Self.timeout)
        try pty.send("exit\r")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
    }

    @Test("reload(…) lists the command's output, and a command still running is ended with the picker")
    func reloadFromCommand() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "\"$CATALOG\" --file \"$LIST\" --bind 'ctrl-r:reload(printf \"x/one\\ny/two\\n\"; sleep 60 & echo $! > \"$LIST.pid\"; wait)'"
                + " | sed 's/^/picked:/'",
            in: workspace)
        try pty.read(until: "4 entries", timeout: Self.timeout)
        try pty.send("\u{12}")
        try pty.read(until: "2 entries", timeout: Self.timeout)
        let pid = try #require(Self.eventually { Self.number(inFile: workspace.list + ".pid") })
        try pty.send("two")
        try pty.read(until: "1 of 2 entries matches", timeout: Self.timeout)
        try pty.send("\r")
        try pty.read(until: "picked:y/two", timeout: Self.timeout)
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
        #expect(Self.eventually { kill(pid, 0) != 0 ? true : nil } == true, "the reload's command was ended")
    }

    @Test("execute(…)'s command reads what is typed on the terminal, and the picker comes back after it")
    func commandReadsTerminal() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-o:execute(echo ready; read x; echo \"got:$x\")'",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{0F}")
        try pty.read(until: "ready", timeout: Self.timeout)
        try pty.send("typed\r")
        try pty.read(until: "got:typed", timeout: Self.timeout)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{1B}")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
    }

    @Test("SIGTERM while a command has the alternate screen leaves the terminal on the main screen, as the user had it")
    func terminatedOnAlternateScreen() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-o:execute(printf \"\\033[?1049h\\033[?1h\\033=ALT\"; sleep 60)'",
            in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try pty.send("\u{0F}")
        try pty.read(until: "ALT", timeout: Self.timeout)
        let mark = pty.output.count
        pty.signal(SIGTERM)
        #expect(try pty.wait(timeout: Self.timeout) == .signaled(SIGTERM))
        let after = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(after.contains("\u{1B}[?1049l") && after.contains("\u{1B}[?1l"), "main screen, keypad off")
    }

    @Test("reload-sync(…) keeps the list until the command's output has ended, then replaces it at once")
    func reloadSync() throws {
        let workspace = try Workspace(Self.lines)
        let pty = try shell(
            "exec \"$CATALOG\" --file \"$LIST\" --bind 'ctrl-r:reload-sync(echo x/one; sleep 0.6; echo y/two)'",
            in: workspace)
        try pty.read(until: "4 entries", timeout: Self.timeout)
        let mark = pty.output.count
        try pty.send("\u{12}")
        try pty.read(until: "2 entries", since: mark, timeout: Self.timeout)
        let meanwhile = String(decoding: pty.output[mark...], as: UTF8.self)
        #expect(!meanwhile.contains("1 entry"), "the half-read list was never shown")
        try pty.send("\u{1B}")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130))
    }

    /// What `value` gives once it gives something, asked every 20 ms until the timeout; `nil` if it never does.
    static func eventually<Value>(_ value: () -> Value?) -> Value? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let found = value() { return found }
            usleep(20_000)
        }
        return nil
    }

    /// The number a file holds (a pid a command wrote), once it holds one.
    static func number(inFile path: String) -> pid_t? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

extension PickerPipelineTests {
    /// Catches Ctrl-P still moving the list with --history, a cancelled run's query kept, a picked run's not, or
    /// the file growing past --history-size.
    @Test("--history: Ctrl-P and Ctrl-N step through the file's queries; a pick adds its query, Esc doesn't")
    func queryHistory() throws {
        let workspace = try Workspace(Self.lines)
        let file = workspace.list + ".queries"
        try Data("view\nutil\n".utf8).write(to: URL(fileURLWithPath: file))
        let script =
            "\"$CATALOG\" --file \"$LIST\" --history \"$LIST.queries\" --history-size 2 > /dev/null; echo \"status $?\""
        let pty = try shell(script, in: workspace)
        try pty.read(until: "type to filter · F1 help", timeout: Self.timeout)
        // Ctrl-P: the last query, then the one before; Ctrl-N: forward again.
        for (key, query) in [("\u{10}", "util"), ("\u{10}", "view"), ("\u{0E}", "util")] {
            let mark = pty.mark
            try pty.send(key)
            try pty.read(until: "matches “\(query)”", since: mark, timeout: Self.timeout)
        }
        try pty.send("\u{15}main\r")  // Ctrl-U, then "main", picked
        try pty.read(until: "status 0", timeout: Self.timeout)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "util\nmain\n", "the oldest dropped past 2")
        // Cancelled: the file stays as it was.
        let cancelled = try shell(script, in: workspace)
        try cancelled.read(until: "type to filter · F1 help", timeout: Self.timeout)
        try cancelled.send("app\u{03}")
        try cancelled.read(until: "status 130", timeout: Self.timeout)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "util\nmain\n")
        // A directory is no history file: one line that names it, status 2.
        let bad = try runProcess(
            productPath("catalog"), ["--file", workspace.list, "--history", NSTemporaryDirectory()], input: [])
        #expect(bad.status == 2 && bad.stderr.contains("it is a directory"), "\(bad.stderr)")
    }
}
