import Synchronization

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
        for control in controls where control.atMost != nil {
            guard case .integer(let number) = self.values[control.name],
                case .integer(let range) = bounded(control).kind,
                number > range.upperBound
            else { continue }
            // A value given above its top is a mistake to name; a default follows the top down.
            if values[control.name] != nil {
                throw Error.refused(name: control.name, value: String(number), accepts: boundedAccepts(control))
            }
            self.values[control.name] = .integer(range.upperBound)
        }
    }

    /// The control as it stands with the other values: one that is at most another control takes up to that
    /// control's value (never below its own lowest), and the rest as declared.
    ///
    /// - Parameter control: One of the controls.
    /// - Returns: The control with the range it takes now, and no `atMost`.
    package func bounded(_ control: Control) -> Control {
        guard let bound = control.atMost, case .integer(let range) = control.kind,
            case .integer(let top) = values[bound]
        else { return control }
        let upper = max(min(range.upperBound, top), range.lowerBound)
        return .integer(control.name, default: min(range.lowerBound, upper), in: range.lowerBound...upper)
    }

    /// What a bounded control takes now, naming its top: "an integer from 0 to 10 while “maximum” is 10".
    private func boundedAccepts(_ control: Control) -> String {
        let top = control.atMost.flatMap { values[$0] }.map(\.description) ?? ""
        return bounded(control).accepts + " while “\(control.atMost ?? "")” is \(top)"
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

    /// Sets one control's value, as the launcher's controls pane does: a control that is at most this one and now
    /// above it is lowered to it.
    ///
    /// - Returns: Whether a control has the name and takes the value (up to its top, for one with `atMost`); nothing
    ///   changes otherwise.
    @discardableResult
    package mutating func set(_ name: String, to value: ControlValue) -> Bool {
        guard let control = controls.first(where: { $0.name == name }), let accepted = bounded(control).accepting(value)
        else { return false }
        values[name] = accepted
        // A control that is at most this one comes down with it, so what it shows is what the screen draws.
        for other in controls where other.atMost == name {
            if case .integer(let number) = values[other.name], case .integer(let range) = bounded(other).kind,
                number > range.upperBound
            {
                values[other.name] = .integer(range.upperBound)
            }
        }
        return true
    }
}
