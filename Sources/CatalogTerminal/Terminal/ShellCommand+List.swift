import Glibc

extension ShellCommand {
    /// A shell command whose output is read as a list (fzf's `reload(…)`): started at once in a process group of
    /// its own, with its standard input and error on `/dev/null`; and ended (the group killed, the shell reaped and
    /// the output closed) when the last reference to it goes, so a reload that replaces it, or the menu's end,
    /// leaves nothing of it running.
    package final class ListOutput: @unchecked Sendable {
        private let child: Child
        /// Its output, read as a pipe's.
        package let stream: CatalogStream

        /// Starts `shell -c command`.
        ///
        /// - Throws: When the shell can't be started, or the command holds a NUL byte.
        package init(_ command: String, shell: String, terminator: UInt8) throws {
            guard !command.utf8.contains(0) else {
                throw CatalogStream.Failure(
                    description: "the reload command holds a NUL byte, which no shell can be given")
            }
            child = try Child.spawn(command, shell: shell, mergesErrors: false)
            stream = CatalogStream(descriptor: child.output, terminator: terminator)
        }

        deinit { child.terminate() }
    }
}
