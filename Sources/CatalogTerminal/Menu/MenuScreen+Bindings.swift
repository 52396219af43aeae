import CatalogKit

extension MenuScreen {
    /// What a key does in the menu.
    enum Command: Sendable, Equatable {
        case up, down, pageUp, pageDown, home, end
        case open, back, startFilter, quit
        case jump(Int)
        case deleteBackward, caretLeft, caretRight, clearText, escape
    }

    /// A key binding with its help text: the footer is drawn from the same table that handles the keys.
    struct Binding: Sendable {
        var keys: [Key]
        var command: Command
        /// The footer's name for the keys, or `nil` when the binding is not listed.
        var label: String?
        var help: String = ""
    }

    /// Bindings while browsing the hierarchy.
    static let browsing: [Binding] = [
        Binding(keys: [.up, .character("k")], command: .up, label: "↑↓", help: "move"),
        Binding(keys: [.down, .character("j")], command: .down),
        Binding(keys: [.pageUp], command: .pageUp),
        Binding(keys: [.pageDown], command: .pageDown),
        Binding(keys: [.home], command: .home),
        Binding(keys: [.end], command: .end),
        Binding(keys: [.enter, .right], command: .open, label: "⏎", help: "open"),
        Binding(keys: [.left, .backspace, .escape], command: .back, label: "←", help: "back"),
        Binding(
            keys: (1...10).map { .character(Character(String($0 % 10))) }, command: .jump(0), label: "1–0",
            help: "jump"),
        Binding(keys: [.character("/")], command: .startFilter, label: "/", help: "filter"),
        Binding(keys: [.character("q")], command: .quit, label: "q", help: "quit"),
    ]

    /// Bindings while filtering; other printable keys are typed into the filter.
    static let filtering: [Binding] = [
        Binding(keys: [.up], command: .up, label: "↑↓", help: "move"),
        Binding(keys: [.down], command: .down),
        Binding(keys: [.pageUp], command: .pageUp),
        Binding(keys: [.pageDown], command: .pageDown),
        Binding(keys: [.home], command: .home),
        Binding(keys: [.end], command: .end),
        Binding(keys: [.enter], command: .open, label: "⏎", help: "open"),
        Binding(keys: [.backspace], command: .deleteBackward, label: "⌫", help: "edit"),
        Binding(keys: [.left], command: .caretLeft),
        Binding(keys: [.right], command: .caretRight),
        Binding(keys: [.control("u")], command: .clearText),
        Binding(keys: [.escape], command: .escape, label: "esc", help: "clear, then back"),
    ]

    /// The command a key stands for in a table.
    static func command(for key: Key, in table: [Binding]) -> Command? {
        guard let binding = table.first(where: { $0.keys.contains(key) }) else { return nil }
        if case .jump = binding.command, case .character(let character) = key, let digit = character.wholeNumberValue {
            return .jump(digit == 0 ? 9 : digit - 1)
        }
        return binding.command
    }

    /// The footer: each listed binding's keys and help, in table order.
    static func footer(for table: [Binding]) -> String {
        table.compactMap { binding in binding.label.map { "\($0) \(binding.help)" } }.joined(separator: " · ")
    }
}
