import CatalogKit
import Foundation
import Testing

@testable import CatalogTerminal

/// The launcher's controls pane: each control edited by keys, only ever to a value its control takes, and an open
/// screen rebuilt from its factory on every edit, in the state its values give.
@Suite("Controls pane")
struct ControlsPaneTests {
    static let controls: [Control] = [
        .integer("start", default: 5, in: 0...100), .boolean("compact"),
        .choice("theme", among: ["light", "dark", "sepia"]), .decimal("speed", default: 1, in: 0...2),
        .text("label", default: "Count"),
    ]

    func pane() throws -> ControlsPane { ControlsPane(values: try ControlValues(Self.controls)) }

    @Test("arrows step a number within its range, Page keys by a tenth, and each step is a change")
    func numbers() throws {
        var pane = try pane()
        #expect(pane.handle(.right).change?.integer("start") == 6)
        #expect(pane.handle(.pageUp).change?.integer("start") == 16)
        for _ in 0..<20 { _ = pane.handle(.pageDown) }
        #expect(pane.values.integer("start") == 0, "stops at the range's bottom")
        #expect(pane.handle(.left).change?.integer("start") == 0)
        _ = pane.handle(.down)
        _ = pane.handle(.down)
        _ = pane.handle(.down)
        #expect(pane.handle(.right).change?.decimal("speed") == 1.02)
        // A hundredth of 0.25…4 is 0.0375; the step is the round 0.05 nearest it, and steps add up without a binary
        // fraction's noise (1.05 + 0.05 + 0.05 is 1.1500000000000001 in binary).
        var grid = ControlsPane(values: try ControlValues([.decimal("speed", default: 1, in: 0.25...4)]))
        for _ in 0..<3 { _ = grid.handle(.right) }
        #expect(ControlValue.decimal(grid.values.decimal("speed")).description == "1.15")
        #expect(grid.handle(.pageUp).change?.decimal("speed") == 1.65, "a tenth of the range, 0.375, rounds to 0.5")
        for _ in 0..<30 { _ = grid.handle(.left) }
        #expect(ControlValue.decimal(grid.values.decimal("speed")).description == "0.25")
        #expect(ControlsPane.rounded(0.1 + 0.2) == 0.3 && ControlsPane.rounded(-1e-300) == -1e-300)
    }

    /// Catches the Slider drawn at 10 while the pane still said `value ‹ 50 ›` after its maximum was set to 10.
    @Test("a value at most another control follows it down in the pane, and steps and is typed only up to it")
    func boundedValue() throws {
        var pane = ControlsPane(
            values: try ControlValues([
                .integer("value", default: 50, in: 0...1000, atMost: "maximum"),
                .integer("maximum", default: 100, in: 10...1000),
            ]))
        _ = pane.handle(.down)
        for key: Key in [.character("1"), .character("0"), .enter] { _ = pane.handle(key) }
        let rows = pane.render(in: Size(columns: 40, rows: 4), focused: true, context: ScreenContext()).map(\.text)
        #expect(rows[1] == "value    ‹ 10 ›", "\(rows)")
        _ = pane.handle(.up)
        _ = pane.handle(.right)
        #expect(pane.values.integer("value") == 10, "stops at the maximum")
        for key: Key in [.character("2"), .character("0"), .enter] { _ = pane.handle(key) }
        let refusal = pane.render(in: Size(columns: 60, rows: 4), focused: true, context: ScreenContext()).last?.text
        #expect(refusal?.contains("from 0 to 10") == true, "\(refusal ?? "")")
    }

    @Test("in German a decimal shows and is typed with a comma, and the range in the refusal is written so too")
    func germanDecimals() throws {
        var pane = ControlsPane(values: try ControlValues([.decimal("speed", default: 1.5, in: 0.25...4)]))
        pane.locale = Locale(identifier: "de_DE")
        let context = ScreenContext(environment: ScreenEnvironment(locale: pane.locale))
        #expect(
            pane.render(in: Size(columns: 30, rows: 4), focused: true, context: context)[1].text == "speed  ‹ 1,5 ›")
        for key: Key in [.character("0"), .character(","), .character("5"), .character(" "), .enter] {
            _ = pane.handle(key)
        }
        #expect(pane.values.decimal("speed") == 0.5, "a space typed after the number is no part of it")
        for key: Key in [.character(","), .character("1"), .enter] { _ = pane.handle(key) }
        let refusal = pane.render(in: Size(columns: 60, rows: 4), focused: true, context: context).last?.text
        #expect(refusal?.contains("von 0,25 bis 4") == true, "\(refusal ?? "")")
        #expect(pane.values.decimal("speed") == 0.5, "0,1 is below the range: refused, kept open")
    }

    /// Catches a number shown as "1000" beside a refusal that says "bis 1.000": the pane shows what it reads.
    @Test("in German a number shows grouped as German writes it, as the range in a refusal does")
    func germanGrouping() throws {
        var pane = ControlsPane(
            values: try ControlValues([
                .integer("value", default: 1000, in: 0...1000), .decimal("rate", default: 2500.5, in: 0...5000),
            ]))
        pane.locale = Locale(identifier: "de_DE")
        let context = ScreenContext(environment: ScreenEnvironment(locale: pane.locale))
        let rows = pane.render(in: Size(columns: 30, rows: 5), focused: true, context: context).map(\.text)
        #expect(rows.contains("value  ‹ 1.000 ›"), "\(rows)")
        #expect(rows.contains("rate   ‹ 2.500,5 ›"), "\(rows)")
    }

    /// Catches a narrow pane (a 20-column terminal gives it 10) cutting every value to "‹ …", so ←/→ changed
    /// nothing a user could see.
    @Test("a pane too narrow for names and values keeps the values whole and cuts the names")
    func narrowPaneShowsValues() throws {
        let pane = ControlsPane(
            values: try ControlValues([.integer("value", default: 50, in: 0...100), .boolean("compact")]))
        let rows = pane.render(in: Size(columns: 10, rows: 4), focused: false, context: ScreenContext()).map(\.text)
        #expect(rows == ["Controls", "v…  ‹ 50 ›", "comp…  off"], "\(rows)")
    }

    @Test("a typed number is read as its locale writes it, grouping only where it is well formed, never misread")
    func localizedNumbers() throws {
        let decimal = Control.decimal("speed", default: 1, in: -1e9...1e9)
        let integer = Control.integer("count", default: 1, in: 0...1_000_000)
        func read(_ text: String, _ control: Control, _ locale: String) -> String {
            ControlsPane.unlocalized(text, of: control, in: Locale(identifier: locale))
        }
        #expect(read("1.000", integer, "de_DE") == "1000", "a thousand, as German writes it")
        #expect(read("1.000", decimal, "de_DE") == "1000")
        #expect(read("12.345,5", decimal, "de_DE") == "12345.5")
        #expect(read("-2,5", decimal, "de_DE") == "-2.5")
        #expect(read("1.5", decimal, "de_DE") == "1.5", "5 is no group of three: the English point")
        #expect(read("0.250", decimal, "de_DE") == "0.250", "no group follows a lone 0")
        #expect(read("1.000.5", decimal, "de_DE") == "1.000.5", "not a number: left for the control to refuse")
        #expect(read("1,5", integer, "de_DE") == "1.5", "a fraction, which an integer control refuses")
        #expect(read("1,000", integer, "en_US") == "1000")
        #expect(read("1,5", decimal, "en_US") == "1.5")
        #expect(read("1 000,5", decimal, "ru_RU") == "1000.5")
        #expect(read("1\u{A0}000", integer, "ru_RU") == "1000")
        #expect(read(" 3 ", integer, "de_DE") == "3")
        // Typed into the pane: 1.000 in German is a thousand.
        var pane = ControlsPane(values: try ControlValues([integer]))
        pane.locale = Locale(identifier: "de_DE")
        for key: Key in [.character("1"), .character("."), .character("0"), .character("0"), .character("0")] {
            _ = pane.handle(key)
        }
        _ = pane.handle(.enter)
        #expect(pane.values.integer("count") == 1000)
    }

    @Test("a range as wide as Int's steps without trapping, and a step past Int's ends stops there, never wraps")
    func widestRanges() throws {
        var whole = ControlsPane(values: try ControlValues([.integer("n", default: 0, in: Int.min...Int.max)]))
        #expect(whole.handle(.pageUp).change?.integer("n") == Int(UInt(bitPattern: Int.max &- Int.min) / 10))
        for _ in 0..<12 { _ = whole.handle(.pageUp) }
        #expect(whole.values.integer("n") == Int.max)
        #expect(whole.handle(.right).change?.integer("n") == Int.max)
        for _ in 0..<25 { _ = whole.handle(.pageDown) }
        #expect(whole.values.integer("n") == Int.min)
        #expect(whole.handle(.left).change?.integer("n") == Int.min)
        var top = ControlsPane(values: try ControlValues([.integer("n", default: Int.max, in: 0...Int.max)]))
        #expect(top.handle(.right).change?.integer("n") == Int.max, "at the top, not round to 0")
        #expect(top.handle(.pageUp).change?.integer("n") == Int.max)
    }

    @Test("a typed number is committed by Enter when its control takes it, and refused with the range otherwise")
    func typing() throws {
        var pane = try pane()
        #expect(pane.handle(.character("4")).wasHandled)
        #expect(pane.handle(.character("2")).change == nil, "nothing changes while typing")
        #expect(pane.handle(.enter).change?.integer("start") == 42)
        _ = pane.handle(.character("1"))
        _ = pane.handle(.character("5"))
        _ = pane.handle(.character("0"))
        #expect(pane.handle(.enter).change == nil)
        #expect(pane.values.integer("start") == 42, "150 is out of 0…100")
        #expect(pane.problem == "start takes an integer from 0 to 100")
        #expect(pane.editing?.text == "150", "the field stays open with what was typed, to be put right")
        // In a narrow pane the reason wraps, so the range at its end is read whole.
        let context = ScreenContext(size: Size(columns: 20, rows: 12))
        let drawn = pane.render(in: context.size, focused: true, context: context).map(\.text)
        #expect(drawn.suffix(3) == ["start takes an", "integer from 0 to", "100"], "\(drawn)")
        _ = pane.handle(.backspace)
        _ = pane.handle(.backspace)
        #expect(pane.handle(.enter).change?.integer("start") == 1, "150 put right to 1")
        _ = pane.handle(.character("7"))
        #expect(pane.handle(.escape).wasHandled)
        #expect(pane.editing == nil && pane.values.integer("start") == 1, "Escape cancels the typing")
    }

    @Test("Space flips a boolean, arrows cycle a choice both ways, Enter edits text")
    func otherKinds() throws {
        var pane = try pane()
        _ = pane.handle(.down)
        #expect(pane.handle(.character(" ")).change?.boolean("compact") == true)
        _ = pane.handle(.down)
        #expect(pane.handle(.left).change?.choice("theme") == "sepia")
        #expect(pane.handle(.right).change?.choice("theme") == "light")
        _ = pane.handle(.end)
        _ = pane.handle(.enter)
        _ = pane.handle(.backspace)
        _ = pane.handle(.backspace)
        _ = pane.handle(.character("ü"))
        #expect(pane.handle(.enter).change?.text("label") == "Couü")
        #expect(pane.handle(.tab) == .ignored, "Tab is the screen's")
    }

    @Test("the pane lists each control with its value, the cursor's row highlighted only with the focus")
    func drawing() throws {
        var pane = try pane()
        _ = pane.handle(.down)
        let context = ScreenContext(size: Size(columns: 30, rows: 10))
        let focused = pane.render(in: context.size, focused: true, context: context)
        #expect(
            focused.map(\.text) == [
                "Controls", "start    ‹ 5 ›", "compact  off", "theme    ‹ light ›",
                "speed    ‹ 1 ›", "label    Count",
            ])
        #expect(focused[2].spans.contains { $0.style == .focusedValue })
        let unfocused = pane.render(in: context.size, focused: false, context: context)
        #expect(!unfocused.flatMap(\.spans).contains { $0.style == .focusedValue })
        #expect(pane.render(in: Size(columns: 30, rows: 2), focused: true, context: context).count == 2)
    }
}

/// A screen that shows the values it was made with, and counts keys, so a test sees a rebuild and where keys go.
struct ValuesScreen: Screen {
    var values: ControlValues
    var keys = 0
    var width = 0

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key: keys += 1
        case .resize(let size): width = size.columns
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        Frame(lines: [Line("start \(values.integer("start")) keys \(keys) width \(context.size.columns)")])
    }
}

@Suite("A screen with controls")
struct EntryScreenTests {
    func screen() throws -> EntryScreen {
        let values = try ControlValues(ControlsPaneTests.controls)
        return EntryScreen(ValuesScreen(values: values), id: "values", values: values) { ValuesScreen(values: $0) }
    }

    @Test("F7 shows the pane and focuses it; an edit rebuilds the screen at once; F7 gives the keys back")
    func editing() throws {
        var screen = try screen()
        let context = ScreenContext(size: Size(columns: 90, rows: 10))
        _ = try screen.handle(.key(.up), in: context)
        #expect(screen.render(in: context).lines[0].text.hasPrefix("start 5 keys 1 width 90"))
        _ = try screen.handle(.key(EntryScreen.key), in: context)
        #expect(screen.pane == .shown(focused: true))
        _ = try screen.handle(.key(.right), in: context)
        let shown = screen.render(in: context).lines[0].text
        #expect(shown.hasPrefix("start 6 keys 0 width 59"), "rebuilt with 6, and told the width left: \(shown)")
        #expect(shown.contains("│Controls"))
        _ = try screen.handle(.key(EntryScreen.key), in: context)
        _ = try screen.handle(.key(.right), in: context)
        #expect(screen.render(in: context).lines[0].text.hasPrefix("start 6 keys 1"), "the screen's key now")
        #expect(!screen.handlesEscape, "Escape closes the screen when it has the focus")
    }

    @Test("Escape in the pane closes it and gives the screen its width back, without closing the screen")
    func closing() throws {
        var screen = try screen()
        let context = ScreenContext(size: Size(columns: 90, rows: 10))
        _ = try screen.handle(.key(EntryScreen.key), in: context)
        #expect(screen.handlesEscape)
        _ = try screen.handle(.key(.escape), in: context)
        #expect(screen.pane == .hidden)
        #expect(screen.render(in: context).lines[0].text.hasPrefix("start 5 keys 0 width 90"))
        #expect(screen.help.contains { $0.keys == "F7" })
    }
}

@Suite("Controls in the launcher")
struct LauncherControlsTests {
    @Test("an entry with controls opens with its defaults, and F7 → edits it in place; one without has no pane")
    func launcher() throws {
        let registry = Registry<any Screen>()
        try registry.register("Counter", in: ["Basics"], controls: [.integer("start", default: 3, in: 0...9)]) {
            ValuesScreen(values: $0)
        }
        try registry.register("Plain", in: ["Basics"]) { ValuesScreen(values: try ControlValues([])) }
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        let size = Size(columns: 100, rows: 12)
        _ = session.start(size: size)
        // One group at the root: the menu starts inside it, on Counter.
        _ = session.handle(.key(.enter))
        #expect(session.stack.last is EntryScreen)
        #expect(session.render(in: size).text.contains("start 3 keys 0"))
        for key: Key in [EntryScreen.key, .right, .right] { _ = session.handle(.key(key)) }
        let text = session.render(in: size).text
        #expect(text.contains("start 5 keys 0") && text.contains("Controls"), "\(text)")
        for key: Key in [.escape, .escape, .down, .enter] { _ = session.handle(.key(key)) }
        // The first Escape closed the pane, the second the screen.
        let plain = try #require(session.stack.last as? EntryScreen)
        #expect(session.stack.count == 2 && plain.screen is ValuesScreen && plain.controls == nil, "Plain has no pane")
        _ = session.handle(.key(EntryScreen.key))
        #expect(!session.render(in: Size(columns: 90, rows: 12)).text.contains("Controls"), "F7 opens nothing")
        #expect(session.status == "This entry has no controls.", "and says why")
    }

    @Test("F7 on a screen an entry pushed says the controls are on the entry's first screen, in its language")
    func pushedScreen() throws {
        let registry = Registry<any Screen>()
        try registry.register("Counter", controls: [.integer("start", in: 0...9)]) { _ in PushingScreen() }
        var session = Session(
            root: try MenuScreen(source: .registry(registry)),
            environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        _ = session.start(size: .standard)
        _ = session.handle(.key(.enter))
        _ = session.handle(.key(.enter))
        #expect(session.stack.count == 3 && session.stack.last is ValuesScreen)
        _ = session.handle(.key(EntryScreen.key))
        #expect(session.status?.hasPrefix("Die Steuerelemente gehören zum ersten Bildschirm") == true)
    }

    @Test("F7, F8 and F9 in the menu each say that an entry must be opened first, and what the key would do")
    func menuKeys() throws {
        let registry = Registry<any Screen>()
        try registry.register("Counter", controls: [.integer("start", in: 0...9)]) { _ in PushingScreen() }
        var session = Session(root: try MenuScreen(source: .registry(registry)))
        session.linkProgram = "catalog"
        _ = session.start(size: .standard)
        _ = session.handle(.key(EntryScreen.key))
        #expect(session.status == "Open an entry first: F7 shows the controls of an entry's screen.")
        _ = session.handle(.key(.function(8)))
        #expect(session.status == "Open an entry first: a link reopens an entry's screen.")
        _ = session.handle(.key(.function(9)))
        #expect(session.status == "Open an entry first: F9 captures an entry's screen as a scenario.")
    }
}

/// A screen that pushes another on Enter, as the Multi Selector pushes its goals.
private struct PushingScreen: Screen {
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        event.key == .enter ? .push(ValuesScreen(values: try ControlValues([]))) : .none
    }
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["pushing"]) }
    func lines(in context: ScreenContext) -> [String] { ["pushing"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}
