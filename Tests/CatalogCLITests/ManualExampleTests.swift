import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// The manual's EXAMPLES run as written against the built-in catalog, and a program whose catalog lacks the demos
/// they name is not shown them.
@Suite("Manual examples")
struct ManualExampleTests {
    /// The examples that run without a terminal or a file of the reader's, and where `record` writes.
    static func runnable(castingTo cast: String) -> [[String]] {
        CommandTable.examples(first: "storage/appstorage")
            .map { $0.arguments.split(separator: " ").map(String.init) }
            .filter { ["search", "tree", "open", "record"].contains($0.first ?? "") }
            .map { words in words.map { $0 == "grid.cast" ? cast : $0 } }
    }

    @Test("each example that needs no terminal exits 0 with output")
    func examplesRun() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let examples = Self.runnable(castingTo: directory.file("grid.cast").path)
        #expect(examples.count == 5, "\(examples)")
        for arguments in examples {
            let extra = arguments.first == "open" ? ["--plain"] : []
            let result = try runProcess(productPath("catalog"), arguments + extra, input: [])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.isEmpty || arguments.first == "record", "\(arguments)")
        }
        #expect(FileManager.default.fileExists(atPath: directory.file("grid.cast").path))
    }

    @Test("examples that name a built-in demo are left out of a catalog without it; open names its first entry")
    func otherCatalogs() {
        let arguments = CommandTable.examples(first: "tools/lathe", has: { _ in false }).map(\.arguments)
        #expect(arguments.contains("open tools/lathe"))
        #expect(!arguments.contains { $0.contains("outline") || $0.contains("animated-grid") }, "\(arguments)")
        // Nor does the page name the hidden command the completions call.
        #expect(!Manual.page(name: "catalog", version: "1.0").contains("---complete"))
    }
}
