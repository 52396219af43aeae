import CatalogKit
import CatalogTerminal
import Foundation

/// What a key or a line command does to a tree of check boxes, in the demos that show one.
enum CheckboxCommand: Sendable, Equatable {
    /// Move the cursor (↑↓, Home/End, Page Up/Down).
    case move
    /// Expand or collapse: → and ← on the cursor's row, `e <n>` on row n.
    case expand
    /// Check or uncheck: Space on the cursor's row, `<n>` on row n.
    case toggle
}

extension CheckboxTree {
    /// The bindings of a demo that shows a tree of check boxes.
    ///
    /// - Parameters:
    ///   - toggling: What toggling a box is called in the demo (``DemoWords/checkOrUncheck``).
    ///   - locale: The language of the help.
    /// - Returns: The keymap.
    static func keymap(toggling: DemoWords, in locale: Locale) -> Keymap<CheckboxCommand> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up, .down, .home, .end, .pageUp, .pageDown], .move, label: "↑↓", help: words(.move)),
            KeyBinding([.right, .left], .expand, label: "→←", help: words(.expandOrCollapse), line: "e <n>"),
            KeyBinding([.character(" ")], .toggle, help: words(toggling), line: "<n>"),
        ])
    }

    /// Does what a command says, for a key or a line command alike.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - input: The key, or the line command's argument (a row number, any text at all).
    ///   - locale: The language of the messages.
    ///   - report: The status message for a toggled box, from its title, id and new state.
    /// - Returns: The status for a toggle, a message for a row number that names no row, or `.none`.
    mutating func perform(
        _ command: CheckboxCommand, _ input: CommandInput, in locale: Locale,
        report: (_ title: String, _ id: ID, CheckState) -> String
    ) -> Action {
        switch (command, input) {
        case (.move, .key(let key)), (.expand, .key(let key)):
            _ = handle(key)
            return .none
        case (.expand, .line(let argument)):
            return toggleExpansion(typed: argument, in: locale)
        case (.toggle, _):
            guard let row = input.item(cursor: cursor, count: rowCount) else {
                return input.missingItem(count: rowCount, DemoWords.text(.askRowNumber, in: locale), locale: locale)
            }
            guard let toggled = toggle(row: row), let title = title(of: toggled.id) else { return .none }
            return .status(report(title, toggled.id, toggled.state))
        case (.move, .line):
            return .none
        }
    }
}

extension CheckboxTree {
    /// What a mouse report asks of a tree drawn from the screen's top in `height` lines, as the keys and line
    /// commands say it: the wheel moves the cursor; a left press checks the row pressed, or opens or closes it when
    /// it lands on the row's ▸ or ▾.
    ///
    /// - Returns: The command and its input, or `nil` for a report that asks nothing.
    func command(for mouse: Mouse, height: Int, glyphs: Glyphs) -> (CheckboxCommand, CommandInput)? {
        switch mouse.action {
        case .scrollUp: return (.move, .key(.up))
        case .scrollDown: return (.move, .key(.down))
        case .press where mouse.button == .left:
            guard let hit = hit(mouse, height: height, glyphs: glyphs) else { return nil }
            return (hit.onExpander ? .expand : .toggle, .line("\(hit.row + 1)"))
        default: return nil
        }
    }

    /// What a click asks of a demo's tree, drawn from the screen's top above its three last lines (a blank line, the
    /// checked list, the footer); the tree is pinned first, so its rows stay under the pointer and a second click
    /// lands on the same one.
    mutating func clicked(_ mouse: Mouse, in context: ScreenContext) -> (CheckboxCommand, CommandInput)? {
        let height = max(context.size.rows - 3, 1)
        guard let found = command(for: mouse, height: height, glyphs: context.glyphs) else { return nil }
        pin(height: height)
        return found
    }
}
