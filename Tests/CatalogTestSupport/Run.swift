import Foundation

/// The result of running a program to completion.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutBytes: [UInt8]
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

/// Runs a program with arguments and optional standard input, and collects its output and exit status.
///
/// - Parameters:
///   - path: The executable.
///   - arguments: Its arguments.
///   - input: Bytes for standard input; standard input is empty when `nil`.
///   - environment: Extra environment variables.
/// - Returns: The exit status and both outputs.
public func runProcess(
    _ path: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:]
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    let writer = Thread {
        if let input { stdin.fileHandleForWriting.write(Data(input)) }
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    // Read both pipes concurrently so a full pipe never blocks the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errorBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errorBox.data = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: errorBox.data, as: UTF8.self), stdoutBytes: [UInt8](out))
}
