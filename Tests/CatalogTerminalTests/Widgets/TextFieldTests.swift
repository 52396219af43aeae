import CatalogKit
import CatalogTerminal
import Testing

@Suite("Text field")
struct TextFieldTests {
    /// Types keys into a field.
    func typed(_ keys: [Key], into text: String = "") -> TextField {
        var field = TextField(text)
        for key in keys { _ = field.handle(key) }
        return field
    }

    @Test func aCombiningAccentJoinsTheLetterBeforeItAndTheCursorFollows() {
        // Decomposed text arrives one scalar at a time: "e", then U+0301, which joins it into one "é".
        let field = typed([.character("e"), .character("\u{301}"), .character("x"), .backspace, .character("y")])
        #expect(field.text == "e\u{301}y")
        #expect(field.caret == 2)
        #expect(field.caretColumn == 2)
    }

    @Test func joinersAndLoneRegionalIndicatorsNeverPushTheCursorPastTheEnd() {
        let keys: [Key] = [
            .character("👩"), .character("\u{200D}"), .character("💻"), .character("🇰"), .character("🇷"),
            .character("🇰"), .left, .backspace, .delete, .character("x"), .end, .character("\u{FE0F}"),
        ]
        for count in 1...keys.count {
            let field = typed(Array(keys.prefix(count)))
            #expect(field.caret <= field.text.count, "after \(count) keys")
        }
        #expect(typed(keys).text == "👩‍💻x\u{FE0F}")
    }
}
