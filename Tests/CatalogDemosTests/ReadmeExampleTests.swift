import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

/// The README's examples, so they keep compiling and doing what the README says.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("registering an entry in code, then searching for it")
    func registration() throws {
        let registry = Registry<any Screen>()
        try registry.register(
            "Greeting", in: ["Basics", "Examples"],
            keywords: ["hello", "example"], summary: "Says hello"
        ) {
            GreetingScreen()  // built only when the entry is opened
        }
        let hits = registry.search("HELLO")
        #expect(hits.map(\.title) == ["Greeting"])
        #expect(hits.first?.id == "basics/examples/greeting")
        let screen = try #require(try hits.first?.make())
        #expect(screen.render(in: .standard).lines.first?.text == "Hello, terminal!")
    }

    @Test("the Add-your-own-screen file appears in the built-in catalog under Basics")
    func ownScreen() throws {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        let entry = try #require(registry.search("hello").first)
        #expect(entry.path == "Basics/Greeting")
    }
}
