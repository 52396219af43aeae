import Synchronization

/// A thread-safe registry of titled entries, searchable and groupable.
///
/// Register entries in code, one call each or a batch at once; take a `Snapshot` to search, list or group
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
        /// Two entries have the same id: the path of the one registered first and where it was registered, and
        /// the path of the one refused. Boxed, so the error stays small: held inline, its payload made Swift 6.3's
        /// `#expect(throws:)` abort an async test ("freed pointer was not the last allocation").
        indirect case duplicateID(String, existing: String, new: String, existingAt: SourcePosition? = nil)
        /// A title is empty or only whitespace.
        case emptyTitle(path: String)
        /// A group name is empty or only whitespace.
        case emptyGroup(path: String)
        /// A title or group name contains "/", which separates path components.
        case slashInName(String)
        /// Text contains a NUL character.
        case nulCharacter(path: String)
        /// Something the entry carries is wrong (a scenario, say): the sentence says what and how to fix it.
        case invalid(path: String, problem: String)
        /// One of the problems above, in the entry described at a place in the source.
        indirect case at(SourcePosition, Error)

        /// The problem, wherever it was found.
        public var reason: Error {
            if case .at(_, let error) = self { return error.reason }
            return self
        }

        public var description: String {
            switch self {
            case .duplicateID(let id, let existing, let new, let place):
                let first = place.map { " at \($0)" } ?? ""
                guard existing != new else {
                    return "Duplicate id '\(id)': '\(new)' is registered twice, first\(first). Remove one, or give "
                        + "one of them a distinct id."
                }
                return "Duplicate id '\(id)': '\(new)' cannot use it because '\(existing)' has it, registered"
                    + "\(first.isEmpty ? " before" : first). Give one of them a distinct id."
            case .emptyTitle(let path):
                return "Empty title in '\(path)'. Every entry needs a title that is not only whitespace."
            case .emptyGroup(let path):
                return "Empty group name in '\(path)'. Group names must not be empty or only whitespace."
            case .slashInName(let name):
                return "'\(name)' contains '/', which separates groups in a path. Use another character."
            case .nulCharacter(let path):
                return "'\(path)' contains a NUL character, which entries cannot hold."
            case .invalid(let path, let problem):
                return "'\(path)': \(problem)"
            case .at(let place, .duplicateID(let id, _, let new, let first?)) where first == place:
                // One call ran twice (a register function called twice): the place to change is its caller.
                return "\(place): Duplicate id '\(id)': '\(new)' is registered twice by this same call, so the code "
                    + "that makes it runs twice. Register it once."
            case .at(let place, let error):
                return "\(place): \(error)"
            }
        }
    }

    private struct State {
        var entries: [Entry<Handler>] = []
        var ids = IDTable()
        var builder = SearchIndex.Builder()
        /// The entries' text as a snapshot's table holds it: each path, a NUL, and the keywords joined by NULs.
        var text = Batch.Text()
        var registered = EntryTable.Registered()
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
    ///   - file: Where the entry is registered; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the handler when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Error`` when the entry is invalid or its id is taken, at the place it was registered.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        file: String = #fileID, line: Int = #line, make: @escaping @Sendable () throws -> Handler
    ) throws -> Entry<Handler> {
        let entry = Entry(
            title, in: groups, id: id, keywords: keywords, summary: summary, file: file, line: line, make: make)
        try register([entry])
        return entry
    }

    /// Registers one entry with controls, whose factory receives their values.
    ///
    /// ```swift
    /// try registry.register(
    ///     "Counter", in: ["Basics"], controls: [.integer("start", default: 0, in: 0...100_000), .boolean("compact")]
    /// ) { values in
    ///     CounterScreen(start: values.integer("start"), compact: values.boolean("compact"))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - controls: Typed parameters with defaults; each name once, each default one its control takes.
    ///   - file: Where the entry is registered; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the handler from the controls' values when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Error`` when the entry or a control is invalid or its id is taken, at the place it was registered.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        controls: [Control], file: String = #fileID, line: Int = #line,
        make: @escaping @Sendable (ControlValues) throws -> Handler
    ) throws -> Entry<Handler> {
        let entry = Entry(
            title, in: groups, id: id, keywords: keywords, summary: summary, controls: controls, file: file, line: line,
            make: make)
        try register([entry])
        return entry
    }

    /// Registers a batch of entries, all or none.
    ///
    /// The batch is checked, its ids hashed and its text folded before the registry is locked, on the cores for a
    /// large batch; under the lock only the ids are claimed and the prepared text appended.
    ///
    /// - Parameter entries: The entries.
    /// - Throws: ``Error`` for the first invalid entry or duplicate id, registering none of the batch.
    /// - Complexity: O(total text length) to fold the batch, outside the lock; O(n) expected under it.
    public func register(_ entries: [Entry<Handler>]) throws {
        guard !entries.isEmpty else { return }
        let batch = try Batch(entries)
        let observers = try state.withLock { state -> [@Sendable (Change) -> Void] in
            // Claim the ids first, undoing the claims if one is taken, so a refused batch changes nothing.
            let first = state.entries.count
            let registered = state.entries
            // The batch's ids were checked against each other; check them against the registry's up to the first
            // repeat within the batch, so the error names the earliest entry whose id is taken.
            let checked = batch.duplicate?.position ?? entries.count
            for position in 0..<(first == 0 ? 0 : checked) {
                if let existing = state.ids.find(
                    batch.hashes[position], matching: { registered[$0].id == entries[position].id })
                {
                    throw Error.at(
                        entries[position].source,
                        .duplicateID(
                            entries[position].id, existing: registered[existing].path, new: entries[position].path,
                            existingAt: registered[existing].source))
                }
            }
            if let (position, earlier) = batch.duplicate {
                throw Error.at(
                    entries[position].source,
                    .duplicateID(
                        entries[position].id, existing: entries[earlier].path, new: entries[position].path,
                        existingAt: entries[earlier].source))
            }
            state.ids.append(batch.ids, from: first)
            if state.entries.isEmpty {
                // The first batch is taken as it is, without copying.
                state.entries = entries
                state.builder = batch.builder
                state.text = batch.text
            } else {
                state.entries.append(contentsOf: entries)
                _ = state.builder.append(contentsOf: batch.builder)
                state.text.append(batch.text)
            }
            for (position, id) in batch.registered.ids { state.registered.ids[UInt32(first) + position] = id }
            for (position, summary) in batch.registered.summaries {
                state.registered.summaries[UInt32(first) + position] = summary
            }
            state.generation += 1
            state.snapshot = nil
            return Array(state.observers.values)
        }
        // Ids are made only for observers to hear: a million default ids would cost more than registering.
        guard !observers.isEmpty else { return }
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
        let hash = IDHash.of(id)
        return state.withLock { state in
            state.ids.find(hash) { state.entries[$0].id == id }.map { state.entries[$0] }
        }
    }

    /// A number that changes whenever an entry is registered, to tell cheaply whether a snapshot is still current.
    ///
    /// - Complexity: O(1).
    public var generation: Int { state.withLock { $0.generation } }

    /// The entries at this moment, indexed for search. Taking a snapshot after a change sorts the entries once;
    /// later calls reuse it.
    ///
    /// - Complexity: O(1) when nothing changed; O(n log n) after a change.
    package func snapshot() -> Snapshot<Handler> {
        let (cached, entries, builder, text, registered, generation) = state.withLock { state in
            (state.snapshot, state.entries, state.builder, state.text, state.registered, state.generation)
        }
        if let cached { return cached }
        let made = Registry.makeSnapshot(
            entries: entries, builder: builder, text: text, registered: registered, generation: generation)
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

    // MARK: - Snapshots

    /// Sorts the entries and makes a snapshot; the text and the folded index were prepared at registration.
    ///
    /// - Complexity: O(n + K) for n entries and K key bytes (see ``KeySort``).
    private static func makeSnapshot(
        entries: [Entry<Handler>], builder: SearchIndex.Builder, text: Batch.Text, registered: EntryTable.Registered,
        generation: Int
    ) -> Snapshot<Handler> {
        let table = EntryTable(bytes: text.bytes, bounds: text.bounds, keywordSeparator: 0, registered: registered)
        var index = builder.build { a, b in
            // Raw title, then raw path, compared as bytes; equal paths differ in their ids.
            let byTitle = table.withPathBytes(Int(a)) { x in
                table.withPathBytes(Int(b)) { y in Batch.compare(Batch.title(of: x), Batch.title(of: y)) }
            }
            if byTitle != 0 { return byTitle < 0 }
            let byPath = table.withPathBytes(Int(a)) { x in table.withPathBytes(Int(b)) { y in Batch.compare(x, y) } }
            if byPath != 0 { return byPath < 0 }
            return entries[Int(a)].id.utf8.lexicographicallyPrecedes(entries[Int(b)].id.utf8)
        }
        index.table = table
        var controls: [Int: Snapshot<Handler>.Controlled] = [:]
        for (record, entry) in entries.enumerated() where !entry.controls.isEmpty {
            controls[record] = Snapshot.Controlled(controls: entry.controls) { try entry.make(with: $0) }
        }
        return Snapshot(
            table: table, index: index, generation: generation, factories: entries.map(\.make), controls: controls)
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
