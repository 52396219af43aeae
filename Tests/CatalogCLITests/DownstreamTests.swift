import CatalogTestSupport
import Foundation
import Testing

/// A package outside this one's targets, written from the README's "Getting started": `Tests/Downstream` depends on
/// Catalog by path, registers a counter and a form made of library widgets, and gets the whole command line from one
/// call. Building it proves the public API is enough; a change that breaks downstream users fails here.
@Suite("Downstream package", .serialized, .slow)
struct DownstreamTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Downstream")

    /// The `swift` that built these tests.
    static var swift: String { ToolchainTool.path("swift") }

    /// Builds the package once and returns the folder of its executables (`mycatalog`, `brokencat`).
    static let executable: Result<String, BuildFailure> = {
        do {
            let build = try runProcess(swift, ["build", "--package-path", directory.path], timeout: .seconds(1200))
            guard build.status == 0 else { return .failure(BuildFailure(output: build.stdout + build.stderr)) }
            return .success(directory.appendingPathComponent(".build/debug").path)
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
    }()

    struct BuildFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "the downstream package did not build:\n\(output)" }
    }

    func run(_ arguments: [String], input: String? = nil, program: String = "mycatalog") throws -> ProcessResult {
        try runProcess(try Self.executable.get() + "/" + program, arguments, input: input.map { Array($0.utf8) })
    }

    @Test("list and search show its own screens")
    func listAndSearch() throws {
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(list.stdout == "Basics/Counter\nForms/Signup Form\n")
        let search = try run(["search", "newsletter"])
        #expect(search.stdout == "Forms/Signup Form\n")
        #expect(try run(["search", "zzz"]).status == 1)
    }

    @Test("open NAME runs its screen in line mode, its commands from the keymap")
    func open() throws {
        let counter = try run(["open", "counter", "--plain"], input: "+\n+\n-\n")
        #expect(counter.status == 0, "\(counter.stderr)")
        #expect(counter.stdout.hasSuffix("Count: 1\n"), "\(counter.stdout)")
        let form = try run(["open", "signup form", "--plain"], input: "name Ada\ntopic 2\nsubmit\n")
        #expect(form.status == 0, "\(form.stderr)")
        #expect(form.stdout.contains("Signed up Ada for Terminals, with news."), "\(form.stdout)")
    }

    @Test("a registration mistake is one line naming the entry, its file and line, and exit 2, whatever the command")
    func registrationMistake() throws {
        for arguments in [["list"], ["--help"], ["---complete", "open", "C"], []] {
            let result = try run(arguments, program: "brokencat")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("brokencat: "), "\(result.stderr)")
            #expect(result.stderr.contains("Counter") && result.stderr.contains("MyScreens/Counter.swift:"))
            // brokencat calls the register function twice: the same call ran twice, so the message says that rather
            // than naming the one line as both places.
            #expect(
                result.stderr.contains("'Basics/Counter' is registered twice by this same call, so the code"),
                "\(result.stderr)")
        }
        // A command that reads a file instead of the catalog never registers it (a one-shot search doesn't pay for
        // it), unless it also asks for the help, the version or the manual, which describe the catalog.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("brokencat-\(getpid()).txt")
        try Data("a/b\nc/d\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let search = try run(["search", "d", "--file", file.path], program: "brokencat")
        #expect(search.status == 0 && search.stdout == "c/d\n", "\(search.stderr)")
        // Nor does --filter on a pipe, which reads standard input, or the completion script, which a shell's
        // start-up file sources: it asks the program for entries only as it completes.
        let filter = try run(["--filter", "d"], input: "a/b\nc/d\n", program: "brokencat")
        #expect(filter.status == 0 && filter.stdout == "c/d\n", "\(filter.stderr)")
        let script = try run(["--generate-completion-script", "bash"], program: "brokencat")
        #expect(script.status == 0 && script.stdout.contains("complete -F"), "\(script.stderr)")
        for arguments in [["--file", file.path, "--version"], ["list", "--file", file.path, "--help"]] {
            let result = try run(arguments, program: "brokencat")
            #expect(result.status == 2 && result.stderr.contains("MyScreens/Counter.swift:"), "\(arguments)")
        }
    }

    @Test("snapshot --record never, in its package root, checks the goldens its own tests check, and all match")
    func snapshotsAgree() throws {
        let result = try runProcess(
            "/bin/sh",
            [
                "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", Self.directory.path,
                try Self.executable.get() + "/mycatalog",
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
        #expect(try run(["--version"]).stdout == "mycatalog 1.0.0\n")
        #expect(try run(["lsit"]).stderr.hasPrefix("mycatalog: unknown command 'lsit'; did you mean 'list'?"))
        let manual = try run(["--generate-manual"]).stdout
        #expect(manual.contains(".Dt MYCATALOG 1"))
        #expect(manual.contains("basics/counter") && !manual.contains("AppStorage"), "its own catalog, not the demos")
        let bash = try run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("complete -F _mycatalog mycatalog"))
        #expect(try run(["---complete", "open", "Sig"]).stdout == "Signup Form\n")
    }
}

/// The README's promise for a new package: the counter, with keys, help, line mode and two scenarios, is at most 25
/// lines of code (the screen and its registration, without imports, blank lines or comments).
@Test("the downstream counter and its registration take at most 25 lines")
func counterIsSmall() throws {
    let file = DownstreamTests.directory.appendingPathComponent("Sources/MyScreens/Counter.swift")
    let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
    #expect(code.count <= 25, "\(code.count) lines")
    #expect(code.count >= 15, "the file still holds the whole counter")
}
