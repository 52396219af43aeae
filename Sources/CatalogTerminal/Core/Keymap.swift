import CatalogKit

/// One thing a screen can do, with the keys and the line-mode command that do it and the words that explain it.
///
/// A screen declares its bindings once, in a ``Keymap``; the same table decides what a key or a line-mode command
/// does, draws the footer, and lists the `?` help and line mode's help, so they can never disagree.
public struct KeyBinding<Command: Sendable>: Sendable {
    /// The keys that do it; empty for a command that only line mode has.
    public var keys: [Key]
    /// What it does, for the screen's `switch`.
    public var command: Command
    /// How help names the keys; `nil` names them from the keys themselves ("↑/k").
    public var label: String?
    /// What it does, in a few words ("move", "open").
    public var help: String
    /// Whether the footer lists it. Bindings that only add keys for the same help (↓ after ↑) say `false`.
    public var inFooter: Bool
    /// The line-mode command for the same thing, such as `+`, `accent <name>` or `<n>` (a number); `nil` when
    /// line mode has none. The first word is what the user types; the rest names its argument.
    public var line: String?

    /// Declares a binding.
    ///
    /// - Parameters:
    ///   - keys: The keys; empty for a line-mode-only command.
    ///   - command: What it does.
    ///   - label: How help names the keys; `nil` names them from `keys`.
    ///   - help: What it does, in a few words.
    ///   - footer: Whether the footer lists it.
    ///   - line: The line-mode form, such as `"+"`, `"accent <name>"` or `"<n>"`.
    public init(
        _ keys: [Key], _ command: Command, label: String? = nil, help: String, footer: Bool = true,
        line: String? = nil
    ) {
        self.keys = keys
        self.command = command
        self.label = label
        self.help = help
        self.inFooter = footer
        self.line = line
    }

    /// The keys as help shows them.
    public var keyLabel: String { label ?? keys.map(\.description).joined(separator: "/") }

    /// The word a line-mode command starts with; empty for `<n>`, which is a number alone.
    var lineWord: String? {
        guard let line else { return nil }
        let word = line.prefix { $0 != " " }
        return word.hasPrefix("<") ? "" : String(word)
    }
}

/// A line of help: the keys or line-mode command, and what it does.
public struct HelpItem: Sendable, Hashable {
    /// The keys ("↑/k"), empty for a line-mode-only command.
    public var keys: String
    /// The line-mode form ("accent <name>"), if any.
    public var line: String?
    /// What it does.
    public var help: String

    /// An item of help: the keys as shown, the line-mode form if any, and what it does.
    public init(keys: String, line: String? = nil, help: String) {
        self.keys = keys
        self.line = line
        self.help = help
    }
}

/// A screen's key bindings: the one table that handles keys and line commands, and draws the footer and the help.
///
/// ```swift
/// enum Command { case more, fewer, set }
/// static let keymap = Keymap<Command>([
///     KeyBinding([.up, .character("+")], .more, label: "↑/+", help: "more", line: "+"),
///     KeyBinding([.down, .character("-")], .fewer, label: "↓/-", help: "fewer", line: "-"),
///     KeyBinding([], .set, help: "set the value", line: "<n>"),
/// ])
/// ```
public struct Keymap<Command: Sendable>: Sendable {
    /// The bindings, in the order help lists them.
    public let bindings: [KeyBinding<Command>]

    /// Creates a keymap.
    ///
    /// - Parameter bindings: The bindings; for a key bound twice, the first wins.
    public init(_ bindings: [KeyBinding<Command>]) {
        self.bindings = bindings
    }

    /// The binding a key belongs to.
    ///
    /// - Parameter key: The key pressed.
    /// - Returns: The first binding that lists the key, if any.
    public func binding(for key: Key) -> KeyBinding<Command>? {
        bindings.first { $0.keys.contains(key) }
    }

    /// The command a key stands for.
    public func command(for key: Key) -> Command? { binding(for: key)?.command }

    /// The command a line-mode line stands for, and its argument.
    ///
    /// A line that is a whole number matches the `<n>` binding, with the number as its argument; otherwise the
    /// first word is matched (ignoring case) and the rest, trimmed, is the argument.
    ///
    /// - Parameter line: What the user typed.
    /// - Returns: The command and its argument, or `nil` when no binding has that word.
    public func command(forLine line: String) -> (command: Command, argument: String)? {
        let trimmed = line.trimmed(of: " \t\r")
        if ItemNumber.isNumber(trimmed), let binding = bindings.first(where: { $0.lineWord == "" }) {
            return (binding.command, trimmed)
        }
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        let argument = String(trimmed.dropFirst(word.count)).trimmed(of: " \t")
        let folded = Folding.fold(String(word))
        guard !word.isEmpty,
            let binding = bindings.first(where: {
                $0.lineWord.map { Folding.fold($0) == folded && !$0.isEmpty } ?? false
            })
        else { return nil }
        return (binding.command, argument)
    }

    /// The footer: each listed binding's keys and help, in table order ("↑↓ move · ⏎ open").
    public var footer: String {
        bindings.filter { $0.inFooter && !$0.keyLabel.isEmpty }.map { "\($0.keyLabel) \($0.help)" }
            .joined(separator: " · ")
    }

    /// Every binding as help lists it, each key named once: a binding without a label of its own lists only the
    /// keys no earlier binding's label names ("⏎/space next value" after "←→ change"), and one whose keys are all
    /// named already ("↓" after "↑↓ move") keeps only its line-mode form, if it has one.
    public var help: [HelpItem] {
        var named: [String] = []
        var items: [HelpItem] = []
        for binding in bindings {
            var keys = binding.keys.isEmpty ? "" : binding.keyLabel
            if binding.label == nil, !binding.keys.isEmpty {
                keys = binding.keys.filter { key in !named.contains { $0.contains(key.description) } }
                    .map(\.description).joined(separator: "/")
                if keys.isEmpty && binding.line == nil { continue }
            }
            if !binding.keys.isEmpty { named.append(binding.keyLabel) }
            items.append(HelpItem(keys: keys, line: binding.line, help: binding.help))
        }
        return items
    }
}

extension String {
    /// The string without leading and trailing characters from a set.
    package func trimmed(of set: String) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// Turns the number a user typed into an item's index, the one way every screen does it, so no number can trap.
public enum ItemNumber {
    /// Whether text is a whole number, with an optional sign, of any length.
    ///
    /// - Parameter text: The text, already trimmed.
    /// - Returns: `true` for `"3"`, `"-12"` or `"99999999999999999999"`.
    public static func isNumber(_ text: String) -> Bool {
        let digits =
            text.utf8.first == UInt8(ascii: "-") || text.utf8.first == UInt8(ascii: "+")
            ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The index of the item a 1-based number names.
    ///
    /// - Parameters:
    ///   - text: What the user typed, such as `"3"`; any whole number is safe, however large or negative.
    ///   - count: How many items there are.
    ///   - zeroIsTenth: Whether `0` names the tenth item, as the digit keys do in menus.
    /// - Returns: The index, or `nil` when the text is not a number or names no item.
    public static func index(_ text: String, count: Int, zeroIsTenth: Bool = false) -> Int? {
        guard let number = Int(text.trimmed(of: " \t\r")) else { return nil }
        return index(number, count: count, zeroIsTenth: zeroIsTenth)
    }

    /// The index of the item a 1-based number names.
    ///
    /// - Parameters:
    ///   - number: Any whole number, `Int.min` and `Int.max` included.
    ///   - count: How many items there are.
    ///   - zeroIsTenth: Whether `0` names the tenth item.
    /// - Returns: The index, or `nil` when the number names no item.
    public static func index(_ number: Int, count: Int, zeroIsTenth: Bool = false) -> Int? {
        if number == 0 { return zeroIsTenth && count >= 10 ? 9 : nil }
        guard number > 0, number <= count else { return nil }
        return number - 1
    }
}
