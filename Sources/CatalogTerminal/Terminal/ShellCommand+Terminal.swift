import Glibc

extension ShellCommand {
    /// Runs a shell command to its end, as fzf's `execute` and `execute-silent` do, and returns its status: the
    /// exit code, or 128 plus the signal's number; `nil` when it could not be started (or holds a NUL byte).
    ///
    /// - With the terminal (`silent` false), the command reads and writes `/dev/tty`, whatever the launcher's own
    ///   standard input and output are (a list piped in, picks piped on), and runs in the launcher's process group,
    ///   so it is in the terminal's foreground: Ctrl-C and Ctrl-Z reach it as they would from the shell. The
    ///   launcher ignores SIGINT and SIGQUIT meanwhile, as `system(3)` does, and a fatal signal to the launcher
    ///   kills it (``ChildProcesses/foreground``). The caller puts its screen away first and draws it again after.
    /// - Silent, it runs in a process group of its own with its standard input, output and error on `/dev/null`.
    ///   What it starts in the background (`open {} &`, fzf's way to run one without waiting) runs on until the
    ///   launcher ends, which ends it (``endBackground()``), or a fatal signal does: nothing outlives the launcher.
    ///
    /// - Parameters:
    ///   - command: The command, placeholders already expanded (``expand(_:path:query:marked:)``).
    ///   - shell: The shell that runs it, the user's `$SHELL`, as fzf's.
    ///   - silent: Whether it runs without the terminal.
    /// - Returns: Its status, or `nil`.
    static func runToEnd(_ command: String, shell: String, silent: Bool) -> Int32? {
        guard !command.utf8.contains(0) else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let device = silent ? "/dev/null" : "/dev/tty"
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, device, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, device, O_WRONLY, 0)
        if silent { posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, device, O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        prepare(&attributes, ownGroup: silent)
        // Ignored before the child exists, so a Ctrl-C the moment it starts can't end the launcher.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var previousInterrupt = sigaction()
        var previousQuit = sigaction()
        if !silent {
            sigaction(SIGINT, &ignore, &previousInterrupt)
            sigaction(SIGQUIT, &ignore, &previousQuit)
        }
        defer {
            if !silent {
                sigaction(SIGINT, &previousInterrupt, nil)
                sigaction(SIGQUIT, &previousQuit, nil)
            }
        }
        let arguments = [String]([shell, "-c", command]).map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var pid: pid_t = 0
        guard posix_spawn(&pid, shell, &actions, &attributes, &argv, environ) == 0 else { return nil }
        if silent {
            ChildProcesses.register(pid, owner: backgroundOwner)
        } else {
            ChildProcesses.foreground.store(pid, ordering: .releasing)
        }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { break }
        }
        if silent {
            // The group is kept while something it started still runs in it; its id can't be reused meanwhile.
            if kill(-pid, 0) != 0 { ChildProcesses.unregister(pid) }
        } else {
            ChildProcesses.foreground.store(0, ordering: .releasing)
        }
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    /// The owner of the groups silent commands left running (``ChildProcesses/register(_:owner:)``): no job
    /// runner's.
    static let backgroundOwner = -1

    /// Ends what silent commands left running in the background, as the launcher ends.
    package static func endBackground() {
        ChildProcesses.end(groupsOf: backgroundOwner)
    }
}
