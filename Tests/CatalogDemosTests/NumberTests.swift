import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

/// A demo command that takes a number, and what the demo says to a number it can't take.
struct NumberCase: Sendable, CustomStringConvertible {
    var name: String
    /// Makes the screen.
    var make: @Sendable () throws -> any Screen
    /// Line commands that bring the screen to where the number is typed (open a panel, push a list).
    var setup: [String] = []
    /// The command, with `N` where the number goes.
    var command: String
    /// The message for a number out of range, given the number as typed.
    var message: @Sendable (String) -> String

    var description: String { "\(name): \(command)" }

    /// Every command of every demo that takes a number.
    static let all: [NumberCase] = [
        rows("Checkbox Tree", 14, "<n>", { try CheckboxTreeDemo() }),
        rows("Checkbox Tree", 14, "e <n>", { try CheckboxTreeDemo() }),
        rows("Nested Menu", 12, "<n>", { try NestedMenuDemo() }),
        rows("Nested Menu", 12, "e <n>", { try NestedMenuDemo() }),
        rows("Outline Picker", 10, "<n>", { try OutlinePickerDemo() }, setup: ["open"]),
        rows("Outline Picker", 10, "e <n>", { try OutlinePickerDemo() }, setup: ["open"]),
        rows("Disclosure Group", 3, "<n>", { DisclosureGroupDemo() }, what: "a section number"),
        rows("Haptic View", 3, "<n>", { HapticDemo() }, what: "a style number"),
        rows("Text Styles", 8, "<n>", { TextStylesDemo() }, what: "a sample number"),
        rows("Toggle", 4, "<n>", { ToggleDemo() }, what: "a switch number"),
        rows("Serving Goals", 5, "<n>", { try MultiSelectorDemo() }, setup: ["goals"], what: "a goal number"),
        range("Slider", { SliderDemo() }, "N", "a value", 0...100),
        range("Stepper", { StepperDemo() }, "N", "a quantity", 0...10),
        range("Animated Grid", { AnimatedGridDemo() }, "s N", "a number of frames", 1...1000),
        range("Progress", { ProgressDemo() }, "+ N", "a percentage", 1...100),
        NumberCase(name: "Date Picker", make: { DatePickerDemo() }, command: "N") {
            "Unknown command “\($0)”. Type +, -, or <yyyy-mm-dd>, or ? for help."
        },
        NumberCase(name: "Date Picker", make: { DatePickerDemo() }, command: "N-01-01") {
            // A year of digits is a date out of range; a sign makes the line no date.
            $0.allSatisfy(\.isNumber)
                ? "Give a date from 0001-01-01 to 9999-12-31, not “\($0)-01-01”."
                : "Unknown command “\($0)-01-01”. Type +, -, or <yyyy-mm-dd>, or ? for help."
        },
        NumberCase(name: "@AppStorage", make: { AppStorageDemo.opening { MemorySettingsStore() } }, command: "accent N")
        {
            "There is no accent colour “\($0)”. Choose one of Blue, Green, Orange, Pink, or Purple."
        },
    ]

    /// A command that takes a value in a range.
    static func range(
        _ name: String, _ make: @escaping @Sendable () throws -> any Screen, _ command: String, _ what: String,
        _ range: ClosedRange<Int>
    ) -> NumberCase {
        NumberCase(name: name, make: make, command: command) {
            "Give \(what) from \(range.lowerBound) to \(range.upperBound), not “\($0)”."
        }
    }

    /// A command that names a row (or section, style, …) by number.
    static func rows(
        _ name: String, _ count: Int, _ form: String, _ make: @escaping @Sendable () throws -> any Screen,
        setup: [String] = [], what: String = "a row number"
    ) -> NumberCase {
        var numbered = range(name, make, form == "<n>" ? "N" : "e N", what, 1...count)
        numbered.setup = setup
        return numbered
    }
}

@Suite("Typed numbers")
struct NumberTests {
    /// Numbers that overflow `Int`, or sit at its ends, or just outside them.
    static let hostile = [
        String(Int.max), String(Int.min), "-9223372036854775808", "99999999999999999999", "9223372036854775808",
        "-99999999999999999999", "+9223372036854775807",
    ]

    @Test(arguments: NumberCase.all)
    func hugeAndNegativeNumbersAreRefusedAndChangeNothing(_ number: NumberCase) throws {
        var driver = LineDriver(session: Session(root: try number.make()))
        var shown = driver.start()
        for line in number.setup { shown = driver.handle(line: line).output }
        for typed in Self.hostile {
            let command = number.command.replacingOccurrences(of: "N", with: typed)
            let result = driver.handle(line: command)
            #expect(result.output == [number.message(typed)] + shown, "\(command)")
            #expect(!result.done)
        }
    }

    @Test func digitKeysTapOnlyTheStylesTheyName() throws {
        var session = started(HapticDemo())
        for typed in Self.hostile + [String(Int.min)] {
            for character in typed { press(.character(character), in: &session) }
        }
        // Only the digits 1 to 3 name a style; every other key of these numbers does nothing.
        let taps = (Self.hostile + [String(Int.min)]).joined().filter { "123".contains($0) }.count
        #expect((session.top as? HapticDemo)?.taps == taps)
    }

    @Test func typedNumbersAsKeysChangeValuesOnlyWithinTheirRanges() throws {
        let typed = Self.hostile.joined()
        var stepper = started(StepperDemo())
        for character in typed { press(.character(character), in: &stepper) }
        // + and - step the quantity and stop at its ends; the digits do nothing.
        let steps = typed.reduce(1) { value, key in
            key == "+" ? min(value + 1, 10) : key == "-" ? max(value - 1, 0) : value
        }
        #expect((stepper.top as? StepperDemo)?.value == steps)
        var dates = started(DatePickerDemo())
        for character in "-9223372036854775808" { press(.character(character), in: &dates) }
        #expect((dates.top as? DatePickerDemo)?.date.text == "2024-02-28")
    }

    @Test func noStepOverflowsAtTheEndsOfInt() {
        let everything = Int.min...Int.max
        #expect(stepped(Int.max, up: true, in: everything) == nil)
        #expect(stepped(Int.min, up: false, in: everything) == nil)
        #expect(stepped(Int.max, up: false, in: everything) == Int.max - 1)
        #expect(stepped(5, up: true, in: 0...5) == nil)
        #expect(CommandInput.line(String(Int.max)).number(in: everything) == Int.max)
        #expect(CommandInput.line("99999999999999999999").number(in: everything) == nil)
        #expect(CommandInput.line(String(Int.min)).number(in: 0...10) == nil)
        #expect(CommandInput.line("").number(in: 0...10, default: 4) == 4)
        #expect(CommandInput.key(.right).number(in: 0...10, default: 1) == 1)
        #expect(CommandInput.key(.right).number(in: 0...10) == nil)
        #expect(CommandInput.line(String(Int.min)).item(cursor: 0, count: 3) == nil)
        #expect(CommandInput.line("3").item(cursor: 0, count: 3) == 2)
        #expect(CommandInput.key(.enter).item(cursor: 3, count: 3) == nil)
    }
}
