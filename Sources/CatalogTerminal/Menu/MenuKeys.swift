import CatalogKit
import Foundation

/// The menu's keys: one table, from which the keys are handled and the footer, the help overlay, the README's key
/// table and the manual page are drawn, with the user's own bindings (`--bind`) first.
///
/// The rule is the same in the launcher and in the picker, while browsing and filtering (an open screen keeps its
/// own keys): every printable character goes into the filter, `q`, `j`, `k` and `?` too; in a picker digits do
/// as well, as in fzf, while in the built-in launcher a digit opens its item when the filter is empty. Escape goes
/// back one step. Where a key is also fzf's (Ctrl-J/K/N/P, Tab, Shift-Tab, Ctrl-A/E/B/F/U/W, a double click), it
/// does what fzf's does. Everything else is on an F key the launcher reserves (`Session/reservedKeys`) or a Ctrl
/// key fzf leaves free.
package struct MenuKeys: Sendable {
    /// What a key does in the menu; the names are those `--bind` takes, fzf's where fzf has the same action.
    public enum Command: String, Sendable, CaseIterable {
        case up, down
        case pageUp = "page-up"
        case pageDown = "page-down"
        case halfPageUp = "half-page-up"
        case halfPageDown = "half-page-down"
        case first, last
        /// Open the highlighted item: enter a group, open or pick an entry.
        case accept
        /// fzf's: as ``accept``, but never leave having picked nothing; with no hit, only the bell.
        case acceptNonEmpty = "accept-non-empty"
        /// Into a group while browsing; the caret right while filtering.
        case forward
        /// Up a level while browsing; the caret left while filtering.
        case backward
        /// Back one step: clear the filter, or go up a level; at the root, leave (a picker with status 130).
        case cancel
        /// Leave at once with status 130.
        case abort
        case backwardDeleteChar = "backward-delete-char"
        case deleteChar = "delete-char"
        /// Delete forward; on an empty filter, leave at once with status 130, as fzf's Ctrl-D and a shell's.
        case deleteCharEOF = "delete-char/eof"
        case backwardChar = "backward-char"
        case forwardChar = "forward-char"
        case backwardWord = "backward-word"
        case forwardWord = "forward-word"
        case beginningOfLine = "beginning-of-line"
        case endOfLine = "end-of-line"
        case unixLineDiscard = "unix-line-discard"
        case unixWordRubout = "unix-word-rubout"
        case backwardKillWord = "backward-kill-word"
        /// Delete the word after the caret; kept for ``yank``, as every deletion of a word or more is.
        case killWord = "kill-word"
        /// Delete from the caret to the end.
        case killLine = "kill-line"
        /// Put back the text deleted last, at the caret.
        case yank
        case clearQuery = "clear-query"
        /// The filter's text becomes the highlighted entry's line (fzf's `replace-query`).
        case replaceQuery = "replace-query"
        /// Leave printing the filter's text alone, with status 0 (fzf's `print-query`).
        case printQuery = "print-query"
        /// The filter's text becomes the query before, or after, in `--history` (fzf's; Ctrl-P and Ctrl-N with it).
        case previousHistory = "previous-history"
        case nextHistory = "next-history"
        /// Mark or unmark (`--multi`), then move down or up, as fzf's Tab and Shift-Tab.
        case toggleDown = "toggle+down"
        case toggleUp = "toggle+up"
        case toggle
        /// fzf's: mark, unmark, or flip every entry listed (the filter's hits, or the level's entries).
        case selectAll = "select-all"
        case deselectAll = "deselect-all"
        case toggleAll = "toggle-all"
        case togglePreview = "toggle-preview"
        case previewUp = "preview-up"
        case previewDown = "preview-down"
        case previewPageUp = "preview-page-up"
        case previewPageDown = "preview-page-down"
        case toggleFavourite = "toggle-favourite"
        /// Switch the filter between exact and fuzzy matching, searching again at once.
        case toggleExact = "toggle-exact"
        /// fzf's: list the filter's hits best first or in the list's order, searching again at once.
        case toggleSort = "toggle-sort"
        case ignore
        /// fzf's `execute(CMD)`: runs a shell command on the terminal, the menu put away until it ends.
        case execute
        /// fzf's `execute-silent(CMD)`: runs a shell command with no terminal and waits for it.
        case executeSilent = "execute-silent"
        /// fzf's `become(CMD)`: leaves, and the shell command takes the process's place.
        case become
        /// fzf's `reload(CMD)`: reads the list again from a shell command's output.
        case reload
        /// fzf's `reload-sync(CMD)`: as `reload`, but the list is replaced only once the command's output has ended.
        case reloadSync = "reload-sync"

        /// Whether the command takes a shell command as its argument (`execute(less {})`).
        public var takesShellCommand: Bool { [.execute, .executeSilent, .become, .reload, .reloadSync].contains(self) }
    }

    /// fzf's events, which `--bind` binds as it binds keys (`change:first`, `start:reload(ls)`).
    public enum Event: String, Sendable, CaseIterable {
        /// Once, when the menu opens.
        case start
        /// When the whole list is in: read to its end, or a reload's command's output ended.
        case load
        /// When the filter's text changes.
        case change
        /// When Backspace is pressed with no text to delete.
        case backwardEOF = "backward-eof"
    }

    /// A key or an event bound to commands, run in order (`ctrl-a:first+accept`).
    public struct Binding: Sendable, Equatable {
        /// What sets a binding off.
        public enum Trigger: Sendable, Hashable {
            case key(Key)
            case event(Event)
        }

        public var trigger: Trigger
        public var commands: [Command]
        /// The shell command of each command that takes one (``Command/takesShellCommand``), by its place in
        /// `commands`.
        public var arguments: [Int: String]

        /// The key, for a key's binding.
        public var key: Key? {
            if case .key(let key) = trigger { return key }
            return nil
        }

        public init(key: Key, commands: [Command], arguments: [Int: String] = [:]) {
            self.init(trigger: .key(key), commands: commands, arguments: arguments)
        }

        public init(trigger: Trigger, commands: [Command], arguments: [Int: String] = [:]) {
            self.trigger = trigger
            self.commands = commands
            self.arguments = arguments
        }
    }

    /// A `--bind` that can't be read.
    public struct BindError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The keys as bound: the user's first, then the defaults.
    let keymap: Keymap<[Command]>
    /// Whether the menu is a picker, whose digits are text.
    let picker: Bool
    /// The shell commands of the user's bound keys, by key and the command's place (``Binding/arguments``).
    let arguments: [Key: [Int: String]]
    /// The user's bound events, each with its commands and their shell commands.
    let events: [Event: (commands: [Command], arguments: [Int: String])]

    /// Makes the menu's keys.
    ///
    /// - Parameters:
    ///   - bindings: The user's bindings, which win over the defaults.
    ///   - picker: Whether digits are text (a picker) or open items (the launcher).
    public init(bindings: [Binding] = [], picker: Bool = false) {
        // The last binding of a key wins, as in fzf: the command line's over CATALOG_DEFAULT_OPTS'.
        let own = bindings.reversed().compactMap { binding in
            binding.key.map { KeyBinding([$0], binding.commands, help: "bound by --bind", footer: false) }
        }
        keymap = Keymap(
            own
                + Self.defaults.bindings.map {
                    KeyBinding($0.keys, [$0.command], label: $0.label, help: $0.help, footer: $0.inFooter)
                })
        self.picker = picker
        arguments = Dictionary(
            bindings.compactMap { binding in binding.key.map { ($0, binding.arguments) } },
            uniquingKeysWith: { _, last in last })
        events = Dictionary(
            bindings.compactMap { binding in
                guard case .event(let event) = binding.trigger else { return nil }
                return (event, (binding.commands, binding.arguments))
            },
            uniquingKeysWith: { _, last in last })
    }

    /// The commands a key runs, if it is bound.
    func commands(for key: Key) -> [Command]? { keymap.command(for: key) }

    /// The shell command a key's command at a place runs (``Command/takesShellCommand``).
    func shellCommand(for key: Key, at place: Int) -> String? { arguments[key]?[place] }

    /// The default keys, with what help says of them in English (the README's table and the manual page).
    public static let defaults = defaults(in: Locale(identifier: "en"))

    /// The default keys, with what help says of them in a locale's language.
    static func defaults(in locale: Locale) -> Keymap<Command> {
        func words(_ key: LauncherWords) -> String { LauncherWords.text(key, in: locale) }
        return Keymap<Command>([
            KeyBinding([.up, .control("p"), .control("k")], .up, help: words(.moveUp)),
            KeyBinding([.down, .control("n"), .control("j")], .down, help: words(.moveDown)),
            KeyBinding([.pageUp], .pageUp, help: words(.pageUp), footer: false),
            KeyBinding([.pageDown], .pageDown, help: words(.pageDown), footer: false),
            // Home and End edit the filter while it is open, as in fzf and any text field; else they move the list.
            KeyBinding([.home, .control("a")], .beginningOfLine, help: words(.firstItem), footer: false),
            KeyBinding([.end, .control("e")], .endOfLine, help: words(.lastItem), footer: false),
            KeyBinding([.enter], .accept, label: "⏎", help: words(.openItem)),
            KeyBinding(
                [.right], .forward, label: "→", help: words(.intoGroup), footer: false),
            KeyBinding([.left], .backward, label: "←", help: words(.upLevel), footer: false),
            KeyBinding([.escape], .cancel, label: "esc", help: words(.backStep)),
            KeyBinding([.control("q")], .abort, help: words(.leaveAtOnce), footer: false),
            KeyBinding(
                [.backspace], .backwardDeleteChar, label: "⌫", help: words(.deleteBack),
                footer: false),
            KeyBinding([.delete], .deleteChar, help: words(.deleteForward), footer: false),
            KeyBinding([.control("d")], .deleteCharEOF, help: words(.deleteForwardOrLeave), footer: false),
            KeyBinding([.control("b")], .backwardChar, help: words(.caretLeft), footer: false),
            KeyBinding([.control("f")], .forwardChar, help: words(.caretRight), footer: false),
            KeyBinding(
                [.modified(.character("b"), .alt), .modified(.left, .shift)], .backwardWord, help: words(.wordLeft),
                footer: false),
            KeyBinding(
                [.modified(.character("f"), .alt), .modified(.right, .shift)], .forwardWord, help: words(.wordRight),
                footer: false),
            KeyBinding([.control("u")], .unixLineDiscard, help: words(.deleteToStart), footer: false),
            KeyBinding([.control("w")], .unixWordRubout, help: words(.deleteToSpace), footer: false),
            KeyBinding([.modified(.backspace, .alt)], .backwardKillWord, help: words(.deleteWordBack), footer: false),
            KeyBinding([.modified(.character("d"), .alt)], .killWord, help: words(.deleteWordForward), footer: false),
            KeyBinding([.control("y")], .yank, help: words(.putBack), footer: false),
            KeyBinding([.tab], .toggleDown, label: "tab", help: words(.markDown), footer: false),
            KeyBinding([.backTab], .toggleUp, label: "shift-tab", help: words(.markUp), footer: false),
            KeyBinding([.function(4)], .togglePreview, help: words(.togglePreview), footer: false),
            KeyBinding([.modified(.up, .shift)], .previewUp, help: words(.previewUp), footer: false),
            KeyBinding([.modified(.down, .shift)], .previewDown, help: words(.previewDown), footer: false),
            KeyBinding([.modified(.pageUp, .shift)], .previewPageUp, help: words(.previewPageUp), footer: false),
            KeyBinding(
                [.modified(.pageDown, .shift)], .previewPageDown, help: words(.previewPageDown), footer: false),
            KeyBinding([.function(5)], .toggleFavourite, help: words(.toggleFavourite), footer: false),
            KeyBinding([.function(6)], .toggleExact, help: words(.toggleExact), footer: false),
        ])
    }

    /// The footer: the few keys a newcomer needs, in a locale's language.
    ///
    /// - Parameter picks: Whether Enter picks what is highlighted (an entry of a picker) rather than opening it.
    func footer(filtering: Bool, picks: Bool = false, locale: Locale = Locale(identifier: "en")) -> String {
        func words(_ key: LauncherWords) -> String { LauncherWords.text(key, in: locale) }
        var parts = ["↑↓ " + words(.footerMove), "⏎ " + words(picks ? .footerPick : .footerOpen)]
        if !filtering { parts.append("← " + words(.footerBack)) }
        if !filtering && !picker { parts.append("1–0 " + words(.footerJump)) }
        parts.append(filtering ? "esc " + words(.footerClear) : words(.footerTypeToFilter))
        parts.append("F1 " + words(.footerHelp))
        return parts.joined(separator: " · ")
    }

    /// Every key as help lists it: the user's bindings, then the defaults, each once; Tab only with `--multi` and
    /// the favourite key only with a history.
    ///
    /// The help of a default key is in the locale's language; a `--bind` key's is its actions, as typed.
    func help(multi: Bool, history: Bool, locale: Locale = Locale(identifier: "en")) -> [HelpItem] {
        func words(_ key: LauncherWords) -> String { LauncherWords.text(key, in: locale) }
        var items = [HelpItem(keys: words(.typeLabel), help: words(picker ? .filterDigits : .filter))]
        if !picker { items.append(HelpItem(keys: "1–0", help: words(.digitsOpen))) }
        let translated = Self.defaults(in: locale).bindings
        for binding in keymap.bindings {
            guard let command = binding.command.first else { continue }
            if !multi && (command == .toggleDown || command == .toggleUp) { continue }
            if !history && command == .toggleFavourite { continue }
            let label = binding.label ?? binding.keys.map(\.description).joined(separator: "/")
            let own = binding.keys.first.flatMap { arguments[$0] } ?? [:]
            let help =
                binding.help == "bound by --bind"
                ? binding.command.enumerated().map { place, command in
                    own[place].map { "\(command.rawValue)(\($0))" } ?? command.rawValue
                }.joined(separator: "+")
                : translated.first { [$0.command] == binding.command }?.help ?? binding.help
            items.append(HelpItem(keys: label, help: help))
        }
        return items
    }

    /// Every key of the launcher and the picker, as the README's table and the manual page list them: the menu's
    /// (with Tab, Shift-Tab and the favourite key), then the launcher's own, which also work in an open screen.
    public static var reference: [HelpItem] {
        let menu = MenuKeys(picker: false).help(multi: true, history: true)
        let launcher = Session.keymap.help.filter { $0.keys != "esc/q" }.map { item in
            item.keys == "F1" ? HelpItem(keys: "F1", help: "show every key (? too, in a screen)") : item
        }
        return menu.map { item in
            item.keys == "type"
                ? HelpItem(keys: "type", help: "filter the whole catalog (in a picker, digits too)") : item
        } + launcher + [
            HelpItem(keys: "esc/q", help: "in an open screen: close it (unless the screen takes them)"),
            HelpItem(keys: "F7", help: "in an open screen with controls: show them, or move between them and it"),
        ]
    }

    // MARK: - --bind

    /// Reads `--bind` values, fzf's way: `KEY:ACTION[+ACTION…]`, several joined by commas. A shell command is
    /// written in parentheses (`execute(less {})`), or between any of fzf's other marks (`execute[…]`, `{…}`,
    /// `<…>`, `~…~`, `!…!`, `@…@`, `#…#`, `$…$`, `%…%`, `^…^`, `&…&`, `*…*`, `;…;`, `/…/`, `|…|`), or after a
    /// colon to the value's end (`execute:less {}`). Brackets may nest inside their own kind.
    ///
    /// - Parameter text: One `--bind` value.
    /// - Returns: The bindings.
    /// - Throws: ``BindError`` naming the key or action that can't be read, or a key the launcher keeps.
    public static func bindings(_ text: String) throws -> [Binding] {
        var result: [Binding] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            // The key runs to the first colon after its first character, so `::accept` binds ":" and `,:first` ",";
            // a name that ends in "-" takes the character after it, whatever it is (`alt-::accept`).
            guard var colon = rest.dropFirst().firstIndex(of: ":") else {
                let part = rest.prefix { $0 != "," }
                throw BindError(description: "'\(part)' needs KEY:ACTION, such as ctrl-a:first.")
            }
            if rest[..<colon].hasSuffix("-"), rest[rest.index(after: colon)...].first == ":" {
                colon = rest.index(after: colon)
            }
            let name = String(rest[..<colon])
            let trigger: Binding.Trigger
            if let event = Event(rawValue: name) {
                trigger = .event(event)
            } else if let key = Self.key(named: name) {
                // Ctrl-Z may be bound (fzf's shell widgets bind it to ignore, since a widget that stops freezes the
                // shell); the loop then passes it on instead of suspending.
                if Session.reservedKeys.contains(key) && key != .control("z") {
                    throw BindError(description: "'\(name)' is kept by the launcher and can't be bound.")
                }
                trigger = .key(key)
            } else {
                throw BindError(
                    description: "'\(name)' is not a key catalog knows, such as ctrl-a, alt-x, f10 or enter, nor one "
                        + "of fzf's events it knows (\(Event.allCases.map(\.rawValue).joined(separator: ", "))).")
            }
            rest = rest[rest.index(after: colon)...]
            var binding = Binding(trigger: trigger, commands: [])
            while true {
                var action = rest.prefix { $0.isLetter || $0 == "-" }
                // The one name with a "/" in it; elsewhere a "/" may open a shell command (`execute/…/`).
                if action == "delete-char", rest.dropFirst(action.count).hasPrefix("/eof") {
                    action = rest.prefix(action.count + 4)
                }
                rest = rest.dropFirst(action.count)
                // fzf's `toggle+down` and `toggle+up` are one action whose name holds a "+".
                if binding.commands.last == .toggle, action == "down" || action == "up" {
                    binding.commands[binding.commands.count - 1] = action == "down" ? .toggleDown : .toggleUp
                } else {
                    // fzf's other name for moving to the first row.
                    guard let command = Command(rawValue: action == "top" ? "first" : String(action)) else {
                        throw BindError(
                            description: "'\(action)' is not an action; try one of "
                                + Command.allCases.map { $0.takesShellCommand ? "\($0.rawValue)(…)" : $0.rawValue }
                                .joined(separator: ", ") + ".")
                    }
                    if command.takesShellCommand {
                        let shell = try shellCommand(of: action, in: &rest)
                        if let placeholder = ShellCommand.unsupportedPlaceholder(in: shell) {
                            throw BindError(
                                description: ShellCommand.placeholderProblem(placeholder, in: "\(action)(…)"))
                        }
                        binding.arguments[binding.commands.count] = shell
                    }
                    binding.commands.append(command)
                }
                guard let next = rest.popFirst() else { break }
                if next == "," { break }
                guard next == "+" else {
                    throw BindError(description: "'\(action)' must be followed by '+', ',' or the end, not '\(next)'.")
                }
            }
            result.append(binding)
        }
        return result
    }

    /// Reads an action's shell command from the start of `rest`, and takes it off.
    private static func shellCommand(of action: Substring, in rest: inout Substring) throws -> String {
        let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let open = rest.popFirst(), open == ":" || closers[open] != nil || "~!@#$%^&*;/|".contains(open) else {
            throw BindError(description: "'\(action)' needs a shell command, as in \(action)(less {}).")
        }
        if open == ":" {
            defer { rest = rest[rest.endIndex...] }
            return String(rest)
        }
        // fzf's rule: the command ends at the first closing mark that ends the value or comes before a "+" or a
        // ",", so `execute(echo ")")` and `execute|cat {} | less|` hold their marks.
        let close = closers[open] ?? open
        var index = rest.startIndex
        while index < rest.endIndex {
            let after = rest.index(after: index)
            if rest[index] == close, after == rest.endIndex || rest[after] == "+" || rest[after] == "," {
                defer { rest = rest[after...] }
                return String(rest[..<index])
            }
            index = after
        }
        guard rest.contains(close) else {
            throw BindError(description: "'\(action)\(open)' is never closed with '\(close)'.")
        }
        throw BindError(
            description: "'\(action)\(open)…\(close)' must be followed by '+', ',' or the end of the value.")
    }

    /// A key by its fzf name: `ctrl-a`, `ctrl-space`, `ctrl-/` (or `ctrl-_`), `ctrl-\`, `ctrl-]`, `ctrl-^`, `alt-x`,
    /// `alt-bs`, `f1`–`f12`, `enter`, `esc`, `tab`, `btab`, `up`, `shift-up`, `pgup`, `home`, `space`, `bspace`,
    /// `del`, or a single character.
    ///
    /// - Parameter name: The name.
    /// - Returns: The key, or `nil` when there is none by that name.
    public static func key(named name: String) -> Key? {
        let lower = name.lowercased()
        if name.count == 1, let character = name.first { return .character(character) }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter, letter.isASCII {
            return .control(letter)
        }
        if let control = [
            "ctrl-space": " ", "ctrl-\\": "\\", "ctrl-]": "]", "ctrl-^": "^", "ctrl-/": "/", "ctrl-_": "/",
        ][
            lower]
        {
            return .control(Character(control))
        }
        if lower.hasPrefix("alt-") {
            let rest = String(name.dropFirst(4))
            guard let key = rest.count == 1 ? Key.character(rest.first!) : Self.key(named: rest) else { return nil }
            return key.with(.alt)
        }
        if lower.hasPrefix("shift-"), let key = named[String(lower.dropFirst(6))] { return key.with(.shift) }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        return named[lower]
    }

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "shift-tab": .backTab,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp,
        "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "space": .character(" "),
        "bspace": .backspace, "bs": .backspace, "del": .delete,
    ]
}
