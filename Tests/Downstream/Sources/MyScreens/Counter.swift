import CatalogCommand

struct Counter: KeymapScreen {
    enum Command { case up, down }
    var count = 0
    let keymap = Keymap<Command>([
        KeyBinding([.up, "+"], .up, label: "↑/+", help: "count up", line: "+"),
        KeyBinding([.down, "-"], .down, label: "↓/-", help: "count down", line: "-"),
    ])

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        count += command == .up ? 1 : -1
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line("Count: \(count)"), Line(), footer])
    }
}

extension MyScreens {
    static func registerCounter(in registry: Registry<any Screen>) throws {
        try registry.register(
            "Counter", in: ["Basics"], keywords: ["number"], summary: "Counts up and down",
            scenarios: [Scenario("at zero"), Scenario("up twice", .press(.up, times: 2))]
        ) { Counter() }
    }
}
