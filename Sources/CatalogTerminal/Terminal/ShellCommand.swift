import Glibc

/// A shell command run off the input path (in a job): fzf's `--preview` command, run for the highlighted entry of a
/// catalog file, whose output the preview pane shows; and the build `--watch` runs.
///
/// It runs in a process group of its own, so that when the highlight moves on (or a newer change cancels a build)
/// the whole command, pipelines and background children included, is killed and reaped rather than left running.
package enum ShellCommand {
    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// The command's output, cut to the limits, and its status: the exit code, or 128 plus the signal's number
        /// when a signal ended it (as the shell reports it). A command the limits cut short usually ends so, by
        /// SIGTERM, or by SIGPIPE when it writes after its output is closed.
        case output(lines: [String], status: Int32)
        /// `isCancelled` turned true; the command was killed.
        case cancelled
        /// The command could not be run; why.
        case failed(String)
    }

    /// How many polls of ~20 ms a command gets to exit after SIGTERM before it gets SIGKILL.
    static let graceTicks = 10
    /// The poll interval, in milliseconds.
    static let tick: Int32 = 20

    /// Runs a preview command and collects its output.
    ///
    /// Runs `shell -c` (`/bin/sh` unless given) with the expanded command in a new process group, standard input from `/dev/null`, and
    /// standard output and error merged into one pipe. Reads until the end of the output, `maximumLines` lines or
    /// `maximumBytes` bytes, whichever comes first; at a limit the command's group is killed. Every ~20 ms it asks
    /// `isCancelled`, and when that is true kills the group (SIGTERM, then SIGKILL after ~200 ms) and returns
    /// ``Outcome/cancelled``. Whatever happens, the child is reaped and no process of its group is left running.
    ///
    /// A background child that keeps the output open after the shell exits keeps the preview reading until it
    /// closes it or the preview is cancelled; one that redirected its output is killed with the group
    /// when the shell is done.
    ///
    /// Lines are split at LF, a CR before it is dropped, and invalid UTF-8 becomes U+FFFD. Control characters come
    /// through as they are: the renderer sanitizes what it draws.
    ///
    /// - Parameters:
    ///   - command: The command, with `{}` for the line, `{q}` for the query, `{+}` for the marked entries and `{1}`
    ///     for a field (see ``expand(_:line:query:marked:delimiter:)``).
    ///   - line: The highlighted entry's line.
    ///   - query: What is typed in the filter.
    ///   - marked: The marked entries' lines.
    ///   - delimiter: How the lines divide into fields.
    ///   - shell: The shell that runs it: a preview's is the user's `$SHELL`, as fzf's is; a build's `/bin/sh`.
    ///   - maximumLines: How many lines the pane can show; with none, nothing is run and there is no output.
    ///   - maximumBytes: How much output to read at most.
    ///   - drains: Whether a command whose output passes the limits runs on to its end, its further output read
    ///     and dropped (a build), instead of being killed there (a preview).
    ///   - isCancelled: Turns true when the highlight has moved on.
    ///   - partial: Takes the whole lines read so far while the command runs, as fzf's preview shows them: when
    ///     more have come, at most every ``partialInterval`` milliseconds. Not called once the output has ended.
    /// - Returns: The output and status, ``Outcome/cancelled``, or ``Outcome/failed(_:)`` when the shell could not be
    ///   started (or the command holds a NUL byte, which no shell can be given).
    public static func run(
        _ command: String, line: String, query: String = "", marked: [String] = [],
        delimiter: FieldDelimiter = .whitespace, shell: String = "/bin/sh", maximumLines: Int,
        maximumBytes: Int = 262_144, drains: Bool = false, isCancelled: @escaping JobCancellation,
        partial: (([String]) -> Void)? = nil
    ) -> Outcome {
        guard maximumLines > 0, maximumBytes > 0 else { return .output(lines: [], status: 0) }
        let expanded = expand(command, line: line, query: query, marked: marked, delimiter: delimiter)
        guard !expanded.utf8.contains(0) else {
            return .failed("The preview command for '\(line)' contains a NUL byte, which no shell can be given.")
        }
        let child: Child
        do {
            child = try Child.spawn(expanded, shell: shell)
        } catch {
            return .failed("Could not run the preview command '\(command)': \(error)")
        }
        var output: [UInt8] = []
        var newlines = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var isOpen = true
        var shown = 0
        var shownAt = monotonicMilliseconds() - partialInterval
        while true {
            if let partial, isOpen, newlines > shown, monotonicMilliseconds() - shownAt >= partialInterval {
                let end = output.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                partial(lines(of: Array(output[..<end]), limit: maximumLines))
                shown = newlines
                shownAt = monotonicMilliseconds()
            }
            if isCancelled() {
                child.terminate()
                return .cancelled
            }
            guard isOpen else {
                // The output has ended; wait for the shell itself, which may still be running.
                if child.hasExited() { break }
                _ = poll(nil, 0, tick)
                continue
            }
            var descriptor = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, tick) > 0 else { continue }
            let room = output.count < maximumBytes ? maximumBytes - output.count : buffer.count
            let count = read(child.output, &buffer, min(buffer.count, room))
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                isOpen = false
            } else if count == 0 {
                isOpen = false
            } else if newlines < maximumLines, output.count < maximumBytes {
                output += buffer[..<count]
                newlines += buffer[..<count].count(where: { $0 == UInt8(ascii: "\n") })
                if !drains, newlines >= maximumLines || output.count >= maximumBytes {
                    child.terminate()
                    return .output(lines: lines(of: output, limit: maximumLines), status: child.status)
                }
            }
        }
        child.terminate()
        return .output(lines: lines(of: output, limit: maximumLines), status: child.status)
    }

    /// Sets a shell's spawn attributes: default signal actions (the launcher ignores SIGPIPE, and a pipeline in the
    /// command should die of it as in a shell), no blocked signals, and with `ownGroup` a process group of its own
    /// (pgid 0: the child's pid), or with `ownSession` a session of its own, with no terminal, whose group's id is
    /// its pid too.
    static func prepare(_ attributes: inout posix_spawnattr_t, ownGroup: Bool, ownSession: Bool) {
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        // glibc's POSIX_SPAWN_SETSID (2.26 on), which the Glibc module doesn't declare.
        if ownSession { flags |= 0x80 }
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    /// The fewest milliseconds between two reports of a running command's output.
    static let partialInterval: Int64 = 50

    /// The monotonic clock, in milliseconds.
    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Splits output into at most `limit` lines at LF, dropping a CR before it and a last empty line.
    static func lines(of bytes: [UInt8], limit: Int) -> [String] {
        var lines: [String] = []
        var rest = bytes[...]
        while !rest.isEmpty, lines.count < limit {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            var line = rest[..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            lines.append(String(decoding: line, as: UTF8.self))
            rest = end == rest.endIndex ? [] : rest[(end + 1)...]
        }
        return lines
    }

    /// A running shell: its process id (also its process group's) and the read end of its output.
    final class Child {
        let pid: pid_t
        let output: Int32
        /// How it ended, once reaped: the exit code, or 128 plus the signal's number.
        private(set) var status: Int32 = 0
        private var reaped = false

        private init(pid: pid_t, output: Int32) {
            self.pid = pid
            self.output = output
        }

        /// A system call that failed, for ``Outcome/failed(_:)``.
        struct SpawnError: Swift.Error, CustomStringConvertible {
            var call: String
            var code: Int32
            var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
        }

        /// Starts `/bin/sh -c command` in a new process group, its standard error into its output unless
        /// `mergesErrors` is false, which sends it to `/dev/null`.
        static func spawn(_ command: String, shell: String = "/bin/sh", mergesErrors: Bool = true) throws -> Child {
            var pipe: [Int32] = [-1, -1]
            guard makePipe(&pipe) == 0 else { throw SpawnError(call: "pipe", code: errno) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
            if mergesErrors {
                posix_spawn_file_actions_adddup2(&actions, pipe[1], STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            ShellCommand.prepare(&attributes, ownGroup: true, ownSession: false)
            let arguments = [String]([shell, "-c", command]).map { strdup($0) }
            defer { arguments.forEach { free($0) } }
            var argv = arguments + [nil]
            var pid: pid_t = 0
            let code = posix_spawn(&pid, shell, &actions, &attributes, &argv, environ)
            close(pipe[1])
            guard code == 0 else {
                close(pipe[0])
                throw SpawnError(call: "posix_spawn of /bin/sh", code: code)
            }
            _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
            // Until it is reaped, a fatal signal to the launcher kills its group too.
            ChildProcesses.register(pid)
            return Child(pid: pid, output: pipe[0])
        }

        /// Makes a pipe whose ends are closed on exec from the start, so a process another thread spawns at the same
        /// moment can't inherit the write end and hold the output open. `pipe2` is a GNU extension the Glibc module
        /// doesn't declare, so it is looked up; `pipe` and `fcntl` are the fallback.
        private static func makePipe(_ ends: inout [Int32]) -> Int32 {
            typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
            if let symbol = dlsym(nil, "pipe2") {
                return unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC)
            }
            guard pipe(&ends) == 0 else { return -1 }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return 0
        }

        /// Whether the shell has exited, without reaping it: its zombie keeps the pid, and so the group's id, from
        /// being reused until ``terminate()`` has signalled the group.
        func hasExited() -> Bool {
            if reaped { return true }
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
                // ECHILD: someone else reaped it (a SIGCHLD handler set to SIG_IGN); it is gone either way.
                guard errno == EINTR else { return true }
            }
            return info.si_signo == SIGCHLD
        }

        /// Ends the command: closes the output (a writer then gets SIGPIPE), sends SIGTERM to the group and to the
        /// groups its processes started (``ChildProcesses/descendantGroups(of:)``: a build's compilers), gives the
        /// shell a short grace to exit, sends SIGKILL to whatever of them is left, and reaps the shell.
        func terminate() {
            guard !reaped else { return }
            close(output)
            var started: [pid_t] = []
            if !hasExited() {
                // Found before any signal, while the shell still holds them.
                started = ChildProcesses.descendantGroups(of: [pid])
                for group in [pid] + started { kill(-group, SIGTERM) }
                for _ in 0..<ShellCommand.graceTicks where !hasExited() {
                    _ = poll(nil, 0, ShellCommand.tick)
                }
            }
            // Also background children that outlived the shell or closed their output.
            for group in [pid] + started { kill(-group, SIGKILL) }
            // Forgotten before it is reaped, so its pid can't be reused while still in the table.
            ChildProcesses.unregister(pid)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 {
                guard errno == EINTR else { break }
            }
            reaped = true
            let signal = raw & 0x7f
            status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        }
    }
}
