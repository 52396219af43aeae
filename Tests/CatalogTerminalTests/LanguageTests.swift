import CatalogKit
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogTerminal

/// The string tables: lookup, fallback, arguments, plurals, and the launcher's own words in five languages.
@Suite("Languages")
struct LanguageTests {
    enum Sample: CaseIterable, Sendable { case open, files, moved }

    static let sample = StringTable<Sample>([
        "en": [.open: "open", .files: "{count} {count|file|files}", .moved: "Moved {name} to {place}."],
        "de": [.open: "Öffnen", .files: "{count} {count|Datei|Dateien}", .moved: "{name} nach {place} verschoben."],
        "ru": [.open: "открыть", .files: "{count} {count|файл|файла|файлов}", .moved: "{name} → {place}."],
        "ko": [.open: "열기", .files: "파일 {count}개", .moved: "{name}을 {place}(으)로 옮김."],
        "ja": [.open: "開く", .files: "{count} 個のファイル", .moved: "{name} を {place} に移動しました。"],
    ])

    @Test("every launcher text is in all five languages, with English's arguments and the right plural forms")
    func launcherTableIsComplete() {
        #expect(LauncherWords.table.problems() == [])
        #expect(LauncherWords.allCases.count > 50)
    }

    @Test("a locale reads its language's table: de_DE and de-AT read German, ja_JP Japanese, fr English")
    func localesMatchByLanguage() {
        #expect(Self.sample.text(.open, in: Locale(identifier: "de_DE")) == "Öffnen")
        #expect(Self.sample.text(.open, in: Locale(identifier: "de-AT")) == "Öffnen")
        #expect(Self.sample.text(.open, in: Locale(identifier: "ja_JP")) == "開く")
        #expect(Self.sample.text(.open, in: Locale(identifier: "ko-KR")) == "열기")
        #expect(Self.sample.text(.open, in: Locale(identifier: "fr")) == "open")
        #expect(Self.sample.text(.open, in: Locale(identifier: "")) == "open")
    }

    @Test("the translation places the arguments: the verb goes last in Japanese")
    func argumentsGoWhereTheTranslationPutsThem() {
        let arguments: [String: any Sendable] = ["name": "a.txt", "place": "docs"]
        #expect(Self.sample.text(.moved, in: Locale(identifier: "en"), arguments) == "Moved a.txt to docs.")
        #expect(Self.sample.text(.moved, in: Locale(identifier: "ja"), arguments) == "a.txt を docs に移動しました。")
        #expect(Self.sample.text(.files, in: Locale(identifier: "de"), ["count": 1234]) == "1.234 Dateien")
    }

    @Test(
        "Russian takes one, few and many: 1 запись, 2 записи, 5 записей",
        arguments: [
            (1, "1 запись"), (2, "2 записи"), (4, "4 записи"), (5, "5 записей"), (11, "11 записей"),
            (12, "12 записей"), (21, "21 запись"), (22, "22 записи"), (25, "25 записей"), (111, "111 записей"),
            (0, "0 записей"),
        ])
    func russianPlurals(count: Int, expected: String) {
        #expect(LauncherWords.text(.entries, in: Locale(identifier: "ru_RU"), ["count": count]) == expected)
    }

    @Test("English and German take one and other; Korean and Japanese one form")
    func otherPlurals() {
        let entries = { (language: String, count: Int) in
            LauncherWords.text(.entries, in: Locale(identifier: language), ["count": count])
        }
        #expect(entries("en", 1) == "1 entry")
        #expect(entries("en", 2) == "2 entries")
        #expect(entries("de", 1) == "1 Eintrag")
        #expect(entries("de", 3) == "3 Einträge")
        #expect(entries("ko", 3) == "항목 3개")
        #expect(entries("ja", 1) == "1 件")
    }

    @Test("problems name a missing text, different arguments, a wrong count of plural forms, and an open brace")
    func problemsAreFound() {
        let broken = StringTable<Sample>([
            "en": [.open: "open", .files: "{count} {count|file|files}", .moved: "Moved {name} to {place}."],
            "de": [.open: "Öffnen", .files: "{count} {count|Datei}", .moved: "{name} verschoben."],
            "ru": [.open: "открыть", .files: "{count} {count|файл|файла|файлов}", .moved: "{name} → {place."],
            "ko": [.open: "열기", .files: "파일 {count}개"],
        ])
        let problems = broken.problems()
        #expect(problems.contains("de: files gives 1 plural forms where de has 2."))
        #expect(problems.contains("de: moved has arguments [name] but English has [name, place]."))
        #expect(problems.contains("ru: moved: a “{” is never closed."))
        #expect(problems.contains("ko: no text for moved."))
        #expect(problems.contains("ja: no text for open."))
        #expect(Self.sample.problems() == [])
    }

    @Test("a missing key reads English, never another language")
    func missingKeyReadsEnglish() {
        let partial = StringTable<Sample>([
            "en": [.open: "open", .files: "{count} files", .moved: "moved"], "de": [.open: "Öffnen"],
        ])
        #expect(partial.text(.moved, in: Locale(identifier: "de")) == "moved")
        #expect(partial.text(.files, in: Locale(identifier: "de"), ["count": 1000]) == "1,000 files")
    }

    // MARK: - The launcher

    func menuSession(_ locale: String, size: Size = .standard) throws -> Session {
        let registry = Registry<any Screen>()
        for title in ["Alpha", "Beta", "Gamma"] {
            try registry.register(title, in: ["Group"]) { LanguageTestScreen() }
        }
        var session = Session(
            root: try MenuScreen(source: .registry(registry)),
            environment: ScreenEnvironment(locale: Locale(identifier: locale)))
        _ = session.start(size: size)
        return session
    }

    @Test("the launcher's footer and status line are Japanese on the virtual terminal, and fit 80 columns")
    func launcherInJapanese() throws {
        let terminal = VirtualTerminal(size: .standard)
        for character in "al" { terminal.type(String(character), at: .milliseconds(10)) }
        terminal.close(at: .milliseconds(20))
        let registry = Registry<any Screen>()
        for title in ["Alpha", "Beta", "Gamma"] {
            try registry.register(title, in: ["Group"]) { LanguageTestScreen() }
        }
        var loop = EventLoop(
            session: Session(
                root: try MenuScreen(source: .registry(registry)),
                environment: ScreenEnvironment(locale: Locale(identifier: "ja_JP"))),
            terminal: terminal, jobs: JobRunner(), renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        let screen = terminal.screenText
        #expect(screen.contains("3 件中 1 件が「al」に一致"), "\(screen)")
        #expect(screen.contains("↑↓ 移動 · ⏎ 開く · esc クリア · F1 ヘルプ"), "\(screen)")
        #expect(!screen.contains("entries"), "\(screen)")
    }

    @Test("F1 shows the help in the session's language, with the launcher's keys translated")
    func helpOverlayInGerman() throws {
        var session = try menuSession("de_DE")
        _ = session.handle(.key(.function(1)))
        let text = session.render(in: .standard).text
        #expect(text.contains("Tasten für Catalog"), "\(text)")
        #expect(text.contains("Nach oben"), "\(text)")
        #expect(text.contains("↓ 20 weitere Zeilen"), "\(text)")
        #expect(text.contains("↑↓ Blättern · jede andere Taste schließt die Hilfe"), "\(text)")
        #expect(!text.contains("move up"), "\(text)")
        _ = session.handle(.key(.end))
        let end = session.render(in: .standard).text
        #expect(end.contains("Nächste Sprache"), "\(end)")
        #expect(end.contains("Sofort beenden (Status 130)"), "\(end)")
    }

    @Test("F2 says the language in the language it switched to; F3 says colour off in it")
    func statusMessagesFollowTheLanguage() throws {
        var session = try menuSession("en")
        _ = session.handle(.key(.function(2)))
        #expect(session.status == "Sprache: de")
        _ = session.handle(.key(.function(3)))
        #expect(session.status == "Farbe aus")
        _ = session.handle(.key(.function(2)))
        #expect(session.status == "Язык: ru")
        let footer = session.render(in: .standard).lines[22].text
        #expect(footer.contains("открыть"), "\(footer)")
    }

    @Test("F6's message is in the screen's language")
    func matchingMessageIsTranslated() throws {
        var session = try menuSession("ko")
        _ = session.handle(.key(.function(6)))
        #expect(session.status == "퍼지 일치: 검색어의 글자가 순서대로")
    }

    @Test("every launcher line fits 80 columns in every language, browsing, filtering and in help")
    func launcherFitsInEveryLanguage() throws {
        for language in ["en", "de", "ru", "ko", "ja"] {
            var session = try menuSession(language)
            let browsing = session.render(in: .standard)
            for character in "a" { _ = session.handle(.key(.character(character))) }
            let filtering = session.render(in: .standard)
            _ = session.handle(.key(.function(1)))
            let help = session.render(in: .standard)
            for frame in [browsing, filtering, help] {
                for line in frame.lines {
                    #expect(line.width <= 80, "\(language): \(line.text)")
                }
            }
        }
    }
}

/// A screen with nothing to say, for the launcher's language tests.
struct LanguageTestScreen: Screen {
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["…"]) }
}
