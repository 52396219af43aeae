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
        }
    }
}
