import Synchronization

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

    private init(_ name: String, _ kind: Kind, _ defaultValue: ControlValue) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
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
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: Its default, in the range; the range's lower bound unless given.
    ///   - range: The values it takes.
    /// - Returns: The control.
    public static func integer(_ name: String, default value: Int? = nil, in range: ClosedRange<Int>) -> Control {
        Control(name, .integer(range), .integer(value ?? range.lowerBound))
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
        case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
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

/// The values of an entry's controls, as its factory receives them: each control's default, or the value a
/// scenario or `--set` gave it.
///
/// Read a value by the control's name and type. A name the entry doesn't declare, or a read of the wrong type,
/// gives that type's zero (`false`, `0`, `""`) rather than stopping the program, and opening the entry then fails
/// naming it (``Error/misread(name:as:controls:)``), so the first open, scenario or snapshot shows the mistake.
public struct ControlValues: Sendable, Hashable {
    /// A value that a control doesn't take, or a name that no control has.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// No control has the name; `controls` lists each one with what it takes.
        case unknown(name: String, controls: [String])
        /// The control doesn't take the value: `accepts` says what it takes.
        case refused(name: String, value: String, accepts: String)
        /// The factory read a name as a type (`a boolean`, `an integer`, `a decimal`, `text`) that no control of
        /// that name has: a misspelt name, or a read of the wrong type.
        case misread(name: String, as: String, controls: [String])

        /// A sentence that names the control and what it takes.
        public var description: String {
            switch self {
            case .unknown(let name, let controls) where controls.isEmpty:
                return "there is no control named “\(name)”: this entry has no controls."
            case .unknown(let name, let controls):
                return "there is no control named “\(name)”; the controls are \(controls.joined(separator: ", "))."
            case .refused(let name, let value, let accepts):
                return "control “\(name)” takes \(accepts), not “\(value)”."
            case .misread(let name, let type, let controls) where controls.isEmpty:
                return
                    "the factory reads “\(name)” as \(type), but this entry has no controls; declare it in controls:."
            case .misread(let name, let type, let controls):
                return "the factory reads “\(name)” as \(type), but no control of that name is \(type); the controls "
                    + "are \(controls.joined(separator: ", "))."
            }
        }
    }

    /// The controls in the order they were declared.
    public let controls: [Control]
    private var values: [String: ControlValue]
    /// The reads no control answered, the first kept: a reference, so the copy the factory reads records it.
    private let misreads = Misreads()

    private final class Misreads: Sendable {
        let first = Mutex<(name: String, type: String)?>(nil)
    }

    /// Equal when the controls and their values are; what a factory read doesn't count.
    public static func == (a: ControlValues, b: ControlValues) -> Bool {
        a.controls == b.controls && a.values == b.values
    }

    /// Hashes the controls and their values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(controls)
        hasher.combine(values)
    }

    /// Records a read that no control answered.
    private func misread<Value>(_ name: String, as type: String, _ zero: Value) -> Value {
        misreads.first.withLock { if $0 == nil { $0 = (name, type) } }
        return zero
    }

    /// Throws for the first read no control answered, once the factory has read its values.
    ///
    /// - Throws: ``Error/misread(name:as:controls:)``.
    package func checkReads() throws {
        guard let (name, type) = misreads.first.withLock({ $0 }) else { return }
        throw Error.misread(name: name, as: type, controls: controls.map { "\($0.name) (\($0.accepts))" })
    }

    /// The values of controls: each one's default, then the values given.
    ///
    /// - Parameters:
    ///   - controls: The controls, as an entry declares them.
    ///   - values: Values by control name; each must name a control and be one it takes.
    /// - Throws: ``Error`` for the first value, in order of name, that no control or its control doesn't take.
    public init(_ controls: [Control], setting values: [String: ControlValue] = [:]) throws {
        self.controls = controls
        self.values = [:]
        for control in controls where self.values[control.name] == nil {
            self.values[control.name] = control.defaultValue
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let control = controls.first(where: { $0.name == name }) else {
                throw Error.unknown(name: name, controls: controls.map { "\($0.name) (\($0.accepts))" })
            }
            guard let accepted = control.accepting(value) else {
                throw Error.refused(name: name, value: value.description, accepts: control.accepts)
            }
            self.values[name] = accepted
        }
    }

    /// Values as the command line writes them, `name=value` each, read by each control's type.
    ///
    /// - Parameters:
    ///   - controls: The controls, as an entry declares them.
    ///   - settings: `name=value` texts in the order given; a later one for a name wins.
    /// - Throws: ``Error`` for the first setting that names no control or gives a value its control doesn't take.
    package init(_ controls: [Control], parsing settings: [String]) throws {
        var values: [String: ControlValue] = [:]
        for setting in settings {
            let name = String(setting.prefix { $0 != "=" })
            let text = setting.count == name.count ? "" : String(setting.dropFirst(name.count + 1))
            guard let control = controls.first(where: { $0.name == name }) else {
                throw Error.unknown(name: name, controls: controls.map { "\($0.name) (\($0.accepts))" })
            }
            guard setting.count > name.count, let value = control.parse(text) else {
                throw Error.refused(name: name, value: text, accepts: control.accepts)
            }
            values[name] = value
        }
        try self.init(controls, setting: values)
    }

    /// The value of a control, or `nil` when no control has the name.
    public subscript(_ name: String) -> ControlValue? { values[name] }

    /// A boolean control's value; `false` when no boolean control has the name, which opening the entry reports.
    public func boolean(_ name: String) -> Bool {
        if case .boolean(let value) = values[name] { return value }
        return misread(name, as: "a boolean", false)
    }

    /// An integer control's value; 0 when no integer control has the name, which opening the entry reports.
    public func integer(_ name: String) -> Int {
        if case .integer(let value) = values[name] { return value }
        return misread(name, as: "an integer", 0)
    }

    /// A decimal control's value; 0 when no number control has the name, which opening the entry reports.
    public func decimal(_ name: String) -> Double {
        switch values[name] {
        case .decimal(let value): return value
        case .integer(let value): return Double(value)
        default: return misread(name, as: "a decimal", 0)
        }
    }

    /// A choice or text control's value; "" when no such control has the name, which opening the entry reports.
    public func text(_ name: String) -> String {
        if case .text(let value) = values[name] { return value }
        return misread(name, as: "text", "")
    }

    /// A choice control's value, one of its choices; "" when no such control has the name.
    public func choice(_ name: String) -> String { text(name) }

    /// Sets one control's value, as the launcher's controls pane does.
    ///
    /// - Returns: Whether a control has the name and takes the value; nothing changes otherwise.
    @discardableResult
    package mutating func set(_ name: String, to value: ControlValue) -> Bool {
        guard let control = controls.first(where: { $0.name == name }), let accepted = control.accepting(value) else {
            return false
        }
        values[name] = accepted
        return true
    }
}
