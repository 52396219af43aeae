import CatalogKit
import CatalogTerminal

extension Demos {
    static let greeting = demo(
        "Greeting", in: ["Basics"], keywords: ["hello", "example"], summary: "Says hello",
        scenarios: [Scenario("said hello", .press(.enter))]
    ) { GreetingScreen() }
}

/// The smallest screen with a key binding: Enter, or `hello` in line mode, says hello back.
struct GreetingScreen: KeymapScreen {
    /// The one thing the screen does.
    enum Command: Sendable {
        case greet
    }

    /// Its one binding, which draws the footer and the help too.
    static let keymap = Keymap<Command>([KeyBinding([.enter], .greet, help: "say hello", line: "hello")])
    var keymap: Keymap<Command> { Self.keymap }

    var title: String { "Greeting" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action { .status("Hello to you too!") }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: ["Hello, terminal!", "", footer]).clipped(to: context.size)
    }
    func lines(in context: ScreenContext) -> [String] { fitted(["Hello, terminal!"], width: context.size.columns) }
}
