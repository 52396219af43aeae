import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

/// Line mode speaks the screen's language as the full screen does: its own commands' help, and the hints for a
/// mistyped command or number, the launcher's and each demo's.
@Suite("Line mode in five languages")
struct LineModeLanguageTests {
    func environment(_ identifier: String) -> ScreenEnvironment {
        ScreenEnvironment(locale: Locale(identifier: identifier), glyphs: .ascii)
    }

    @Test("a demo's hints for a number out of range or an unknown command are in the screen's language")
    func demoHints() throws {
        let german = run(["+ 500", "x"], on: ProgressDemo(), environment: environment("de"))
        #expect(german.contains("Bitte einen Prozentwert von 1 bis 100 angeben, nicht „500“."), "\(german)")
        #expect(german.contains("Unbekannter Befehl „x“. Möglich sind + [n] oder r; ? zeigt die Hilfe."), "\(german)")
        let russian = run(["11", "x"], on: StepperDemo(), environment: environment("ru"))
        #expect(russian.contains("Введите количество от 0 до 10, а не «11»."), "\(russian)")
        #expect(russian.contains("Неизвестная команда «x». Введите +, - или <n>; ? — справка."), "\(russian)")
        let korean = run(["e 1", "e 7", "e"], on: try NestedMenuDemo(), environment: environment("ko"))
        #expect(korean.contains("행 번호 범위는 1~6입니다(입력: “7”)."), "\(korean)")
        #expect(korean.contains("행 번호 범위는 1~6입니다."), "\(korean)")
        let japanese = run(["1", "e 3"], on: try NestedMenuDemo(), environment: environment("ja"))
        #expect(japanese.contains("3 行目には開閉できる項目がありません。"), "\(japanese)")
    }

    @Test("the launcher's line mode: its commands' help and its hints, in German and Japanese")
    func launcherLineMode() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("A/One\nA/Two\nB/Three\n".utf8))
        let menu = try MenuScreen(source: .fixed(snapshot))
        let german = run(["?", "x", "9", ".."], on: menu, environment: environment("de"))
        for line in [
            "Befehle:", "  q      Beenden",
            "  ..     Zurück: zum vorigen Bildschirm, aus dem Filter oder eine Ebene höher",
            "  ?      Diese Hilfe anzeigen",
            "Unbekannter Befehl „x“. Eine Zahl öffnet, /Text filtert, .. geht zurück, ? zeigt die Hilfe.",
            "Es gibt keinen Eintrag 9; bitte 1 bis 2 wählen.", "Das ist die oberste Ebene; q beendet.",
        ] {
            #expect(german.contains(line), "\(line) in \(german)")
        }
        let japanese = run(["/zz", "1"], on: menu, environment: environment("ja"))
        #expect(japanese.contains("1 番の項目はありません。絞り込みに一致する項目がありません。"), "\(japanese)")
        #expect(!(german + japanese).contains { $0.contains("Unknown") || $0.contains("There is no") })
    }
}
