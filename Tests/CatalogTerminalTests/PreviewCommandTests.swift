import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// fzf-style preview commands: quoting, limits, cancellation and cleanup, against the real `/bin/sh`.
@Suite("ShellCommand")
struct PreviewCommandTests {
    /// Never cancels, except as a guard after ~5 minutes of polls, so a broken test fails instead of hanging.
    static func never() -> JobCancellation {
        let calls = Atomic<Int>(0)
        return { calls.add(1, ordering: .relaxed).newValue > 15_000 }
    }

    /// Cancels once a file exists (the command writes it when it is running), with the same guard.
    static func once(_ path: String) -> JobCancellation {
        let calls = Atomic<Int>(0)
        return { FileManager.default.fileExists(atPath: path) || calls.add(1, ordering: .relaxed).newValue > 15_000 }
    }

    /// Runs a command whose `{}` is a scratch directory, where it leaves process ids for the test to check.
    func run(
        _ command: String, in scratch: ScratchDirectory, maximumLines: Int = 10, cancelOnce file: String? = nil
    ) -> ShellCommand.Outcome {
        ShellCommand.run(
            command, line: scratch.url.path, maximumLines: maximumLines,
            isCancelled: file.map { Self.once(scratch.file($0).path) } ?? Self.never())
    }

    /// The lines of an outcome that a limit cut short: the command was killed, by SIGTERM, or by SIGPIPE when it
    /// wrote after its output was closed (which of the two comes first is up to the scheduler).
    func linesCutShort(_ outcome: ShellCommand.Outcome) -> [String]? {
        guard case .output(let lines, let status) = outcome, [128 + SIGTERM, 128 + SIGPIPE].contains(status) else {
            return nil
        }
        return lines
    }

    /// The process id a command wrote to a file.
    func pid(in url: URL) throws -> pid_t {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Whether a process this test's process spawned is reaped: gone, not even a zombie.
    func isReaped(_ pid: pid_t) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    /// Whether any process is dead or dying within ten seconds: gone, a zombie (a grandchild waits for init to reap
    /// it), or with SIGKILL pending, since `kill(2)` returns before the target has finished dying. On a loaded
    /// machine a process between its signal and its zombie can show neither for a while, so it is looked at again.
    func isDeadOrDying(_ pid: pid_t) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !isDeadOrDyingNow(pid) {
            guard clock.now < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    private func isDeadOrDyingNow(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        var fields: [Substring: Substring] = [:]
        for line in status.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = line[line.index(after: colon)...].drop(while: \.isWhitespace)
        }
        if let state = fields["State"]?.first, state == "Z" || state == "X" { return true }
        let kill: UInt64 = 1 << (UInt64(SIGKILL) - 1)
        return ["SigPnd", "ShdPnd"].contains { (fields[$0].flatMap { UInt64($0, radix: 16) } ?? 0) & kill != 0 }
    }

    /// Catches: a placeholder left or doubled, a quote not escaped, and a `{}` inside the path expanded again.
    @Test func placeholdersBecomeTheQuotedPath() {
        #expect(ShellCommand.expand("cat {}", line: "a b") == "cat 'a b'")
        #expect(ShellCommand.expand("diff {} {}", line: "it's") == #"diff 'it'\''s' 'it'\''s'"#)
        #expect(ShellCommand.expand("echo {} {{}}", line: "{}") == "echo '{}' {'{}'}")
        #expect(ShellCommand.expand("ls -l", line: "x") == "ls -l")
        #expect(ShellCommand.expand("{ } {", line: "x") == "{ } {")
        #expect(ShellCommand.expand("{}", line: "") == "''")
        // A quote with a combining mark is one Character but still a quote byte to the shell.
        #expect(ShellCommand.expand("{}", line: "x'\u{301}") == "'x'\\''\u{301}'")
    }

    /// Catches: `{q}` left as it is, unquoted, given the path, or expanded inside the query or the path; and a
    /// command with no `{q}` said to depend on the query.
    @Test func queryPlaceholderBecomesTheQuotedQuery() {
        #expect(ShellCommand.expand("grep -n -- {q} {}", line: "a b", query: "it's") == #"grep -n -- 'it'\''s' 'a b'"#)
        #expect(ShellCommand.expand("echo {q}{q}", line: "x", query: "") == "echo ''''")
        #expect(ShellCommand.expand("echo {q} {}", line: "{q}", query: "{}") == "echo '{}' '{q}'")
        #expect(ShellCommand.expand("echo {q {Q} q}", line: "x", query: "y") == "echo {q {Q} q}")
        #expect(ShellCommand.usesQuery("rg {q} {}"))
        #expect(!ShellCommand.usesQuery("head {} # {Q} {q"))
    }

    /// Catches: `{+}` left as it is, the marks unquoted or run together, the highlighted path not used when nothing
    /// is marked, or expanded inside a path; and a command with no `{+}` said to depend on the marks.
    @Test func marksPlaceholderBecomesTheQuotedMarks() {
        #expect(ShellCommand.expand("wc -l {+}", line: "a", marked: ["x y", "it's"]) == #"wc -l 'x y' 'it'\''s'"#)
        #expect(ShellCommand.expand("wc -l {+}", line: "a b") == "wc -l 'a b'", "nothing marked: the highlighted")
        #expect(ShellCommand.expand("echo {+} {}", line: "{+}", marked: ["{}"]) == "echo '{}' '{+}'")
        #expect(ShellCommand.usesMarks("head {+}") && !ShellCommand.usesMarks("head {} {q}"))
    }

    /// Catches one of fzf's placeholders that catalog doesn't fill passing as text (`head -n {n}` would run with
    /// the braces), a field fzf fills being refused, and text in braces that is no placeholder (an awk program)
    /// being refused.
    @Test func fzfsPlaceholdersCatalogDoesntFillAreFoundAndOtherBracesAreNot() {
        for (command, found) in [
            ("head -n {n} {1}", "{n}"), ("cat {+f}", "{+f}"), ("echo {r}", "{r}"), ("echo {0}", "{0}"),
            ("echo {1..2..3}", "{1..2..3}"), ("echo {,}", "{,}"), ("echo {{+n}}", "{+n}"), ("echo {1..0}", "{1..0}"),
        ] {
            #expect(ShellCommand.unsupportedPlaceholder(in: command) == found, "\(command)")
        }
        for command in [
            "cat {}", "rg {q} {+}", "awk '{print $1}' {}", "echo {", "printf '%s}' {}", "x={a}", "head -n {2} {1}",
            "echo {2..} {-1} {s1..3} {+1} {1,3} {..} {-2..-1} {..2}",
        ] {
            #expect(ShellCommand.unsupportedPlaceholder(in: command) == nil, "\(command)")
        }
        #expect(ShellCommand.usesMarks("head {+2}") && !ShellCommand.usesMarks("head {2} {q}"))
        #expect(ShellCommand.namesLine("head {-1}") && !ShellCommand.namesLine("head {+1} {q}"))
    }

    /// Catches a field split, counted, joined or trimmed otherwise than fzf 0.38 does: each expected value is what
    /// fzf's preview printed for the same line, placeholder and delimiter.
    @Test(
        arguments: [
            (
                "  a  b:c  d  ", nil, "{1} {2} {-1} {2..} {..2} {1,3} {3..} {9} {-2..-1} {1..2} {..}",
                ["a", "b:c", "d", "b:c  d", "a  b:c", "a  d", "d", "", "b:c  d", "a  b:c", "a  b:c  d"]
            ),
            (
                "  a  b:c  d  ", nil, "{s1} {s2..} {s} {s-1} {3,1} {}",
                [
                    "a  ", "b:c  d  ", "  a  b:c  d  ", "d  ", "d  a",
                    "  a  b:c  d  ",
                ]
            ),
            ("foo\t bar baz", nil, "{1} {2} {1,3} {..2}", ["foo", "bar", "foo\t baz", "foo\t bar"]),
            (
                "  a  b:c  d  ", ":", "{1} {2} {-1} {2..} {..2} {1,3} {3..} {9}",
                ["a  b", "c  d", "c  d", "c  d", "a  b:c  d", "a  b", "", ""]
            ),
            ("  a  b:c  d  ", ":", "{s1} {s2..} {s-1} {2,1}", ["  a  b", "c  d  ", "c  d  ", "c  d    a  b"]),
            ("x:y:z", ":", "{1} {2} {-1} {2..} {..2} {1,3}", ["x", "y", "z", "y:z", "x:y", "x:z"]),
            ("a::b:", ":", "{1} {2} {3} {-1} {2..} {1,3}", ["a", "", "b", "", ":b", "a:b"]),
            (":x:", ":", "{1} {2} {3} {-1} {2..} {1,3}", ["", "x", "", "", "x", ""]),
            ("foo\t bar baz", ":", "{1} {2}", ["foo\t bar baz", ""]),
            ("a::b::c", "::", "{2} {-1} {..2}", ["b", "c", "a::b"]),
        ] as [(String, String?, String, [String])])
    func fieldsAsFzfGivesThem(line: String, delimiter: String?, command: String, expected: [String]) {
        let expanded = ShellCommand.expand(command, line: line, delimiter: delimiter.map { .text($0) } ?? .whitespace)
        #expect(expanded == expected.map { "'\($0)'" }.joined(separator: " "))
    }

    /// Catches `{+2}` taking the highlighted line's field while lines are marked, or the marks' fields run
    /// together: fzf gives each marked line's field as a word of its own.
    @Test func markedFieldsAreAWordEach() {
        let marked = ["  a  b:c  d  ", "x:y:z", "foo bar"]
        #expect(ShellCommand.expand("{+2}", line: "p:q", marked: marked, delimiter: .text(":")) == "'c  d' 'y' ''")
        #expect(ShellCommand.expand("{+2} {1}", line: "p:q", delimiter: .text(":")) == "'q' 'p'")
    }

    /// Catches: the preview run by /bin/sh whatever the user's shell is: fzf runs it with $SHELL, so bash's `<<<`
    /// works in it.
    @Test func theShellGivenRunsTheCommand() {
        let bash = ShellCommand.run(
            "cat <<< {}", line: "here", shell: "/bin/bash", maximumLines: 5, isCancelled: Self.never())
        #expect(bash == .output(lines: ["here"], status: 0))
    }

    /// Catches: any path the shell reads as more than one word, or as code: each must come back exactly.
    @Test(arguments: [
        "it's", "'", "''", "a'b'c'd", "$(touch /tmp/catalog-preview-pwned)", "`id`", "$HOME", "\"quoted\"",
        "two  spaces", " edges ", "tab\there", "line\nbreak", "{}", "x{}'{}'y", "-n", "--", "\\n", "*", "~", ";|&",
        "x'\u{301}; echo injected '", "日本語 ファイル.txt",
    ])
    func hostilePathsReachTheCommandAsOneWord(path: String) {
        let outcome = ShellCommand.run("printf '%s\\n' {}", line: path, maximumLines: 10, isCancelled: Self.never())
        let lines = path.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(outcome == .output(lines: lines, status: 0))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/catalog-preview-pwned"))
    }

    /// Catches: reading on to the end of a long output instead of stopping at the pane's height, and leaving the
    /// command running (or unreaped) after the cut.
    @Test func outputIsCutToTheLinesAndTheCommandKilled() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let outcome = run("echo $$ > {}/pid; seq 1 10000; exec sleep 100", in: scratch, maximumLines: 5)
        #expect(linesCutShort(outcome) == ["1", "2", "3", "4", "5"], "\(outcome)")
        #expect(isReaped(try pid(in: scratch.file("pid"))))
        let endless = ShellCommand.run("yes", line: "", maximumLines: 3, isCancelled: Self.never())
        #expect(linesCutShort(endless) == ["y", "y", "y"], "\(endless)")
    }

    /// Catches: a command's output held back until it ends (fzf shows it as it comes), a half line shown before
    /// its end, and a running command left behind when it is cancelled after its first lines.
    @Test func outputIsReportedWhileTheCommandRuns() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let reported = Mutex<[[String]]>([])
        let calls = Atomic<Int>(0)
        // Cancels once the first lines were reported, or after ~10 s so a broken test fails rather than hangs. The
        // lines come in one write, so one report holds both.
        let outcome = ShellCommand.run(
            "echo $$ > {}/pid; printf 'one\\ntwo\\nhalf'; exec sleep 100", line: scratch.url.path,
            maximumLines: 10,
            isCancelled: { !reported.withLock(\.isEmpty) || calls.add(1, ordering: .relaxed).newValue > 500 },
            partial: { lines in reported.withLock { $0.append(lines) } })
        #expect(outcome == .cancelled)
        #expect(reported.withLock(\.last) == ["one", "two"], "\(reported.withLock { $0 })")
        #expect(isReaped(try pid(in: scratch.file("pid"))))
        // Whatever was reported early, a command that ends gives its whole output as the outcome.
        let done = ShellCommand.run(
            "echo one", line: "", maximumLines: 10, isCancelled: Self.never(), partial: { _ in })
        #expect(done == .output(lines: ["one"], status: 0))
    }

    /// Catches: the byte limit ignored (a single endless line, or many short ones, filling memory).
    @Test func outputIsCutToTheBytes() {
        let outcome = ShellCommand.run(
            "yes abcdefghi", line: "", maximumLines: 1_000_000, maximumBytes: 1_000, isCancelled: Self.never())
        #expect(linesCutShort(outcome) == Array(repeating: "abcdefghi", count: 100), "\(outcome)")
        let oneLine = ShellCommand.run(
            "tr -d '\\n' < /dev/zero", line: "", maximumLines: 10, maximumBytes: 4_096, isCancelled: Self.never())
        #expect(linesCutShort(oneLine) == [String(repeating: "\0", count: 4_096)], "\(oneLine)")
    }

    /// Catches: a cancelled preview that keeps running, leaves a zombie, or leaves a background child behind
    /// (killing the shell alone is not enough: the group must go).
    @Test func aCancelledCommandIsKilledWithItsGroupAndReaped() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let outcome = run(
            "sleep 100 & echo $! > {}/child; echo $$ > {}/pid.tmp; mv {}/pid.tmp {}/pid; wait", in: scratch,
            cancelOnce: "pid")
        #expect(outcome == .cancelled)
        #expect(isReaped(try pid(in: scratch.file("pid"))), "the shell is reaped")
        #expect(isDeadOrDying(try pid(in: scratch.file("child"))), "its background child is killed")
    }

    /// Catches: background processes of a finished command left running.
    @Test func aFinishedCommandLeavesNothingRunning() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let outcome = run("sleep 100 > /dev/null 2>&1 & echo $! > {}/child; echo done", in: scratch)
        #expect(outcome == .output(lines: ["done"], status: 0))
        #expect(isDeadOrDying(try pid(in: scratch.file("child"))))
    }

    /// Catches: standard error dropped, a status lost, or standard input inherited (`cat` would wait on it).
    @Test func errorsStatusAndInputAreThoseOfTheShell() {
        let missing = ShellCommand.run(
            "/nonexistent/preview-command {}", line: "x", maximumLines: 10, isCancelled: Self.never())
        guard case .output(let lines, let status) = missing else {
            Issue.record("expected output, got \(missing)")
            return
        }
        #expect(status == 127)
        #expect(lines.count == 1)
        // A path, not a name: the text doesn't then depend on which PATH directories can be searched.
        #expect(lines.first?.contains("/nonexistent/preview-command: not found") == true, "\(lines)")
        #expect(
            ShellCommand.run("echo out; echo err >&2; exit 3", line: "", maximumLines: 10, isCancelled: Self.never())
                == .output(lines: ["out", "err"], status: 3))
        #expect(
            ShellCommand.run("cat; echo done", line: "", maximumLines: 10, isCancelled: Self.never())
                == .output(lines: ["done"], status: 0))
    }

    /// Catches: control bytes altered here (the renderer's sanitizer must see them as they are), CR LF kept as a
    /// CR, and invalid UTF-8 trapping instead of becoming U+FFFD.
    @Test func bytesComeThroughAsTheyAre() {
        let outcome = ShellCommand.run(
            #"printf 'a\033[31mred\007\r\nb\tc\001x\ry\r\n\377end'"#, line: "", maximumLines: 10,
            isCancelled: Self.never())
        #expect(outcome == .output(lines: ["a\u{1B}[31mred\u{07}", "b\tc\u{01}x\ry", "\u{FFFD}end"], status: 0))
    }

    /// Catches: a NUL byte silently cutting the command short (it could end inside a quote), and running a
    /// command for a pane with no room.
    @Test func whatCannotBeRunIsNot() throws {
        let nul = ShellCommand.run("cat {}", line: "a\0b", maximumLines: 10, isCancelled: Self.never())
        guard case .failed(let message) = nul else {
            Issue.record("expected a failure, got \(nul)")
            return
        }
        #expect(message.contains("NUL"))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(run("touch {}/ran", in: scratch, maximumLines: 0) == .output(lines: [], status: 0))
        #expect(scratch.names() == [])
    }
}
