import CatalogTerminal
import Foundation
import Testing

@Suite("MultiSelector, by locale")
struct MultiSelectorLocaleTests {
    @Test("the summary takes a locale, and the language code still works")
    func locale() throws {
        let titles = ["아프리카", "유럽", "아시아", "남극"]
        let selector = try MultiSelector(
            items: titles.enumerated().map { .init(id: $0.offset, title: $0.element) }, selected: [0, 1, 2])
        #expect(selector.summary(locale: Locale(identifier: "ko_KR")) == "아프리카, 유럽 및 아시아")
        #expect(selector.summary(width: 23, locale: Locale(identifier: "ko")) == "아프리카 및 그 외 2개")
        #expect(selector.summary(language: "de") == "아프리카, 유럽 und 아시아")
        #expect(try MultiSelector<Int>(items: []).summary(width: 2, locale: Locale(identifier: "ja")) == "N…")
    }
}
