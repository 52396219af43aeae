import CatalogKit
import Synchronization

extension MenuScreen {
    /// Whether the catalog is still coming: the menu's one state for it.
    enum Phase: Sendable {
        /// Nothing of the catalog is in yet. Keys pressed meanwhile wait, in order, and are replayed on it when it
        /// comes; until then they act on an empty catalog, so typed text shows and Escape or Ctrl-C leave at once.
        case loading(Loading)
        /// Part of the catalog is in and more is coming (a pipe): what has come is browsed and filtered as usual,
        /// and each step moves the view onto the larger catalog by ``rebase(onto:)``.
        case streaming(Streaming)
        /// A file's top level is in (``Hierarchy/provisional(_:rootTitle:maxChildren:)``) while its entries are
        /// sorted and grouped: it is drawn, the highlight moves over it, and the filter searches the entries in the
        /// order read; every other key waits for the whole.
        case topLevel(TopLevel)
        /// All of it is in.
        case ready
    }

    /// A file's top level, shown while the rest of it is made.
    struct TopLevel: Sendable {
        /// What is loading, for the status line.
        var what: String
        /// Keys pressed since, but for moves over the top level, to replay in order on the whole catalog.
        var pending: [Key] = []
        /// The spinner's step.
        var spinner = 0
    }

    /// A catalog being loaded.
    struct Loading: Sendable {
        /// What is loading, for the status line ("titles.txt", "standard input").
        var what: String
        /// The job that loads it: all of it, or a stream's step, which comes back with part of the catalog and is
        /// run again.
        var job: Job
        /// Whether the job is a stream's step.
        var streams: Bool
        /// Whether the menu has opened and started the job.
        var started = false
        /// Keys pressed while nothing is in, to replay in order.
        var pending: [Key] = []
    }

    /// A catalog streaming in.
    struct Streaming: Sendable {
        /// What is being read, for the status line.
        var what: String
        /// The job that reads the next step.
        var step: Job
        /// The spinner's step, which turns on a clock (``spinnerStep``) however long a step takes.
        var spinner = 0
    }

    /// `--select-1` and `--exit-0`, carried out once the whole catalog and the first search are in, as fzf waits for
    /// its input to end.
    struct StartChecks: Sendable {
        var selectOne: Bool
        var exitZero: Bool
    }

    /// A catalog loaded in the background: the entries, their grouping and the history's shelves in them, and
    /// which part of it this is.
    struct Loaded: Sendable {
        /// How much of the catalog a load brings.
        enum Stage: Sendable, Equatable {
            /// All of it.
            case whole
            /// What a stream has brought so far: its job is run again for the next step.
            case step
            /// A file's top level, its whole to follow from the same job.
            case topLevel
        }

        var catalog: Catalog
        var stage = Stage.whole
    }

    /// Why a catalog could not be loaded.
    struct LoadFailure: Error, Sendable {
        var message: String
    }

    /// The lane of the job that loads the catalog or reads a stream's next step.
    static let loadLane = JobLane<Result<Loaded, LoadFailure>>("menu.load")

    /// How often the spinner turns while a stream is read.
    static let spinnerStep = Duration.milliseconds(125)

    /// Creates a menu that loads its catalog in a background job, so the first frame appears at once and keys
    /// pressed meanwhile are replayed, in order, once it is in.
    ///
    /// - Parameters:
    ///   - description: What is loading, for the loading line ("titles.txt").
    ///   - options: How it behaves; its `--query` shows in the filter while the catalog loads.
    ///   - load: Reads the catalog; an error ends the menu with ``loadError`` set to its description.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        loading description: String, options: Options = Options(),
        load: @escaping @Sendable () throws -> Snapshot<any Screen>
    ) throws {
        try self.init(loading: description, options: options) { title, maxChildren in
            let snapshot = try load()
            return (snapshot, try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren))
        }
    }

    /// Creates a menu that loads its catalog in a background job, as ``init(loading:options:load:)`` does, from a
    /// loader that groups the entries itself, so the grouping can run while they are sorted
    /// (``CatalogFile/parseGrouped(_:format:rootTitle:maxChildren:)``).
    ///
    /// - Parameter loadGrouped: Reads and groups the catalog under the root title and the most children a level
    ///   shows that it is given (the options').
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        loading description: String, options: Options = Options(),
        loadGrouped:
            @escaping @Sendable (_ rootTitle: String, _ maxChildren: Int) throws -> (
                Snapshot<any Screen>, Hierarchy
            )
    ) throws {
        try self.init(loading: description, options: options) { title, maxChildren, _ in
            try loadGrouped(title, maxChildren)
        }
    }

    /// Creates a menu that loads its catalog in a background job, as ``init(loading:options:loadGrouped:)`` does,
    /// from a loader that may hand on the catalog's top level first (``Hierarchy/provisional(_:rootTitle:maxChildren:)``),
    /// which the menu shows while the rest is sorted and grouped.
    ///
    /// - Parameter loadInStages: Reads and groups the catalog, giving `topLevel` its top level once it has one.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    package init(
        loading description: String, options: Options = Options(),
        loadInStages:
            @escaping @Sendable (
                _ rootTitle: String, _ maxChildren: Int,
                _ topLevel: @escaping @Sendable (Snapshot<any Screen>, Hierarchy) -> Void
            ) throws -> (Snapshot<any Screen>, Hierarchy)
    ) throws {
        let job = Self.loadJob(options) { title, maxChildren, topLevel in
            let (snapshot, hierarchy) = try loadInStages(title, maxChildren, topLevel)
            return (snapshot, hierarchy, complete: true)
        }
        try self.init(
            source: .fixed(try CatalogFile.parse([])), options: options,
            phase: .loading(Loading(what: description, job: job, streams: false)))
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
        try self.init(streaming: description, options: options) { title, maxChildren in
            let (snapshot, complete) = try step()
            return (snapshot, try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren), complete)
        }
    }

    /// Creates a menu whose catalog streams in, as ``init(streaming:options:step:)`` does, from steps that group
    /// what they read themselves, so the grouping can run while the entries are sorted.
    ///
    /// - Parameter stepGrouped: Reads for a while and returns the whole catalog read so far, grouped under the
    ///   root title and the most children a level shows that it is given, and whether the input has ended.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        streaming description: String, options: Options,
        stepGrouped:
            @escaping @Sendable (_ rootTitle: String, _ maxChildren: Int) throws -> (
                snapshot: Snapshot<any Screen>, hierarchy: Hierarchy, complete: Bool
            )
    ) throws {
        let job = Self.loadJob(options) { title, maxChildren, _ in try stepGrouped(title, maxChildren) }
        try self.init(
            source: .fixed(try CatalogFile.parse([])), options: options,
            phase: .loading(Loading(what: description, job: job, streams: true)))
    }

    /// The job that reads and groups a catalog (or a stream's next step), off the input path: `read` is given the
    /// root's title and the most children a level shows, and groups with them.
    ///
    /// A top level handed on early (`read`'s third argument) goes to the menu at once, its shelves worked out from
    /// its table, which the whole catalog shares: they are kept for it.
    static func loadJob(
        _ options: Options,
        _ read:
            @escaping @Sendable (
                String, Int, _ topLevel: @escaping @Sendable (Snapshot<any Screen>, Hierarchy) -> Void
            ) throws -> (snapshot: Snapshot<any Screen>, hierarchy: Hierarchy, complete: Bool)
    ) -> Job {
        let (title, maxChildren, history, now) = (options.title, options.maxChildren, options.history, options.now)
        return Job(loadLane) { _, report in
            Result {
                let early = Mutex<Shelves?>(nil)
                let (snapshot, hierarchy, complete) = try read(title, maxChildren) { snapshot, level in
                    let shelves = Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: now)
                    early.withLock { $0 = shelves }
                    let catalog = Catalog(snapshot: snapshot, hierarchy: level, shelves: shelves)
                    report(.success(Loaded(catalog: catalog, stage: .topLevel)))
                }
                let shelves =
                    early.withLock { $0 }
                    ?? Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: now)
                return Loaded(
                    catalog: Catalog(snapshot: snapshot, hierarchy: hierarchy, shelves: shelves),
                    stage: complete ? .whole : .step)
            }.mapError { LoadFailure(message: "\($0)") }
        }
    }

    /// Whether the catalog is still loading: nothing of it has arrived yet.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// What is being read while the catalog loads or streams in.
    var readingWhat: String? {
        switch phase {
        case .loading(let loading): loading.what
        case .streaming(let streaming): streaming.what
        case .topLevel(let top): top.what
        case .ready: nil
        }
    }

    /// Opens the menu, on the first size it is told: starts loading, or, on a catalog that is all there, the
    /// search of `--query` and the checks of `--select-1` and `--exit-0`. The history's problem, if any, is shown
    /// once. Later sizes find nothing left to start.
    mutating func begin() -> Action {
        var actions: [Action] = []
        if let problem = announcement {
            announcement = nil
            actions.append(.status(problem.text(in: environment.locale)))
        }
        actions.append(noRoomForAskedPane())
        switch phase {
        case .loading(var loading):
            guard !loading.started else { break }
            loading.started = true
            phase = .loading(loading)
            actions.append(.run(loading.job))
            if loading.streams { actions.append(.tick(after: Self.spinnerStep)) }
        case .streaming, .topLevel:
            break
        case .ready:
            if let filter, !filter.hasSearched { actions.append(search(force: true)) }
            actions.append(settleStartChecks())
            actions.append(followRegistry())
        }
        if startEventDue {
            startEventDue = false
            actions.append(fire(.start))
        }
        return .batch(actions)
    }

    /// The lane of the job that waits for entries registered while the menu runs.
    static let registryLane = JobLane<Bool>("menu.registry")

    /// Waits in the background for entries registered while the menu runs (by another thread, a plugin), so they
    /// show without a key pressed; a fixed catalog has none to wait for.
    func followRegistry() -> Action {
        guard source.isLive else { return .none }
        let (source, seen) = (source, snapshot.generation)
        return .run(
            .waiting(Self.registryLane) { isCancelled in source.waitForChange(from: seen, isCancelled: isCancelled) })
    }

    /// Turns the spinner one step while a stream is read; once the input has ended, the clock stops.
    mutating func turnSpinner() -> Action {
        switch phase {
        case .streaming(var streaming):
            streaming.spinner += 1
            phase = .streaming(streaming)
            return .tick(after: Self.spinnerStep)
        case .loading(let loading) where loading.streams:
            return .tick(after: Self.spinnerStep)
        case .topLevel(var top):
            top.spinner += 1
            phase = .topLevel(top)
            return .tick(after: Self.spinnerStep)
        default:
            return .none
        }
    }

    /// Ends a held Backspace's grace once a tick finds a window passed without one (``Cleared``).
    mutating func settleCleared(at now: Duration) -> Action {
        guard case .cleared(var cleared) = mode else { return .none }
        if cleared.pressed {
            cleared.pressed = false
            cleared.quietSince = now
            mode = .cleared(cleared)
            return .tick(after: Cleared.window)
        }
        if let quiet = cleared.quietSince, now - quiet >= Cleared.window { mode = .browsing }
        return .none
    }

    /// Takes in a finished job: a loaded catalog, a search, a preview, a save or new entries.
    mutating func finish(_ result: JobResult) -> Action {
        if let loaded = result.value(of: Self.loadLane) { return finishLoading(loaded) }
        if let outcome = result.value(of: Self.searchLane) { return show(outcome) }
        if let outcome = result.value(of: Self.previewLane) { keep(outcome) }
        if let saved = result.value(of: Self.historyLane) { return finishSaving(saved) }
        if let changed = result.value(of: Self.registryLane) {
            return changed ? .batch([refreshIfChanged(), followRegistry()]) : .none
        }
        return .none
    }

    /// Takes in a catalog, or a stream's step of it: keys pressed while nothing was in are replayed on the first,
    /// in order; each later step moves the view onto the larger catalog by identity.
    private mutating func finishLoading(_ result: Result<Loaded, LoadFailure>) -> Action {
        let loaded: Loaded
        switch result {
        case .failure(let failure):
            loadError = failure.message
            return .quit
        case .success(let value):
            loaded = value
        }
        let catalog = adopted(loaded.catalog)
        var actions: [Action] = []
        switch phase {
        case .loading(let loading) where loaded.stage == .topLevel:
            // Shown unless something waits for the whole: --select-1 or --exit-0, and, where the top level can't be
            // searched, --query and keys typed already but moves. Keys replayed on a top level that can be searched
            // act or wait there, in order (pressOnTopLevel).
            let searchable = Self.searchesWhileSorting(catalog.snapshot)
            guard searchable || (loading.pending.allSatisfy(movesOnTopLevel) && options.query?.isEmpty ?? true),
                startChecks == nil
            else { return .none }
            phase = .topLevel(TopLevel(what: loading.what))
            return .batch([install(catalog), .tick(after: Self.spinnerStep)] + loading.pending.map { press($0) })
        case .topLevel(let top):
            guard loaded.stage == .whole else { return .none }
            phase = .ready
            // The top level's groups are the whole's, by number: the highlight stays where it is.
            actions.append(rebase(onto: catalog))
            for key in top.pending {
                let action = press(key)
                actions.append(action)
                if action.ends { return .batch(actions) }
            }
        case .loading(let loading):
            phase = loaded.stage == .whole ? .ready : .streaming(Streaming(what: loading.what, step: loading.job))
            if loaded.stage == .step { actions.append(.run(loading.job)) }
            actions.append(install(catalog))
            for key in loading.pending {
                let action = press(key)
                actions.append(action)
                if action.ends { return .batch(actions) }
            }
        case .streaming(let streaming):
            if loaded.stage == .whole { phase = .ready } else { actions.append(.run(streaming.step)) }
            actions.append(rebase(onto: catalog))
        case .ready:
            return .none
        }
        actions.append(settleStartChecks())
        if case .ready = phase { actions.append(fire(.load)) }
        return .batch(actions)
    }

    /// The catalog with shelves from the history the menu holds now: a load works them out from the history the
    /// menu started with, and a favourite toggled since would otherwise revert.
    private func adopted(_ catalog: Catalog) -> Catalog {
        guard history != options.history else { return catalog }
        var catalog = catalog
        catalog.shelves = Self.shelves(of: history, in: catalog.snapshot, maxChildren: maxChildren, now: options.now)
        return catalog
    }

    /// Shows the first catalog that came in, as the menu starts: at the root, with `--query` in the filter, in the
    /// mode the options ask for. The keys that waited for it are replayed on this, so what they did to the empty
    /// catalog (a switch of mode too) is not done twice.
    private mutating func install(_ catalog: Catalog) -> Action {
        snapshot = catalog.snapshot
        hierarchy = catalog.hierarchy
        shelves = catalog.shelves
        levels = [Level(item: .node(hierarchy.root))]
        mode = .browsing
        matching = options.fuzzy ? .fuzzy : .exact
        // Ctrl-P and F4 acted on the empty catalog too: replayed, they act from the start again, once.
        queryHistory = options.queryHistory.map(QueryHistory.init)
        preview.visibility = options.previewHidden ? .hidden : .automatic
        guard let text = options.query, !text.isEmpty else { return .none }
        mode = .filtering(Filter(text: text, query: query(for:)))
        return search(force: true)
    }

    /// Re-reads a live registry that gained entries, keeping the levels, the highlight and the filter.
    mutating func refreshIfChanged() -> Action {
        guard let generation = source.generation, generation != snapshot.generation else { return .none }
        let latest = source.snapshot()
        guard let rebuilt = try? Hierarchy(latest, rootTitle: options.title, maxChildren: maxChildren) else {
            return .none
        }
        preview.cache = [:]
        let shelves = Self.shelves(of: history, in: latest, maxChildren: maxChildren, now: options.now)
        return rebase(onto: Catalog(snapshot: latest, hierarchy: rebuilt, shelves: shelves))
    }

    /// Carries out `--select-1` (pick the one match) and `--exit-0` (quit when none) once: when the whole catalog is
    /// in and the filter's hits answer its text.
    mutating func settleStartChecks() -> Action {
        guard let checks = startChecks, case .ready = phase else { return .none }
        let count: Int
        let first: UInt32?
        switch mode {
        case .browsing, .cleared:
            count = snapshot.count
            first = snapshot.recordsInOrder.first
        case .filtering(let filter):
            // Hits of the text typed, found in this catalog: a stream's last step searches again, and until that
            // search is in, the hits kept from the step before would miss what the step brought.
            guard filter.isCurrent, filter.results?.catalog == catalogVersion else { return .none }
            count = filter.hits.count
            first = filter.shown.first
        }
        startChecks = nil
        if checks.selectOne, count == 1, let first {
            decidedAlone = true
            return open(record: first)
        }
        if checks.exitZero, count == 0 {
            foundNothing = true
            decidedAlone = true
            return .quit
        }
        return .none
    }
}
