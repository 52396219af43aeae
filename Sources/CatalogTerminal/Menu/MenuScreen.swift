import CatalogKit

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
        var node: Hierarchy.Node
        var cursor = 0
        var scroll = 0
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
        var cursor = 0
        var scroll = 0
    }

    /// Catalogs at least this large search in background jobs, so typing never waits for a scan; smaller ones are
    /// searched at once, within the keystroke.
    public static let backgroundSearchThreshold = 100_000

    let source: MenuSource
    let rootTitle: String
    /// The most children a level shows.
    public let maxChildren: Int
    var snapshot: Snapshot<any Screen>
    var hierarchy: Hierarchy
    var levels: [Level]
    var filter: Filter?
    /// The size the menu is drawn into, as the session last told it.
    var size = Size.standard
    let fuzzy: Bool
    /// Whether searches run as jobs; `nil` decides by the catalog's size.
    let background: Bool?
    /// Whether a search job is running whose result the filter waits for.
    var searching = false
    /// Where the preview pane goes, and whether it shows (a key toggles it).
    let preview: PreviewPlacement
    var previewShown = true
    /// The previews made so far, by record, and the one being made.
    var previews: [UInt32: Preview] = [:]
    var previewing: PreviewKey?
    /// How far the preview is scrolled, and the entry it was scrolled for.
    var previewScroll = 0
    var previewScrolled: Hierarchy.Node?
    /// The environment screens are previewed in, as the session last told it.
    var environment = ScreenEnvironment.standard
    /// The job that loads the catalog, until it has been started.
    var loader: Job?
    /// What is being loaded, while it is.
    var loadingWhat: String?

    /// Why loading failed, if it did; the menu quits then.
    public internal(set) var loadError: String?

    /// The entry picked from a fixed catalog, as a record of ``snapshot``.
    public internal(set) var picked: UInt32?

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
        self.source = source
        self.preview = preview
        self.rootTitle = title
        self.maxChildren = maxChildren
        self.fuzzy = fuzzy
        self.background = background
        snapshot = source.snapshot()
        hierarchy = try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren)
        levels = [Level(node: hierarchy.root)]
    }

    /// Whether searches run as jobs.
    var searchesInBackground: Bool { background ?? (snapshot.count >= Self.backgroundSearchThreshold) }

    /// The full path of the picked entry, if any.
    public var pickedPath: String? { picked.map { snapshot.table.path(Int($0)) } }

    // MARK: - Screen

    public var title: String { breadcrumb.joined(separator: Session.breadcrumbSeparator) }

    public var breadcrumb: [String] { levels.map { hierarchy.title(of: $0.node) } }

    public mutating func goBack(toBreadcrumb part: Int) {
        closeFilter()
        if part >= 0, part < levels.count { levels.removeLast(levels.count - part - 1) }
        keepCursorVisible()
    }

    public var takesText: Bool { filter != nil }
    public var handlesEscape: Bool { true }
    public var help: [HelpItem] {
        (filter == nil ? Self.browsing : Self.filtering).help + Self.menuKeys.help + Self.lineCommands.help
    }

    public mutating func handle(_ event: Event) throws -> Action {
        let start = startLoading()
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
            action = .none
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
