import CatalogKit

/// A one-line text field: text and a caret between characters, edited as shells and fzf edit a line.
///
/// It never holds a control character (nor a bidi override), whatever is typed or pasted, so what it shows is what
/// it holds. The caret counts characters (grapheme clusters), and ``caretColumn`` measures cells, so a wide
/// character takes two columns and a combining accent none.
///
/// Keys: printable characters insert; ←/→, Home/End and Ctrl-A/E move; Backspace and Delete delete a character,
/// Ctrl-W a word back and Ctrl-U to the start. Every other key is ignored.
public struct TextField: Widget, Sendable, Equatable {
    /// The text.
    public private(set) var text: String
    /// The caret, as a count of characters before it.
    public private(set) var caret: Int
    /// What shows, dimmed, while the text is empty.
    public var placeholder: String

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - text: The text at first; characters the field doesn't take are dropped.
    ///   - placeholder: What shows while it is empty.
    public init(_ text: String = "", placeholder: String = "") {
        self.text = text.filter(Self.accepts)
        caret = self.text.count
        self.placeholder = placeholder
    }

    /// Whether the field takes a character: not a line break, control or bidi-formatting character.
    public static func accepts(_ character: Character) -> Bool {
        !character.unicodeScalars.contains(where: Sanitizer.isUnsafe)
    }

    /// Edits for one key.
    ///
    /// A character can join the one before it (a combining accent typed after its letter, a joiner in an emoji),
    /// or an edit can join two neighbours, so the text may grow or shrink by other than one character: the caret is
    /// counted again after each edit, and never passes the end.
    ///
    /// - Parameter key: The key.
    /// - Returns: The new text after an edit, `.handled` for a caret move, `.ignored` for any other key.
    public mutating func handle(_ key: Key) -> WidgetEvent<String> {
        let before = text
        defer { caret = min(caret, text.count) }
        var characters = Array(text)
        switch key {
        case .character(let character) where Self.accepts(character):
            let prefix = String(characters[..<caret]) + String(character)
            text = prefix + String(characters[caret...])
            caret = prefix.count
        case .backspace where caret > 0:
            characters.remove(at: caret - 1)
            caret -= 1
            text = String(characters)
        case .delete where caret < characters.count:
            characters.remove(at: caret)
            text = String(characters)
        case .control("w") where caret > 0:
            var start = caret
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<caret)
            caret = start
            text = String(characters)
        case .control("u") where caret > 0:
            characters.removeSubrange(0..<caret)
            caret = 0
            text = String(characters)
        case .left, .control("b"): caret = max(caret - 1, 0)
        case .right, .control("f"): caret = min(caret + 1, characters.count)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = characters.count
        case .backspace, .delete, .control("w"), .control("u"): return .handled
        default: return .ignored
        }
        return text == before ? .handled : .changed(text)
    }

    /// Replaces the text, with the caret at its end.
    public mutating func set(_ text: String) {
        self.text = text.filter(Self.accepts)
        caret = self.text.count
    }

    /// The display width of the text before the caret: where the terminal cursor goes.
    public var caretColumn: Int { DisplayWidth.of(String(text.prefix(caret))) }

    /// The field's one line: the text, scrolled so the caret shows, or the placeholder, dimmed, while empty;
    /// underlined when focused, so the field shows even without colour.
    public func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line] {
        guard size.rows > 0, size.columns > 0 else { return [] }
        if text.isEmpty {
            return [Line(DisplayWidth.truncate(placeholder, to: size.columns), Style(dim: true, underline: focused))]
        }
        let shown = visibleText(width: size.columns)
        return [Line(shown.text, focused ? Style(underline: true) : .plain)]
    }

    /// Where the caret is drawn in a field of some width: the column after the text scrolled into view.
    ///
    /// - Parameter width: The field's width.
    /// - Returns: The caret's column, from 0, within the width.
    public func caretColumn(width: Int) -> Int { visibleText(width: width).caret }

    /// The part of the text a width shows, keeping the caret in view, and the caret's column in it.
    private func visibleText(width: Int) -> (text: String, caret: Int) {
        let (shown, column) = Self.scrolled(text, caret: caret, width: width)
        return (DisplayWidth.truncate(shown, to: width), column)
    }

    /// Text as a line of `width` columns shows it while it is edited: whole while the caret fits, else scrolled so
    /// the caret is as far right as it can be, what is cut off at the start shown as "…" (as fzf keeps its cursor
    /// in view); wide characters take two cells. The character under the caret is always shown whole: when text
    /// runs past the line's end, the "…" that marks it takes the last column, so the caret stops one before it.
    /// The text field and the menu's filter both draw it so.
    ///
    /// - Parameter caret: The caret, in characters.
    /// - Returns: The text to draw, which may run past the width after the caret, and the caret's column in it.
    /// - Complexity: O(n) in the text's length.
    package static func scrolled(_ text: String, caret: Int, width: Int) -> (text: String, caret: Int) {
        let before = text.prefix(caret)
        let caretColumn = DisplayWidth.of(String(before))
        let rest = DisplayWidth.of(String(text[before.endIndex...]))
        // The caret's cells: the character under it, or an empty cell at the end.
        let cells = before.endIndex < text.endIndex ? DisplayWidth.of(text[before.endIndex]) : 1
        let fitsWhole = caretColumn + rest <= width && caretColumn + cells <= width
        guard !fitsWhole, caretColumn + cells > width - 1, width > 2 else { return (text, caretColumn) }
        // The columns left of the caret, "…" included. When what follows the caret fits, the line ends with the
        // text's end, so moving left from there keeps the view still; else the caret is as far right as it can be
        // before the "…" that ends the line.
        let budget = rest == 0 ? width - 1 : rest <= width - 1 ? width - rest : width - 1 - cells
        var kept = before.endIndex
        var used = 1
        while kept > before.startIndex {
            let previous = before.index(before: kept)
            let cells = DisplayWidth.of(before[previous])
            guard used + cells <= budget else { break }
            used += cells
            kept = previous
        }
        return ("…" + text[kept...], used)
    }
}
