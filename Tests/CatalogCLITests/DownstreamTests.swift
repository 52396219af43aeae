import CatalogTestSupport
import Foundation
import Testing

/// A package outside this one's targets: `Tests/Downstream` depends on Catalog by path, registers screens from two
/// modules of its own, and gets the whole command line from one call. Building it proves the public API is enough;
/// a change that breaks downstream users fails here.
@Suite("Downstream package", .serialized, .slow)
struct DownstreamTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Downstream")

    /// The `swift` that built these tests, found on `PATH`.
    static var swift: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") + ["/opt/swift/usr/bin"] {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "swift"
    }

    /// Builds the package once and returns its executable.
    static let executable: Result<String, BuildFailure> = {
        do {
            let build = try runProcess(swift, ["build", "--package-path", directory.path], timeout: .seconds(1200))
            guard build.status == 0 else { return .failure(BuildFailure(output: build.stdout + build.stderr)) }
            return .success(directory.appendingPathComponent(".build/debug/mycatalog").path)
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
    }()

    struct BuildFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "the downstream package did not build:\n\(output)" }
    }

    func run(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        try runProcess(try Self.executable.get(), arguments, input: input.map { Array($0.utf8) })
    }

    @Test("list and search show its own screens, from two modules")
    func listAndSearch() throws {
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(list.stdout == "Forms/Login Form\nReports/Sales Chart\n")
        let search = try run(["search", "password"])
        #expect(search.stdout == "Forms/Login Form\n")
        #expect(try run(["search", "zzz"]).status == 1)
    }

    @Test("open NAME runs its screen in line mode")
    func open() throws {
        let result = try run(["open", "login form", "--plain"], input: "name ada\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "User: \nSigned in as ada.\nUser: ada\n")
    }

    @Test("snapshot --record never, in its package root, checks the goldens its own tests check, and all match")
    func snapshotsAgree() throws {
        let result = try runProcess(
            "/bin/sh",
            [
                "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", Self.directory.path, try Self.executable.get(),
                "snapshot", "--record", "never",
            ],
            environment: ["CATALOG_RECORD": ""])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" matched\n") && !result.stdout.contains("stale"), "\(result.stdout)")
    }

    @Test("help, version, errors, the manual and completions carry its own name")
    func ownName() throws {
        let help = try run(["--help"])
        #expect(help.stdout.hasPrefix("usage: mycatalog [--file PATH]"))
        #expect(try run(["--version"]).stdout == "mycatalog 1.2.0\n")
        #expect(try run(["lsit"]).stderr.hasPrefix("mycatalog: unknown command 'lsit'; did you mean 'list'?"))
        #expect(try run(["--generate-manual"]).stdout.contains(".Dt MYCATALOG 1"))
        let bash = try run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("complete -F _mycatalog mycatalog"))
        #expect(try run(["---complete", "open", "Sal"]).stdout == "Sales Chart\n")
    }
}
