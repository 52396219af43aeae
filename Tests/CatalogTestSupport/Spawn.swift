import Foundation
import Glibc

/// Starts programs for tests with `posix_spawn`: the one place ``runProcess(_:_:input:environment:standardOutput:timeout:)``
/// and ``PTY`` create a child.
///
/// Foundation's `Process.run()` is not used: on Linux it can read past a buffer while it closes the parent's
/// descriptors (swift-corelibs-foundation #5472) and crash the test runner when many tests spawn at once.
package enum Spawn {
    /// A failed system call, with its `errno`.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// Starts a program in a session of its own, with default signal handling and no blocked signals.
    ///
    /// - Parameters:
    ///   - path: The executable.
    ///   - arguments: Its arguments, without the program name.
    ///   - environment: Its whole environment.
    ///   - actions: Adds the file actions that give the child its standard descriptors.
    /// - Returns: The child's process id.
    /// - Throws: ``Failure`` when it can't be started.
    static func start(
        _ path: String, _ arguments: [String], environment: [String: String],
        actions configure: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // POSIX_SPAWN_SETSID (glibc 2.26+) isn't exported to Swift; its value is 0x80. A new session has no
        // controlling terminal until the child opens one.
        let setSessionID: Int16 = 0x80
        posix_spawnattr_setflags(
            &attributes, setSessionID | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        lock.lock()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        lock.unlock()
        guard result == 0 else { throw Failure(call: "posix_spawn \(path)", code: result) }
        return pid
    }

    /// Held while descriptors are made and marked close-on-exec and while a child is spawned, so no child spawned
    /// on another thread inherits a pipe end in between (pipe2 with O_CLOEXEC isn't exported to Swift). A test
    /// that makes a pipe of its own makes it with ``pipes(_:)``: a child that inherited its write end would keep
    /// it from ever reading the end of input.
    static let lock = NSLock()

    /// Pipes whose ends are closed on exec, so only the child an end is given to (by `dup2`) holds it.
    ///
    /// - Parameter count: How many.
    /// - Throws: ``Failure`` when one can't be made; none is left open then.
    package static func pipes(_ count: Int) throws -> [(read: Int32, write: Int32)] {
        lock.lock()
        defer { lock.unlock() }
        var made: [(read: Int32, write: Int32)] = []
        for _ in 0..<count {
            var ends: [Int32] = [-1, -1]
            guard Glibc.pipe(&ends) == 0 else {
                let code = errno
                for pipe in made {
                    close(pipe.read)
                    close(pipe.write)
                }
                throw Failure(call: "pipe", code: code)
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            made.append((ends[0], ends[1]))
        }
        return made
    }
}
