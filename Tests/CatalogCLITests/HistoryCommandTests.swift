import CatalogTestSupport
import Foundation
import Testing

/// The launcher remembers what was opened, per catalog, in `$XDG_STATE_HOME/catalog/history/`.
@Suite("History, end to end")
struct HistoryCommandTests {
    let catalog = productPath("catalog")

    func withState(_ body: (URL, [String: String]) throws -> Void) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-state-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        try body(state, ["XDG_STATE_HOME": state.path])
    }

    @Test("an entry opened and closed is under Recent at the next start; --no-history neither reads nor writes")
    func recentAtNextStart() throws {
        try withState { state, environment in
            let first = try runProcess(catalog, ["--plain"], input: Array("2\n..\nq\n".utf8), environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Hello, terminal!"))
            let second = try runProcess(catalog, ["--plain"], input: [], environment: environment)
            #expect(second.stdout.contains("1. Recent/ (1)"))
            let off = try runProcess(catalog, ["--plain", "--no-history"], input: [], environment: environment)
            #expect(!off.stdout.contains("Recent"))
            let files = try FileManager.default.contentsOfDirectory(
                atPath: state.appendingPathComponent("catalog/history").path)
            #expect(files.sorted() == ["registry.json", "registry.json.lock"])
        }
    }

    @Test("search stays in name order unless asked for frecency; a picked file entry is remembered per file")
    func sortFrecency() throws {
        try withState { state, environment in
            let list = state.appendingPathComponent("list.txt")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            try Data("a/Alpha\nb/Beta\nc/Gamma\n".utf8).write(to: list)
            // Pick Gamma in line mode: /gamma, then item 1.
            let pick = try runProcess(
                catalog, ["--file", list.path, "--plain"], input: Array("/gamma\n1\n".utf8), environment: environment)
            #expect(pick.stdout.hasSuffix("c/Gamma\n"))
            let plain = try runProcess(catalog, ["search", "a", "--file", list.path], environment: environment)
            #expect(plain.stdout == "a/Alpha\nb/Beta\nc/Gamma\n")
            let ranked = try runProcess(
                catalog, ["search", "a", "--file", list.path, "--sort", "frecency"], environment: environment)
            #expect(ranked.stdout == "c/Gamma\na/Alpha\nb/Beta\n")
        }
    }

    @Test("a corrupt history is moved aside with a one-line message and the launcher goes on")
    func corrupt() throws {
        try withState { state, environment in
            let folder = state.appendingPathComponent("catalog/history")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("{not json".utf8).write(to: folder.appendingPathComponent("registry.json"))
            let result = try runProcess(catalog, ["--plain"], input: [], environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").first?.contains("registry.json") == true, "\(result.stdout)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains { $0.hasPrefix("registry.json.corrupt-") })
        }
    }
}
