import CatalogTestSupport
import Foundation
import Testing

/// The public API of each library product, from the symbol graph the toolchain extracts from the built modules, as
/// committed lists in `Tests/PublicAPI`: a change to what other packages can use is a visible diff in review, and
/// every public symbol has a summary. `CATALOG_RECORD_API=1 swift test --filter PublicAPITests` rewrites the lists.
@Suite("Public API", .serialized)
struct PublicAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modules = ["CatalogKit", "CatalogTerminal", "CatalogCommand", "CatalogSnapshots"]

    /// The folder of the modules this test bundle was built with.
    static var modulesFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("Modules")
    }

    /// One public symbol: its kind and its path, such as `swift.method Registry.register(_:in:…)`.
    struct Symbol: Hashable, Comparable {
        var line: String
        var documented: Bool
        static func < (a: Symbol, b: Symbol) -> Bool { a.line < b.line }
    }

    /// The public symbols of a module, synthesized conformances and property wrappers' projections left out.
    static func symbols(of module: String) throws -> [Symbol] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let extract = try runProcess(
            ToolchainTool.path("swift-symbolgraph-extract"),
            [
                "-module-name", module, "-I", modulesFolder.path, "-target", "x86_64-unknown-linux-gnu",
                "-output-dir", output.path, "-minimum-access-level", "public",
            ])
        guard extract.status == 0 else { throw Failure(description: "symbolgraph-extract: \(extract.stderr)") }
        var symbols: Set<Symbol> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for case let symbol as [String: Any] in graph["symbols"] as? [Any] ?? [] {
                guard symbol["accessLevel"] as? String == "public",
                    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                    !identifier.contains("::SYNTHESIZED::"),
                    let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                    let path = symbol["pathComponents"] as? [String], path.last?.hasPrefix("$") != true
                else { continue }
                let extended = file.split(separator: "@").dropFirst().first.map {
                    " (extends \($0.prefix { $0 != "." }))"
                }
                symbols.insert(
                    Symbol(
                        line: "\(kind) \(path.joined(separator: "."))\(extended ?? "")",
                        documented: symbol["docComment"] != nil))
            }
        }
        return symbols.sorted()
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test("each product's public symbols are the committed list, and each has a summary", arguments: modules)
    func publicSymbols(_ module: String) throws {
        let symbols = try Self.symbols(of: module)
        let list = symbols.map(\.line).joined(separator: "\n") + "\n"
        let file = Self.root.appendingPathComponent("Tests/PublicAPI/\(module).txt")
        let recording = ProcessInfo.processInfo.environment["CATALOG_RECORD_API"] == "1"
        let committed = try? String(contentsOf: file, encoding: .utf8)
        if recording || committed == nil {
            try list.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(symbols.count) public symbols of \(module) in \(file.path); review and commit it")
        } else if let committed, committed != list {
            let old = Set(committed.split(separator: "\n").map(String.init))
            let new = Set(symbols.map(\.line))
            let added: [String] = new.subtracting(old).sorted().map { "+ \($0)" }
            let removed: [String] = old.subtracting(new).sorted().map { "- \($0)" }
            let changes = (removed + added).joined(separator: "\n")
            let message =
                "the public API of \(module) changed; if that is meant, record it with CATALOG_RECORD_API=1 and "
                + "add a CHANGELOG entry:\n\(changes)"
            Issue.record(Comment(rawValue: message))
        }
        let undocumented = symbols.filter { !$0.documented }.map(\.line)
        #expect(undocumented.isEmpty, "public symbols without a summary:\n\(undocumented.joined(separator: "\n"))")
    }
}
