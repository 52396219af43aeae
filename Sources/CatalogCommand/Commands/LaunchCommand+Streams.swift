import CatalogKit
import CatalogTerminal
import Glibc
import Synchronization

extension LaunchCommand {
    /// The steps of a list read from a pipe (standard input, or a `reload(…)` command's output): each reads for a
    /// while and parses and groups everything read so far, so it reads for longer as that work grows.
    static func streamSteps(
        _ stream: @escaping @Sendable () throws -> CatalogStream, name: String, format: CatalogFile.Format,
        linesBefore: Int, waitingForEnd: Bool = false
    ) -> MenuScreen.StreamStep {
        let clock = ContinuousClock()
        // When the last step's read ended, and how long it then took to parse and group what it read. From that end
        // until the next step starts, the catalog was parsed and grouped and the menu took it in: the work the
        // next read is sized by. But the loop may have been away meanwhile (an execute(…) had the terminal), so
        // that time counts for at most twice the parsing, or the next step would read for seconds.
        let last = Mutex<(readEnd: ContinuousClock.Instant, parsing: Duration)?>(nil)
        return { title, maxChildren in
            let work = last.withLock { last in
                last.map { min($0.readEnd.duration(to: clock.now), $0.parsing * 2) } ?? .zero
            }
            var (bytes, done) = try stream().read(for: CatalogStream.budget(afterWork: work))
            // reload-sync(…): one step, once the output has ended.
            while waitingForEnd && !done { (bytes, done) = try stream().read(for: .seconds(1)) }
            let readEnd = clock.now
            let (snapshot, hierarchy) = try CatalogSource.parseGrouped(
                bytes, name: name, format: format, rootTitle: title, maxChildren: maxChildren,
                linesBefore: linesBefore, afterReading: { if done { ProcessMemory.returnLargeBlocks() } })
            last.withLock { $0 = (readEnd, readEnd.duration(to: clock.now)) }
            return (snapshot, hierarchy, done)
        }
    }

    /// What a picker lists when `--file -` has a terminal for standard input: `$CATALOG_DEFAULT_COMMAND` (named after
    /// the program), or, as
    /// fzf's default, the files and links below the current directory, hidden ones left out, without their `./`.
    static func defaultCommand(_ context: Context) -> String {
        let variable = CatalogCommand.defaultCommandVariable(context.name)
        if let command = context.environment[variable], !command.isEmpty { return command }
        return "find -L . -mindepth 1 \\( -path '*/.*' -o -fstype sysfs -o -fstype devfs -o -fstype devtmpfs"
            + " -o -fstype proc \\) -prune -o \\( -type f -o -type l \\) -print 2>/dev/null | cut -b3-"
    }

    /// The shell commands run in, as fzf runs its preview: the user's, so `<<<` works under bash; /bin/sh when
    /// `$SHELL` is unset or can't be run.
    static func shell(_ context: Context) -> String {
        if let shell = context.environment["SHELL"], shell.hasPrefix("/"), access(shell, X_OK) == 0 { return shell }
        return "/bin/sh"
    }

    /// All a shell command prints, once it has ended.
    static func wholeOutput(_ command: String, shell: String, terminator: UInt8) throws -> [UInt8] {
        // The command runs for as long as what started it is kept.
        let output = commandOutput(command, shell: shell, terminator: terminator)
        return try withExtendedLifetime(output) {
            let stream = try output()
            var (bytes, done) = try stream.read(for: .seconds(1))
            while !done { (bytes, done) = try stream.read(for: .seconds(1)) }
            return bytes
        }
    }

    /// A shell command's output as a list's stream, the command started when the stream is first asked for.
    static func commandOutput(
        _ command: String, shell: String, terminator: UInt8
    ) -> @Sendable () throws -> CatalogStream {
        let output = Mutex<ShellCommand.ListOutput?>(nil)
        return {
            try output.withLock { started in
                let list = try started ?? ShellCommand.ListOutput(command, shell: shell, terminator: terminator)
                started = list
                return list.stream
            }
        }
    }
}
