import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@Suite("Toggle, slider and stepper")
struct ControlWidgetTests {
    @Test func aToggleFlipsForSpaceAndEnterAndLeavesOtherKeys() {
        var toggle = Toggle()
        #expect(toggle.handle(" ") == .changed(true))
        #expect(toggle.handle(.enter) == .changed(false))
        #expect(toggle.handle(.tab) == .ignored)
        #expect(toggle.handle("x") == .ignored)
        #expect(!toggle.isOn)
        #expect(text(toggle.render(width: 20)) == "(○ ) off")
        #expect(text(Toggle(isOn: true).render(width: 20, glyphs: .ascii)) == "( O) on")
        #expect(Toggle(isOn: true).render(width: 20, focused: true).first?.spans.first?.style == .focusedValue)
        #expect(Toggle(isOn: true).render(width: 20, focused: false).first?.spans.first?.style == .plain)
        #expect(Toggle().render(width: 20, height: 0).isEmpty)
    }

    /// Catches the state drawn in English whatever the screen's language, as it was in every language.
    @Test(arguments: [("de", "(○ ) aus"), ("ja", "(○ ) オフ"), ("ko", "(○ ) 끔"), ("ru", "(○ ) выкл.")])
    func aToggleSaysOnAndOffInTheScreensLanguage(_ example: (String, String)) {
        let context = ScreenContext(
            size: Size(columns: 20, rows: 1), environment: ScreenEnvironment(locale: Locale(identifier: example.0)))
        #expect(text(Toggle().render(in: Size(columns: 20, rows: 1), focused: false, context: context)) == example.1)
    }

    @Test func aSliderStaysInItsRangeAndSaysWhenAKeyChangedNothing() {
        var slider = Slider(value: 95, in: 0...100, step: 5)
        #expect(slider.handle(.right) == .changed(100))
        #expect(slider.handle(.right) == .handled)
        #expect(slider.handle(.pageDown) == .changed(50))
        #expect(slider.handle(.home) == .changed(0))
        #expect(slider.handle(.left) == .handled)
        #expect(slider.handle(.end) == .changed(100))
        #expect(slider.handle("q") == .ignored)
        #expect(Slider(value: 500, in: 0...10).value == 10)
        #expect(Slider(value: 1, in: 0...10, step: 0).step == 1)
    }

    @Test func aSlidersKnobSitsWhereItsValueIs() {
        // 0…100 on a 21-cell track: one cell per 5.
        let width = 21 + 2 + 3
        #expect(text(Slider(value: 0, in: 0...100).render(width: width)) == "●────────────────────  0")
        #expect(text(Slider(value: 50, in: 0...100).render(width: width)) == "──────────●──────────  50")
        #expect(
            text(Slider(value: 100, in: 0...100).render(width: width, glyphs: .ascii)) == "--------------------O  100")
        // A single-value range can't divide by zero.
        #expect(text(Slider(value: 3, in: 3...3).render(width: 10)) == "●──────  3")
    }

    /// Catches a value drawn without the locale's grouping, as "1000" beside an error that says "bis 1.000", and a
    /// track that leaves no room for the grouped value.
    @Test func aSliderAndAStepperShowTheirValueInTheScreensDigits() {
        let size = Size(columns: 16, rows: 1)
        let german = ScreenContext(size: size, environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        let slider = Slider(value: 1000, in: 0...1000)
        #expect(text(slider.render(in: size, focused: false, context: german)) == "────────●  1.000")
        let stepper = Stepper(value: 12345, in: 0...99999)
        #expect(text(stepper.render(in: size, focused: false, context: german)) == "[ - ]  12.345  [ + ]")
    }

    @Test func aStepperHandlesButKeepsItsValueAtTheEnds() {
        var stepper = Stepper(value: 9, in: 0...10)
        #expect(stepper.handle("+") == .changed(10))
        #expect(stepper.isAtLimit)
        #expect(stepper.handle(.up) == .handled)
        #expect(stepper.handle("-") == .changed(9))
        #expect(!stepper.isAtLimit)
        #expect(stepper.handle(" ") == .ignored)
        stepper.set(-4)
        #expect(stepper.value == 0)
        #expect(stepper.handle(.down) == .handled)
        #expect(text(stepper.render(width: 20)) == "[ - ]  0  [ + ]")
    }

    @Test func theFocusRingWrapsBothWaysAndLeavesOtherKeys() {
        var ring = FocusRing(count: 3)
        #expect(ring.isFocused(0))
        let back = ring.move(for: .backTab)
        #expect(back && ring.index == 2)
        let on = ring.move(for: .tab)
        #expect(on && ring.index == 0)
        let enter = ring.move(for: .enter)
        #expect(!enter && ring.index == 0)
        ring.focus(99)
        #expect(ring.index == 2)
        #expect(FocusRing(count: 0).count == 1)
    }
}

@Suite("Layout and canvas")
struct LayoutTests {
    @Test func fixedPartsComeFirstAndFillPartsShareTheRestByWeight() {
        let parts = Layout.rows([.fixed(1), .fill(1), .fill(2), .fixed(1)]).split(Rect(width: 80, height: 24))
        #expect(parts.map(\.height) == [1, 7, 15, 1])
        #expect(parts.map(\.row) == [0, 1, 8, 23])
        #expect(Set(parts.map(\.width)) == [80])
    }

    @Test func spacingAndMinimumsAndAnOffsetRectangle() {
        let parts = Layout.columns([.minimum(10), .fill(1)], spacing: 2).split(
            Rect(column: 5, row: 3, width: 32, height: 4))
        #expect(
            parts == [Rect(column: 5, row: 3, width: 20, height: 4), Rect(column: 27, row: 3, width: 10, height: 4)])
    }

    @Test func withoutRoomTheLaterPartsShrinkFirst() {
        let parts = Layout.rows([.fixed(3), .fixed(3), .fill(1)], spacing: 1).split(Rect(width: 10, height: 5))
        #expect(parts.map(\.height) == [3, 0, 0])
        #expect(Layout.rows([.fixed(-2), .fill(-1)]).split(Rect(width: 1, height: 1)).map(\.height) == [0, 0])
    }

    /// Whatever the constraints, the parts are in order, inside the rectangle, never overlap, and when there is
    /// room for the fixed parts and something takes a share, they fill it.
    @Test(arguments: 0..<300)
    func partsStayInsideInOrderAndFill(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let constraints: [Layout.Constraint] = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            switch Int.random(in: 0...2, using: &random) {
            case 0: .fixed(Int.random(in: 0...12, using: &random))
            case 1: .fill(Int.random(in: 0...3, using: &random))
            default: .minimum(Int.random(in: 0...8, using: &random))
            }
        }
        let spacing = Int.random(in: 0...2, using: &random)
        let rect = Rect(column: 2, row: 1, width: Int.random(in: 0...40, using: &random), height: 3)
        let parts = Layout.columns(constraints, spacing: spacing).split(rect)
        #expect(parts.count == constraints.count, "seed \(seed)")
        var column = rect.column
        for part in parts where part.width > 0 {
            #expect(part.column >= column && part.column + part.width <= rect.column + rect.width, "seed \(seed)")
            column = part.column + part.width
        }
        let gaps = max(constraints.count - 1, 0) * spacing
        let needed = constraints.reduce(gaps) {
            switch $1 {
            case .fixed(let cells), .minimum(let cells): $0 + cells
            case .fill: $0
            }
        }
        let shares = constraints.contains {
            switch $0 {
            case .fill(let weight): weight > 0
            case .minimum: true
            case .fixed: false
            }
        }
        if shares, needed <= rect.width {
            #expect(parts.map(\.width).reduce(gaps, +) == rect.width, "seed \(seed)")
        }
    }

    @Test func aCanvasDrawsEachPartInItsRectangleAndCutsAtItsEdge() {
        var canvas = Canvas(size: Size(columns: 12, rows: 3))
        canvas.draw([Line("Name"), Line("second")], in: Rect(width: 5, height: 1))
        canvas.draw([Line("한국어 text", .bold)], in: Rect(column: 5, row: 1, width: 6, height: 1))
        canvas.write("end", row: 2, column: 10)
        let frame = canvas.frame(cursor: (1, 5))
        #expect(frame.lines.map(\.text) == ["Name", "     한국…", "          e…"])
        #expect(frame.lines[1].spans.last?.style == .bold)
        #expect(frame.cursor?.row == 1)
    }

    @Test func aWideCharacterNeverHangsOverTheRectangle() {
        var canvas = Canvas(size: Size(columns: 4, rows: 1))
        canvas.draw([Line("a한")], in: Rect(width: 2, height: 1))
        canvas.write("xy", row: 0, column: 2)
        #expect(canvas.frame().lines[0].text == "a…xy")
        #expect(DisplayWidth.of(canvas.frame().lines[0].text) == 4)
    }
}
