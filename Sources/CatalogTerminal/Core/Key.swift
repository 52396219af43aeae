/// A key press, decoded from terminal bytes by ``KeyDecoder``.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab
    /// Ctrl plus a letter, given in lower case (`.control("c")` is Ctrl-C).
    case control(Character)
    /// A printable character, in any script.
    case character(Character)
}
