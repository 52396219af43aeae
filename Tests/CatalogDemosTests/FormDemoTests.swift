import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

@Suite("Multi Selector demo")
struct MultiSelectorDemoTests {
    @Test func formFrameShowsTheShortenedSummary() throws {
        let session = Session(root: try MultiSelectorDemo(selected: [0, 1, 2, 3], glyphs: .unicode))
        #expect(
            frame(session) == """
                Edit Task
                Edit Task

                › Name          Learn more every day
                  Serving Goals Learn Japanese, Learn SwiftUI, and 2 more ▸

                ↑↓ move between fields  Enter on Serving Goals opens the list
                """ + blank(17))
        #expect(session.render(in: .standard).cursor?.row == 3)
        #expect(session.render(in: .standard).cursor?.column == 16 + 20)
    }

    @Test func theFullSummaryWhenItFits() throws {
        let demo = try MultiSelectorDemo()
        #expect(demo.summary(columns: 80) == "Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift")
        #expect(demo.summary(columns: 59) == "Learn Japanese, Learn SwiftUI, and 1 more")
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
        #expect(demo.name.cursor == 3)
        #expect(session.stack.count == 2)
        press(.down, in: &session)
        #expect(!session.top.takesText)
        #expect(session.render(in: .standard).cursor == nil)
    }

    @Test func enterPushesTheGoalsAndGoingBackShowsTheNewSummary() throws {
        var session = Session(root: OpeningScreen(next: try MultiSelectorDemo(glyphs: .ascii)))
        press(.enter, .down, .enter, in: &session)
        #expect(session.titles == ["Catalog", "Edit Task", "Serving Goals"])
        #expect(
            frame(session) == """
                Catalog › Edit Task › Serving Goals
                > * Learn Japanese
                  * Learn SwiftUI
                  * Learn Serverless with Swift
                    Read more books
                    Run a marathon

                Space or Enter toggles  Esc goes back
                """ + blank(16))
        press(.character(" "), .down, .enter, .end, .character(" "), .escape, in: &session)
        #expect(session.titles == ["Catalog", "Edit Task"])
        #expect(frame(session).contains("Serving Goals Learn Serverless with Swift and Run a marathon >"))
    }

    @Test func lineMode() throws {
        let output = run(["name Buy milk", "goals", "1", "..", "oops"], on: try MultiSelectorDemo(glyphs: .ascii))
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
                "Unknown command “oops”. Type name <text> or goals. Type ? for help.",
                "Edit Task", "Name: Buy milk", "Serving Goals: Learn SwiftUI and Learn Serverless with Swift",
            ])
    }
}

@Suite("Small demos")
struct SmallDemoTests {
    @Test func stepperStaysInRangeAndRingsAtTheEnds() throws {
        var session = Session(root: StepperDemo())
        #expect(press(.down, in: &session) == [])
        #expect(press(.down, in: &session) == [.bell])
        #expect((session.top as? StepperDemo)?.value == 0)
        #expect(
            run(["10", "+", "11", "-", "x"], on: StepperDemo()).contains(
                "11 is out of range; choose a value from 0 to 10."))
        #expect(run(["10", "-"], on: StepperDemo()).last == "Quantity: 9")
    }

    @Test func toggleFlipsSwitches() throws {
        var session = Session(root: ToggleDemo())
        press(.down, .character(" "), in: &session)
        #expect((session.top as? ToggleDemo)?.switches[1].isOn == true)
        #expect(frame(session).contains("› Bluetooth       ( ●) on"))
        #expect(run(["1"], on: ToggleDemo()).contains("1. Wi-Fi           (○ ) off"))
    }

    @Test func sliderMovesInStepsOfFive() throws {
        var session = Session(root: SliderDemo(glyphs: .ascii))
        press(.right, .right, .end, .left, in: &session)
        #expect((session.top as? SliderDemo)?.value == 95)
        #expect(frame(session).contains("Volume  -------------------O-  95"))
        #expect(run(["20", "200"], on: SliderDemo(glyphs: .ascii)).contains("200 is out of range; choose 0 to 100."))
    }

    @Test func datePickerClampsAndWraps() throws {
        var session = Session(root: DatePickerDemo())
        press(.left, .left, .up, in: &session)  // 2025 has no February 29th
        #expect((session.top as? DatePickerDemo)?.date.text == "2025-02-28")
        press(.right, .up, in: &session)
        #expect((session.top as? DatePickerDemo)?.date.text == "2025-03-28")
        #expect(frame(session).contains("Friday"))
        let output = run(["2024-12-31", "+", "2023-02-29"], on: DatePickerDemo())
        #expect(output.contains("Date: 2025-01-01 (Wednesday)"))
        #expect(output.contains { $0.hasPrefix("Unknown command “2023-02-29”") })
    }

    @Test func disclosureGroupOpensAndCloses() throws {
        var session = Session(root: DisclosureGroupDemo(glyphs: .ascii))
        press(.down, .enter, in: &session)
        #expect((session.top as? DisclosureGroupDemo)?.open == [0, 1])
        #expect(frame(session).contains("    Free within 30 days"))
        #expect(
            run(["1"], on: DisclosureGroupDemo(glyphs: .ascii)).suffix(3) == [
                "1. > Shipping", "2. > Returns", "3. > Warranty",
            ])
    }

    @Test func progressFillsOnlyOnTicks() throws {
        var demo = ProgressDemo(glyphs: .ascii)
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
        #expect(run(["+ 30"], on: ProgressDemo(glyphs: .ascii)).last?.hasSuffix(" 30%") == true)
    }

    @Test func textStylesMeasureWideText() throws {
        let output = run(["6"], on: TextStylesDemo())
        #expect(output.contains("Korean: “다람쥐 헌 쳇바퀴에 타고파” takes 25 cells."))
        var session = Session(root: TextStylesDemo())
        press(.down, in: &session)
        #expect(frame(session).contains("› Bold"))
    }

    @Test func greetingSaysHello() throws {
        #expect(run(["hi"], on: GreetingScreen()) == ["Hello, terminal!", "Type .. to go back.", "Hello, terminal!"])
    }
}
