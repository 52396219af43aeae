import CatalogKit
import Foundation

/// The launcher's menu: the grouped hierarchy one level at a time, and a live filter across the whole catalog.
///
/// Browsing shows at most `maxChildren` items of the current level, numbered 1–9 and 0 so a digit opens one.
/// Typing `/` (or any letter but `q`, `j` and `k`) starts the filter: every keystroke searches the whole catalog
/// and lists the hits flat, in search order, with their group path dimmed and the matched text highlighted. A
/// query that extends the previous one searches only the previous hits when they are few.
///
/// Opening an entry of a registry calls its factory and pushes the screen it makes; opening an entry of a fixed
/// catalog (a file) picks it: the menu records it in ``picked`` and quits.
///
/// The menu is split by concern: browsing (`+Browsing`), the filter (`+Filtering`), loading and refreshing the
/// catalog (`+Loading`), the layout both scrolling and drawing use (`+Layout`), drawing (`+Drawing`), line mode
/// (`+LineMode`) and the key bindings (`+Bindings`).
public struct MenuScreen: Screen {
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

    /// The launcher's shelves, shown first at the root when they hold anything.
    enum Shelf: Sendable, Hashable, CaseIterable {
        case recent, favourites

        var title: String { self == .recent ? "Recent" : "Favourites" }
    }

    /// The filter's state: the text being typed and the hits it found.
    struct Filter: Sendable {
        var text = ""
        /// The editing position, in characters.
        var caret = 0
        /// The query as typed.
        var query = Query("")
        /// The query the hits answer; it lags `query` while a background search runs.
        var hitsQuery = Query("")
        var hits = Hits.none
        /// The hits as listed: in result order, with entries opened often and lately first among equal matches.
        var shown: [UInt32] = []
        var cursor = 0
        var scroll = 0
    }

    /// Catalogs at least this large search in background jobs, so typing never waits for a scan; smaller ones are
    /// searched at once, within the keystroke.
    public static let backgroundSearchThreshold = 100_000

    /// How a menu behaves: what its command line asked for.
    public struct Options: Sendable {
        /// The root's title in the breadcrumb.
        public var title = "Catalog"
        /// The most children a level shows; at least 2.
        public var maxChildren = 10
        /// Whether the filter matches fuzzily.
        public var fuzzy = false
        /// Whether searches run as jobs; `nil` does so for catalogs of at least ``backgroundSearchThreshold``.
        public var background: Bool?
        /// Where the preview pane goes.
        public var preview = PreviewPlacement.auto
        /// Whether Tab marks entries (and groups) to pick several.
        public var multi = false
        /// The filter's text at the start (`--query`).
        public var query: String?
        /// A line shown above the list (`--header`).
        public var header: String?
        /// The filter's prompt (`--prompt`).
        public var prompt = "/ "
        /// Pick at once when exactly one entry matches at the start (`--select-1`).
        public var selectOne = false
        /// Quit at once when nothing matches at the start (`--exit-0`).
        public var exitZero = false
        /// What the user opened before, for the Recent and Favourites shelves and for ranking; `nil` turns both off
        /// (`--no-history`).
        public var history: History?
        /// Where openings and favourites are saved, by jobs; `nil` keeps them for this run only.
        public var historyStore: HistoryStore?
        /// A command whose output previews an entry of a catalog file, `{}` standing for its path (fzf's
        /// `--preview`).
        public var previewCommand: String?
        /// A problem found loading the history, shown once in the status line.
        public var historyMessage: String?
        /// The time frecency is measured from.
        public var now = Date(timeIntervalSince1970: 0)

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
    var rootTitle: String { options.title }
    /// The most children a level shows.
    public var maxChildren: Int { options.maxChildren }
    var snapshot: Snapshot<any Screen>
    var hierarchy: Hierarchy
    var levels: [Level]
    var filter: Filter?
    /// The size the menu is drawn into, as the session last told it.
    var size = Size.standard
    var fuzzy: Bool { options.fuzzy }
    var preview: PreviewPlacement { options.preview }
    /// Whether a search job is running whose result the filter waits for.
    var searching = false
    /// Whether the preview pane shows (a key toggles it).
    var previewShown = true
    /// The previews made so far, by record, and the one being made.
    var previews: [UInt32: Preview] = [:]
    var previewing: PreviewKey?
    /// How far the preview is scrolled, and the entry it was scrolled for.
    var previewScroll = 0
    var previewScrolled: Item?
    /// The environment screens are previewed in, as the session last told it.
    var environment = ScreenEnvironment.standard
    /// The job that loads the catalog, until it has been started.
    var loader: Job?
    /// What is being loaded, until the first of it is in.
    var loadingWhat: String?
    /// What is streaming in, while more is to come; the job that reads each step, and a spinner's step, which
    /// turns on a clock (``spinnerStep``) so it shows that reading goes on however long a step takes.
    var streamingWhat: String?
    var streamStep: Job?
    var spinner = 0
    /// The entries marked to pick (`--multi`), by record, and how many are marked under each node shown.
    var marked: Set<UInt32> = []
    /// Whether `--query`, `--select-1` and `--exit-0` still wait for the first search to finish.
    var awaitingFirstSearch = false
    /// Whether Enter was pressed before the catalog or the search was ready, to open the first hit when it is.
    var acceptWhenReady = false
    /// The history, and what it means in this catalog: the shelves' entries, the favourites and each opened
    /// entry's frecency, by record.
    var history: History?
    var shelves = Shelves()
    /// Whether the history's load message has been shown.
    var announced = false

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
    ///   - background: Whether to search in background jobs; `nil` does so for catalogs of at least
    ///     ``backgroundSearchThreshold`` entries.
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
        self.source = source
        self.options = options
        snapshot = source.snapshot()
        hierarchy = try Hierarchy(snapshot, rootTitle: options.title, maxChildren: options.maxChildren)
        levels = [Level(item: .node(hierarchy.root))]
        awaitingFirstSearch = options.query != nil || options.selectOne || options.exitZero
        history = options.history
        recomputeShelves()
    }

    /// Whether searches run as jobs.
    var searchesInBackground: Bool { options.background ?? (snapshot.count >= Self.backgroundSearchThreshold) }

    /// The picked entries' paths as they were read, byte for byte, in catalog order.
    public var pickedBytes: [[UInt8]] {
        picked.map { record in snapshot.table.withLineBytes(Int(record)) { Array($0) } }
    }

    /// The full path of the first picked entry, if any.
    public var pickedPath: String? { picked.first.map { snapshot.table.path(Int($0)) } }

    // MARK: - Screen

    public var title: String { breadcrumb.joined(separator: Session.breadcrumbSeparator) }

    public var breadcrumb: [String] { levels.map { title(of: $0.item) } }

    public mutating func goBack(toBreadcrumb part: Int) {
        closeFilter()
        if part >= 0, part < levels.count { levels.removeLast(levels.count - part - 1) }
        keepCursorVisible()
    }

    public var takesText: Bool { filter != nil }
    public var handlesEscape: Bool { true }
    public var help: [HelpItem] {
        // Tab marks only with --multi, so help lists it only then.
        let menuKeys = Keymap(Self.menuKeys.bindings.filter { $0.command != .toggleMark || options.multi })
        return (filter == nil ? Self.browsing : Self.filtering).help + menuKeys.help + Self.lineCommands.help
    }

    public mutating func handle(_ event: Event) throws -> Action {
        var start = isLoading || loader != nil ? startLoading() : begin()
        if !announced {
            announced = true
            if let message = options.historyMessage { start = .batch([start, .status(message)]) }
        }
        let refreshed = refreshIfChanged()
        let action: Action
        switch event {
        case .resize(let newSize):
            size = newSize
            keepCursorVisible()
            action = .none
        case .environment(let newEnvironment):
            environment = newEnvironment
            previews = [:]
            action = .none
        case .tick:
            action = turnSpinner()
        case .key(.mouse(let mouse)):
            action = click(mouse)
        case .key(let key):
            if let command = Self.menuKeys.command(for: key) {
                action = apply(command)
            } else {
                action = filter == nil ? browse(key) : edit(key)
            }
        case .finished(let result):
            action = finish(result)
        }
        return .batch([start, refreshed, action, previewWork()])
    }
}
