import CatalogKit
import Testing

@Suite("Controls")
struct ControlTests {
    /// What a counter's factory was given.
    struct Made: Equatable {
        var start: Int
        var compact: Bool
        var speed: Double
        var style: String
        var label: String
    }

    static let controls: [Control] = [
        .integer("start", default: 0, in: 0...100_000), .boolean("compact"), .decimal("speed", default: 1, in: 0.5...4),
        .choice("style", among: ["bar", "dots"]), .text("label", default: "Count"),
    ]

    static func made(_ values: ControlValues) -> Made {
        Made(
            start: values.integer("start"), compact: values.boolean("compact"), speed: values.decimal("speed"),
            style: values.choice("style"), label: values.text("label"))
    }

    @Test("a factory receives each control's default, or the values given over them")
    func defaultsAndValues() throws {
        let registry = Registry<Made>()
        let entry = try registry.register("Counter", in: ["Basics"], controls: Self.controls) { Self.made($0) }
        #expect(entry.controls == Self.controls)
        #expect(try entry.make() == Made(start: 0, compact: false, speed: 1, style: "bar", label: "Count"))
        let set = try entry.make(setting: ["start": 1234, "compact": true, "speed": 2, "style": "dots", "label": "N"])
        #expect(set == Made(start: 1234, compact: true, speed: 2, style: "dots", label: "N"))
        #expect(try registry.entry(id: "basics/counter")?.make(setting: ["speed": 0.5]).speed == 0.5)
    }

    @Test("an entry without controls still opens from a factory that takes no values")
    func plainFactory() throws {
        let entry = Entry<Int>("Plain") { 7 }
        #expect(entry.controls.isEmpty)
        #expect(try entry.make(setting: [:]) == 7)
        #expect(throws: ControlValues.Error.unknown(name: "start", controls: [])) {
            try entry.make(setting: ["start": 1])
        }
    }

    @Test(
        "a control that can't be set is a registration error on one line with the place and the fix",
        arguments: [
            (
                Control.integer("start", default: 200, in: 0...100),
                "defaults to 200, but it takes an integer from 0 to 100"
            ),
            (Control.decimal("speed", default: 9, in: 0.5...4), "defaults to 9, but it takes a number from 0.5 to 4"),
            (Control.choice("style", among: []), "control “style” has no choices"),
            (Control.choice("style", default: "wavy", among: ["bar"]), "defaults to wavy, but it takes one of bar"),
            (Control.choice("style", among: ["bar", "bar"]), "lists the choice “bar” twice"),
            (Control.integer("start at", in: 0...1), "a control is named “start at”"),
            (Control.boolean(""), "a control has an empty name; give each control a name"),
            (
                Control.decimal("speed", in: 0...Double.infinity),
                "control “speed” has a range that does not end (0.0...inf); give it a finite one"
            ),
        ])
    func invalidControl(control: Control, problem: String) throws {
        let registry = Registry<Int>()
        let line = #line + 1
        let error = #expect(throws: Registry<Int>.Error.self) {
            try registry.register("Counter", in: ["Basics"], controls: [control]) { _ in 1 }
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("CatalogKitTests/ControlTests.swift:\(line): 'Basics/Counter': "), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(!message.contains("\n"))
        #expect(registry.count == 0)
    }

    @Test("two controls with one name are a registration error")
    func duplicateName() {
        let registry = Registry<Int>()
        let error = #expect(throws: Registry<Int>.Error.self) {
            try registry.register("Counter", controls: [.integer("n", in: 0...9), .boolean("n")]) { _ in 1 }
        }
        #expect(error?.reason == .invalid(path: "Counter", problem: "two controls are named “n”; name each once."))
    }

    @Test("a value of the wrong type, out of range, or for no control is refused with the control's range")
    func refusedValues() {
        #expect(throws: ControlValues.Error.refused(name: "start", value: "-1", accepts: "an integer from 0 to 100000"))
        {
            try ControlValues(Self.controls, setting: ["start": -1])
        }
        #expect(throws: ControlValues.Error.refused(name: "compact", value: "1", accepts: "true or false")) {
            try ControlValues(Self.controls, setting: ["compact": 1])
        }
        #expect(throws: ControlValues.Error.refused(name: "style", value: "wavy", accepts: "one of bar, dots")) {
            try ControlValues(Self.controls, setting: ["style": "wavy"])
        }
        #expect(throws: ControlValues.Error.refused(name: "speed", value: "true", accepts: "a number from 0.5 to 4")) {
            try ControlValues(Self.controls, setting: ["speed": true])
        }
        let unknown = #expect(throws: ControlValues.Error.self) {
            try ControlValues(Self.controls, setting: ["strat": 1])
        }
        #expect(
            unknown?.description
                == "there is no control named “strat”; the controls are start (an integer from 0 to 100000), compact "
                + "(true or false), speed (a number from 0.5 to 4), style (one of bar, dots), label (any text on one "
                + "line).")
    }

    @Test(
        "the command line's name=value is read by the control's type",
        arguments: [
            ("start=1234", true), ("start=100001", false), ("start=12x", false), ("start=", false), ("start", false),
            ("compact=true", true), ("compact=yes", false), ("speed=2.5", true), ("speed=nan", false),
            ("speed=inf", false), ("style=dots", true), ("style=Dots", false), ("label=a=b c", true), ("=1", false),
            // A line break would break line mode's listing and the one-line --set of a link.
            ("label=line1\nline2", false), ("label=a\r\nb", false),
        ])
    func parsing(setting: String, accepted: Bool) {
        let values = try? ControlValues(Self.controls, parsing: [setting])
        #expect((values != nil) == accepted)
    }

    @Test("parsed values reach the factory; a later setting of a name wins")
    func parsedValues() throws {
        let values = try ControlValues(
            Self.controls, parsing: ["start=5", "start=1234", "label=a=b c", "speed=2.5", "compact=true"])
        #expect(Self.made(values) == Made(start: 1234, compact: true, speed: 2.5, style: "bar", label: "a=b c"))
    }

    @Test("reading a name no control has, or as the wrong type, gives zero instead of stopping")
    func wrongReads() throws {
        let values = try ControlValues(Self.controls)
        #expect(values.integer("nothing") == 0)
        #expect(values.integer("compact") == 0)
        #expect(values.boolean("start") == false)
        #expect(values.text("start") == "")
        #expect(values.decimal("start") == 0)
        #expect(values["start"] == .integer(0))
        #expect(values["nothing"] == nil)
    }

    @Test("a factory that reads a misspelt name, or a name as the wrong type, fails to open, naming the read")
    func misreadFailsToOpen() throws {
        let registry = Registry<Int>()
        let misspelt = try registry.register("Misspelt", controls: Self.controls) { $0.integer("strat") }
        #expect(throws: ControlValues.Error.self) { try misspelt.make() }
        do {
            _ = try misspelt.make(setting: ["start": 5])
            Issue.record("opened")
        } catch {
            #expect(
                "\(error)"
                    == "the factory reads “strat” as an integer, but no control of that name is an integer; the "
                    + "controls are start (an integer from 0 to 100000), compact (true or false), speed (a number "
                    + "from 0.5 to 4), style (one of bar, dots), label (any text on one line).")
        }
        let wrongType = try registry.register("Wrong type", controls: Self.controls) { $0.integer("compact") }
        #expect(
            throws: ControlValues.Error.misread(
                name: "compact", as: "an integer",
                controls: Self.controls.map {
                    "\($0.name) (\($0.accepts))"
                })
        ) { try wrongType.make() }
        let none = Entry<Int>("None", controls: []) { $0.boolean("dark") ? 1 : 0 }
        #expect(throws: ControlValues.Error.self) { try none.make() }
        // Every read answered: it opens.
        let right = try registry.register("Right", controls: Self.controls) { Self.made($0).start }
        #expect(try right.make(setting: ["start": 7]) == 7)
    }

    /// Catches a value above another control's value accepted (and clamped by the screen), and a value left above
    /// it when the other control comes down.
    @Test("a control at most another is refused above it where given, and otherwise follows it down")
    func atMost() throws {
        let controls: [Control] = [
            .integer("value", default: 50, in: 0...1000, atMost: "maximum"),
            .integer("maximum", default: 100, in: 10...1000),
        ]
        #expect(Control.problem(with: controls) == nil)
        #expect(controls[0].accepts == "an integer from 0 to 1000 at most “maximum”")
        #expect(
            throws: ControlValues.Error.refused(
                name: "value", value: "500", accepts: "an integer from 0 to 100 while “maximum” is 100")
        ) { try ControlValues(controls, parsing: ["value=500"]) }
        #expect(try ControlValues(controls, parsing: ["value=500", "maximum=1000"]).integer("value") == 500)
        #expect(try ControlValues(controls, setting: ["maximum": 10]).integer("value") == 10, "the default follows")
        var values = try ControlValues(controls)
        #expect(!values.set("value", to: 101) && values.integer("value") == 50)
        #expect(values.set("maximum", to: 10) && values.integer("value") == 10, "the pane's value follows it down")
        #expect(values.set("maximum", to: 400) && values.integer("value") == 10)
        #expect(values.bounded(controls[0]).kind == .integer(0...400))
    }

    @Test(
        "atMost must name another integer control, unbounded, starting no lower, with a default no lower",
        arguments: [
            ([Control.integer("a", in: 0...9, atMost: "b")], "“b”, which is no other integer control"),
            ([.integer("a", in: 0...9, atMost: "a")], "“a”, which is no other integer control"),
            ([.integer("a", in: 0...9, atMost: "b"), .boolean("b")], "“b”, which is no other integer control"),
            (
                [
                    .integer("a", in: 0...9, atMost: "b"), .integer("b", in: 0...9, atMost: "c"),
                    .integer("c", in: 0...9),
                ],
                "which is at most “c” in turn"
            ),
            ([.integer("a", in: 5...9, atMost: "b"), .integer("b", in: 0...9)], "let “b” start at 5 or higher"),
            (
                [.integer("a", default: 8, in: 0...9, atMost: "b"), .integer("b", default: 3, in: 0...9)],
                "defaults to 8"
            ),
        ])
    func atMostProblems(controls: [Control], problem: String) {
        let found = Control.problem(with: controls)
        #expect(found?.contains(problem) == true, "\(found ?? "none")")
    }

    @Test("values are written as --set takes them")
    func descriptions() {
        let values: [ControlValue] = [true, 1234, 2.0, 0.25, "dots"]
        #expect(values.map(\.description) == ["true", "1234", "2", "0.25", "dots"])
    }
}
