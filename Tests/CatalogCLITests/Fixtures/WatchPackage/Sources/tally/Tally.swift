import CatalogCommand

/// A counter: `+` counts up. The live-reload tests change its label and see the count kept.
struct Tally: KeymapScreen {
    enum Command { case up }
    var count = 0
    let keymap = Keymap<Command>([KeyBinding(["+"], .up, label: "+", help: "count up", line: "+")])

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        count += 1
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line("Count: \(count)"), footer])
    }
}
