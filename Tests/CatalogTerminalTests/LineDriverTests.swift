import CatalogTerminal
import Testing

@Suite("LineDriver")
struct LineDriverTests {
    func makeDriver() -> LineDriver {
        LineDriver(session: Session(root: ListScreen(title: "Catalog", items: ["Colors", "Forms"])), width: 80)
    }

    @Test func startPrintsTheRootScreen() {
        var driver = makeDriver()
        #expect(driver.start() == ["1. Colors", "2. Forms"])
    }

    @Test func commandsGoToTheScreenAndBack() {
        var driver = makeDriver()
        _ = driver.start()
        let opened = driver.handle(line: "2")
        #expect(opened.output == ["1. Forms one"])
        #expect(!opened.done)
        #expect(driver.session.titles == ["Catalog", "Forms"])
        let back = driver.handle(line: " .. ")
        #expect(back.output == ["1. Colors", "2. Forms"])
        #expect(driver.session.titles == ["Catalog"])
    }

    /// Catches: an empty line (Enter to look again) answered "Unknown command “”" by the screen in front.
    @Test func anEmptyLineShowsTheScreenAgain() {
        var driver = makeDriver()
        _ = driver.start()
        _ = driver.handle(line: "2")
        #expect(driver.handle(line: "").output == ["1. Forms one"])
        #expect(driver.handle(line: "  ").output == ["1. Forms one"])
        #expect(driver.session.titles == ["Catalog", "Forms"])
    }

    @Test func backOnTheRootGoesToTheRootScreen() {
        var driver = makeDriver()
        let output = driver.handle(line: "..")
        #expect(output.output == ["Unknown command “..”; type ? for help.", "1. Colors", "2. Forms"])
        #expect(driver.session.titles == ["Catalog"])
    }

    @Test func quitEndsTheSession() {
        var driver = makeDriver()
        #expect(driver.handle(line: "q") == ([], true))
    }

    @Test func helpListsDriverAndScreenCommands() {
        var driver = makeDriver()
        let help = driver.handle(line: "?")
        #expect(
            help.output == [
                "Commands:",
                "  q    quit",
                "  ..   go back: to the previous screen, out of the filter, or up a level",
                "  ?    show this help",
                "  <n>  open an item",
            ], "one column for the driver's commands and the screen's")
        #expect(!help.done)
    }

    @Test func errorsArePrintedOnOneLine() {
        var driver = makeDriver()
        #expect(driver.handle(line: "boom") == (["Error: The screen exploded."], false))
        #expect(driver.session.stack.count == 1)
    }

    @Test func statusMessagesArePrintedOnce() {
        var driver = makeDriver()
        #expect(
            driver.handle(line: "what").output == ["Unknown command “what”; type ? for help.", "1. Colors", "2. Forms"])
        #expect(driver.handle(line: "1").output == ["1. Colors one"])
    }

    @Test func outputIsSanitized() {
        var driver = LineDriver(session: Session(root: ListScreen(title: "T", items: ["\u{1B}[2Jevil\nline"])))
        #expect(driver.start() == ["1. \\u{1B}[2Jevil", "line"])
        let output = driver.handle(line: "\u{1B}]0;x\u{7}").output
        #expect(output.allSatisfy { !$0.unicodeScalars.contains(where: Sanitizer.isUnsafe) })
    }

    @Test func runReadsUntilEndOfInput() {
        var input = ["2", "..", "boom"][...]
        var written = ""
        let status = LineDriver.run(
            session: Session(root: ListScreen(title: "Catalog", items: ["Colors", "Forms"])),
            readLine: { input.popFirst() }, write: { written += $0 }, width: 80)
        #expect(status.status == 0)
        #expect(
            written == """
                1. Colors
                2. Forms
                1. Forms one
                1. Colors
                2. Forms
                Error: The screen exploded.

                """)
        #expect(!written.contains("\u{1B}"))
    }

    @Test func runStopsAtQ() {
        var input = ["q", "2"][...]
        var written: [String] = []
        LineDriver.run(
            session: Session(root: ListScreen(title: "Catalog", items: ["A"])), readLine: { input.popFirst() },
            write: { written.append($0) })
        #expect(written == ["1. A\n"])
        #expect(input == ["2"])
    }
}

extension LineDriverTests {
    @Test("lines are as wide as the terminal they go to; elsewhere COLUMNS, else 80")
    func width() {
        #expect(LineDriver.width(environment: ["COLUMNS": "200"], terminal: 50) == 50)
        #expect(LineDriver.width(environment: ["COLUMNS": "200"], terminal: nil) == 200)
        #expect(LineDriver.width(environment: ["COLUMNS": "wide"], terminal: nil) == 80)
        #expect(LineDriver.width(environment: [:], terminal: 100_000) == 4096)
        #expect(LineDriver.width(environment: [:]) == 80)
    }
}
