/// A key press, decoded from terminal bytes by `KeyDecoder`.
public enum Key: Sendable, Hashable {
    /// An arrow key.
    case up, down, left, right
    /// A key that moves by a page or to an end.
    case home, end, pageUp, pageDown
    /// Enter, Escape, Backspace, Delete, Tab, and Shift-Tab (`backTab`).
    case enter, escape, backspace, delete, tab, backTab
    /// Ctrl plus a letter, given in lower case (`.control("c")` is Ctrl-C).
    case control(Character)
    /// A function key, F1–F12.
    case function(Int)
    /// A printable character, in any script.
    case character(Character)
    /// A mouse button, wheel or drag, where it happened (SGR mouse reporting).
    case mouse(Mouse)
    /// A key held with modifiers its own case doesn't name: Shift-↑ is `.modified(.up, .shift)`, Alt-x (which
    /// terminals send as Escape then x) is `.modified(.character("x"), .alt)`, Ctrl-→ is `.modified(.right,
    /// .control)`. Ctrl with a letter is ``control(_:)``, and Shift with a character is the character itself.
    indirect case modified(Key, Modifiers)
}

/// The modifier keys held with a key, as terminals report them.
public struct Modifiers: OptionSet, Sendable, Hashable {
    /// The modifiers as bits: 1 Shift, 2 Alt, 4 Ctrl.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The Shift key.
    public static let shift = Modifiers(rawValue: 1)
    /// The Alt (Meta, Option) key.
    public static let alt = Modifiers(rawValue: 2)
    /// The Ctrl key.
    public static let control = Modifiers(rawValue: 4)

    /// The modifiers as key names put them before a key: `shift-`, `alt-`, `ctrl-`.
    var prefix: String {
        (contains(.control) ? "ctrl-" : "") + (contains(.alt) ? "alt-" : "") + (contains(.shift) ? "shift-" : "")
    }
}

/// A mouse report: what the mouse did and the cell it did it in.
public struct Mouse: Sendable, Hashable {
    /// What the mouse did.
    public enum Action: Sendable, Hashable {
        /// A button went down, went up, or moved while down; the wheel turned up or down.
        case press, release, drag, scrollUp, scrollDown
    }

    /// Which button.
    public enum Button: Sendable, Hashable {
        /// The button pressed; `none` for a move or a wheel, which no button makes.
        case left, middle, right, none
    }

    /// What the mouse did.
    public var action: Action
    /// Which button did it.
    public var button: Button
    /// The cell, from 0 at the top left of whatever receives it: the terminal, then the screen's own area.
    public var row: Int
    /// The column of the cell, from 0 at the left.
    public var column: Int
    /// For a press, how many presses in a row landed on this cell, each soon after the last: 2 for a double
    /// click. The shell counts them, since it has the clock; terminals report each press alone.
    public var clicks: Int

    /// A mouse report.
    public init(_ action: Action, button: Button = .left, row: Int, column: Int, clicks: Int = 1) {
        self.action = action
        self.button = button
        self.row = row
        self.column = column
        self.clicks = clicks
    }

    /// The same report, moved up by some rows, for a part of the screen that starts lower.
    public func shifted(rows: Int) -> Mouse {
        shifted(rows: rows, columns: 0)
    }

    /// The same report, so many rows and columns up and to the left.
    package func shifted(rows: Int, columns: Int) -> Mouse {
        Mouse(action, button: button, row: row - rows, column: column - columns, clicks: clicks)
    }

    /// Whether this is a second press on the same cell soon after the first.
    public var isDoubleClick: Bool { action == .press && clicks >= 2 }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    /// A printable key written as its character: `"q"` is `.character("q")`, so a scenario reads
    /// `.press("+", times: 3)`.
    public init(extendedGraphemeClusterLiteral value: Character) {
        self = .character(value)
    }

    public init(unicodeScalarLiteral value: Character) {
        self = .character(value)
    }
}

extension Key {
    /// The key with modifiers added; the key itself when there are none.
    ///
    /// - Parameter modifiers: The modifiers held.
    /// - Returns: `.modified(self, modifiers)`, or `self`.
    public func with(_ modifiers: Modifiers) -> Key {
        guard !modifiers.isEmpty else { return self }
        if case .modified(let key, let held) = self { return .modified(key, held.union(modifiers)) }
        return .modified(self, modifiers)
    }
}

extension Key: CustomStringConvertible {
    /// The key as help and footers name it: `↑`, `⏎`, `esc`, `space`, `ctrl-u`, `F2`, `q`.
    public var description: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .enter: "⏎"
        case .escape: "esc"
        case .backspace: "⌫"
        case .delete: "del"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .control(" "): "ctrl-space"
        case .control(let letter): "ctrl-\(letter)"
        case .function(let number): "F\(number)"
        case .character(" "): "space"
        case .character(let character): String(character)
        case .mouse(let mouse): mouse.action == .scrollUp || mouse.action == .scrollDown ? "wheel" : "click"
        case .modified(let key, let modifiers): modifiers.prefix + key.description
        }
    }
}
