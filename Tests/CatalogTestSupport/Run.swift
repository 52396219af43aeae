import Foundation
import Glibc

/// The result of running a program to completion.
public struct ProcessResult: Sendable {
    public var status: Int32
    /// Whether a signal ended it (then `status` is the signal's number).
    public var signaled: Bool
    /// Whether it ran past its time and was killed.
    public var timedOut: Bool
    public var stdoutBytes: [UInt8]
    public var stderrBytes: [UInt8]

    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// Finds a product of this package next to the running test binary.
///
/// - Parameter name: The executable's name, such as `catalog`.
/// - Returns: Its path in the build products directory.
public func productPath(_ name: String) -> String {
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
public func runProcess(
    _ path: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
    standardOutput: String? = nil, timeout: Duration = .seconds(300)
) throws -> ProcessResult {
    let process = Process()
    // setsid(1) makes a new session without a controlling terminal; --wait keeps the exit status.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["--wait", path] + arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    if let standardOutput {
        guard let handle = FileHandle(forWritingAtPath: standardOutput) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: standardOutput])
        }
        process.standardOutput = handle
    } else {
        process.standardOutput = stdout
    }
    process.standardError = stderr
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    final class Box: @unchecked Sendable { var data = Data() }
    let (outBox, errBox) = (Box(), Box())
    let readers = DispatchGroup()
    for (pipe, box) in [(stdout, outBox), (stderr, errBox)] where standardOutput == nil || pipe === stderr {
        readers.enter()
        DispatchQueue.global().async {
            box.data = pipe.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
    }
    // Written on its own thread, so a child that doesn't read its input can't block the test.
    let writer = Thread {
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
    if timedOut {
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
    }
    readers.wait()
    return ProcessResult(
        status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
        timedOut: timedOut, stdoutBytes: [UInt8](outBox.data), stderrBytes: [UInt8](errBox.data))
}
