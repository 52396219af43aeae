import CatalogTestSupport
import Foundation
import Testing

extension DownstreamTests {
    @Test(
        "its completion scripts, made by itself, complete its own entries in bash, zsh and fish",
        // One installation of each shell: the fast suite tries every installation with catalog's own scripts.
        arguments: [ShellSession.Kind.bashCompletion, .zsh, .fish])
    func completions(_ kind: ShellSession.Kind) throws {
        if let missing = kind.missing {
            print("skipped: \(missing), so Tab in \(kind) can't be tried")
            return
        }
        let executable = try Self.executable.get() + "/mycatalog"
        let script = try run(["--generate-completion-script", kind.shell])
        try #require(script.status == 0, "\(script.stderr)")
        let session = try ShellSession(kind, scripts: ["mycatalog": script.stdout], executable: executable)
        let titles = try run(["list"]).stdout.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
        try #require(!titles.isEmpty)
        for title in titles {
            // Up to the first space, so the rest, space included, is the completion's to insert.
            let typed = String(title.prefix { $0 != " " })
            let completion = try session.complete("mycatalog open \(typed)")
            #expect(completion.words == ["mycatalog", "open", title], "\(kind): \(completion)")
        }
        let first = try session.complete("mycatalog li")
        #expect(first.words == ["mycatalog", "list"], "\(kind): \(first)")
    }
}
