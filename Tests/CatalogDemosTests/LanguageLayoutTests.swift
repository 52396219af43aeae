import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

/// The demos in every language: their tables are complete, their dates and lists come from Foundation in the
/// screen's locale, and their frames fit 80×24 however long the language's words run.
@Suite("Demos in five languages")
struct LanguageLayoutTests {
    @Test("every demo text is in all five languages, with English's arguments and the right plural forms")
    func demoTableIsComplete() {
        #expect(DemoWords.table.problems() == [])
        #expect(DemoWords.allCases.count > 100)
    }

    /// Every scenario of every demo, played in a language at 80×24; scenarios that resize are left out, as a
    /// narrow terminal cuts lines on purpose.
    static func frames(in language: String) throws -> [(name: String, frame: Frame, size: Size)] {
        var frames: [(name: String, frame: Frame, size: Size)] = []
        for entry in Demos.entries {
            for var scenario in entry.scenarios {
                if scenario.steps.contains(where: { if case .resize = $0 { true } else { false } }) { continue }
                scenario.locale = language
                scenario.size = .standard
                let run = try ScenarioRun.play(scenario, title: entry.title) { try entry.screen(for: scenario) }
                frames.append(("\(entry.id) · \(scenario.name)", run.drawn, run.size))
            }
        }
        return frames
    }

    /// Whether a line was cut: wider than the terminal (the renderer would cut it), or cut already by the screen's
    /// own `clipped(to:)`, which ends it with "…" at the right edge.
    static func isCut(_ line: Line, width: Int) -> Bool {
        line.width > width || (line.width == width && line.text.hasSuffix("…"))
    }

    @Test(
        "in every language, no line of any demo's scenarios is cut at 80×24: footers, labels and messages fit",
        arguments: ["de", "en", "ru", "ko", "ja"])
    func everyDemoFits(language: String) throws {
        let frames = try Self.frames(in: language)
        #expect(frames.count >= 60)
        for (name, frame, size) in frames {
            for line in frame.lines where Self.isCut(line, width: size.columns) {
                Issue.record("\(language): \(name): \(line.width) columns: \(line.text)")
            }
        }
    }

    @Test("the Date Picker names the weekday and the month in the screen's language, from DateFormatter")
    func datePickerInGerman() throws {
        let scenario = Scenario("German", locale: "de_DE", .press("+"))
        let run = try ScenarioRun.play(scenario) { DatePickerDemo() }
        let text = run.frame.text
        #expect(text.contains("Freitag, 1. März 2024"), "\(text)")
        #expect(text.contains("Datum  2024-03-01"), "\(text)")
        #expect(text.contains("+ Nächster Tag"), "\(text)")
        #expect(!text.contains("Friday"), "\(text)")
        let day = DatePickerDemo.Day(year: 2024, month: 2, day: 29)
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "de")) == "Donnerstag, 29. Februar 2024")
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "ru")).contains("четверг"))
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "ja")).contains("木曜日"))
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "ko")).contains("목요일"))
    }

    @Test("F2 turns a demo's labels, footer and help to the next language at once")
    func cycleLanguageInADemo() throws {
        let scenario = Scenario("F2 once, then help", .press(.function(2)), .press("?"))
        let run = try ScenarioRun.play(scenario, title: "Stepper") { StepperDemo() }
        let text = run.frame.text
        #expect(text.contains("Tasten für Stepper"), "\(text)")
        #expect(text.contains("Mehr"), "\(text)")
        #expect(text.contains("Nächste Sprache"), "\(text)")
        let back = try ScenarioRun.play(Scenario("F2 once", .press(.function(2)))) {
            StepperDemo()
        }
        #expect(back.frame.text.contains("Menge   "), "\(back.frame.text)")
        #expect(back.frame.text.contains("↑/+ Mehr · ↓/- Weniger"), "\(back.frame.text)")
    }

    @Test("Russian counts take their plural forms in the demos: 1 элемента, 5 элементов")
    func russianCountsInNestedMenu() {
        let russian = Locale(identifier: "ru")
        #expect(DemoWords.text(.selectedCount, in: russian, ["count": 2, "total": 9]) == "Выбрано: 2 из 9 элементов")
        #expect(DemoWords.text(.selectedCount, in: russian, ["count": 0, "total": 21]) == "Выбрано: 0 из 21 элемента")
        #expect(
            DemoWords.text(.cellsAndCharacters, in: russian, ["cells": 2, "characters": 1]) == "2 ячейки, 1 символ")
    }
}
