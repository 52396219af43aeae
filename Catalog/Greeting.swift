import CatalogKit
import CatalogTerminal

extension Demos {
    static let greeting = demo("Greeting", in: ["Basics"], keywords: ["hello", "example"], summary: "Says hello") {
        GreetingScreen()
    }
}

/// The smallest screen: the README's "Add your own screen" example.
struct GreetingScreen: Screen {
    var title: String { "Greeting" }
    mutating func handle(_ event: Event) throws -> Action { .none }
    func render(in size: Size) -> Frame { Frame(lines: ["Hello, terminal!"]) }
    func lines(width: Int) -> [String] { ["Hello, terminal!"] }
    var lineHelp: [String] { ["(no commands: type .. to go back)"] }
    mutating func handle(line: String) throws -> Action { .status("Type .. to go back.") }
}
