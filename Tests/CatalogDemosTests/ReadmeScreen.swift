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
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["Hello, terminal!"]) }
}
