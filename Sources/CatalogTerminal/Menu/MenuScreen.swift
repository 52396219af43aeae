import CatalogKit
import Foundation

/// The launcher's menu: the grouped hierarchy one level at a time, and a live filter across the whole catalog.
///
/// Browsing shows at most `maxChildren` items of the current level; in the built-in launcher the first ten are
/// numbered 1–9 and 0 so a digit opens one. Every printable key goes into the filter (in a picker, digits too):
/// each keystroke searches the whole catalog and lists the hits flat, with their group path dimmed and the matched
/// text highlighted. F6 switches the filter between exact and fuzzy matching, shown in the status line. Escape goes
/// back one step: it clears the filter, or goes up a level, and at the root it leaves.
///
/// The menu is explicit states:
/// - ``Phase``: whether the catalog is still loading (keys wait for it, in order), streaming in (what has come is
///   browsed as usual), or ready. Only ``handle(_:)`` moves between them, on the events that cause it.
/// - ``Mode``: browsing the levels, or filtering with a ``Filter`` that holds its text, its hits and its search.
/// - The levels the user has open, each with its cursor and scroll.
///
/// When the catalog changes under the user (a stream step, the shelves, a favourite, a registry that gained
/// entries), ``rebase(onto:)`` moves the levels, the highlight and the marks onto the new grouping by what each
/// node is, never by its row: the highlighted entry stays highlighted, on the same row of the screen.
///
/// Opening an entry of a registry calls its factory and pushes the screen it makes; opening an entry of a fixed
/// catalog (a file) picks it: the menu records it in ``picked`` and quits.
package struct MenuScreen: Screen {
    /// One level of the hierarchy being browsed, with the cursor to come back to.
    struct Level: Sendable {
        var item: Item
        var cursor = 0
        var scroll = 0
    }

    /// What a level lists, and what an item of a level is: a node of the hierarchy, or one of the launcher's own
    /// shelves at the root, the entries opened lately and the favourites.
    enum Item: Sendable, Hashable {
        case node(Hierarchy.Node)
        case shelf(Shelf)
    }

    /// The launcher's shelves, listed at the root after the catalog's own items, unnumbered, so the digits of the
    /// catalog's items never change when a shelf appears.
    enum Shelf: Sendable, Hashable, CaseIterable {
        case recent, favourites

        var title: String { self == .recent ? "Recent" : "Favourites" }
    }

    /// What the user is doing: browsing the levels, or filtering the whole catalog.
    enum Mode: Sendable {
        case browsing
        /// Browsing, the filter having just been emptied by deleting its last character: while Backspace keeps
        /// coming, as a held key repeats, it does nothing, where browsing it goes up a level. A pause of
        /// ``Cleared/window`` or any other key browses as usual.
        case cleared(Cleared)
        case filtering(Filter)
    }

    /// Backspace held after it emptied the filter, told apart from a deliberate press by the pause before it.
    ///
    /// Keys carry no time, so the menu learns it from ticks: each Backspace asks for one a window later, and the
    /// first tick after a Backspace starts the quiet time. Browsing resumes once a tick finds the window passed with
    /// no Backspace: between one and two windows after the last.
    struct Cleared: Sendable, Hashable {
        /// Longer than a held key's repeat (30–100 ms) and most of its first delay, shorter than a pause to read.
        static let window = Duration.milliseconds(500)

        /// Whether a Backspace came since the last tick.
        var pressed = true
        /// The tick from which no Backspace has come.
        var quietSince: Duration?
    }

    /// A search whose catalog's entries times its query's terms reach this runs as a background job, so typing never
    /// waits for a scan; a smaller one is made at once, within the keystroke.
    public static let backgroundSearchThreshold = 100_000

    /// How a menu behaves: what its command line asked for.
    /// A step of a catalog streaming in: reads for a while and returns all of it read so far, grouped under the root
    /// title and the most children a level shows, and whether the input has ended.
    package typealias StreamStep =
        @Sendable (_ rootTitle: String, _ maxChildren: Int) throws -> (
            snapshot: Snapshot<any Screen>, hierarchy: Hierarchy, complete: Bool
        )

    public struct Options: Sendable {
        /// The root's title in the breadcrumb.
        public var title = "Catalog"
        /// The most children a level shows; at least 2.
        public var maxChildren = 10
        /// Whether the filter matches fuzzily at the start; a key switches it live (``MenuKeys/Command/toggleExact``).
        public var fuzzy = false
        /// Whether a term with a capital or an accented letter matches its case or accent, as in fzf (a picker's
        /// default; ``Query``).
        public var smartCase = false
        /// Whether exact hits are ranked by score, as fuzzy ones are, rather than listed in search order: a picker's,
        /// as fzf's `--exact` ranks them (``SearchIndex/rankedByScore(_:for:)``).
        public var ranksExactHits = false
        /// Whether the list was read with `--flat` or `--delimiter`, where a `/` inside a name is held as `∕`
        /// (``CatalogFile/Format``): titles show it as the `/` the line had, as `ps` and `git log` print it.
        public var slashesInNames = false
        /// Whether searches run as jobs; `nil` does so from ``backgroundSearchThreshold`` (entries times terms).
        public var background: Bool?
        /// Where the preview pane goes.
        public var preview = PreviewPlacement.auto
        /// Whether the pane starts hidden, to show where ``preview`` puts it at F4 (`--preview-window down,hidden`).
        package var previewHidden = false
        /// Whether a preview command's long lines wrap in the pane (`--preview-window wrap`), rather than being cut.
        package var previewWraps = false
        /// The filter's earlier queries, oldest first (`--history FILE`), which `previous-history` and
        /// `next-history` step through.
        package var queryHistory: [String]?
        /// Whether Tab marks entries (and groups) to pick several.
        public var multi = false
        /// The filter's text at the start (`--query`).
        public var query: String?
        /// A line shown above the list (`--header`).
        public var header: String?
        /// The filter's prompt (`--prompt`), shown from the start as fzf shows its own, so the list stays where it
        /// is when typing starts; `nil` shows `/ ` once the user types, and the list has the row until then.
        public var prompt: String?
        /// Where the status line's counts go (fzf's `--info`).
        package var info = InfoStyle.default
        /// Pick at once when exactly one entry matches at the start (`--select-1`).
        public var selectOne = false
        /// Quit at once when nothing matches at the start (`--exit-0`).
        public var exitZero = false
        /// What the user opened before, for the Recent and Favourites shelves and for ranking; `nil` turns both off.
        public var history: History?
        /// Where openings and favourites are saved, by jobs; `nil` keeps them for this run only.
        public var historyStore: HistoryStore?
        /// Why there is no history, when there is none, for the message a favourite key gets.
        package var historyOff = HistoryOff.asked
        /// A command whose output previews an entry of a catalog file, `{}` standing for its line, `{q}` for the
        /// query, `{+}` for the marked entries and `{1}` for a field (fzf's `--preview`).
        public var previewCommand: String?
        /// How the lines divide into fields for the placeholders `{1}`, `{2..}` (`--delimiter`, as fzf's).
        package var fieldDelimiter = ShellCommand.FieldDelimiter.whitespace
        /// The fields of each line the filter searches (fzf's `--nth`); `nil` searches the whole line.
        package var searchedFields: FieldSearch?
        /// The order the filter's hits start in, which `toggle-sort` switches: as listed with `--no-sort`.
        package var hitOrder = HitOrder.bestFirst
        /// The shell the preview command runs in: the user's `$SHELL`, as fzf's, or `/bin/sh`.
        public var shell = "/bin/sh"
        /// Makes the steps of a list read from a shell command's output (`reload(…)`), given the command, placeholders
        /// expanded, the shell, and whether a step waits for the output's end (`reload-sync(…)`); `nil` where the menu
        /// has no list to read again (the built-in catalog).
        package var reload: (@Sendable (_ command: String, _ shell: String, _ waitingForEnd: Bool) -> StreamStep)?
        /// fzf's `--disabled`: the filter's text filters nothing; it is there for commands' `{q}`
        /// (`change:reload(rg {q})`).
        package var disabled = false
        /// How much of the menu the preview pane takes (`--preview-window`'s size); the layout's own share without.
        package var previewSize: PreviewSize?
        /// Where a preview command's output starts in the pane, as fzf's `--preview-window +{2}-5` says.
        package var previewScroll: PreviewScroll?
        /// Keys that pick as Enter does (fzf's `--expect`), each with the name it is printed by.
        public var expectedKeys: [Key: String] = [:]
        /// Whether ↑ on the first row goes to the last, and ↓ on the last to the first (fzf's `--cycle`).
        public var cycle = false
        /// A problem found loading the history, shown once in the status line.
        package var historyProblem: HistoryStore.LoadProblem?
        /// The time frecency is measured from.
        public var now = Date(timeIntervalSince1970: 0)
        /// Keys bound to other commands (`--bind`), ahead of the defaults.
        public var bindings: [MenuKeys.Binding] = []

        public init(
            title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false, background: Bool? = nil,
            preview: PreviewPlacement = .auto
        ) {
            self.title = title
            self.maxChildren = maxChildren
            self.fuzzy = fuzzy
            self.background = background
            self.preview = preview
        }
    }

    let source: MenuSource
    /// What the command line asked for.
    let options: Options
    /// The keys, with the user's bindings first.
    let keys: MenuKeys
    /// The most children a level shows.
    public var maxChildren: Int { options.maxChildren }
    /// The rows of a picker's `--flat` list in one scrolled level: its first lines, and the rest in a bucket after
    /// them. A key costs time in proportion to a level's rows: a millisecond or so for this many, where 100,000
    /// made a burst of 200 keys take 2–3 s, against fzf's half second.
    package static let flatListChildren = 10_000
    /// Whether the user bound Ctrl-Z (`--bind ctrl-z:ignore`), so it reaches the menu rather than suspending.
    package var bindsSuspendKey: Bool { options.bindings.contains { $0.key == .control("z") } }
    /// The catalog shown, and its grouping.
    var snapshot: Snapshot<any Screen> {
        didSet { catalogVersion &+= 1 }
    }
    /// Which catalog the menu shows, counting each new one (a stream's step, a registry's change): hits found in an
    /// earlier one don't answer `--select-1` and `--exit-0`.
    private(set) var catalogVersion = 0
    var hierarchy: Hierarchy
    /// Whether the catalog is still coming.
    var phase: Phase
    /// The levels open, the root first; never empty.
    var levels: [Level]
    var mode = Mode.browsing
    /// How the filter matches: the options' mode until the user switches it (``MenuKeys/Command/toggleExact``).
    var matching: Query.Matching
    /// The order the filter lists its hits in: the options' until the user switches it
    /// (``MenuKeys/Command/toggleSort``).
    var hitOrder = HitOrder.bestFirst
    /// The index of the fields `--nth` searches (``FieldSearch``), made for the catalog of ``catalogVersion``,
    /// kept while that catalog is shown: every keystroke would make it again.
    var fieldIndex: (catalog: Int, index: SearchIndex)?
    /// The size the menu is drawn into, as the session last told it.
    var size = Size.standard
    /// The environment screens are previewed in, as the session last told it.
    var environment = ScreenEnvironment.standard
    /// The preview pane: whether it shows, the previews made, and the one being made.
    var preview = PreviewState()
    /// The entries marked to pick (`--multi`), in the order they were marked.
    var marked = Marks()
    /// The filter's text deleted last by a word or more (Ctrl-U, Ctrl-W, Alt-⌫, Alt-D), which Ctrl-Y puts back:
    /// the menu's, so it outlives a filter that the deletion emptied and closed.
    var killed = ""
    /// The name of the `--expect` key that picked, if one did rather than Enter.
    package var pickedWith: String?
    /// The shell command a `become(…)` key left for, placeholders expanded, and the shell to run it: it takes the
    /// process's place once the terminal is restored (``ProcessImage/become(_:shell:environment:)``).
    package internal(set) var becomes: (command: String, shell: String)?
    /// Whether the menu was left by fzf's `print-query`: the filter's text is printed alone, with status 0.
    package internal(set) var printsQuery = false
    /// The history, and what it means in this catalog: the shelves' entries, the favourites and each opened
    /// entry's frecency, by record.
    var history: History?
    var shelves = Shelves()
    /// Saves asked for and not yet done; the history on disk is taken back only when none is left.
    var pendingSaves = 0
    /// `--select-1` and `--exit-0`, until the whole catalog is in and they have been carried out.
    var startChecks: StartChecks?
    /// Whether `--exit-0` ended the menu because nothing matched, which the command reports with status 1.
    package internal(set) var foundNothing = false
    /// Whether `--select-1` or `--exit-0` ended the menu, deciding with no one choosing: such a run keeps no query
    /// in `--history`, as fzf's doesn't.
    package internal(set) var decidedAlone = false
    /// A message to show once as the menu opens: a problem found loading the history.
    var announcement: HistoryStore.LoadProblem?
    /// Whether `--bind start:…` is yet to fire: once, as the menu opens, whether its entries load, stream in, or
    /// were all there.
    var startEventDue = true
    /// The filter's earlier queries and where the filter stands among them (`--history`).
    var queryHistory: QueryHistory?

    /// Why loading failed, if it did; the menu quits then.
    public internal(set) var loadError: String?

    /// The entries picked from a fixed catalog, as records of ``snapshot``, in catalog order.
    public internal(set) var picked: [UInt32] = []

    /// Creates a menu.
    ///
    /// - Parameters:
    ///   - source: The entries.
    ///   - title: The root's title in the breadcrumb.
    ///   - maxChildren: The most children a level shows; at least 2.
    ///   - fuzzy: Whether the filter matches fuzzily.
    ///   - background: Whether to search in background jobs; `nil` does so from ``backgroundSearchThreshold``
    ///     (entries times terms).
    ///   - preview: Where the preview pane goes.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(
        source: MenuSource, title: String = "Catalog", maxChildren: Int = 10, fuzzy: Bool = false,
        background: Bool? = nil, preview: PreviewPlacement = .auto
    ) throws {
        try self.init(
            source: source,
            options: Options(
                title: title, maxChildren: maxChildren, fuzzy: fuzzy, background: background, preview: preview))
    }

    /// Creates a menu with options.
    ///
    /// - Parameters:
    ///   - source: The entries.
    ///   - options: How it behaves.
    /// - Throws: ``Hierarchy/Error`` when `maxChildren` is below 2.
    public init(source: MenuSource, options: Options) throws {
        try self.init(source: source, options: options, phase: .ready)
    }

    /// Creates a menu in a phase; the loading and streaming initializers start from here.
    init(source: MenuSource, options: Options, phase: Phase) throws {
        self.source = source
        self.options = options
        if options.previewHidden { preview.visibility = .hidden }
        queryHistory = options.queryHistory.map(QueryHistory.init)
        keys = MenuKeys(bindings: options.bindings, picker: source.picks)
        snapshot = source.snapshot()
        hierarchy = try Hierarchy(snapshot, rootTitle: options.title, maxChildren: options.maxChildren)
        self.phase = phase
        matching = options.fuzzy ? .fuzzy : .exact
        hitOrder = options.hitOrder
        levels = [Level(item: .node(hierarchy.root))]
        history = options.history
        if options.selectOne || options.exitZero {
            startChecks = StartChecks(selectOne: options.selectOne, exitZero: options.exitZero)
        }
        announcement = options.historyProblem
        recomputeShelves()
        if let text = options.query, !text.isEmpty { mode = .filtering(Filter(text: text, query: query(for:))) }
    }

    /// Whether searches run as jobs.
    var searchesInBackground: Bool {
        // A query of many terms costs a pass over the hits for each, so it too runs as a job, where typing and
        // Ctrl-C don't wait for it.
        let terms = filter.map { max($0.query.termCount, 1) } ?? 1
        return options.background ?? (snapshot.count * terms >= Self.backgroundSearchThreshold)
    }

    /// The picked entries' paths as they were read, byte for byte: the marks in the order they were made, or the
    /// one entry picked.
    public var pickedBytes: [[UInt8]] {
        picked.map { record in snapshot.table.withWholeLineBytes(Int(record)) { Array($0) } }
    }

    /// The full path of the first picked entry, if any.
    public var pickedPath: String? { picked.first.map { snapshot.table.path(Int($0)) } }

    /// The filter's text as the menu ended (`--print-query`): empty when it was not filtering.
    package var query: String { filter?.text ?? "" }

    /// The filter, while filtering.
    var filter: Filter? {
        if case .filtering(let filter) = mode { return filter }
        return nil
    }

    // MARK: - Screen

    public var title: String { breadcrumb.joined(separator: Session.breadcrumbSeparator) }

    public var breadcrumb: [String] { levels.map { title(of: $0.item) } }

    public mutating func goBack(toBreadcrumb part: Int) {
        mode = .browsing
        if part >= 0, part < levels.count { leaveLevels(levels.count - part - 1) }
        keepCursorVisible()
    }

    /// Every printable key is the filter's.
    public var takesText: Bool { true }
    /// Escape goes back one step, or leaves at the root.
    public var handlesEscape: Bool { true }
    public var help: [HelpItem] {
        keys.help(multi: options.multi, history: history != nil, locale: environment.locale) + [
            HelpItem(keys: "", line: "<n>", help: words(.openItemN)),
            HelpItem(keys: "", line: "/text", help: words(.filterLine)),
        ]
    }

    public mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize(let newSize):
            size = newSize
            keepCursorVisible()
            return .batch([begin(), previewWork()])
        case .environment(let newEnvironment):
            environment = newEnvironment
            preview.cache = [:]
            preview.making = nil
            return previewWork()
        case .tick(let now):
            return .batch([turnSpinner(), settleCleared(at: now)])
        case .finished(let result):
            return .batch([finish(result), previewWork()])
        case .key(let key):
            return .batch([press(key), previewWork()])
        }
    }
}
