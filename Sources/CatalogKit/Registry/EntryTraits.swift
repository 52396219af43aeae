/// A key for a kind of value an entry can carry beyond its title, groups, keywords and summary.
///
/// Other modules declare their own keys, so an entry can carry what they need (the launcher's scenarios, say)
/// without this module knowing their types:
///
/// ```swift
/// enum ColourKey: EntryTraitKey { static let defaultValue = "none" }
/// extension EntryTraits {
///     var colour: String { get { self[ColourKey.self] } set { self[ColourKey.self] = newValue } }
/// }
/// ```
public protocol EntryTraitKey: SendableMetatype {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value of an entry that sets none.
    static var defaultValue: Value { get }

    /// What is wrong with a value, in a sentence that names it and says how to fix it; `nil` when nothing is. An
    /// entry whose value has a problem is refused when it is registered. By default nothing is wrong.
    ///
    /// - Parameter value: The value an entry carries.
    /// - Returns: The problem, if any.
    static func problem(with value: Value) -> String?

    /// What is wrong with a value given the entry's controls, such as a scenario that sets a control the entry
    /// doesn't have; `nil` when nothing is. By default, ``problem(with:)``.
    ///
    /// - Parameters:
    ///   - value: The value an entry carries.
    ///   - controls: The entry's controls.
    /// - Returns: The problem, if any.
    static func problem(with value: Value, controls: [Control]) -> String?
}

extension EntryTraitKey {
    public static func problem(with value: Value) -> String? { nil }

    public static func problem(with value: Value, controls: [Control]) -> String? { problem(with: value) }
}

/// The values an entry carries beyond its text, each under a typed key: the key's type says what arrives.
public struct EntryTraits: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// Each value's check, made when it was set, so a key's type is known when the entry is registered.
    private var checks: [ObjectIdentifier: @Sendable ([Control]) -> String?] = [:]

    /// No values: every key reads its default.
    public init() {}

    /// The value for a key, or its default when the entry sets none.
    public subscript<Key: EntryTraitKey>(_ key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set {
            values[ObjectIdentifier(key)] = newValue
            checks[ObjectIdentifier(key)] = { Key.problem(with: newValue, controls: $0) }
        }
    }

    /// The first problem of a value the entry carries (``EntryTraitKey/problem(with:controls:)``), if any.
    ///
    /// - Parameter controls: The entry's controls.
    func problem(controls: [Control]) -> String? {
        for check in checks.values {
            if let problem = check(controls) { return problem }
        }
        return nil
    }
}
