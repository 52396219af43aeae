import Glibc

/// Replacing this process with another program (`execve`): the rebuilt binary of live reload, and fzf's
/// `become(…)`.
package enum ProcessImage {
    /// Replaces this process with a program.
    ///
    /// Every descriptor but standard input, output and error is closed on exec first, whatever opened it, so the
    /// new program inherits the terminal and nothing else.
    ///
    /// - Parameters:
    ///   - program: The path of the program to run.
    ///   - arguments: Its arguments, its name first.
    ///   - environment: Its environment.
    /// - Returns: Only when the exec failed: its `errno`.
    package static func replace(with program: String, arguments: [String], environment: [String: String]) -> Int32 {
        closeOnExec()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(program, argv, envp)
        let code = errno
        (argv + envp).forEach { free($0) }
        return code
    }

    /// fzf's `become(…)`: replaces this process with `shell -c command`, once the launcher has given the terminal
    /// back. The command reads the terminal even where the launcher's standard input was a list piped in, as
    /// fzf's does, writes where the launcher's standard output went, and starts with SIGPIPE's default action,
    /// which the launcher ignores, so a pipeline in it ends as it would in a shell.
    ///
    /// - Returns: Only when the exec failed: why, in one line.
    package static func become(_ command: String, shell: String, environment: [String: String]) -> String {
        guard !command.utf8.contains(0) else {
            return "the become command holds a NUL byte, which no shell can be given"
        }
        if isatty(STDIN_FILENO) == 0 {
            let tty = open("/dev/tty", O_RDONLY)
            if tty >= 0 {
                dup2(tty, STDIN_FILENO)
                close(tty)
            }
        }
        signal(SIGPIPE, SIG_DFL)
        // A handover from a rebuild is this process's, not the command's.
        var environment = environment
        environment[Handover.variable] = nil
        let code = replace(with: shell, arguments: [shell, "-c", command], environment: environment)
        signal(SIGPIPE, SIG_IGN)
        return "could not run the become command with '\(shell)': \(String(cString: strerror(code)))"
    }

    /// Marks every open descriptor above standard error close-on-exec.
    private static func closeOnExec() {
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name), descriptor > STDERR_FILENO else { continue }
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
    }
}
