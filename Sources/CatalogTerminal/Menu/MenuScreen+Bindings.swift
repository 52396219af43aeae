import CatalogKit

extension MenuScreen {
    /// What a key or a line-mode command does in the menu.
    enum Command: Sendable, Equatable {
        case up, down, pageUp, pageDown, home, end
        case open, back, startFilter, quit
        case jump
        case deleteBackward, caretLeft, caretRight, clearText, escape
        case openNumber, filterText
        case togglePreview, toggleMark, toggleFavourite
    }

    /// Bindings while browsing the hierarchy: the one table that handles the keys and draws the footer and help.
    static let browsing = Keymap<Command>([
        KeyBinding([.up, .character("k")], .up, label: "↑↓", help: "move"),
        KeyBinding([.down, .character("j")], .down, help: "move down", footer: false),
        KeyBinding([.pageUp], .pageUp, help: "page up", footer: false),
        KeyBinding([.pageDown], .pageDown, help: "page down", footer: false),
        KeyBinding([.home], .home, help: "first item", footer: false),
        KeyBinding([.end], .end, help: "last item", footer: false),
        KeyBinding([.enter, .right], .open, label: "⏎", help: "open"),
        KeyBinding([.left, .backspace, .escape], .back, label: "←", help: "back"),
        KeyBinding((1...10).map { .character(Character(String($0 % 10))) }, .jump, label: "1–0", help: "jump"),
        KeyBinding([.character("/")], .startFilter, label: "/", help: "filter"),
        KeyBinding([.character("q")], .quit, help: "quit"),
    ])

    /// Bindings while filtering; other printable keys are typed into the filter.
    static let filtering = Keymap<Command>([
        KeyBinding([.up], .up, label: "↑↓", help: "move"),
        KeyBinding([.down], .down, help: "move down", footer: false),
        KeyBinding([.pageUp], .pageUp, help: "page up", footer: false),
        KeyBinding([.pageDown], .pageDown, help: "page down", footer: false),
        KeyBinding([.home], .home, help: "first hit", footer: false),
        KeyBinding([.end], .end, help: "last hit", footer: false),
        KeyBinding([.enter], .open, help: "open"),
        KeyBinding([.backspace], .deleteBackward, help: "edit"),
        KeyBinding([.left], .caretLeft, help: "caret left", footer: false),
        KeyBinding([.right], .caretRight, help: "caret right", footer: false),
        KeyBinding([.control("u")], .clearText, help: "clear the text", footer: false),
        KeyBinding([.escape], .escape, help: "clear, then back"),
    ])

    /// Keys that work the same while browsing and filtering.
    static let menuKeys = Keymap<Command>([
        KeyBinding([.control("p")], .togglePreview, help: "show or hide the preview", footer: false),
        KeyBinding([.tab], .toggleMark, help: "mark or unmark for picking (--multi)", footer: false),
        KeyBinding([.control("f")], .toggleFavourite, help: "make a favourite, or not", footer: false),
    ])

    /// Carries out one of ``menuKeys``.
    mutating func apply(_ command: Command) -> Action {
        switch command {
        case .togglePreview:
            previewShown.toggle()
            keepCursorVisible()
        case .toggleMark:
            guard options.multi, let node = highlighted else { return .none }
            toggleMark(node)
        case .toggleFavourite:
            return toggleFavourite()
        default:
            break
        }
        return .none
    }

    /// Line mode's own commands, beyond the driver's `q`, `..` and `?`.
    static let lineCommands = Keymap<Command>([
        KeyBinding([], .openNumber, help: "open item n", line: "<n>"),
        KeyBinding([], .filterText, help: "filter the whole catalog; / alone clears the filter", line: "/text"),
    ])
}
