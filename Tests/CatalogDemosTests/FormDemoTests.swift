import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

@Suite("Multi Selector demo")
struct MultiSelectorDemoTests {
    @Test func formFrameShowsTheShortenedSummary() throws {
        let session = started(try MultiSelectorDemo(selected: [0, 1, 2, 3]))
        #expect(
            frame(session) == """
                Multi Selector
                Edit Task

                › Name          Learn more every day
                  Serving Goals Learn Japanese, Learn SwiftUI, and 2 more ▸

                ↓/⏎ next field · ⌫/←→ edit the name
                """ + blank(17))
        #expect(session.render(in: .standard).cursor?.row == 3)
        #expect(session.render(in: .standard).cursor?.column == 16 + 20)
    }

    @Test func theFullSummaryWhenItFits() throws {
        let demo = try MultiSelectorDemo()
        #expect(demo.summary(columns: 80) == "Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift")
        #expect(demo.summary(columns: 59) == "Learn Japanese, Learn SwiftUI, and 1 more")
    }

    @Test func theSummaryIsInTheEnvironmentsLanguage() throws {
        let german = ScreenEnvironment(locale: Locale(identifier: "de_DE"))
        var session = started(try MultiSelectorDemo(), environment: german)
        #expect(frame(session).contains("Learn Japanese, Learn SwiftUI und Learn Serverless with Swift ▸"))
        press(.function(2), .function(2), .function(2), in: &session)  // F2 cycles: English, German, Russian
        #expect(session.environment.locale.identifier == "ru")
        #expect(frame(session).contains("Learn Japanese, Learn SwiftUI и Learn Serverless with Swift ▸"))
        let lines = run(
            ["?"], on: try MultiSelectorDemo(), environment: ScreenEnvironment(locale: Locale(identifier: "ko")))
        #expect(lines.contains("목표: Learn Japanese, Learn SwiftUI 및 Learn Serverless with Swift"))
    }

    @Test func theNameFieldTakesNoControlCharacters() throws {
        var session = started(try MultiSelectorDemo())
        press(.end, .character("\u{9B}"), .character("\u{202E}"), .character("!"), in: &session)
        #expect((session.top as? MultiSelectorDemo)?.name.text == "Learn more every day!")
        var demo = try MultiSelectorDemo()
        _ = try demo.handle(line: "name a\u{1B}[2Jb\tc")
        #expect(demo.name.text == "a[2Jbc")
    }

    @Test func theNameFieldTakesTextBackspaceAndCursor() throws {
        var session = Session(root: OpeningScreen(next: try MultiSelectorDemo()))
        press(.enter, in: &session)
        #expect(session.top.takesText)
        press(.end, in: &session)
        for _ in 0..<20 { press(.backspace, in: &session) }
        type("quiz", in: &session)  // q is text here, not "close"
        press(.left, .left, .backspace, .character("Q"), .right, .delete, in: &session)
        let demo = try #require(session.top as? MultiSelectorDemo)
        #expect(demo.name.text == "qQi")
        #expect(demo.name.caret == 3)
        #expect(session.stack.count == 2)
        press(.down, in: &session)
        #expect(!session.top.takesText)
        #expect(session.render(in: .standard).cursor == nil)
    }

    @Test("a name longer than its field scrolls, so the caret and what was typed last stay in view")
    func aLongNameScrolls() throws {
        var session = started(try MultiSelectorDemo())
        press(.end, in: &session)
        type(" and a long tail 日本語テキスト that runs past eighty columns, wide characters too 漢字", in: &session)
        let size = Size(columns: 60, rows: 10)
        let shown = session.render(in: size)
        let row = try #require(shown.lines.first { $0.text.contains("Name") }).text
        #expect(row == "› Name          …t eighty columns, wide characters too 漢字")
        #expect(DisplayWidth.of(row) < 60, "the caret's cell is kept at the end")
        let cursor = try #require(shown.cursor)
        #expect(cursor.column == DisplayWidth.of(row) && cursor.column < 60, "the caret is drawn after the text")
        // Home brings the start back, cut at the edge instead.
        press(.home, in: &session)
        let start = try #require(session.render(in: size).lines.first { $0.text.contains("Name") }).text
        #expect(start.hasPrefix("› Name          Learn more every day and a long"))
        #expect(session.render(in: size).cursor?.column == 16)
    }

    @Test("in the goal list a press checks or unchecks the goal pressed, and the summary follows")
    func goalListMouse() throws {
        var session = Session(root: OpeningScreen(next: try MultiSelectorDemo()))
        press(.enter, .down, .enter, in: &session)
        #expect(session.titles == ["Catalog", "Multi Selector", "Serving Goals"])
        // Row 0 is the breadcrumb; the goals start on row 1, the fourth (unchecked) on row 4.
        _ = session.handle(.key(.mouse(Mouse(.press, row: 4, column: 6))))
        _ = session.handle(.key(.mouse(Mouse(.press, row: 1, column: 6))))
        press(.escape, in: &session)
        let demo = try #require(session.top as? MultiSelectorDemo)
        #expect(
            demo.goals.selector.selectedTitles == ["Learn SwiftUI", "Learn Serverless with Swift", "Read more books"])
    }

    @Test func enterPushesTheGoalsAndGoingBackShowsTheNewSummary() throws {
        var session = Session(root: OpeningScreen(next: try MultiSelectorDemo()), environment: .ascii)
        press(.enter, .down, .enter, in: &session)
        #expect(session.titles == ["Catalog", "Multi Selector", "Serving Goals"])
        #expect(
            frame(session) == """
                Catalog › Multi Selector › Serving Goals
                > * Learn Japanese
                  * Learn SwiftUI
                  * Learn Serverless with Swift
                    Read more books
                    Run a marathon

                ↑↓ move · space check or uncheck
                """ + blank(16))
        press(.character(" "), .down, .enter, .end, .character(" "), .escape, in: &session)
        #expect(session.titles == ["Catalog", "Multi Selector"])
        #expect(frame(session).contains("Serving Goals Learn Serverless with Swift and Run a marathon >"))
    }

    @Test func lineMode() throws {
        let output = run(
            ["name Buy milk", "goals", "1", "..", "oops", "goals", "6", "0"], on: try MultiSelectorDemo(),
            environment: .ascii)
        #expect(
            output == [
                "Edit Task", "Name: Learn more every day",
                "Serving Goals: Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift",
                "Edit Task", "Name: Buy milk",
                "Serving Goals: Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift",
                "1. * Learn Japanese", "2. * Learn SwiftUI", "3. * Learn Serverless with Swift", "4.   Read more books",
                "5.   Run a marathon",
                "1.   Learn Japanese", "2. * Learn SwiftUI", "3. * Learn Serverless with Swift", "4.   Read more books",
                "5.   Run a marathon",
                "Edit Task", "Name: Buy milk", "Serving Goals: Learn SwiftUI and Learn Serverless with Swift",
                "Unknown command “oops”. Type name <text> or goals, or ? for help.",
                "Edit Task", "Name: Buy milk", "Serving Goals: Learn SwiftUI and Learn Serverless with Swift",
                "1.   Learn Japanese", "2. * Learn SwiftUI", "3. * Learn Serverless with Swift", "4.   Read more books",
                "5.   Run a marathon",
                "Give a goal number from 1 to 5, not “6”.",
                "1.   Learn Japanese", "2. * Learn SwiftUI", "3. * Learn Serverless with Swift", "4.   Read more books",
                "5.   Run a marathon",
                "Give a goal number from 1 to 5, not “0”.",
                "1.   Learn Japanese", "2. * Learn SwiftUI", "3. * Learn Serverless with Swift", "4.   Read more books",
                "5.   Run a marathon",
            ])
    }

    @Test func theHelpComesFromTheFocusedFieldsKeymap() throws {
        var session = started(try MultiSelectorDemo())
        #expect(session.top.help.map(\.keys) == ["↓/⏎", "⌫/←→", "", ""])
        #expect(
            run(["?"], on: try MultiSelectorDemo()).dropFirst(3) == [
                "Commands:", "  q            quit",
                "  ..           go back: to the previous screen, out of the filter, or up a level",
                "  ?            show this help", "  name <text>  set the name",
                "  goals        choose the serving goals",
            ])
        press(.tab, in: &session)
        #expect(session.top.help.map(\.keys) == ["↑", "⏎", ""])
        #expect(frame(session).contains("↑ name field · ⏎ choose the serving goals"))
    }
}

@Suite("Small demos")
struct SmallDemoTests {
    @Test func stepperStaysInRangeAndRingsAtTheEnds() throws {
        var session = Session(root: StepperDemo())
        #expect(press(.down, in: &session) == [])
        #expect(press(.down, in: &session) == [.bell])
        #expect((session.top as? StepperDemo)?.value == 0)
        #expect(session.status == "The quantity goes from 0 to 10.")
        let output = run(["10", "+", "11", "-", "x"], on: StepperDemo())
        #expect(
            output == [
                "Quantity: 1", "Quantity: 10", "The quantity goes from 0 to 10.", "Quantity: 10",
                "Give a quantity from 0 to 10, not “11”.", "Quantity: 10", "Quantity: 9",
                "Unknown command “x”. Type +, -, or <n>, or ? for help.", "Quantity: 9",
            ])
        // The keys and the line commands are one table: ↑ and + step up, and the footer says so.
        press(.up, .character("+"), in: &session)
        #expect((session.top as? StepperDemo)?.value == 2)
        #expect(frame(session).contains("↑/+ more · ↓/- fewer"))
    }

    @Test func toggleFlipsSwitches() throws {
        var session = Session(root: ToggleDemo())
        press(.down, .character(" "), in: &session)
        #expect((session.top as? ToggleDemo)?.switches[1].toggle.isOn == true)
        #expect(frame(session).contains("› Bluetooth       ( ●) on"))
        #expect(run(["1"], on: ToggleDemo()).contains("1. Wi-Fi           (○ ) off"))
    }

    @Test func sliderMovesInStepsOfFive() throws {
        var session = started(SliderDemo(), environment: .ascii)
        press(.right, .right, .end, .left, in: &session)
        #expect((session.top as? SliderDemo)?.value == 95)
        #expect(frame(session).contains("Volume  -------------------O-  95"))
        #expect(frame(session).contains("←→ move by 5 · home/end ends"))
        // ↑↓ move as →← do, and help names them: it once listed "↑ move up by 5" and never ↓.
        press(.down, .down, .up, in: &session)
        #expect((session.top as? SliderDemo)?.value == 90)
        #expect(session.helpItems.prefix(2).map { "\($0.keys) \($0.help)" } == ["←→ move by 5", "↑↓ move by 5"])
        #expect(
            run(["20", "200"], on: SliderDemo(), environment: .ascii) == [
                "Volume  ----------O----------  50", "Volume  ----O----------------  20",
                "Give a value from 0 to 100, not “200”.", "Volume  ----O----------------  20",
            ])
    }

    @Test func datePickerClampsAndWraps() throws {
        var session = Session(root: DatePickerDemo())
        press(.left, .left, .up, in: &session)  // 2025 has no February 29th
        #expect((session.top as? DatePickerDemo)?.date.text == "2025-02-28")
        press(.right, .up, in: &session)
        #expect((session.top as? DatePickerDemo)?.date.text == "2025-03-28")
        #expect(frame(session).contains("Friday"))
        let output = run(["2024-12-31", "+", "2023-02-29", "-", "12"], on: DatePickerDemo())
        #expect(
            output == [
                "Date: 2024-02-29 (Thursday)", "Date: 2024-12-31 (Tuesday)", "Date: 2025-01-01 (Wednesday)",
                "The date “2023-02-29” does not exist.", "Date: 2025-01-01 (Wednesday)",
                "Date: 2024-12-31 (Tuesday)",
                "Unknown command “12”. Type +, -, or <yyyy-mm-dd>, or ? for help.", "Date: 2024-12-31 (Tuesday)",
            ])
        // + and - step a day as keys too, the same command as in line mode.
        press(.character("-"), .character("-"), in: &session)
        #expect((session.top as? DatePickerDemo)?.date.text == "2025-03-26")
    }

    @Test(
        "line mode's + and - stop at 0001-01-01 and 9999-12-31, a day that doesn't exist is named so, years have four digits"
    )
    func datePickerLineModeKeepsToTheCalendar() throws {
        let output = run(
            [
                "9999-12-31", "+", "0001-01-01", "-", "2024-02-30", "2023-02-29", "2024-13-01", "10000-01-01",
                "-1-01-01",
            ],
            on: DatePickerDemo())
        #expect(
            output == [
                "Date: 2024-02-29 (Thursday)", "Date: 9999-12-31 (Friday)",
                "The date goes from 0001-01-01 to 9999-12-31.", "Date: 9999-12-31 (Friday)",
                "Date: 0001-01-01 (Monday)", "The date goes from 0001-01-01 to 9999-12-31.",
                "Date: 0001-01-01 (Monday)",
                "The date “2024-02-30” does not exist.", "Date: 0001-01-01 (Monday)",
                "The date “2023-02-29” does not exist.", "Date: 0001-01-01 (Monday)",
                "The date “2024-13-01” does not exist.", "Date: 0001-01-01 (Monday)",
                "Give a date from 0001-01-01 to 9999-12-31, not “10000-01-01”.", "Date: 0001-01-01 (Monday)",
                "Unknown command “-1-01-01”. Type +, -, or <yyyy-mm-dd>, or ? for help.", "Date: 0001-01-01 (Monday)",
            ])
        // The full screen's year field shows four digits too.
        var session = started(DatePickerDemo(date: DatePickerDemo.Day(year: 1, month: 1, day: 1)))
        #expect(frame(session).contains("0001-01-01"))
        press(.character("-"), in: &session)
        #expect((session.top as? DatePickerDemo)?.date.text == "0001-01-01")
    }

    @Test("stepping across the Julian cutover of 1582 keeps the proleptic Gregorian weekdays")
    func datePickerIsProlepticGregorian() throws {
        #expect(
            run(["1582-10-15", "-", "-"], on: DatePickerDemo()).suffix(3) == [
                "Date: 1582-10-15 (Friday)", "Date: 1582-10-14 (Thursday)", "Date: 1582-10-13 (Wednesday)",
            ])
        let day = DatePickerDemo.Day(year: 1582, month: 10, day: 14)
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "en")) == "Thursday, October 14, 1582")
        #expect(DatePickerDemo.longForm(of: day, in: Locale(identifier: "de")) == "Donnerstag, 14. Oktober 1582")
        let first = DatePickerDemo.Day(year: 1, month: 1, day: 1)
        #expect(DatePickerDemo.longForm(of: first, in: Locale(identifier: "en")) == "Monday, January 1, 1")
    }

    @Test("a date that doesn't exist, or out of range, is refused in the screen's language")
    func datePickerRefusalsInFiveLanguages() throws {
        let expected = [
            "de": ("Das Datum „2023-02-29“ gibt es nicht.", "Das Datum reicht von 0001-01-01 bis 9999-12-31."),
            "ja": ("日付「2023-02-29」は存在しません。", "日付は 0001-01-01〜9999-12-31 の範囲です。"),
            "ko": ("존재하지 않는 날짜입니다(입력: “2023-02-29”).", "날짜 범위는 0001-01-01~9999-12-31입니다."),
            "ru": ("Даты «2023-02-29» не существует.", "Дата: от 0001-01-01 до 9999-12-31."),
        ]
        for (language, (missing, range)) in expected {
            let environment = ScreenEnvironment(locale: Locale(identifier: language), glyphs: .ascii)
            let output = run(["2023-02-29", "9999-12-31", "+"], on: DatePickerDemo(), environment: environment)
            #expect(output.contains(missing), "\(output)")
            #expect(output.contains(range), "\(output)")
        }
    }

    @Test func disclosureGroupOpensAndCloses() throws {
        var session = started(DisclosureGroupDemo(), environment: .ascii)
        press(.down, .enter, in: &session)
        #expect((session.top as? DisclosureGroupDemo)?.open == [0, 1])
        #expect(frame(session).contains("    Free within 30 days"))
        #expect(frame(session).contains("v Returns"))
        #expect(
            run(["1", "4"], on: DisclosureGroupDemo(), environment: .ascii).suffix(4) == [
                "Give a section number from 1 to 3, not “4”.", "1. > Shipping", "2. > Returns", "3. > Warranty",
            ])
    }

    @Test("in a short window the focused section and the focused sample stay in view, the footer at the bottom")
    func focusStaysInView() throws {
        let short = Size(columns: 60, rows: 8)
        var disclosure = started(DisclosureGroupDemo(), environment: .ascii)
        press(.right, .down, .right, .down, .right, in: &disclosure)
        let sections = frame(disclosure, size: short).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(sections.contains { $0.hasPrefix("v Warranty") }, "\(sections)")
        #expect(sections.contains { $0.hasPrefix("↑↓ move") }, "the footer stays: \(sections)")
        var styles = started(TextStylesDemo())
        press(.down, .down, .down, .down, .down, .down, .down, in: &styles)
        let rows = frame(styles, size: Size(columns: 60, rows: 6))
        #expect(rows.contains("› Emoji"), "\(rows)")
    }

    @Test func progressFillsOnlyOnTicks() throws {
        var demo = ProgressDemo()
        guard case .tick = try demo.handle(.key(.character(" "))) else {
            Issue.record("Space should start a tick")
            return
        }
        #expect(demo.percent == 0)
        for second in 1...19 { _ = try demo.handle(.tick(now: .seconds(second))) }
        #expect(demo.percent == 95)
        let last = try demo.handle(.tick(now: .seconds(20)))
        #expect(last.flattened.count == 2)
        #expect(demo.percent == 100 && !demo.isRunning)
        #expect(run(["+ 30"], on: ProgressDemo()).last?.hasSuffix(" 30%") == true)
        #expect(run(["+ 101"], on: ProgressDemo()).contains("Give a percentage from 1 to 100, not “101”."))
        // The + key adds 10%, the same command as `+` in line mode.
        var session = started(ProgressDemo(), environment: .ascii)
        press(.character("+"), .character("+"), in: &session)
        #expect((session.top as? ProgressDemo)?.percent == 20)
        #expect(frame(session).contains(String(repeating: "@", count: 11) + "."))
    }

    @Test func textStylesMeasureWideText() throws {
        let output = run(["6"], on: TextStylesDemo())
        #expect(output.contains("Korean: “다람쥐 헌 쳇바퀴에 타고파” takes 25 cells."))
        var session = started(TextStylesDemo())
        press(.down, in: &session)
        #expect(frame(session).contains("› Bold"))
        press(.down, .down, .down, .down, .down, .enter, in: &session)
        #expect(session.status == "Japanese: “いろはにほへと” takes 14 cells.")
    }

    @Test func greetingSaysHello() throws {
        #expect(
            run(["hi", "hello"], on: GreetingScreen()) == [
                "Hello, terminal!", "Unknown command “hi”. Type hello, or ? for help.", "Hello, terminal!",
                "Hello to you too!", "Hello, terminal!",
            ])
        var session = started(GreetingScreen())
        press(.enter, in: &session)
        #expect(session.status == "Hello to you too!")
        #expect(
            frame(session, size: Size(columns: 20, rows: 5))
                == "Greeting\nHello, terminal!\n\n⏎ say hello\nHello to you too!")
    }
}
