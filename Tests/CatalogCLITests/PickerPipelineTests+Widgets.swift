import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

extension PickerPipelineTests {
    /// A shell that fzf 0.38's key bindings run in.
    enum WidgetShell: String, CaseIterable {
        case bash, zsh

        /// Where the shell is, or `nil` when it isn't installed.
        var path: String? {
            ["/bin/\(rawValue)", "/usr/bin/\(rawValue)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }

    /// fzf's key bindings script, where Debian's fzf package puts it; `nil` without it.
    static let keyBindings = "/usr/share/doc/fzf/examples/key-bindings"

    /// An interactive shell whose history holds `commands` (oldest first), with fzf's key bindings loaded and a
    /// shim named `fzf` first on `PATH` that runs catalog, as a user points the widgets at it: fzf's options come in
    /// `FZF_DEFAULT_OPTS`, which the shim hands over as `CATALOG_DEFAULT_OPTS`.
    func widgetShell(_ shell: WidgetShell, path: String, history commands: [String], in workspace: Workspace) throws
        -> PTY
    {
        let directory = workspace.directory.path
        let shim = directory + "/bin/fzf"
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        try Data(
            "#!/bin/sh\nCATALOG_DEFAULT_OPTS=\"${FZF_DEFAULT_OPTS-}\" exec \"$CATALOG\" --file - \"$@\"\n".utf8
        ).write(to: URL(fileURLWithPath: shim))
        chmod(shim, 0o755)
        var environment = TerminalRestoreTests.environment
        environment["CATALOG"] = productPath("catalog")
        environment["PATH"] = directory + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        let quoted = commands.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let arguments: [String]
        switch shell {
        case .bash:
            let rc =
                "PS1='ready$ '\nHISTFILE=/dev/null\nhistory -c\n"
                + quoted.map { "history -s \($0)\n" }.joined() + "source \(Self.keyBindings).bash\n"
            try Data(rc.utf8).write(to: URL(fileURLWithPath: directory + "/bashrc"))
            arguments = ["--rcfile", directory + "/bashrc", "-i"]
        case .zsh:
            let rc =
                "PS1='ready$ '\nHISTFILE=\(directory)/zhistory\nHISTSIZE=100\n"
                + quoted.map { "print -s \($0)\n" }.joined() + "source \(Self.keyBindings).zsh\n"
            try Data(rc.utf8).write(to: URL(fileURLWithPath: directory + "/.zshrc"))
            environment["ZDOTDIR"] = directory
            arguments = ["-i"]
        }
        let pty = try PTY.spawn(path: path, arguments: arguments, environment: environment, size: .standard)
        try pty.read(until: "ready$ ", timeout: Self.timeout)
        return pty
    }

    /// Catches fzf's Ctrl-R widget refused (`-n2..,..`, `--scheme=history`, `--bind=ctrl-r:toggle-sort`, `+m`,
    /// `--read0`), its number searched, or the pick not reaching the command line; and Ctrl-R inside the picker
    /// not turning the hits to the order read (newest first), which fzf's `toggle-sort` does.
    @Test(
        "fzf's Ctrl-R widget through a shim: the pick lands on the command line; Ctrl-R in it sorts as read",
        arguments: WidgetShell.allCases)
    func historyWidget(_ shell: WidgetShell) throws {
        guard let path = shell.path, FileManager.default.fileExists(atPath: Self.keyBindings + "." + shell.rawValue)
        else { return }
        let workspace = try Workspace(Self.lines)
        // Oldest first: "xyz" fits the older of its two commands best, and the newer one less well.
        let pty = try widgetShell(
            shell, path: path, history: ["echo gst-$((1+1))", "echo xyz-1", "echo x_y_z-2", "echo 12"],
            in: workspace)
        var mark = pty.mark
        try pty.send("\u{12}")
        try pty.read(until: "4 entries", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("gst")
        try pty.read(until: "1 of 4 entries matches", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\r")
        // The pick is on the command line, as typed; Enter runs it.
        try pty.read(until: "ready$ echo gst-$((1+1))", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\r")
        try pty.read(until: "gst-2", since: mark, timeout: Self.timeout)
        // Ctrl-R in the picker: the hits as read, the newest first.
        try pty.read(until: "ready$ ", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\u{12}")
        try pty.read(until: "entries", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("xyz")
        try pty.read(until: "2 of ", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\u{12}")
        try pty.read(until: "as listed", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\r")
        try pty.read(until: "ready$ echo x_y_z-2", since: mark, timeout: Self.timeout)
        // Without Ctrl-R the best hit comes first: the older command.
        try pty.send("\u{15}\u{12}")
        try pty.read(until: "entries", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("xyz")
        try pty.read(until: "2 of ", since: mark, timeout: Self.timeout)
        mark = pty.mark
        try pty.send("\r")
        try pty.read(until: "ready$ echo xyz-1", since: mark, timeout: Self.timeout)
        try pty.send("\u{15}")
        try pty.send("exit\r")
        #expect(try pty.wait(timeout: Self.timeout) == .exited(0))
    }
}
