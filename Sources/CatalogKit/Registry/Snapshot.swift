/// An immutable view of a catalog at one moment: the entries' text, their search index and their factories.
///
/// Screens and commands work on a snapshot, so a registration on another thread never changes what they are
/// iterating. Record numbers index every part of it.
package struct Snapshot<Handler>: Sendable {
    /// The entries' text.
    public let table: EntryTable
    /// The folded search index over `table`.
    public let index: SearchIndex
    /// The registry generation the snapshot was taken at.
    public let generation: Int
    private let factories: [@Sendable () throws -> Handler]?
    /// The controls of the entries that declare any, and their factories that take values, by record.
    private let controls: [Int: Controlled]

    /// An entry's controls and the factory that builds its handler with values for them.
    struct Controlled: Sendable {
        var controls: [Control]
        var make: @Sendable (ControlValues) throws -> Handler
    }

    init(
        table: EntryTable, index: SearchIndex, generation: Int, factories: [@Sendable () throws -> Handler]?,
        controls: [Int: Controlled] = [:]
    ) {
        self.table = table
        self.index = index
        self.generation = generation
        self.factories = factories
        self.controls = controls
    }

    /// A snapshot with no factories, for a catalog read from a file.
    public init(table: EntryTable, index: SearchIndex) {
        self.init(table: table, index: index, generation: 0, factories: nil)
    }

    /// The number of entries.
    public var count: Int { table.count }

    /// The records in search order.
    public var recordsInOrder: [UInt32] { index.recordsInOrder }

    /// The factory of an entry, or `nil` for an entry from a file.
    public func factory(_ record: Int) -> (@Sendable () throws -> Handler)? { factories?[record] }

    /// The controls an entry declares; none for most entries, and for every entry from a file.
    ///
    /// - Complexity: O(1).
    public func controls(_ record: Int) -> [Control] { controls[record]?.controls ?? [] }

    /// The factory of an entry with controls, which builds its handler with values for them; `nil` for an entry
    /// without controls.
    ///
    /// - Complexity: O(1).
    public func factory(withValues record: Int) -> (@Sendable (ControlValues) throws -> Handler)? {
        controls[record]?.make
    }

    /// Finds entries.
    ///
    /// - Parameters:
    ///   - text: The query as typed.
    ///   - fuzzy: Whether terms match as subsequences.
    /// - Returns: Record numbers in result order.
    /// - Complexity: See ``SearchIndex/search(_:)``.
    public func search(_ text: String, fuzzy: Bool = false) -> [UInt32] {
        index.search(Query(text, fuzzy: fuzzy))
    }

    /// The record with an id.
    ///
    /// - Complexity: O(n); for repeated lookups use the registry.
    public func record(id: String) -> Int? {
        (0..<count).first { table.id($0) == id }
    }
}
