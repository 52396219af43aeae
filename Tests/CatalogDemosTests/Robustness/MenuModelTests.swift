import CatalogKit
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogDemos
@testable import CatalogTerminal

/// The menu against a small reference model, over 10,000 seeded events: keys, resizes, stream steps, job completions
/// and entries registered while it runs, on a picker whose catalog streams in and on the built-in catalog.
///
/// The model keeps only what the user sees: each open level, by what it is, and the highlighted item, by what it
/// is. It moves the highlight by index arithmetic over the level's items, and when the catalog changes it finds the
/// highlighted item again by a brute-force walk of the new grouping, following the rule the README states: open
/// groups stay open, the highlight stays on its item, or on the item that now holds it. After every event the menu
/// must highlight the model's item in the model's levels, and its frame (drawn at every resize and every 64th event,
/// which is what a debug build can afford) must fit. Jobs run only when an event says
/// so, on a runner the test steps, so every run is the same; a failure names the seed and the event.
@Suite("Menu against a model", .serialized)
struct MenuModelTests {
    static let events = 10_000

    @Test("a picker whose catalog streams in, in random order, under random keys and resizes")
    func streamingPicker() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["CATALOG_MODEL_SEED"] ?? "") ?? 0x5EED_0017
        var random = SeededGenerator(seed: seed)
        let lines = Self.paths(count: 400, using: &random)
        let revealed = LockedCount()
        let step = 40
        let menu = try MenuScreen(streaming: "standard input", options: MenuScreen.Options()) {
            let count = revealed.advance(by: step, limit: lines.count)
            let text = lines.prefix(count).map { $0 + "\n" }.joined()
            return (try CatalogFile.parse(Array(text.utf8)), count == lines.count)
        }
        var run = ModelRun(menu: menu, seed: seed, registry: nil)
        try run.play(events: Self.events, using: &random)
    }

    @Test("the built-in catalog, with entries registered while it runs")
    func builtIn() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["CATALOG_MODEL_SEED"] ?? "") ?? 0x5EED_0117
        var random = SeededGenerator(seed: seed)
        let registry = Registry<any Screen>()
        try Demos.register(in: registry, environment: [:])
        var options = MenuScreen.Options()
        options.history = History()
        var run = ModelRun(
            menu: try MenuScreen(source: .registry(registry), options: options), seed: seed, registry: registry)
        try run.play(events: Self.events, using: &random)
    }

    /// Absolute paths under a few top directories, 1 to 4 directories deep, some of them a directory listed
    /// before what is in it, as `find` prints it; in random order.
    static func paths(count: Int, using random: inout SeededGenerator) -> [String] {
        let syllables = ["ka", "lo", "mi", "ne", "su", "ta", "vo", "re", "xi", "po", "da", "gu"]
        var seen: Set<String> = []
        var paths: [String] = []
        while paths.count < count {
            var parts = ["/data", ["src", "doc", "lib"].randomElement(using: &random)!]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                parts.append(syllables.randomElement(using: &random)! + syllables.randomElement(using: &random)!)
            }
            let path = parts.joined(separator: "/")
            guard seen.insert(path).inserted else { continue }
            // Now and then the directory itself, as find lists it before its contents.
            let directory = parts.dropLast().joined(separator: "/")
            if Int.random(in: 0..<8, using: &random) == 0, seen.insert(directory).inserted { paths.append(directory) }
            paths.append(path)
        }
        return paths.shuffled(using: &random)
    }
}

/// A count shared with a stream's job.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Advances by a step, up to a limit, and returns the new count.
    func advance(by step: Int, limit: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value = min(value + step, limit)
        return value
    }
}

/// A screen for the entries registered while the menu runs.
struct ExtraScreen: Screen {
    var title: String { "Extra" }
    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action { .none }
    func render(in context: ScreenContext) -> Frame { Frame(lines: ["Extra"]) }
    func lines(in context: ScreenContext) -> [String] { ["Extra"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { .none }
}

/// One run of the menu beside the model.
struct ModelRun {
    typealias Identity = MenuScreen.Identity

    var session: Session
    let jobs = InlineJobs(timing: .whenTold)
    let seed: UInt64
    let registry: Registry<any Screen>?
    var size = Size(columns: 80, rows: 24)
    var registered = 0
    /// The model: the open levels and their highlighted item, the filter's text and its highlighted hit, all by
    /// what they are.
    var levelItems: [MenuScreen.Item] = [] {
        didSet { levels = levelItems.map { menu.identity(of: $0) } }
    }
    /// The levels by what they are, taken while their nodes are the menu's, so a rebase reads the old ones.
    private(set) var levels: [Identity] = []
    /// The highlighted item of the levels, as a node of the menu's grouping now, and what it is.
    var browseItem: MenuScreen.Item? {
        didSet {
            browseHighlight = browseItem.map { menu.identity(of: $0) }
            browseAnchor = browseItem.map(anchor(of:))
            if let item = browseItem, let row = levelItems.last.map({ menu.items(in: $0) })?.firstIndex(of: item) {
                browseRow = row
            }
        }
    }
    private(set) var browseHighlight: Identity?
    /// The highlighted item's row in its level, for when it is gone.
    var browseRow = 0
    /// What the highlighted item stands for when the grouping changes: itself, or a bucket's first entry or group.
    private(set) var browseAnchor: Identity?
    var filterText: String?
    var filterHighlight: Identity?
    /// Whether the filter's highlight is on the first row: the user hasn't moved off the best hit, which then
    /// stays highlighted when the catalog changes, whatever entry that is.
    var filterOnTop = true
    /// Whether the keys since the filter was emptied by Backspace are all Backspaces: with no tick between them (this
    /// test sends none), they are a held key, and do nothing.
    var clearedByBackspace = false
    /// Whether the catalog has arrived: until then keys wait in the menu, and the model takes the menu's state
    /// once they have been replayed.
    var started = false

    init(menu: MenuScreen, seed: UInt64, registry: Registry<any Screen>?) {
        session = Session(root: menu)
        self.seed = seed
        self.registry = registry
    }

    var menu: MenuScreen { session.stack.first as! MenuScreen }

    /// The item the model says is highlighted.
    var highlight: Identity? { filterText == nil ? browseHighlight : filterHighlight }

    mutating func play(events: Int, using random: inout SeededGenerator) throws {
        _ = session.settle(session.start(size: size), with: jobs)
        for index in 0..<events {
            let described = step(using: &random)
            if !started, !menu.isLoading {
                started = true
                adopt()
            }
            guard started else { continue }
            if ProcessInfo.processInfo.environment["CATALOG_MODEL_TRACE"] != nil {
                let shown = menu.highlighted.map { menu.identity(of: $0) }
                print(
                    "#\(index) \(described) | menu \(menu.levels.map { menu.identity(of: $0.item) }) \(shown?.description ?? "-") cursor \(menu.current.cursor) | model \(levels) \(highlight?.description ?? "-")"
                )
            }
            if let problem = check(drawing: index % 64 == 0 || described.hasPrefix("resize")) {
                Issue.record("seed \(String(seed, radix: 16)), event \(index) (\(described)): \(problem)")
                return
            }
        }
    }

    /// Takes the menu's state as the model's start, once the catalog is in and the keys typed meanwhile replayed.
    mutating func adopt() {
        levelItems = menu.levels.map(\.item)
        browseItem = levelHighlight
        filterText = menu.filter?.text
        filterHighlight = menu.filter?.highlightedRecord.map { menu.identity(of: .node(.entry($0))) }
        filterOnTop = (menu.filter?.cursor ?? 0) == 0
    }

    /// The item the menu's levels highlight, under the filter or not.
    var levelHighlight: MenuScreen.Item? {
        let level = menu.levels[menu.levels.count - 1]
        let items = menu.items(in: level.item)
        return items.indices.contains(level.cursor) ? items[level.cursor] : nil
    }

    /// An item's first entry or group, through its buckets.
    func anchor(of item: MenuScreen.Item) -> Identity {
        guard case .node(var node) = item else { return menu.identity(of: item) }
        while case .bucket = node, let first = menu.hierarchy.children(of: node).first { node = first }
        return menu.identity(of: .node(node))
    }

    // MARK: Events

    mutating func step(using random: inout SeededGenerator) -> String {
        let roll = Int.random(in: 0..<1000, using: &random)
        switch roll {
        case 0..<60:
            guard jobs.hasWaiting else { return "no job" }
            let lane = jobs.waitingLanes.first ?? ""
            let before = menu.snapshot.count
            jobs.runNext()
            _ = session.settle([], with: jobs)
            if started, lane == "menu.load", menu.snapshot.count != before { rebaseModel() }
            return "job \(lane)"
        case 60..<80:
            size = Size(columns: Int.random(in: 20...200, using: &random), rows: Int.random(in: 4...60, using: &random))
            _ = session.settle(session.handle(.resize(size)), with: jobs)
            return "resize to \(size)"
        case 80..<90 where registry != nil:
            registered += 1
            let group = ["Extras", "Forms", "Zoo \(registered % 7)", "Pickers"].randomElement(using: &random)!
            _ = try? registry?.register("Extra \(registered)", in: [group]) { ExtraScreen() }
            return "register Extra \(registered) in \(group)"
        default:
            return press(using: &random)
        }
    }

    mutating func press(using random: inout SeededGenerator) -> String {
        let keys: [Key] = [
            .up, .down, .up, .down, .pageUp, .pageDown, .home, .end, .right, .enter, .left, .backspace, .escape,
            .character("a"), .character("o"), .character("/"), .character("k"), .control("u"), .function(4),
            .function(5), .tab, .mouse(Mouse(.scrollDown, button: .none, row: 3, column: 2)),
            .mouse(Mouse(.scrollUp, button: .none, row: 3, column: 2)),
        ]
        let key = keys.randomElement(using: &random)!
        guard started else {
            // Keys while loading wait for the catalog; those that would leave are kept out, so the run goes on.
            if key == .escape || key == .enter || key == .right { return "skipped \(key) while loading" }
            _ = session.settle(session.handle(.key(key)), with: jobs)
            return "key \(key) while loading"
        }
        // Keys that would end the run or open a screen are left out: the model follows the menu alone.
        let onEntry: Bool = {
            if case .node(.entry)? = menu.highlighted { return true }
            return false
        }()
        if (key == .enter || key == .right) && (onEntry || filterText != nil) { return "skipped \(key)" }
        if key == .escape && filterText == nil && levels.count <= 1 { return "skipped esc at the root" }
        // A registry that gained entries is read again before the key, as the menu reads it.
        let refreshed = registry.map { $0.generation != menu.snapshot.generation } ?? false
        let page = max(menu.layout.listRows, 1)
        let text = filterText
        _ = session.settle(session.handle(.key(key)), with: jobs)
        if refreshed { rebaseModel() }
        modelPress(key, page: page, textBefore: text)
        return "key \(key)"
    }

    // MARK: The model's rules

    /// The model's items of its deepest level, or the filter's hits, in the menu's catalog now.
    func items(filtering: Bool) -> [MenuScreen.Item] {
        if filtering, let filterText { return hits(for: filterText) }
        return levelNode.map { menu.items(in: $0) } ?? []
    }

    /// The filter's hits, by a search of its own.
    func hits(for text: String) -> [MenuScreen.Item] {
        menu.snapshot.index.hits(for: Query(text)).ordered.map { .node(.entry($0)) }
    }

    /// The model's deepest level.
    var levelNode: MenuScreen.Item? { levelItems.last }

    mutating func modelPress(_ key: Key, page: Int, textBefore: String?) {
        let filtering = textBefore != nil
        let cleared = clearedByBackspace
        clearedByBackspace = cleared && key == .backspace
        let items = items(filtering: filtering)
        let index =
            filtering
            ? filterHighlight.flatMap { target in items.firstIndex { menu.identity(of: $0) == target } } ?? 0
            : browseItem.flatMap { items.firstIndex(of: $0) } ?? 0
        func move(to position: Int) {
            guard !items.isEmpty else { return }
            let row = min(max(position, 0), items.count - 1)
            if filtering {
                filterHighlight = menu.identity(of: items[row])
                filterOnTop = row == 0
            } else {
                browseItem = items[row]
            }
        }
        switch key {
        case .up: move(to: index - 1)
        case .down: move(to: index + 1)
        case .pageUp: move(to: index - page)
        case .pageDown: move(to: index + page)
        // While filtering, Home and End move the caret, as in a text field.
        case .home where !filtering: move(to: 0)
        case .end where !filtering: move(to: items.count - 1)
        case .mouse(let mouse): move(to: index + (mouse.action == .scrollDown ? 3 : -3))
        case .right, .enter:
            guard items.indices.contains(index) else { return }
            levelItems.append(items[index])
            browseItem = self.items(filtering: false).first
        case .left where !filtering, .backspace where !filtering:
            guard levelItems.count > 1, !(key == .backspace && cleared) else { return }
            browseItem = levelItems.removeLast()
        case .escape:
            if filtering {
                filterText = nil
            } else if levelItems.count > 1 {
                browseItem = levelItems.removeLast()
            }
        case .function(5):
            // A favourite changes the shelves: the highlight stays on its entry.
            rebaseModel()
        default:
            // Editing: the text is the menu's, after the key; new hits start at the top.
            let text = menu.filter?.text
            clearedByBackspace = clearedByBackspace || (key == .backspace && text == nil)
            guard text != textBefore else { return }
            filterText = text
            filterHighlight = text.flatMap { hits(for: $0).first.map { menu.identity(of: $0) } }
            filterOnTop = true
        }
    }

    /// The model's rebase: the levels and the highlight found again in the menu's new catalog by a brute-force
    /// walk, following the README's rule. A filter keeps the hit the user moved onto while it is still a hit; on
    /// the first row, the best hit is highlighted.
    mutating func rebaseModel() {
        if let filterText {
            let hits = hits(for: filterText)
            if filterOnTop || !hits.contains(where: { menu.identity(of: $0) == filterHighlight }) {
                filterHighlight = hits.first.map { menu.identity(of: $0) }
                filterOnTop = true
            }
        }
        guard let target = browseAnchor else { return }
        // The shelves are at the root: a shelf level stays while it holds anything.
        if levelItems.count > 1, case .shelf(let shelf) = levelItems[1] {
            let entries = menu.items(in: .shelf(shelf))
            let row = browseRow
            levelItems = [.node(menu.hierarchy.root)] + (entries.isEmpty ? [] : [.shelf(shelf)])
            if !entries.isEmpty {
                // The same entry, or, when it left the shelf, the same row.
                browseItem = entries.first { menu.identity(of: $0) == target } ?? entries[min(row, entries.count - 1)]
                return
            }
        }
        if case .shelf = target { return }
        guard let path = Self.find(target, in: menu) else { return }
        var kept: [Hierarchy.Node] = []
        var next = 0
        let limit = path.count - 1
        for (index, level) in levels.enumerated() {
            switch level {
            case .group(let groupPath):
                if let found = path.prefix(limit).firstIndex(where: { menu.hierarchy.groupPath(of: $0) == groupPath }) {
                    if found >= next {
                        kept += path[next...found]
                        next = found + 1
                    }
                } else if index == 0 {
                    kept = [path[0]]
                    next = 1
                }
            case .bucket:
                if next < limit, case .bucket = path[next] {
                    kept.append(path[next])
                    next += 1
                }
            default:
                break
            }
        }
        if kept.isEmpty { kept = [path[0]] }
        levelItems = kept.map { .node($0) }
        browseItem = .node(path[min(kept.count, path.count - 1)])
    }

    /// The path from the root to the node an identity names, found by walking every node of the grouping.
    static func find(_ target: Identity, in menu: MenuScreen) -> [Hierarchy.Node]? {
        var queue: [[Hierarchy.Node]] = [[menu.hierarchy.root]]
        var head = 0
        while head < queue.count {
            let path = queue[head]
            head += 1
            let node = path[path.count - 1]
            if target != .bucket, menu.identity(of: .node(node)) == target { return path }
            for child in menu.hierarchy.children(of: node) { queue.append(path + [child]) }
        }
        return nil
    }

    // MARK: Checks

    /// What differs between the menu and the model, or a frame that doesn't fit.
    func check(drawing: Bool) -> String? {
        let menuLevels = menu.levels.map { menu.identity(of: $0.item) }
        if menuLevels != levels { return "levels \(menuLevels), the model's \(levels)" }
        if menu.filter?.text != filterText {
            return "filter \(menu.filter?.text ?? "none"), the model's \(filterText ?? "none")"
        }
        let shown = menu.highlighted.map { menu.identity(of: $0) }
        if shown != highlight {
            return "highlight \(String(describing: shown)), the model's \(String(describing: highlight))"
        }
        guard drawing else { return nil }
        let frame = Renderer.visible(session.render(in: size), size: size, colorMode: .none)
        if frame.lines.count != size.rows { return "\(frame.lines.count) lines for \(size.rows) rows" }
        if let wide = frame.lines.first(where: { $0.width > size.columns }) { return "a line too wide: \(wide.text)" }
        return nil
    }
}
