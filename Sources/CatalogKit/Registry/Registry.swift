import Synchronization

/// A thread-safe registry of titled entries, searchable and groupable.
///
/// Register entries in code, one call each or a batch at once; take a ``Snapshot`` to search, list or group
/// them. Ids are unique: registering a duplicate throws an error that names both entries and changes nothing.
/// Every entry is folded once, when it is registered.
///
/// ```swift
/// let registry = Registry<any Screen>()
/// try registry.register("Outline Picker", in: ["Pickers", "Trees"], keywords: ["tree"],
///                       summary: "Pick a node from a tree") { OutlinePickerDemo() }
/// ```
public final class Registry<Handler>: Sendable {
    /// What changed in a registry.
    public enum Change: Sendable, Equatable {
        /// Entries were added, with their ids.
        case added([String])
    }

    /// A registration that was refused. Nothing of the refused call was registered.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Two entries have the same id.
        case duplicateID(String, existing: String, new: String)
        /// A title is empty or only whitespace.
        case emptyTitle(path: String)
        /// A group name is empty or only whitespace.
        case emptyGroup(path: String)
        /// A title or group name contains "/", which separates path components.
        case slashInName(String)
        /// Text contains a NUL character.
        case nulCharacter(path: String)

        public var description: String {
            switch self {
            case .duplicateID(let id, let existing, let new):
                return "Duplicate id '\(id)': '\(new)' cannot use it because '\(existing)' is already registered "
                    + "with it. Give one of them a distinct id."
            case .emptyTitle(let path):
                return "Empty title in '\(path)'. Every entry needs a title that is not only whitespace."
            case .emptyGroup(let path):
                return "Empty group name in '\(path)'. Group names must not be empty or only whitespace."
            case .slashInName(let name):
                return "'\(name)' contains '/', which separates groups in a path. Use another character."
            case .nulCharacter(let path):
                return "'\(path)' contains a NUL character, which entries cannot hold."
            }
        }
    }

    private struct State {
        var entries: [Entry<Handler>] = []
        var ids: [String: Int] = [:]
        var builder = SearchIndex.Builder()
        var generation = 0
        var snapshot: Snapshot<Handler>?
        var observers: [Int: @Sendable (Change) -> Void] = [:]
        var nextObserver = 0
    }

    private let state = Mutex(State())

    /// Creates an empty registry.
    public init() {}

    /// Registers one entry.
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - make: Builds the handler when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Error`` when the entry is invalid or its id is taken.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        make: @escaping @Sendable () throws -> Handler
    ) throws -> Entry<Handler> {
        let entry = Entry(title, in: groups, id: id, keywords: keywords, summary: summary, make: make)
        try register([entry])
        return entry
    }

    /// Registers a batch of entries, all or none.
    ///
    /// - Parameter entries: The entries.
    /// - Throws: ``Error`` for the first invalid entry or duplicate id, registering none of the batch.
    /// - Complexity: O(total text length) to fold the batch.
    public func register(_ entries: [Entry<Handler>]) throws {
        guard !entries.isEmpty else { return }
        for entry in entries { try Registry.validate(entry) }
        let observers = try state.withLock { state -> [@Sendable (Change) -> Void] in
            // Claim the ids first, undoing the claims if one is taken, so a refused batch changes nothing.
            state.ids.reserveCapacity(state.ids.count + entries.count)
            for (position, entry) in entries.enumerated() {
                let claimed = state.entries.count + position
                if let existing = state.ids.updateValue(claimed, forKey: entry.id) {
                    state.ids[entry.id] = existing
                    for (offset, earlier) in entries[..<position].enumerated()
                    where state.ids[earlier.id] == state.entries.count + offset {
                        state.ids.removeValue(forKey: earlier.id)
                    }
                    let existingPath =
                        existing < state.entries.count
                        ? state.entries[existing].path : entries[existing - state.entries.count].path
                    throw Error.duplicateID(entry.id, existing: existingPath, new: entry.path)
                }
            }
            state.entries.reserveCapacity(state.entries.count + entries.count)
            for entry in entries {
                state.entries.append(entry)
                let path = entry.path
                state.builder.append(
                    path: path, titleStart: path.utf8.index(path.utf8.endIndex, offsetBy: -entry.title.utf8.count),
                    keywords: entry.keywords)
            }
            state.generation += 1
            state.snapshot = nil
            return Array(state.observers.values)
        }
        let change = Change.added(entries.map(\.id))
        for observer in observers { observer(change) }
    }

    /// Registers the entries a block lists, all or none.
    ///
    /// - Parameter build: `Entry` expressions, with `if` and `for` as needed.
    /// - Throws: ``Error``, registering none of them.
    public func register(@EntriesBuilder<Handler> _ build: () -> [Entry<Handler>]) throws {
        try register(build())
    }

    /// The number of entries.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The entry with an id.
    ///
    /// - Complexity: O(1).
    public func entry(id: String) -> Entry<Handler>? {
        state.withLock { state in state.ids[id].map { state.entries[$0] } }
    }

    /// The entries at this moment, indexed for search. Taking a snapshot after a change sorts the entries once;
    /// later calls reuse it.
    ///
    /// - Complexity: O(1) when nothing changed; O(n log n) after a change.
    public func snapshot() -> Snapshot<Handler> {
        let (cached, entries, builder, generation) = state.withLock { state in
            (state.snapshot, state.entries, state.builder, state.generation)
        }
        if let cached { return cached }
        let made = Registry.makeSnapshot(entries: entries, builder: builder, generation: generation)
        state.withLock { state in
            if state.generation == generation { state.snapshot = made }
        }
        return made
    }

    /// Searches the registry.
    ///
    /// - Parameters:
    ///   - text: The query.
    ///   - fuzzy: Whether terms match as subsequences.
    /// - Returns: The matching entries in result order.
    public func search(_ text: String, fuzzy: Bool = false) -> [Entry<Handler>] {
        let snapshot = snapshot()
        let entries = state.withLock { $0.entries }
        return snapshot.search(text, fuzzy: fuzzy).map { entries[Int($0)] }
    }

    /// Calls `observer` after every change, on the thread that made it.
    ///
    /// - Parameter observer: The function to call.
    /// - Returns: A token; the observer stays registered while you keep it, until ``Observation/cancel()``.
    public func observe(_ observer: @escaping @Sendable (Change) -> Void) -> Observation {
        let key = state.withLock { state in
            let key = state.nextObserver
            state.nextObserver += 1
            state.observers[key] = observer
            return key
        }
        return Observation { [weak self] in _ = self?.state.withLock { $0.observers.removeValue(forKey: key) } }
    }

    /// The changes from now on, as an asynchronous sequence.
    public func changes() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream()
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    // MARK: - Validation and snapshots

    private static func validate(_ entry: Entry<Handler>) throws {
        if isBlank(entry.title) { throw Error.emptyTitle(path: entry.path) }
        if entry.groups.contains(where: isBlank) { throw Error.emptyGroup(path: entry.path) }
        if let slashed = (entry.groups + [entry.title]).first(where: { $0.utf8.contains(0x2F) }) {
            throw Error.slashInName(slashed)
        }
        if ([entry.title, entry.summary] + entry.groups + entry.keywords).contains(where: { $0.utf8.contains(0) }) {
            throw Error.nulCharacter(path: entry.path)
        }
    }

    /// Whether text is empty or only whitespace, checking ASCII bytes before any grapheme breaking.
    private static func isBlank(_ text: String) -> Bool {
        if let byte = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }), byte < 0x80 {
            return false
        }
        return text.allSatisfy(\.isWhitespace)
    }

    private static func makeSnapshot(
        entries: [Entry<Handler>], builder: SearchIndex.Builder, generation: Int
    ) -> Snapshot<Handler> {
        var bytes: [UInt8] = []
        var bounds: [UInt32] = []
        bounds.reserveCapacity(entries.count * 3)
        for entry in entries {
            bounds.append(UInt32(bytes.count))
            bytes.append(contentsOf: entry.path.utf8)
            bounds.append(UInt32(bytes.count))
            bytes.append(0)
            bytes.append(contentsOf: entry.keywords.joined(separator: "\0").utf8)
            bounds.append(UInt32(bytes.count))
        }
        let details = entries.map { EntryTable.Details(id: $0.id, summary: $0.summary) }
        let table = EntryTable(bytes: bytes, bounds: bounds, keywordSeparator: 0, details: details)
        let index = builder.build { a, b in
            let x = entries[Int(a)]
            let y = entries[Int(b)]
            if !x.title.utf8.elementsEqual(y.title.utf8) { return x.title.utf8.lexicographicallyPrecedes(y.title.utf8) }
            let (px, py) = (x.path, y.path)
            if !px.utf8.elementsEqual(py.utf8) { return px.utf8.lexicographicallyPrecedes(py.utf8) }
            return x.id.utf8.lexicographicallyPrecedes(y.id.utf8)
        }
        return Snapshot(table: table, index: index, generation: generation, factories: entries.map(\.make))
    }
}

/// A registration of an observer; cancel it to stop receiving changes.
public final class Observation: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = Mutex(onCancel) }

    /// Stops the observer. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
