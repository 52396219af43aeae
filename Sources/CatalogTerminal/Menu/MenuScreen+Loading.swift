import CatalogKit

extension MenuScreen {
    /// A catalog loaded in the background: the entries and their grouping.
    struct Loaded: Sendable {
        var snapshot: Snapshot<any Screen>
        var hierarchy: Hierarchy
        /// The history's shelves in it, worked out off the input path too.
        var shelves: Shelves
        /// Whether this is all of the catalog, or what a stream has brought so far.
        var complete = true
    }

    /// Why a catalog could not be loaded.
    struct LoadFailure: Error, Sendable {
        var message: String
    }

    /// The lane of the job that loads the catalog.
    static let loadLane = JobLane<Result<Loaded, LoadFailure>>("menu.load")

    /// Creates a menu that loads its catalog in a background job, so the first frame appears at once and keys
    /// typed meanwhile go into the filter.
    ///
    /// - Parameters:
    ///   - description: What is loading, for the loading line ("titles.txt").
    ///   - title: The root's title in the breadcrumb.
    ///   - maxChildren: The most children a level shows; at least 2.
    ///   - fuzzy: Whether the filter matches fuzzily.
    ///   - background: Whether to search in background jobs; `nil` decides by the catalog's size.
    ///   - preview: Where the preview pane goes.
    ///   - load: Reads the catalog; an error ends the menu with ``loadError`` set to its description.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        loading description: String, title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false,
        background: Bool? = nil, preview: PreviewPlacement = .auto,
        load: @escaping @Sendable () throws -> Snapshot<any Screen>
    ) throws {
        try self.init(
            loading: description,
            options: Options(
                title: title, maxChildren: maxChildren, fuzzy: fuzzy, background: background, preview: preview),
            load: load)
    }

    /// Creates a menu with options that loads its catalog in a background job.
    ///
    /// - Parameters:
    ///   - description: What is loading, for the loading line ("titles.txt").
    ///   - options: How it behaves; its `--query` shows in the filter while the catalog loads.
    ///   - load: Reads the catalog; an error ends the menu with ``loadError`` set to its description.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        loading description: String, options: Options, load: @escaping @Sendable () throws -> Snapshot<any Screen>
    ) throws {
        let empty: Snapshot<any Screen> = try CatalogFile.parse([])
        try self.init(source: .fixed(empty), options: options)
        loadingWhat = description
        if let query = options.query { filter = Filter(text: query, caret: query.count) }
        let (title, maxChildren, history, now) = (options.title, options.maxChildren, options.history, options.now)
        loader = Job(Self.loadLane) { _ in
            Result {
                let snapshot = try load()
                return Loaded(
                    snapshot: snapshot, hierarchy: try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren),
                    shelves: Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: now))
            }.mapError { LoadFailure(message: "\($0)") }
        }
    }

    /// Creates a menu whose catalog streams in (from a pipe, say): its first frame shows at once, each step's
    /// entries show as they arrive, and keys work from the start.
    ///
    /// - Parameters:
    ///   - description: What is read, for the status line ("standard input").
    ///   - options: How it behaves.
    ///   - step: Reads for a while and returns the whole catalog read so far, and whether the input has ended; an
    ///     error ends the menu with ``loadError`` set to its description.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        streaming description: String, options: Options,
        step: @escaping @Sendable () throws -> (snapshot: Snapshot<any Screen>, complete: Bool)
    ) throws {
        let empty: Snapshot<any Screen> = try CatalogFile.parse([])
        try self.init(source: .fixed(empty), options: options)
        loadingWhat = description
        streamingWhat = description
        if let query = options.query { filter = Filter(text: query, caret: query.count) }
        let (title, maxChildren, history, now) = (options.title, options.maxChildren, options.history, options.now)
        loader = Job(Self.loadLane) { _ in
            Result {
                let (snapshot, complete) = try step()
                return Loaded(
                    snapshot: snapshot, hierarchy: try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren),
                    shelves: Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: now),
                    complete: complete)
            }.mapError { LoadFailure(message: "\($0)") }
        }
        streamStep = loader
    }

    /// Whether the catalog is still loading: nothing of it has arrived yet.
    public var isLoading: Bool { loadingWhat != nil }

    /// How often the spinner turns while a stream is read.
    static let spinnerStep = Duration.milliseconds(125)

    /// Starts the loading job on the first event, and the spinner's clock for a stream.
    mutating func startLoading() -> Action {
        guard let job = loader else { return .none }
        loader = nil
        return streamingWhat == nil ? .run(job) : .batch([.run(job), .tick(after: Self.spinnerStep)])
    }

    /// Turns the spinner one step while a stream is read, and asks for the next step; once the input has ended,
    /// the clock stops.
    mutating func turnSpinner() -> Action {
        guard streamingWhat != nil else { return .none }
        spinner += 1
        return .tick(after: Self.spinnerStep)
    }

    /// Takes in a finished job: a loaded catalog or a search.
    mutating func finish(_ result: JobResult) -> Action {
        if let loaded = result.value(of: Self.loadLane) {
            return finishLoading(loaded)
        }
        if let outcome = result.value(of: Self.searchLane) {
            return show(outcome)
        }
        if let outcome = result.value(of: Self.previewLane) {
            keep(outcome)
        }
        if let saved = result.value(of: Self.historyLane) {
            return finishSaving(saved)
        }
        return .none
    }

    private mutating func finishLoading(_ result: Result<Loaded, LoadFailure>) -> Action {
        loadingWhat = nil
        switch result {
        case .failure(let failure):
            loadError = failure.message
            return .quit
        case .success(let loaded) where !loaded.complete || streamingWhat != nil:
            // A step of a stream: show what has come, keeping the levels and the filter, and read on.
            let titles = levels.dropFirst().map { title(of: $0.item) }
            snapshot = loaded.snapshot
            hierarchy = loaded.hierarchy
            adopt(loaded.shelves)
            if loaded.complete { streamingWhat = nil }
            levels = [Level(item: .node(hierarchy.root))]
            for title in titles {
                guard let item = items(in: levels[levels.count - 1].item).first(where: { self.title(of: $0) == title })
                else { break }
                levels.append(Level(item: item))
            }
            keepCursorVisible()
            let next: Action = loaded.complete ? .none : (streamStep.map { .run($0) } ?? .none)
            guard let current = filter else { return .batch([next, loaded.complete ? begin() : .none]) }
            let search = startFilter(with: current.text)
            filter?.caret = current.caret
            return .batch([next, search])
        case .success(let loaded):
            snapshot = loaded.snapshot
            hierarchy = loaded.hierarchy
            adopt(loaded.shelves)
            levels = [Level(item: .node(hierarchy.root))]
            keepCursorVisible()
            guard let current = filter else { return begin() }
            // Keys typed while loading are the filter now.
            let action = startFilter(with: current.text)
            filter?.caret = current.caret
            return action
        }
    }

    /// Takes the shelves a loading job worked out from the history the menu was created with, unless the history
    /// changed since (a favourite toggled while a stream reads on): then they are worked out again from it.
    private mutating func adopt(_ loaded: Shelves) {
        if history == options.history { shelves = loaded } else { recomputeShelves() }
    }

    /// Re-reads a live registry that changed, keeping the levels that still exist.
    mutating func refreshIfChanged() -> Action {
        guard source.isLive else { return .none }
        let latest = source.snapshot()
        guard latest.generation != snapshot.generation,
            let rebuilt = try? Hierarchy(latest, rootTitle: rootTitle, maxChildren: maxChildren)
        else { return .none }
        let titles = levels.dropFirst().map { title(of: $0.item) }
        snapshot = latest
        hierarchy = rebuilt
        recomputeShelves()
        var rebuiltLevels = [Level(item: .node(rebuilt.root))]
        levels = rebuiltLevels
        for title in titles {
            guard
                let item = items(in: rebuiltLevels[rebuiltLevels.count - 1].item).first(where: {
                    self.title(of: $0) == title
                })
            else { break }
            rebuiltLevels.append(Level(item: item))
            levels = rebuiltLevels
        }
        levels = rebuiltLevels
        keepCursorVisible()
        if let current = filter {
            let action = startFilter(with: current.text)
            filter?.caret = current.caret
            return action
        }
        return .none
    }
}
