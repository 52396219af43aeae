import CatalogKit

extension MenuScreen {
    /// The filter: the text being typed, the hits that answer it, and the search that will.
    struct Filter: Sendable {
        /// The hits of one search, and the query they answer.
        struct Results: Sendable {
            var query: Query
            var hits: Hits
            /// The hits as listed: in result order, with entries opened often and lately first among equal matches.
            var shown: [UInt32]
            /// The catalog they were found in (``MenuScreen/catalogVersion``).
            var catalog: Int
        }

        /// A hit to keep highlighted, on the same row, when the same query is searched again on a new catalog.
        struct Track: Sendable {
            var record: UInt32
            var row: Int
        }

        var text: String
        /// The editing position, in characters.
        var caret: Int
        /// The query as typed.
        var query: Query
        /// The last search's hits; they lag ``query`` while a background search runs, and are `nil` before the
        /// first.
        var results: Results?
        /// Whether Enter was pressed before the hits answered the text: the highlighted hit opens once they do.
        var acceptsWhenCurrent: PendingAccept?
        var cursor = 0
        var scroll = 0
        var track: Track?

        /// - Parameters:
        ///   - text: The text typed.
        ///   - query: How the menu reads a text (``MenuScreen/query(for:)``).
        init(text: String, query: (String) -> Query) {
            self.text = text
            caret = text.count
            self.query = query(text)
        }

        /// Whether the hits answer the text typed.
        var isCurrent: Bool { results.map { $0.query.matchesSameEntries(as: query) } ?? false }
        /// Whether a search has been asked for.
        var hasSearched: Bool { results != nil }
        var hits: Hits { results?.hits ?? .none }
        var shown: [UInt32] { results?.shown ?? [] }

        /// The hit under the cursor.
        var highlightedRecord: UInt32? { shown.indices.contains(cursor) ? shown[cursor] : nil }

        /// Puts characters into the text at the caret, and the caret after them.
        ///
        /// - Complexity: O(n) in the text's length, once however many characters come.
        mutating func insert(_ characters: some Collection<Character>) {
            var all = Array(text)
            let at = min(caret, all.count)
            all.insert(contentsOf: characters, at: at)
            // A mark or joiner typed after a letter joins it into one character: count the caret again.
            caret = String(all[..<(at + characters.count)]).count
            text = String(all)
        }
    }

    /// A finished search, as a background job returns it.
    struct SearchOutcome: Sendable {
        var query: Query
        var hits: Hits
        /// The catalog searched (``MenuScreen/catalogVersion``).
        var catalog: Int
    }

    /// The lane of the filter's searches: a newer keystroke's search supersedes an older one.
    static let searchLane = JobLane<SearchOutcome>("menu.search")

    /// Types a character into the filter, starting it if need be. In the launcher a space alone starts nothing; in a
    /// picker it does, as in fzf, where a query may start with spaces (`--disabled` with `change:reload(grep …)`
    /// searching for indented code).
    mutating func type(_ character: Character) -> Action {
        guard var current = filter else {
            guard !character.isWhitespace || keys.picker else { return .none }
            mode = .filtering(Filter(text: String(character), query: query(for:)))
            return search()
        }
        current.insert(CollectionOfOne(character))
        mode = .filtering(current)
        return search()
    }

    /// Whether ``typeAhead(_:opening:)`` takes characters now: some of the catalog is in and the filter is open,
    /// or a paste may open it.
    package func takesTypeAhead(opening: Bool = false) -> Bool {
        if case .loading = phase { return false }
        return filter != nil || opening
    }

    /// Characters typed or pasted in one go while filtering: the ones no binding takes, from the first, go into the
    /// text as one edit, searched once, so a paste of thousands of characters costs one search, not one a
    /// character.
    ///
    /// - Returns: How many it took (0 while nothing of the catalog is in, or with no filter open, so the keys go one
    ///   by one), and what the search asks for.
    /// - Parameter opening: Whether the characters are a paste, which opens the filter when it is closed (its
    ///   leading spaces dropped in the launcher, as typing drops them there), so a paste that starts with a digit
    ///   is text, not a jump.
    package mutating func typeAhead(
        _ characters: ArraySlice<Character>, opening: Bool = false
    ) -> (taken: Int, action: Action) {
        guard takesTypeAhead(opening: opening) else { return (0, .none) }
        let run = characters.prefix { keys.commands(for: .character($0)) == nil }
        guard !run.isEmpty else { return (0, .none) }
        let refreshed = refreshIfChanged()
        guard var current = filter else {
            let text = keys.picker ? run[...] : run.drop { $0.isWhitespace }
            guard !text.isEmpty else { return (run.count, refreshed) }
            mode = .filtering(Filter(text: String(text), query: query(for:)))
            return (run.count, .batch([refreshed, search(), previewWork(), fire(.change)]))
        }
        current.insert(run)
        mode = .filtering(current)
        // The preview follows the new text too, as it follows each key: a `{q}` in its command runs again.
        return (run.count, .batch([refreshed, search(), previewWork(), fire(.change)]))
    }

    /// Carries out an editing command on the filter's text; browsing, only those that mean something there.
    mutating func edit(_ command: MenuKeys.Command) -> Action {
        guard var current = filter else { return .none }
        var characters = Array(current.text)
        var caret = min(current.caret, characters.count)
        switch command {
        case .backwardDeleteChar:
            guard caret > 0 else { return .none }
            characters.remove(at: caret - 1)
            caret -= 1
        case .deleteChar:
            guard caret < characters.count else { return .none }
            characters.remove(at: caret)
        case .backwardChar, .backward: caret = max(caret - 1, 0)
        case .forwardChar, .forward: caret = min(caret + 1, characters.count)
        case .beginningOfLine: caret = 0
        case .endOfLine: caret = characters.count
        case .backwardWord: caret = Self.wordStart(before: caret, in: characters, isWord: Self.isWordCharacter)
        case .forwardWord: caret = Self.wordEnd(after: caret, in: characters)
        case .unixLineDiscard:
            kill(0..<caret, of: &characters)
            caret = 0
        case .unixWordRubout, .backwardKillWord:
            // As in readline and fzf: Ctrl-W takes back to a space, Alt-⌫ to the start of a word of letters and
            // digits ("usr/share/doc-x" loses "x").
            let isWord = command == .unixWordRubout ? { !$0.isWhitespace } : Self.isWordCharacter
            let start = Self.wordStart(before: caret, in: characters, isWord: isWord)
            kill(start..<caret, of: &characters)
            caret = start
        case .killWord: kill(caret..<Self.wordEnd(after: caret, in: characters), of: &characters)
        case .killLine: kill(caret..<characters.count, of: &characters)
        case .clearQuery:
            characters = []
            caret = 0
        default:
            return .none
        }
        current.text = String(characters)
        current.caret = caret
        mode = .filtering(current)
        guard current.text.isEmpty else { return search() }
        let closed = closeFilter()
        guard command == .backwardDeleteChar else { return closed }
        mode = .cleared(Cleared())
        return .batch([closed, .tick(after: Cleared.window)])
    }

    /// Deletes part of the filter's text, kept for Ctrl-Y when there is any.
    private mutating func kill(_ range: Range<Int>, of characters: inout [Character]) {
        guard !range.isEmpty else { return }
        killed = String(characters[range])
        characters.removeSubrange(range)
    }

    /// Ctrl-Y: puts back the text deleted last, at the caret, opening the filter when the deletion closed it.
    mutating func yank() -> Action {
        guard !killed.isEmpty else { return .none }
        guard var current = filter else {
            mode = .filtering(Filter(text: killed, query: query(for:)))
            return search()
        }
        current.insert(Array(killed))
        mode = .filtering(current)
        return search()
    }

    /// Puts `text` in the filter in place of what is there, the caret at its end, and searches it.
    mutating func replaceQuery(with text: String) -> Action {
        guard var current = filter else {
            mode = .filtering(Filter(text: text, query: query(for:)))
            return search()
        }
        current.text = text
        current.caret = text.count
        mode = .filtering(current)
        return search()
    }

    /// What a word is made of for Alt-B, Alt-F, Alt-⌫ and Alt-D: letters and digits, as readline's and fzf's words.
    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// Where the word before a position starts: past what is no word, then the word.
    private static func wordStart(before position: Int, in characters: [Character], isWord: (Character) -> Bool) -> Int
    {
        var index = position
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word after a position ends: past what is no word, then the word.
    private static func wordEnd(after position: Int, in characters: [Character]) -> Int {
        var index = position
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Switches exact and fuzzy matching. A filter searches its text again at once, in the new mode, and its
    /// highlighted hit stays highlighted, on its row, when it is still a hit (as a catalog that changed under the
    /// filter keeps it, ``rebase(onto:)``); on the first row, the new mode's best hit is. Browsing, the status line says which mode the next filter will use.
    ///
    /// - Returns: The search, if filtering; else the message.
    mutating func toggleMatching() -> Action {
        matching = matching.toggled
        guard var current = filter else {
            return .status(words(matching == .fuzzy ? .fuzzyOn : .exactOn))
        }
        current.track = (current.cursor > 0 ? current.highlightedRecord : nil).map {
            Filter.Track(record: $0, row: current.cursor - current.scroll)
        }
        mode = .filtering(current)
        return search()
    }

    /// Switches the hits between best first and the list's order (fzf's `toggle-sort`): a filter searches again at
    /// once, its first row highlighted; the status line names the order while it is the list's. Browsing, the
    /// status line says which order the next filter will use.
    ///
    /// - Returns: The search, if filtering; else the message.
    mutating func toggleHitOrder() -> Action {
        hitOrder = hitOrder.toggled
        guard filter != nil else { return .status(words(hitOrder == .bestFirst ? .sortOn : .sortOff)) }
        return search(force: true)
    }

    /// The index the filter searches: the catalog's, or with `--nth`, one of the fields it names, made once for
    /// each catalog shown; its hits ranked as ``hitOrder`` says.
    private mutating func searchedIndex() -> SearchIndex {
        var index = snapshot.index
        if let fields = options.searchedFields {
            if let made = fieldIndex, made.catalog == catalogVersion {
                index = made.index
            } else {
                let lines = snapshot.table
                var searched = fields.index(count: index.count, order: index.recordsInOrder) { record in
                    lines.withWholeLineBytes(Int(record)) { String(decoding: $0, as: UTF8.self) }
                }
                searched.breaksTiesByLength = index.breaksTiesByLength
                fieldIndex = (catalogVersion, searched)
                index = searched
            }
        }
        index.ranksFuzzyHits = hitOrder == .bestFirst
        return index
    }

    /// Closes the filter: back to the levels, as they were.
    mutating func closeFilter() -> Action {
        mode = .browsing
        keepCursorVisible()
        return .cancel(Self.searchLane)
    }

    /// The query a text asks for, in the menu's mode and case.
    func query(for text: String) -> Query {
        // fzf's --disabled: the text is only for commands' `{q}`, and everything is a hit.
        Query(options.disabled ? "" : text, matching: matching, smartCase: options.smartCase)
    }

    /// Searches for the filter's text: among the previous hits when the new query narrows the one they answer.
    ///
    /// A small catalog is searched at once. A large one is searched by a background job, so the keystroke returns
    /// at once; the hits shown stay those of the last finished search until the job's result arrives, and a newer
    /// keystroke's job supersedes it.
    ///
    /// - Parameter force: Search even when the hits answer the text, because the catalog changed; nothing is
    ///   narrowed then.
    /// - Returns: The job to run, if the search runs in the background, or what the hits lead to.
    mutating func search(force: Bool = false) -> Action {
        guard var current = filter else { return .none }
        current.query = query(for: current.text)
        if current.results == nil {
            // Until the first search answers, every entry is a hit, so typing shows the whole catalog at once.
            let all = Hits(all: snapshot.index)
            current.results = Filter.Results(
                query: query(for: ""), hits: all, shown: all.ordered, catalog: catalogVersion)
        }
        mode = .filtering(current)
        if case .loading = phase { return .none }
        guard force || !current.isCurrent else { return .none }
        let previous = current.results
        let candidates = !force && previous.map { current.query.narrows($0.query) } == true ? previous?.hits : nil
        let (index, query, catalog) = (searchedIndex(), current.query, catalogVersion)
        let ranks = options.ranksExactHits && hitOrder == .bestFirst
        @Sendable func hits(_ isCancelled: (@Sendable () -> Bool)?) -> Hits {
            let found = index.hits(for: query, among: candidates, isCancelled: isCancelled)
            return ranks ? index.rankedByScore(found, for: query) : found
        }
        guard searchesInBackground else {
            return show(SearchOutcome(query: query, hits: hits(nil), catalog: catalog))
        }
        return .run(
            Job(Self.searchLane) { isCancelled in SearchOutcome(query: query, hits: hits(isCancelled), catalog: catalog)
            })
    }

    /// Shows a search's hits, if they answer the text typed now; a hit being tracked stays highlighted, on its row.
    ///
    /// - Returns: What a pending Enter, `--select-1` or `--exit-0` ask for.
    mutating func show(_ outcome: SearchOutcome) -> Action {
        guard var current = filter, outcome.query.matchesSameEntries(as: current.query) else { return .none }
        // Fuzzy hits keep their scores' order, and a picker's hits the order -f lists (by score, or as read with
        // --no-sort): what was opened before orders only the launcher's exact hits.
        let shown = ranked(outcome.hits.ordered, fuzzy: outcome.query.fuzzy || source.picks)
        current.results = Filter.Results(
            query: outcome.query, hits: outcome.hits, shown: shown, catalog: outcome.catalog)
        current.cursor = 0
        current.scroll = 0
        if let track = current.track, let position = shown.firstIndex(of: track.record) {
            current.cursor = position
            current.scroll = min(max(position - track.row, 0), max(shown.count - layout.listRows, 0))
        }
        current.track = nil
        let accepts = current.acceptsWhenCurrent
        current.acceptsWhenCurrent = nil
        mode = .filtering(current)
        keepCursorVisible()
        if let accepts { return accept(current.highlightedRecord, accepts) }
        return settleStartChecks()
    }

    /// An Enter typed ahead of the search, carried out once the hits answer the text.
    enum PendingAccept: Sendable {
        /// `accept`: the highlighted hit, or, with none, a picker quits having picked nothing.
        case any
        /// fzf's `accept-non-empty`: with no hit and no mark, nothing happens but the bell.
        case nonEmpty
    }

    /// Enter while filtering: opens the highlighted hit, or, typed ahead of the search ("readme⏎" at once), the
    /// one highlighted once the hits answer the text.
    mutating func acceptHit(_ kind: PendingAccept = .any) -> Action {
        guard var current = filter else { return .none }
        if !current.isCurrent || isLoading {
            current.acceptsWhenCurrent = kind
            mode = .filtering(current)
            return .none
        }
        return accept(current.highlightedRecord, kind)
    }

    /// Enter on the hits that answer the text: the marked entries when some are, else the highlighted hit. With
    /// no hit, a picker quits having picked nothing, so its status is 1 as fzf's is (but for `accept-non-empty`);
    /// a launcher rings the bell.
    private mutating func accept(_ highlighted: UInt32?, _ kind: PendingAccept) -> Action {
        if options.multi, !marked.isEmpty { return pick(marked.inOrder) }
        guard let record = highlighted else { return source.picks && kind == .any ? .quit : .bell }
        return open(record: record)
    }
}
