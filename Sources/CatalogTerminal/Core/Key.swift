/// A key press, decoded from terminal bytes by ``KeyDecoder``.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab
    /// Ctrl plus a letter, given in lower case (`.control("c")` is Ctrl-C).
    case control(Character)
    /// A function key, F1–F12.
    case function(Int)
    /// A printable character, in any script.
    case character(Character)
    /// A mouse button, wheel or drag, where it happened (SGR mouse reporting).
    case mouse(Mouse)
}

/// A mouse report: what the mouse did and the cell it did it in.
public struct Mouse: Sendable, Hashable {
    /// What the mouse did.
    public enum Action: Sendable, Hashable {
        case press, release, drag, scrollUp, scrollDown
    }

    /// Which button.
    public enum Button: Sendable, Hashable {
        case left, middle, right, none
    }

    public var action: Action
    public var button: Button
    /// The cell, from 0 at the top left of whatever receives it: the terminal, then the screen's own area.
    public var row: Int
    public var column: Int

    public init(_ action: Action, button: Button = .left, row: Int, column: Int) {
        self.action = action
        self.button = button
        self.row = row
        self.column = column
    }

    /// The same report, moved up by some rows, for a part of the screen that starts lower.
    public func shifted(rows: Int) -> Mouse {
        Mouse(action, button: button, row: row - rows, column: column)
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
        case .control(let letter): "ctrl-\(letter)"
        case .function(let number): "F\(number)"
        case .character(" "): "space"
        case .character(let character): String(character)
        case .mouse(let mouse): mouse.action == .scrollUp || mouse.action == .scrollDown ? "wheel" : "click"
        }
    }
}
