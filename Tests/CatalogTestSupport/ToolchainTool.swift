import Foundation

/// A program of the Swift toolchain (`swift`, `swift-symbolgraph-extract`, `docc`), found on `PATH` or beside the
/// toolchain's usual place.
package enum ToolchainTool {
    /// The tool's path, or its bare name when it is nowhere to be found (so running it fails with its name).
    package static func path(_ name: String) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") + ["/opt/swift/usr/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return name
    }
}
