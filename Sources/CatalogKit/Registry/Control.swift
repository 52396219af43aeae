/// A typed parameter of an entry, with a default: a value its factory receives, as Storybook's args are a story's.
///
/// The command line sets one with `--set name=value`, and a scenario with `controls: ["name": value]`. Each value
/// is checked against the control's type and range before the factory runs, so a factory reads values it can trust:
///
/// ```swift
/// try registry.register(
///     "Counter", in: ["Basics"],
///     controls: [.integer("start", default: 0, in: 0...100_000), .boolean("compact")]
/// ) { values in
///     CounterScreen(start: values.integer("start"), compact: values.boolean("compact"))
/// }
/// ```
public struct Control: Sendable, Hashable {
    /// What values a control takes.
    public enum Kind: Sendable, Hashable {
        /// `true` or `false`.
        case boolean
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// A number in a range.
        case decimal(ClosedRange<Double>)
        /// One of a few names.
        case choice([String])
        /// Any text.
        case text
    }

    /// The name the factory, `--set` and scenarios use, such as `start`.
    public let name: String
    /// What values it takes.
    public let kind: Kind
    /// The value the factory receives when nothing sets it.
    public let defaultValue: ControlValue
    /// The name of another integer control whose value this one never exceeds, such as a slider's `maximum`, or
    /// `nil`: a value above it is refused where it is given, and one that was not given follows it down.
    public let atMost: String?

    private init(_ name: String, _ kind: Kind, _ defaultValue: ControlValue, atMost: String? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.atMost = atMost
    }

    /// A control that is on or off.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default; off unless given.
    /// - Returns: The control.
    public static func boolean(_ name: String, default value: Bool = false) -> Control {
        Control(name, .boolean, .boolean(value))
    }

    /// A control that is a whole number in a range.
    ///
    /// Write the range from its lower bound: Swift stops the program where a range such as `10...1` is written,
    /// before the registry can report it. Bounds read from data are checked with `lower <= upper` first.
    ///
    /// A value whose top is another control's value names that control with `atMost`:
    /// `[.integer("value", default: 50, in: 0...1000, atMost: "maximum"), .integer("maximum", default: 100,
    /// in: 10...1000)]`. A value given above it is refused, naming the range it may take then; a value not given
    /// (the default, or one set before the other control came down) is lowered to it, so the values a factory
    /// receives, and the controls pane shows, always agree.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default, in the range; the range's lower bound unless given.
    ///   - range: The values it takes.
    ///   - atMost: The name of another integer control of the entry whose value this one never exceeds, or `nil`.
    /// - Returns: The control.
    public static func integer(
        _ name: String, default value: Int? = nil, in range: ClosedRange<Int>, atMost: String? = nil
    ) -> Control {
        Control(name, .integer(range), .integer(value ?? range.lowerBound), atMost: atMost)
    }

    /// A control that is a number in a range.
    ///
    /// Write the range from its lower bound: Swift stops the program where a range such as `10...1` is written,
    /// before the registry can report it. Bounds read from data are checked with `lower <= upper` first.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default, in the range; the range's lower bound unless given.
    ///   - range: The values it takes.
    /// - Returns: The control.
    public static func decimal(_ name: String, default value: Double? = nil, in range: ClosedRange<Double>) -> Control {
        Control(name, .decimal(range), .decimal(value ?? range.lowerBound))
    }

    /// A control that is one of a few names.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default, one of the choices; the first unless given.
    ///   - choices: The names it takes, at least one, each once.
    /// - Returns: The control.
    public static func choice(_ name: String, default value: String? = nil, among choices: [String]) -> Control {
        Control(name, .choice(choices), .text(value ?? choices.first ?? ""))
    }

    /// A control that is any text.
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default; empty unless given.
    /// - Returns: The control.
    public static func text(_ name: String, default value: String = "") -> Control {
        Control(name, .text, .text(value))
    }

    /// The name of the control's type, as `list --json` prints it: `boolean`, `integer`, `decimal`, `choice` or
    /// `text`.
    package var typeName: String {
        switch kind {
        case .boolean: "boolean"
        case .integer: "integer"
        case .decimal: "decimal"
        case .choice: "choice"
        case .text: "text"
        }
    }

    /// What the control takes, as a phrase for errors: "an integer from 0 to 100000", "one of bar, dots".
    package var accepts: String {
        switch kind {
        case .boolean: "true or false"
        case .integer(let range):
            "an integer from \(range.lowerBound) to \(range.upperBound)" + (atMost.map { " at most “\($0)”" } ?? "")
        case .decimal(let range):
            "a number from \(ControlValue.decimal(range.lowerBound)) to \(ControlValue.decimal(range.upperBound))"
        case .choice(let choices): "one of \(choices.joined(separator: ", "))"
        case .text: "any text on one line"
        }
    }

    /// The value as this control keeps it, or `nil` when the control doesn't take it: a whole number is taken by a
    /// decimal control as a decimal, text by a choice only when it is one of the choices, and by a text control
    /// only on one line.
    ///
    /// - Parameter value: A value for the control.
    /// - Returns: The value the factory receives, or `nil`.
    package func accepting(_ value: ControlValue) -> ControlValue? {
        switch (kind, value) {
        case (.boolean, .boolean): return value
        case (.integer(let range), .integer(let number)): return range.contains(number) ? value : nil
        case (.decimal(let range), .decimal(let number)): return range.contains(number) ? value : nil
        case (.decimal(let range), .integer(let number)):
            let decimal = Double(number)
            return range.contains(decimal) ? .decimal(decimal) : nil
        case (.choice(let choices), .text(let name)): return choices.contains(name) ? value : nil
        // One line: a line break would break line mode's listing and a link's one-line `--set`.
        case (.text, .text(let text)): return text.contains(where: \.isNewline) ? nil : value
        default: return nil
        }
    }

    /// Reads a value as the command line writes it (`1234`, `true`, `0.5`, `dots`, any text), or `nil` when the
    /// control doesn't take it.
    ///
    /// - Parameter text: The text after `name=`.
    /// - Returns: The value the factory receives, or `nil`.
    package func parse(_ text: String) -> ControlValue? {
        let value: ControlValue?
        switch kind {
        case .boolean: value = ["true": true, "false": false][text].map(ControlValue.boolean)
        case .integer: value = Int(text).map(ControlValue.integer)
        case .decimal: value = Double(text).map(ControlValue.decimal)
        case .choice, .text: value = .text(text)
        }
        return value.flatMap(accepting)
    }

    /// What is wrong with the control on its own, in a sentence that names it: a name that `--set` can't write, a
    /// default the control doesn't take, no choices, or a choice named twice.
    package var problem: String? {
        if name.isEmpty { return "a control has an empty name; give each control a name, such as “start”." }
        if name.contains(where: { $0 == "=" || $0 == "," || $0.isWhitespace || $0 == "\0" }) {
            return "a control is named “\(name)”; name each control with no spaces, “=” or “,” in it."
        }
        if case .choice(let choices) = kind {
            if choices.isEmpty { return "control “\(name)” has no choices; give it at least one." }
            if let repeated = choices.enumerated().first(where: { choices[..<$0.offset].contains($0.element) }) {
                return "control “\(name)” lists the choice “\(repeated.element)” twice; list each choice once."
            }
        }
        if case .decimal(let range) = kind, !range.lowerBound.isFinite || !range.upperBound.isFinite {
            return "control “\(name)” has a range that does not end (\(range)); give it a finite one, such as "
                + "0...1_000_000."
        }
        if accepting(defaultValue) == nil {
            return "control “\(name)” defaults to \(defaultValue), but it takes \(accepts); give a default it takes."
        }
        return nil
    }

    /// What is wrong with an entry's controls together: each one's own problem, or two with one name.
    ///
    /// - Parameter controls: An entry's controls.
    /// - Returns: The first problem, if any.
    package static func problem(with controls: [Control]) -> String? {
        var names: Set<String> = []
        for control in controls {
            if let problem = control.problem { return problem }
            if !names.insert(control.name).inserted {
                return "two controls are named “\(control.name)”; name each once."
            }
        }
        for control in controls { if let problem = control.boundProblem(among: controls) { return problem } }
        return nil
    }

    /// What is wrong with the control's `atMost`: it must name another integer control without one of its own,
    /// whose lowest value this control takes, and whose default is not below this one's.
    private func boundProblem(among controls: [Control]) -> String? {
        guard let bound = atMost else { return nil }
        guard case .integer(let range) = kind, case .integer(let own) = defaultValue else {
            return "control “\(name)” is at most “\(bound)”, but only an integer control can be; drop atMost:."
        }
        guard bound != name, let top = controls.first(where: { $0.name == bound }),
            case .integer(let topRange) = top.kind, case .integer(let topDefault) = top.defaultValue
        else {
            return "control “\(name)” is at most “\(bound)”, which is no other integer control of the entry; name one."
        }
        if top.atMost != nil {
            return "control “\(name)” is at most “\(bound)”, which is at most “\(top.atMost ?? "")” in turn; "
                + "bound each control by one that has no bound."
        }
        if topRange.lowerBound < range.lowerBound {
            return "control “\(name)” takes \(range.lowerBound) at least, but “\(bound)”, its top, goes down to "
                + "\(topRange.lowerBound); let “\(bound)” start at \(range.lowerBound) or higher."
        }
        if own > topDefault {
            return "control “\(name)” defaults to \(own), above “\(bound)”'s default \(topDefault); give a default "
                + "at most \(topDefault)."
        }
        return nil
    }
}

/// A control's value: what a scenario or `--set` gives and what a factory reads through ``ControlValues``.
///
/// Write it as a literal: `["start": 1234, "compact": true, "speed": 1.5, "style": "dots"]`.
public enum ControlValue: Sendable, Hashable, CustomStringConvertible, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    /// On or off.
    case boolean(Bool)
    /// A whole number.
    case integer(Int)
    /// A number.
    case decimal(Double)
    /// A choice's name or text.
    case text(String)

    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A decimal literal.
    public init(floatLiteral value: Double) { self = .decimal(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .text(value) }

    /// The value as `--set` writes it: `true`, `1234`, `1.5` (`2`, not `2.0`), or the text itself.
    public var description: String {
        switch self {
        case .boolean(let value): return String(value)
        case .integer(let value): return String(value)
        case .decimal(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .text(let value): return value
        }
    }
}
