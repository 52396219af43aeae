import Foundation
import Glibc

/// The result of running a program to completion.
package struct ProcessResult: Sendable {
    package var status: Int32
    /// Whether a signal ended it (then `status` is the signal's number).
    package var signaled: Bool
    /// Whether it ran past its time and was killed.
    package var timedOut: Bool
    package var stdoutBytes: [UInt8]
    package var stderrBytes: [UInt8]

    package var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    package var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Finds a product of this package next to the running test binary.
///
/// - Parameter name: The executable's name, such as `catalog`.
/// - Returns: Its path in the build products directory.
package func productPath(_ name: String) -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    }
    // The test runner lives inside CatalogPackageTests.xctest on some layouts; products sit beside the bundle.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
        directory.path != "/"
    {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name).path
}

/// Runs a program to its end, or kills it after a time: the one way tests run programs without a terminal (``PTY``
/// runs them with one).
///
/// The program runs in a session of its own, with no controlling terminal, so it behaves the same whether the tests
/// run in a terminal window or in CI: nothing can open `/dev/tty` and wait for keys there.
///
/// - Parameters:
///   - path: The executable.
///   - arguments: Its arguments.
///   - input: Bytes for standard input, which is then closed; empty when `nil`.
///   - environment: Variables to set on top of this process's environment, which also gets `NO_COLOR=1` and
///     `SWIFT_BACKTRACE=enable=no` (a crash ends at once instead of the backtracer waiting).
///   - standardOutput: A file to write standard output to instead of capturing it (`/dev/full`, say).
///   - timeout: How long before the program counts as hung and is killed; generous, as the machine may be busy.
/// - Returns: How it ended and what it wrote.
package func runProcess(
    _ path: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
    standardOutput: String? = nil, timeout: Duration = .seconds(300)
) throws -> ProcessResult {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in environment { env[key] = value }
    let pipes = try Spawn.pipes(3)
    let (stdin, stdout, stderr) = (pipes[0], pipes[1], pipes[2])
    var outputFile: Int32 = -1
    if let standardOutput {
        outputFile = open(standardOutput, O_WRONLY | O_CLOEXEC)
        guard outputFile >= 0 else {
            for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] { close(fd) }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: standardOutput])
        }
    }
    let pid: pid_t
    do {
        pid = try Spawn.start(path, arguments, environment: env) { actions in
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
            posix_spawn_file_actions_adddup2(&actions, outputFile >= 0 ? outputFile : stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        }
    } catch {
        for fd in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write, outputFile]
        where fd >= 0 {
            close(fd)
        }
        throw error
    }
    // The child holds its ends now; the parent keeps the others.
    for fd in [stdin.read, stdout.write, stderr.write, outputFile] where fd >= 0 { close(fd) }

    final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
    let (outBox, errBox) = (Box(), Box())
    let readers = DispatchGroup()
    for (descriptor, box) in [(stdout.read, outBox), (stderr.read, errBox)] {
        readers.enter()
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                box.bytes += chunk[..<count]
            }
            close(descriptor)
            readers.leave()
        }
        thread.start()
    }
    // Written on its own thread, so a child that doesn't read its input can't block the test.
    let writer = Thread {
        if let input {
            var offset = 0
            while offset < input.count {
                let written = input.withUnsafeBytes {
                    write(stdin.write, $0.baseAddress! + offset, input.count - offset)
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        close(stdin.write)
    }
    writer.start()
    // The exit is waited for on a thread of its own, so the test can give up on a child that hangs.
    final class Exit: @unchecked Sendable { var raw: Int32 = 0 }
    let exit = Exit()
    let ended = DispatchSemaphore(value: 0)
    let waiter = Thread {
        while waitpid(pid, &exit.raw, 0) < 0 && errno == EINTR {}
        ended.signal()
    }
    waiter.start()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
    if timedOut {
        kill(pid, SIGKILL)
        ended.wait()
    }
    readers.wait()
    let signaled = exit.raw & 0x7F != 0
    return ProcessResult(
        status: signaled ? exit.raw & 0x7F : (exit.raw >> 8) & 0xFF, signaled: signaled, timedOut: timedOut,
        stdoutBytes: outBox.bytes, stderrBytes: errBox.bytes)
}
