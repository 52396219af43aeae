import CatalogKit
import CatalogTerminal

@testable import CatalogDemos

// The README's "Add your own screen" file, word for word, compiled here so the README's example always builds.

extension Demos {
    static let hello = demo("Hello", in: ["Basics"], keywords: ["hello", "example"], summary: "Says hello") {
        HelloScreen()
    }
}

struct HelloScreen: Screen {
    var title: String { "Hello" }
    mutating func handle(_ event: Event) throws -> Action { .none }
    func render(in size: Size) -> Frame { Frame(lines: ["Hello, terminal!"]).clipped(to: size) }
    func lines(width: Int) -> [String] { ["Hello, terminal!"] }
    mutating func handle(line: String) throws -> Action { .status("Type .. to go back.") }
}
