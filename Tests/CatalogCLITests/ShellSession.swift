import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc

/// A real interactive shell under a pseudo-terminal, with programs' completion scripts installed where their users
/// would install them, so a test presses Tab as a user does and reads back what the shell made of the line. One shell
/// serves every line a test types, for every program it has scripts for.
///
/// After Tab, a key bound in the shell's own start-up file (Ctrl-T) runs the line's words through the shell's `eval`
/// and prints them, so a test sees each word as the shell would pass it to the program: a title completed without
/// its quoting comes back split, or not at all. Candidates are read from what the completion function offered (the
/// `COMPREPLY` of bash, the matches given to zsh's `compadd`) or, in fish, from `complete -C` run by a key of its own.
///
/// Each program is one executable under its own name (a symbolic link in the session's `bin`, the only directory on
/// `PATH` besides the system's), so a script that calls back another program finds nothing.
final class ShellSession {
    /// The shells, each with the script installed one of the ways the README gives: bash sourcing it, bash with the
    /// bash-completion package loading it from its directory, zsh finding it on `$fpath`, zsh sourcing it after
    /// `compinit`, and fish finding it in its completions directory.
    enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case bash
        case bashCompletion = "bash with bash-completion"
        case zsh
        case zshSourced = "zsh, sourced"
        case fish

        var description: String { rawValue }

        /// The shell's script language, as `--generate-completion-script` names it.
        var shell: String {
            switch self {
            case .bash, .bashCompletion: "bash"
            case .zsh, .zshSourced: "zsh"
            case .fish: "fish"
            }
        }

        /// The shell's executable, if it is installed.
        var executable: String? {
            ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// Why the session can't run here, if it can't: a missing shell, or a missing bash-completion.
        var missing: String? {
            if executable == nil { return "\(shell) is not installed" }
            if self == .bashCompletion, !FileManager.default.fileExists(atPath: ShellSession.bashCompletionScript) {
                return "bash-completion is not installed"
            }
            return nil
        }
    }

    /// What the shell made of a line after Tab.
    struct Completion: CustomStringConvertible {
        /// The line's words as the shell reads them (empty when the shell can't read the line at all).
        var words: [String]
        /// The line as it stands in the editor.
        var line: String

        var description: String { "line \(line.debugDescription), read as \(words)" }
    }

    static let bashCompletionScript = "/usr/share/bash-completion/bash_completion"

    let kind: Kind
    /// The session's scratch directory: `bin`, `home`, `work` (the shell's working directory) and the scripts.
    let directory: URL
    var work: URL { directory.appendingPathComponent("work") }
    private var log: URL { directory.appendingPathComponent("candidates.log") }
    private var errors: URL { directory.appendingPathComponent("errors.log") }
    private let pty: PTY

    /// Starts a shell with programs' completion scripts installed.
    ///
    /// - Parameters:
    ///   - kind: The shell.
    ///   - scripts: Each program's name and its completion script; a link of that name to `executable` is put on
    ///     `PATH`.
    ///   - executable: The program the names run.
    /// - Throws: When the shell can't start or never gets ready.
    init(_ kind: Kind, scripts: KeyValuePairs<String, String>, executable: String) throws {
        guard let shell = kind.executable else { throw SessionError(description: "\(kind) is not installed") }
        self.kind = kind
        let programs = scripts.map(\.key)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalog-shell-\(kind.shell)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let home = directory.appendingPathComponent("home")
        let work = directory.appendingPathComponent("work")
        let log = directory.appendingPathComponent("candidates.log")
        let errors = directory.appendingPathComponent("errors.log")
        let bin = directory.appendingPathComponent("bin")
        for folder in [home, bin, work] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for program in programs {
            try FileManager.default.createSymbolicLink(
                atPath: bin.appendingPathComponent(program).path, withDestinationPath: executable)
        }
        var environment = [
            "HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
        ]
        var arguments: [String]
        switch kind {
        case .bash, .bashCompletion:
            // bash-completion loads a script named for the program from its directory on the first Tab; the
            // start-up file has it loaded at once, so that it can be watched.
            let folder =
                kind == .bash ? directory : home.appendingPathComponent(".local/share/bash-completion/completions")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var files: [String] = []
            for (program, script) in scripts {
                let file = folder.appendingPathComponent(kind == .bash ? program + ".bash" : program)
                try Data(script.utf8).write(to: file)
                files.append(file.path)
            }
            let rc = directory.appendingPathComponent("bashrc")
            let startup = Self.bashStartup(kind, scripts: files, programs: programs, log: log.path, work: work.path)
            try Data(startup.utf8).write(to: rc)
            arguments = ["--noprofile", "--rcfile", rc.path, "-i"]
        case .zsh, .zshSourced:
            let functions = directory.appendingPathComponent("functions")
            try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
            var files: [String] = []
            for (program, script) in scripts {
                let file = functions.appendingPathComponent("_" + program)
                try Data(script.utf8).write(to: file)
                files.append(file.path)
            }
            let startup = Self.zshStartup(
                functions: kind == .zsh ? functions.path : nil, sourcing: kind == .zshSourced ? files : [],
                log: log.path)
            try Data(startup.utf8).write(to: home.appendingPathComponent(".zshrc"))
            environment["ZDOTDIR"] = home.path
            arguments = ["-d", "-i"]
        case .fish:
            let fish = home.appendingPathComponent(".config/fish")
            try FileManager.default.createDirectory(
                at: fish.appendingPathComponent("completions"), withIntermediateDirectories: true)
            for (program, script) in scripts {
                try Data(script.utf8).write(to: fish.appendingPathComponent("completions/\(program).fish"))
            }
            let startup = Self.fishStartup(log: log.path, errors: errors.path)
            try Data(startup.utf8).write(to: fish.appendingPathComponent("config.fish"))
            arguments = ["-i"]
        }
        pty = try PTY.spawn(
            path: shell, arguments: arguments, environment: environment, size: Size(columns: 200, rows: 50))
        try pty.read(until: "READY", timeout: .seconds(60))
    }

    deinit {
        try? pty.send("\u{15}exit\r")
        _ = try? pty.wait(timeout: .seconds(10))
        try? FileManager.default.removeItem(at: directory)
    }

    /// Types a line, presses Tab once, and reads the line back as the shell reads it.
    ///
    /// - Parameter line: What to type, as a user types it (quotes and backslashes included).
    /// - Returns: The words and the line.
    /// - Throws: When the shell stops answering.
    func complete(_ line: String) throws -> Completion {
        try press(line + "\t")
    }

    /// What the completion offers for a line, without inserting anything the test relies on.
    ///
    /// - Parameter line: What to type.
    /// - Returns: The candidates, one each, without fish's descriptions; bash's are as the script quoted them.
    /// - Throws: When the shell stops answering, or fish complains on standard error.
    func candidates(_ line: String) throws -> [String] {
        try Data().write(to: log)
        try Data().write(to: errors)
        // fish lists them with `complete -C`, bound to Ctrl-Y; the others log them when Tab runs the script.
        _ = try press(line + (kind == .fish ? "\u{19}" : "\t"))
        let complaints = try String(contentsOf: errors, encoding: .utf8)
        guard complaints.isEmpty else {
            throw SessionError(description: "\(kind) complained at \(line.debugDescription): \(complaints)")
        }
        let text = try String(contentsOf: log, encoding: .utf8)
        return text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    /// Types keys and then Ctrl-T, which prints the line's words and clears the line.
    private func press(_ keys: String) throws -> Completion {
        let mark = pty.mark
        try pty.send(keys + "\u{14}")
        let output = try pty.read(until: "\u{1E}", since: mark, timeout: .seconds(60))
        // The report is ␜ word… ␝ line ␞; the words each follow a ␟.
        guard let end = output.lastIndex(of: "\u{1E}"),
            let start = output[..<end].lastIndex(of: "\u{1C}"),
            let middle = output[start..<end].lastIndex(of: "\u{1D}")
        else {
            throw SessionError(description: "no report from \(kind) in \(output.debugDescription)")
        }
        let words = output[output.index(after: start)..<middle].split(
            separator: "\u{1F}", omittingEmptySubsequences: false
        ).dropFirst().map(String.init)
        return Completion(words: words, line: String(output[output.index(after: middle)..<end]))
    }

    struct SessionError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: Start-up files

    /// bash: the scripts sourced as the README says, or loaded by bash-completion; readline quiet, and each
    /// completion function wrapped so that what it offers is written to the log.
    private static func bashStartup(_ kind: Kind, scripts: [String], programs: [String], log: String, work: String)
        -> String
    {
        let loading =
            kind == .bash
            ? scripts.map { "source \(quoted($0))" }
            : ["source \(bashCompletionScript)"]
                + programs.map { "__load_completion \($0) 2>/dev/null || _comp_load \($0)" }
        return #"""
            PS1='$ '
            bind 'set bell-style none'
            bind 'set page-completions off'
            bind 'set completion-query-items -1'
            \#(loading.joined(separator: "\n"))
            __logged() {
                "$@"
                local status=$?
                printf '%s\n' "${COMPREPLY[@]}" > \#(quoted(log))
                return $status
            }
            __log() {
                local function
                function=$(complete -p "$1" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
                eval "__original$function() $(declare -f "$function" | tail -n +2)"
                eval "$function() { __logged __original$function \"\$@\"; }"
            }
            \#(programs.map { "__log \($0)" }.joined(separator: "\n"))
            __show() {
                printf '\x1c'
                ( eval "set -- $READLINE_LINE" && printf '\x1f%s' "$@" ) 2>/dev/null
                printf '\x1d%s\x1e\n' "$READLINE_LINE"
                READLINE_LINE=
                READLINE_POINT=0
            }
            bind -x '"\C-t": __show'
            cd \#(quoted(work))
            printf 'READ%s\n' Y
            """#
    }

    /// zsh: the scripts in a directory on `$fpath` before `compinit`, or sourced after it; and `compadd` wrapped so
    /// that the matches it adds are written to the log.
    private static func zshStartup(functions: String?, sourcing scripts: [String], log: String) -> String {
        #"""
        PS1='%# '
        unsetopt beep
        LISTMAX=100000
        \#(functions.map { "fpath=(\(quoted($0)) $fpath)" } ?? "")
        autoload -Uz compinit
        compinit -u -d "$HOME/.zcompdump"
        \#(scripts.map { "source \(quoted($0))" }.joined(separator: "\n"))
        compadd() {
            if (( ${@[(I)-[OAD]]} )); then
                builtin compadd "$@"
                return
            fi
            local -a __matches
            builtin compadd -O __matches "$@"
            (( $#__matches )) && print -rl -- $__matches >> \#(quoted(log))
            builtin compadd "$@"
        }
        __show() {
            printf '\x1c'
            ( eval "set -- $BUFFER" && printf '\x1f%s' "$@" ) 2>/dev/null
            printf '\x1d%s\x1e\n' "$BUFFER"
            BUFFER=
        }
        zle -N __show
        bindkey '^T' __show
        cd "$HOME/../work"
        printf 'READ%s\n' Y
        """#
    }

    /// fish: the scripts in `~/.config/fish/completions`, found by fish itself; Ctrl-Y writes what `complete -C`
    /// lists for the line to the log, and what fish complains of to another.
    private static func fishStartup(log: String, errors: String) -> String {
        #"""
        if status is-interactive
            set -g fish_greeting ''
            function fish_prompt; echo -n '> '; end
            function __show
                set -l line (commandline)
                printf '\x1c'
                begin; eval "set -g __words $line"; and printf '\x1f%s' $__words; end 2>/dev/null
                printf '\x1d%s\x1e\n' "$line"
                commandline ''
            end
            function __candidates
                complete -C (commandline -cp | string collect) > \#(quoted(log)) 2> \#(quoted(errors))
            end
            function fish_user_key_bindings
                bind \ct __show
                bind \cy __candidates
            end
            cd $HOME/../work
            printf 'READ%s\n' Y
        end
        """#
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
