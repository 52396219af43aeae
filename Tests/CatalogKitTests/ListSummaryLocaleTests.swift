import CatalogKit
import Foundation
import Testing

/// The summary in a locale's words, from Foundation's list format on this toolchain, and "N more" from our table.
@Suite("List summary, by locale")
struct ListSummaryLocaleTests {
    @Test(
        "the list is joined in the locale's words",
        arguments: [
            ("en", "A, B, and C"), ("en_GB", "A, B and C"), ("de", "A, B und C"), ("de_AT", "A, B und C"),
            ("ru", "A, B и C"), ("ko", "A, B 및 C"), ("ja", "A、B、C"), ("zh", "A、B和C"), ("fr", "A, B et C"),
            ("es", "A, B y C"), ("de_DE.UTF-8", "A, B und C"),
        ])
    func joined(_ example: (identifier: String, summary: String)) {
        let locale = Locale(identifier: example.identifier)
        #expect(ListSummary.summarize(["A", "B", "C"], locale: locale) == example.summary)
        #expect(ListSummary.summarize(["A", "B", "C"], language: example.identifier) == example.summary)
    }

    @Test("one item is itself, none is empty, and a locale without a language speaks English")
    func edges() {
        #expect(ListSummary.summarize(["A"], locale: Locale(identifier: "ja")) == "A")
        #expect(ListSummary.summarize([], locale: Locale(identifier: "de")).isEmpty)
        #expect(ListSummary.summarize(["A", "B"], locale: Locale(identifier: "")) == "A and B")
        #expect(ListSummary.summarize(["A", "B"], language: "") == "A and B")
    }

    @Test(
        "N more comes from the table, in English where it has no words",
        arguments: [
            ("en", "3 more"), ("de_CH", "3 weitere"), ("ru", "ещё 3"), ("fr", "3 autres"), ("es", "3 más"),
            ("ko", "그 외 3개"), ("ja", "他3件"), ("zh_Hans", "其他3项"), ("zh_Hant", "其他3項"), ("xx", "3 more"),
            ("nl", "3 more"),
        ])
    func more(_ example: (identifier: String, more: String)) {
        #expect(ListSummary.more(3, locale: Locale(identifier: example.identifier)) == example.more)
    }

    @Test(
        "a summary cut to a width keeps the names that fit, by display width",
        arguments: [
            ("en", 23, "Alpha, Beta, and 3 more"), ("de", 25, "Alpha, Beta und 3 weitere"),
            ("ru", 19, "Alpha, Beta и ещё 3"), ("ja", 18, "Alpha、Beta、他3件"),
        ])
    func cut(_ example: (identifier: String, width: Int, summary: String)) {
        let items = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]
        let summary = ListSummary.summarize(items, locale: Locale(identifier: example.identifier), width: example.width)
        #expect(summary == example.summary)
        #expect(DisplayWidth.of(summary) <= example.width)
        // One column less drops a name.
        let narrower = ListSummary.summarize(
            items, locale: Locale(identifier: example.identifier), width: example.width - 1)
        #expect(narrower.count < summary.count)
        #expect(DisplayWidth.of(narrower) <= example.width - 1)
    }

    @Test("Korean and Chinese take two columns a character when cut")
    func wide() {
        let korean = ["아프리카", "유럽", "아시아"]
        // "아프리카, 유럽 및 아시아" is 24 columns wide but 14 characters long.
        #expect(ListSummary.summarize(korean, locale: Locale(identifier: "ko"), width: 24) == "아프리카, 유럽 및 아시아")
        #expect(ListSummary.summarize(korean, locale: Locale(identifier: "ko"), width: 23) == "아프리카 및 그 외 2개")
        let chinese = ["非洲", "欧洲", "亚洲"]
        #expect(ListSummary.summarize(chinese, locale: Locale(identifier: "zh"), width: 16) == "非洲、欧洲和亚洲")
        #expect(ListSummary.summarize(chinese, locale: Locale(identifier: "zh"), width: 15) == "非洲和其他2项")
    }

    @Test("a width too narrow for one name truncates, and a long list stays quick", .timeLimit(.minutes(10)))
    func narrow() {
        let items = (0..<100_000).map { "Item \($0)" }
        let summary = ListSummary.summarize(items, locale: Locale(identifier: "de"), width: 30)
        #expect(summary == "Item 0 und 99999 weitere")  // "Item 0, Item 1 und 99998 weitere" takes 32 columns
        #expect(ListSummary.summarize(["Extraordinarily"], locale: Locale(identifier: "en"), width: 5) == "Extr…")
        #expect(ListSummary.summarize(["A", "B"], locale: Locale(identifier: "en"), width: 0).isEmpty)
    }

    @Test("a first name too wide beside the count is cut instead, so the count still shows, in every language")
    func cutFirstKeepsCount() {
        let goals = ["Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift", "Run 5k", "Read more"]
        let english = ListSummary.summarize(goals, locale: Locale(identifier: "en"), width: 20)
        #expect(english == "Learn Ja… and 4 more")
        #expect(ListSummary.summarize(goals, locale: Locale(identifier: "de"), width: 20) == "Learn… und 4 weitere")
        let korean = ListSummary.summarize(goals, locale: Locale(identifier: "ko"), width: 20)
        #expect(korean.hasSuffix("그 외 4개") && korean.contains("…") && DisplayWidth.of(korean) <= 20, "\(korean)")
        // Narrower: the count as "+4"; with no room for a letter beside even that, the whole summary is cut.
        #expect(ListSummary.summarize(goals, locale: Locale(identifier: "en"), width: 12) == "Learn Ja… +4")
        #expect(ListSummary.summarize(goals, locale: Locale(identifier: "de"), width: 12) == "Learn Ja… +4")
        #expect(ListSummary.summarize(goals, locale: Locale(identifier: "en"), width: 4) == "Lea…")
    }
}
