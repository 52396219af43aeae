import Glibc

/// What the shell needs to run a session with live reload (`--watch`): the watch on the sources, the build, and
/// the program that takes over when a build succeeds.
package struct Watch {
    /// The watch on the package's source folders.
    package var sources: any SourceWatching
    /// The state machine, with the build it runs.
    package var rebuild: Rebuild
    /// The path of the program the build makes, which replaces this process.
    package var program: String
    /// The arguments to start it with, its name first: this process's own.
    package var arguments: [String]
    /// Its environment: this process's, less any handover.
    package var environment: [String: String]
    /// The terminal settings a process this one took over from handed over (``Handover``).
    package var inherited: termios?

    package init(
        sources: any SourceWatching, rebuild: Rebuild, program: String, arguments: [String],
        environment: [String: String], inherited: termios?
    ) {
        self.sources = sources
        self.rebuild = rebuild
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.inherited = inherited
    }
}
