import CatalogKit

extension MenuScreen {
    /// A finished search, as a background job returns it.
    struct SearchOutcome: Sendable {
        var query: Query
        var hits: Hits
    }

    /// The lane of the filter's searches: a newer keystroke's search supersedes an older one.
    static let searchLane = JobLane<SearchOutcome>("menu.search")

    mutating func startFilter(with text: String) -> Action {
        // The empty query matches everything, so every entry is a candidate for the first keystroke.
        let empty = Query("", fuzzy: fuzzy)
        let all = Hits(all: snapshot.index)
        filter = Filter(query: empty, hitsQuery: empty, hits: all, shown: ranked(all.ordered, fuzzy: false))
        searching = false
        keepCursorVisible()
        return setFilterText(text, caret: text.count, force: true)
    }

    mutating func edit(_ key: Key) -> Action {
        guard var current = filter else { return .none }
        if let command = Self.filtering.command(for: key) {
            if move(command, from: current.cursor, count: current.hits.count) { return .none }
            switch command {
            case .open:
                // Typed ahead of the catalog or of the search ("readme⏎" at once): open the first hit once it's in.
                if isLoading || searching {
                    acceptWhenReady = true
                    return .none
                }
                guard current.shown.indices.contains(current.cursor) else { return .bell }
                return open(record: current.shown[current.cursor])
            case .deleteBackward:
                guard current.caret > 0 else {
                    if current.text.isEmpty { closeFilter() }
                    return .none
                }
                var characters = Array(current.text)
                characters.remove(at: current.caret - 1)
                return setFilterText(String(characters), caret: current.caret - 1)
            case .caretLeft:
                current.caret = max(0, current.caret - 1)
                filter = current
            case .caretRight:
                current.caret = min(current.text.count, current.caret + 1)
                filter = current
            case .clearText: return setFilterText("", caret: 0)
            case .escape:
                guard current.text.isEmpty else { return setFilterText("", caret: 0) }
                closeFilter()
            default: break
            }
            return .none
        }
        if case .character(let character) = key {
            var characters = Array(current.text)
            characters.insert(character, at: current.caret)
            // A mark or joiner typed after a letter joins it into one character: count the caret again.
            let caret = String(characters[...current.caret]).count
            return setFilterText(String(characters), caret: caret)
        }
        return .none
    }

    mutating func closeFilter() {
        filter = nil
        searching = false
        acceptWhenReady = false
        keepCursorVisible()
    }

    /// Sets the filter text and searches: among the previous hits when the new query narrows the one they answer.
    ///
    /// A small catalog is searched at once. A large one is searched by a background job, so the keystroke returns
    /// at once; the hits shown stay those of the last finished search until the job's result arrives, and a newer
    /// keystroke's job supersedes it.
    ///
    /// - Returns: The job to run, if the search runs in the background.
    mutating func setFilterText(_ text: String, caret: Int, force: Bool = false) -> Action {
        guard var current = filter else { return .none }
        let query = Query(text, fuzzy: fuzzy)
        let changed = force || !query.matchesSameEntries(as: current.query)
        current.text = text
        current.caret = min(max(caret, 0), text.count)
        current.query = query
        filter = current
        guard changed, loadingWhat == nil else { return .none }
        let candidates: Hits? = query.narrows(current.hitsQuery) ? current.hits : nil
        let index = snapshot.index
        guard searchesInBackground else {
            return show(SearchOutcome(query: query, hits: index.hits(for: query, among: candidates)))
        }
        searching = true
        return .run(
            Job(Self.searchLane) { isCancelled in
                SearchOutcome(query: query, hits: index.hits(for: query, among: candidates, isCancelled: isCancelled))
            })
    }

    /// Shows a search's hits, if they answer the query typed now.
    ///
    /// - Returns: What `--select-1` and `--exit-0` ask for when this is the first search.
    @discardableResult
    mutating func show(_ outcome: SearchOutcome) -> Action {
        guard var current = filter, outcome.query.matchesSameEntries(as: current.query) else { return .none }
        searching = false
        current.hits = outcome.hits
        current.shown = ranked(outcome.hits.ordered, fuzzy: outcome.query.fuzzy)
        current.hitsQuery = outcome.query
        current.cursor = 0
        current.scroll = 0
        filter = current
        if acceptWhenReady {
            acceptWhenReady = false
            guard let first = current.shown.first else { return .bell }
            return open(record: first)
        }
        return settleFirstSearch(hits: outcome.hits.count) { current.shown[0] }
    }

    /// Starts the menu once its catalog is there: the filter of `--query`, or, without one, the checks of
    /// `--select-1` and `--exit-0` on the whole catalog.
    mutating func begin() -> Action {
        guard awaitingFirstSearch else { return .none }
        if let query = options.query { return startFilter(with: query) }
        let order = snapshot.recordsInOrder
        return settleFirstSearch(hits: order.count) { order[0] }
    }

    /// Carries out `--select-1` (pick the one match) and `--exit-0` (quit when none) once, on the first search.
    private mutating func settleFirstSearch(hits: Int, first: () -> UInt32) -> Action {
        // On a stream, only the whole catalog can say "exactly one" or "none", as fzf waits for its input to end.
        guard awaitingFirstSearch, streamingWhat == nil else { return .none }
        awaitingFirstSearch = false
        if options.selectOne && hits == 1 { return open(record: first()) }
        if options.exitZero && hits == 0 { return .quit }
        return .none
    }
}
