import CatalogKit
import Foundation

extension MenuScreen {
    /// What the history means in this catalog, worked out when the catalog or the history changes.
    struct Shelves: Sendable {
        /// The entries of the Recent shelf, most recent first, and of the Favourites shelf; each at most a level.
        var recent: [UInt32] = []
        var favourites: [UInt32] = []
        /// Every favourite, for the star before its title.
        var starred: Set<UInt32> = []
        /// How often and how lately each opened entry was opened.
        var frecency: [UInt32: Double] = [:]
    }

    /// What a history job returns: the history as saved, or why it couldn't be.
    struct HistoryFailure: Error, Sendable {
        var message: String
    }

    /// The lane of the jobs that save openings and favourites: queued, so every save the user asked for is made,
    /// in order, and finished before the process exits.
    static let historyLane = JobLane<Result<History, HistoryFailure>>("menu.history", policy: .queued)

    /// The entries of a shelf.
    func shelfRecords(_ shelf: Shelf) -> [UInt32] {
        shelf == .recent ? shelves.recent : shelves.favourites
    }

    /// The favourites, by record.
    var favourites: Set<UInt32> { shelves.starred }

    /// Works the shelves out again from the history and the catalog.
    ///
    /// - Complexity: O(n) in the catalog's entries, once per change of either; never per keystroke.
    mutating func recomputeShelves() {
        shelves = Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: options.now)
    }

    /// Works the shelves out again after the history changed, keeping the highlight on its entry, and a filter's
    /// hits as listed until it searches again.
    private mutating func historyChanged() -> Action {
        var shelves = Self.shelves(of: history, in: snapshot, maxChildren: maxChildren, now: options.now)
        // Back from an entry opened on the Recent shelf, the shelf keeps its order while it holds the same entries,
        // so each keeps its row and digit; it is ordered anew when the user leaves it (``leaveLevels(_:)``).
        if levels.last?.item == .shelf(.recent), Set(shelves.recent) == Set(self.shelves.recent) {
            shelves.recent = self.shelves.recent
        }
        return rebase(onto: Catalog(snapshot: snapshot, hierarchy: hierarchy, shelves: shelves), searchesAgain: false)
    }

    /// What a history means in a catalog.
    ///
    /// - Complexity: O(n) in the catalog's entries when the history holds any, else O(1).
    static func shelves(
        of history: History?, in snapshot: Snapshot<any Screen>, maxChildren: Int, now: Date
    ) -> Shelves {
        guard let history else { return Shelves() }
        let records = snapshot.table.records(withIDs: Set(history.records.map(\.id))).mapValues { UInt32($0) }
        var shelves = Shelves()
        shelves.recent = history.recent.compactMap { records[$0] }.prefix(maxChildren).map { $0 }
        shelves.favourites = history.favourites.compactMap { records[$0] }.prefix(maxChildren).map { $0 }
        shelves.starred = Set(history.favourites.compactMap { records[$0] })
        for record in history.records {
            guard let found = records[record.id] else { continue }
            let score = history.frecency(of: record.id, now: now)
            if score > 0 { shelves.frecency[found] = score }
        }
        return shelves
    }

    /// Hits as listed: among equal matches, entries opened more often and more lately first. Every exact match is
    /// an equal match, so those come first in order of frecency, the rest in result order; fuzzy matches keep
    /// their scores' order.
    ///
    /// - Complexity: O(h + f log f) for h hits of which f were opened before.
    func ranked(_ ordered: [UInt32], fuzzy: Bool) -> [UInt32] {
        Self.rank(ordered, fuzzy: fuzzy, frecency: shelves.frecency)
    }

    private static func rank(_ ordered: [UInt32], fuzzy: Bool, frecency: [UInt32: Double]) -> [UInt32] {
        guard !fuzzy, !frecency.isEmpty else { return ordered }
        var opened: [(record: UInt32, score: Double, position: Int)] = []
        var rest: [UInt32] = []
        rest.reserveCapacity(ordered.count)
        for (position, record) in ordered.enumerated() {
            if let score = frecency[record] {
                opened.append((record, score, position))
            } else {
                rest.append(record)
            }
        }
        guard !opened.isEmpty else { return ordered }
        opened.sort { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position }
        return opened.map(\.record) + rest
    }

    /// Search results in frecency order, for `search --sort frecency`: the ranking the filter uses.
    ///
    /// - Parameters:
    ///   - hits: Records in result order.
    ///   - history: What the user opened.
    ///   - snapshot: The catalog.
    ///   - fuzzy: Whether the query was fuzzy (its scores order it then).
    ///   - now: The time frecency is measured from.
    /// - Returns: The same records, those opened before first.
    public static func ranked(
        _ hits: [UInt32], by history: History, in snapshot: Snapshot<any Screen>, fuzzy: Bool, now: Date
    ) -> [UInt32] {
        rank(hits, fuzzy: fuzzy, frecency: shelves(of: history, in: snapshot, maxChildren: 10, now: now).frecency)
    }

    /// The ids of the picked entries.
    public var pickedIDs: [String] { picked.map { snapshot.table.id(Int($0)) } }

    /// The groups an item stands for where it is listed: a group of one's, or, on a shelf, the entry's whole path.
    func inlinedGroups(of item: Item, in parent: Item) -> [String] {
        switch (item, parent) {
        case (.node(.entry(let record)), .shelf):
            return snapshot.table.groups(Int(record))
        case (.node(let node), .node(let level)):
            return hierarchy.inlinedGroups(of: node, in: level)
        default:
            return []
        }
    }

    /// Remembers that an entry was opened: a job saves it, so the next start lists it under Recent.
    mutating func remember(_ record: UInt32) -> Action {
        guard history != nil else { return .none }
        let id = snapshot.table.id(Int(record))
        return saveHistory { history, now in history.recordOpening(id, at: now) }
    }

    /// Makes the highlighted entry a favourite, or not. The highlight stays on the entry, and the shelves, which
    /// come after the catalog's items, renumber nothing.
    mutating func toggleFavourite() -> Action {
        guard history != nil else { return .status(words(options.historyOff.words)) }
        guard case .node(.entry(let record))? = highlighted else {
            return .batch([.bell, .status(words(.favouriteNeedsEntry))])
        }
        let id = snapshot.table.id(Int(record))
        let title = snapshot.table.title(Int(record))
        // Shown at once; the save is queued behind any other, and sets the same state on disk.
        let now = !favourites.contains(record)
        _ = history?.toggleFavourite(id, at: options.now)
        return .batch([
            historyChanged(),
            .status(words(now ? .favouriteOn : .favouriteOff, ["title": title])),
            saveHistory { history, time in
                if history.favourites.contains(id) != now { _ = history.toggleFavourite(id, at: time) }
            },
        ])
    }

    /// A job that changes the saved history under its lock and returns it; without a store, the change is made in
    /// memory only.
    private mutating func saveHistory(_ change: @escaping @Sendable (inout History, Date) -> Void) -> Action {
        guard let store = options.historyStore else {
            guard var updated = history else { return .none }
            change(&updated, options.now)
            history = updated
            return historyChanged()
        }
        pendingSaves += 1
        return .run(
            Job(Self.historyLane) { _ in
                Result {
                    try store.update { history in change(&history, Date()) }
                }.mapError { HistoryFailure(message: "\($0)") }
            })
    }

    /// Takes in a saved history. While other saves are queued, the history in memory, which already holds every
    /// change asked for, stays; once the last is done, the saved one (which may hold another run's changes too)
    /// is taken.
    mutating func finishSaving(_ result: Result<History, HistoryFailure>) -> Action {
        pendingSaves = max(pendingSaves - 1, 0)
        switch result {
        case .success(let saved):
            guard pendingSaves == 0, saved != history else { return .none }
            history = saved
            return historyChanged()
        case .failure(let failure):
            return .status(words(.historyNotSaved, ["message": failure.message]))
        }
    }
}

extension MenuScreen {
    /// Why a launcher has no history, for the message the favourite key gets in the menu's language.
    package enum HistoryOff: Sendable, Equatable {
        /// `--no-history`.
        case asked
        /// The list is read from standard input, which has no name to keep a history under.
        case standardInput
        /// Neither `XDG_STATE_HOME` nor `HOME` gives a state directory.
        case noDirectory

        var words: LauncherWords {
            switch self {
            case .asked: .historyOffAsked
            case .standardInput: .historyOffStandardInput
            case .noDirectory: .historyOffNoDirectory
            }
        }
    }
}
