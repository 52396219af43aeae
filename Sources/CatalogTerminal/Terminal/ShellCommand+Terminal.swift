import Glibc

extension ShellCommand {
    /// Runs a shell command to its end, as fzf's `execute` and `execute-silent` do, and returns its status: the
    /// exit code, or 128 plus the signal's number; `nil` when it could not be started (or holds a NUL byte).
    ///
    /// - With the terminal (`silent` false), the command reads and writes `/dev/tty`, whatever the launcher's own
    ///   standard input and output are (a list piped in, picks piped on). It runs in a process group of its own,
    ///   made the terminal's foreground, as a shell runs a job: Ctrl-C reaches it and nothing else, and Ctrl-Z
    ///   stops it and the launcher with it, which `fg` continues. What it leaves in its group is killed when the
    ///   shell exits, and all of it when a fatal signal ends the launcher. The caller puts its screen away first
    ///   (``Terminal/execute(_:shell:silent:)``).
    /// - Silent, it runs in a session of its own, with no terminal to stop on (a `read </dev/tty` fails at once),
    ///   and its standard input, output and error on `/dev/null`. What it starts in the background (`open {} &`,
    ///   fzf's way to run one without waiting) runs on until the launcher ends, which ends it
    ///   (``endBackground()``), or a fatal signal does.
    ///
    /// - Parameters:
    ///   - command: The command, placeholders already expanded (``expand(_:path:query:marked:)``).
    ///   - shell: The shell that runs it, the user's `$SHELL`, as fzf's.
    ///   - silent: Whether it runs without the terminal.
    /// - Returns: Its status, or `nil`.
    static func runToEnd(_ command: String, shell: String, silent: Bool) -> Int32? {
        guard !command.utf8.contains(0) else { return nil }
        let tty = silent ? -1 : open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard silent || tty >= 0 else { return nil }
        defer { if tty >= 0 { close(tty) } }
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
        prepare(&attributes, ownGroup: !silent, ownSession: silent)
        if silent { ChildProcesses.forgetEnded(of: backgroundOwner) }
        let arguments = [String]([shell, "-c", command]).map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var argv = arguments + [nil]
        var pid: pid_t = 0
        guard posix_spawn(&pid, shell, &actions, &attributes, &argv, environ) == 0 else { return nil }
        ChildProcesses.register(pid, owner: silent ? backgroundOwner : foregroundOwner)
        if !silent { give(tty, to: pid) }
        var raw: Int32 = 0
        while true {
            if waitpid(pid, &raw, silent ? 0 : WUNTRACED) < 0 {
                guard errno == EINTR else { break }
                continue
            }
            // Stopped (Ctrl-Z): the launcher stops too, as the shell's job, and on `fg` gives the terminal back. Sent
            // on with `bg` instead, it is not the terminal's to give: it stops again, as fzf does, until `fg`.
            guard raw & 0xff == 0x7f else { break }
            give(tty, to: getpgrp())
            repeat { SignalGuard.stopJob() } while tcgetpgrp(tty) != getpgrp()
            give(tty, to: pid)
        }
        if silent {
            // Kept while something it started runs on in its group, whose id can't be given out again meanwhile.
            if kill(-pid, 0) != 0 { ChildProcesses.unregister(pid) }
        } else {
            give(tty, to: getpgrp())
            kill(-pid, SIGKILL)
            ChildProcesses.unregister(pid)
        }
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    /// Makes a process group the terminal's foreground and continues it, in case it stopped on touching the terminal
    /// before it was. SIGTTOU is blocked meanwhile, since the launcher may be in the background when it calls.
    private static func give(_ tty: Int32, to group: pid_t) {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        _ = tcsetpgrp(tty, group)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        if group != getpgrp() { kill(-group, SIGCONT) }
    }

    /// The owner of the groups silent commands left running (``ChildProcesses/register(_:owner:)``): no job
    /// runner's.
    static let backgroundOwner = -1

    /// The owner of the group of the command that has the terminal.
    static let foregroundOwner = -2

    /// Ends what silent commands left running in the background, as the launcher ends.
    package static func endBackground() {
        ChildProcesses.end(groupsOf: backgroundOwner)
    }
}
