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
public protocol EntryTraitKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value of an entry that sets none.
    static var defaultValue: Value { get }
}

/// The values an entry carries beyond its text, each under a typed key: the key's type says what arrives.
public struct EntryTraits: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No values: every key reads its default.
    public init() {}

    /// The value for a key, or its default when the entry sets none.
    public subscript<Key: EntryTraitKey>(_ key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
