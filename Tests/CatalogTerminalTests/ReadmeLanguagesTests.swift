import CatalogTerminal
import Foundation
import Testing

// The README's "Languages" example, word for word, compiled and checked here.

/// The screen's words, keyed by a case so a test finds every text a language lacks.
enum Words: CaseIterable, Sendable { case save, saved }

let words = StringTable<Words>([
    "en": [.save: "save", .saved: "Saved {count} {count|file|files}."],
    "de": [.save: "Speichern", .saved: "{count} {count|Datei|Dateien} gespeichert."],
    "ru": [.save: "сохранить", .saved: "Сохранено: {count} {count|файл|файла|файлов}."],
    "ko": [.save: "저장", .saved: "파일 {count}개를 저장했습니다."],
    "ja": [.save: "保存", .saved: "{count} 個のファイルを保存しました。"],
])

/// A status message in the language the screen is in now.
func saved(_ count: Int, in context: ScreenContext) -> String {
    words.text(.saved, in: context.locale, ["count": count])
}

/// What the README says of its example.
@Suite("README languages example")
struct ReadmeLanguagesTests {
    func context(_ locale: String) -> ScreenContext {
        ScreenContext(environment: ScreenEnvironment(locale: Locale(identifier: locale)))
    }

    @Test("the example's table is complete, and each language says it its own way")
    func example() {
        #expect(words.problems() == [])
        #expect(saved(1, in: context("en")) == "Saved 1 file.")
        #expect(saved(3, in: context("de_DE")) == "3 Dateien gespeichert.")
        #expect(saved(2, in: context("ru")) == "Сохранено: 2 файла.")
        #expect(saved(5, in: context("ru")) == "Сохранено: 5 файлов.")
        #expect(saved(21, in: context("ru")) == "Сохранено: 21 файл.")
        #expect(saved(3, in: context("ko")) == "파일 3개를 저장했습니다.")
        #expect(saved(3, in: context("ja_JP")) == "3 個のファイルを保存しました。")
        #expect(saved(3, in: context("fr")) == "Saved 3 files.")
    }
}

extension ReadmeLanguagesTests {
    @Test("a package that ships only some languages names them to problems(languages:); another table may lack texts")
    func someLanguages() {
        let partial = StringTable<Words>([
            "en": [.save: "save", .saved: "Saved {count} {count|file|files}."],
            "de": [.save: "Speichern", .saved: "{count} {count|Datei|Dateien} gespeichert."],
            "ru": [.saved: "Сохранено: {n} {n|файл|файлов}."],
        ])
        #expect(partial.problems().contains("ko: no text for save."))
        #expect(
            partial.problems(languages: ["en", "de"]) == [
                "ru: saved has arguments [n] but English has [count].",
                "ru: saved gives 2 plural forms where ru has 3.",
            ])
        #expect(partial.text(.saved, in: Locale(identifier: "ko"), ["count": 2]) == "Saved 2 files.")
    }
}
