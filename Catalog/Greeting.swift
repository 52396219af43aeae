import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let greeting = demo(
        "Greeting", in: ["Basics"], keywords: ["hello", "example"], summary: "Says hello",
        scenarios: [
            Scenario("said hello", .press(.enter)), Scenario("said hello in Japanese", locale: "ja_JP", .press(.enter)),
        ]
    ) { GreetingScreen() }
}

/// The smallest screen with a key binding: Enter, or `hello` in line mode, says hello back.
struct GreetingScreen: LocalizedDemo {
    /// The one thing the screen does.
    enum Command: Sendable {
        case greet
    }

    /// Its one binding, which draws the footer and the help too.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        Keymap([KeyBinding([.enter], .greet, help: DemoWords.text(.sayHello, in: locale), line: "hello")])
    }
    var locale = Locale(identifier: "en")

    var title: String { "Greeting" }

    mutating func perform(_ command: Command, _ input: CommandInput, in context: ScreenContext) -> Action {
        .status(DemoWords.text(.helloBack, in: context))
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line(DemoWords.text(.helloTerminal, in: context)), "", footer(in: context)]).clipped(
            to: context.size)
    }
    func lines(in context: ScreenContext) -> [String] {
        fitted([DemoWords.text(.helloTerminal, in: context)], width: context.size.columns)
    }
}
