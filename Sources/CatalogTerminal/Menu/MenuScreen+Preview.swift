import CatalogKit

extension MenuScreen {
    /// The preview pane's state.
    struct PreviewState: Sendable {
        /// Whether the pane shows: as the options and the terminal's size decide, because the user asked for it,
        /// or not at all.
        enum Visibility: Sendable {
            case automatic, shown, hidden
        }

        var visibility = Visibility.automatic
        /// Whether the user was told the pane they asked for has no room: once a run, not at every resize.
        var toldNoRoom = false
        /// The previews made so far, by record.
        var cache: [UInt32: Preview] = [:]
        /// The preview being made.
        var making: PreviewKey?
        /// How far the pane is scrolled, and the item it was scrolled for.
        var scroll = 0
        var scrolledFor: Item?

        /// Whether the pane may show at all.
        var shown: Bool { visibility != .hidden }

        /// Where the pane goes, given where the options put it.
        func placement(_ option: PreviewPlacement) -> PreviewPlacement {
            guard visibility == .shown, option == .auto || option == .hidden else { return option }
            return .forced
        }
    }

    /// fzf's `+SCROLL[OFFSETS][/DENOM]` in `--preview-window`: the line of a preview command's output shown
    /// first, 1 for the first: a number, or one a placeholder names in the entry's line (`+{2}`, grep's line
    /// number), plus the offsets, less the pane's rows over `DENOM` (`+{2}-/2` puts the line in the middle).
    package struct PreviewScroll: Sendable, Equatable {
        package var base: String
        package var offset = 0
        package var denominator: Int?

        package init(base: String, offset: Int = 0, denominator: Int? = nil) {
            self.base = base
            self.offset = offset
            self.denominator = denominator
        }

        /// How many lines of an entry's output the pane scrolls past at first, at least 0; `nil` when the base is no
        /// number in this line.
        func lines(for line: String, delimiter: ShellCommand.FieldDelimiter, rows: Int) -> Int? {
            guard let base = ShellCommand.number(base, line: line, delimiter: delimiter) else { return nil }
            let first = base + offset - (denominator.map { rows / max($0, 1) } ?? 0)
            return max(first - 1, 0)
        }
    }

    /// What a preview shows of an entry's screen: its first frame at the pane's size, or why it has none; and the
    /// entry it is of, so a record that now holds another entry is previewed again.
    struct Preview: Sendable {
        var id: String
        var size: Size
        /// The query a preview command's `{q}` stood for; `nil` when nothing in the preview depends on it.
        var query: String?
        /// The marked paths a preview command's `{+}` stood for; `nil` when nothing in the preview depends on them.
        var marked: [String]?
        var frame: Result<Frame, PreviewFailure>
        /// Whether the preview is whole: `false` for what a command still running has printed so far, which is
        /// shown but made again when the entry is highlighted again.
        var complete = true
    }

    /// Why a screen couldn't be previewed: its factory, or its first events, threw.
    struct PreviewFailure: Error, Sendable {
        var message: String
    }

    /// A preview wanted: an entry at a size, and for a command with `{q}` or `{+}`, the query or the marks.
    struct PreviewKey: Sendable, Hashable {
        var record: UInt32
        var size: Size
        var query: String?
        var marked: [String]?
    }

    /// What a preview job returns.
    struct PreviewOutcome: Sendable {
        var key: PreviewKey
        var preview: Preview
    }

    /// The lane of preview jobs: moving the highlight supersedes the preview being made.
    static let previewLane = JobLane<PreviewOutcome>("menu.preview")

    /// The most lines of a preview command's output kept, for scrolling the pane.
    static let previewCommandLines = 1_000

    /// The most previews kept; the cache starts again when full.
    static let previewCacheLimit = 64

    /// The item under the cursor, in the list being shown.
    var highlighted: Item? {
        if let filter { return filter.highlightedRecord.map { .node(.entry($0)) } }
        let items = currentItems
        return items.indices.contains(current.cursor) ? items[current.cursor] : nil
    }

    /// F4: hides the pane, or shows it, even where the options or the terminal's size had it hidden; says so when
    /// there is no room for it.
    mutating func togglePreview() -> Action {
        preview.visibility = layout.pane == nil ? .shown : .hidden
        keepCursorVisible()
        guard preview.visibility == .shown, layout.pane == nil else { return .none }
        preview.visibility = .hidden
        return .status(words(.noRoomForPreview, ["size": "\(size.columns)×\(size.rows)"]))
    }

    /// Says once that a pane asked for on the command line (a place, or a preview command) has no room at this
    /// size, as F4 says it: a pane that silently never shows reads as an option that does nothing.
    mutating func noRoomForAskedPane() -> Action {
        guard !preview.toldNoRoom, layout.pane == nil, preview.visibility != .hidden,
            options.preview != .auto && options.preview != .hidden
        else { return .none }
        preview.toldNoRoom = true
        return .status(words(.noRoomForPreview, ["size": "\(size.columns)×\(size.rows)"]))
    }

    /// Scrolls the pane by some rows.
    mutating func scrollPreview(by rows: Int) {
        preview.scroll = max(-previewStart(in: layout.pane?.size), preview.scroll + rows)
    }

    /// Where the highlighted entry's pane starts before the user scrolls it: 0, or with `--preview-window +SCROLL`
    /// the line it names, past the header and its rule too, so that line is the pane's first, as in fzf's, which
    /// has no header. Found as the pane is drawn, from the line and the pane's rows then.
    func previewStart(in pane: Size?) -> Int {
        guard let scroll = options.previewScroll, options.previewCommand != nil, let pane,
            case .node(.entry(let record))? = highlighted,
            let lines = scroll.lines(for: line(record), delimiter: options.fieldDelimiter, rows: pane.rows)
        else { return 0 }
        let header = previewHeader(for: record).count
        var rows = lines
        // Wrapped, the lines before the one named take the rows they wrap to.
        if options.previewWraps, lines > 0,
            case .success(let frame)? = cachedPreview(record, size: frameSize(in: pane, for: record))?.frame
        {
            rows = wrapped(Array(frame.lines.prefix(lines)), to: pane.columns).count + max(lines - frame.lines.count, 0)
        }
        return header + (header > 0 ? 1 : 0) + rows
    }

    /// A preview command's lines as the pane shows them: wrapped at its width with `--preview-window wrap`, else
    /// as they are, cut at its edge when drawn.
    func wrapped(_ lines: [Line], to columns: Int) -> [Line] {
        guard options.previewWraps, options.previewCommand != nil else { return lines }
        return lines.flatMap { $0.wrapped(to: columns) }
    }

    /// The rows of the pane above the screen's frame: title, path (of an entry in a group), summary, keywords and a
    /// rule.
    func previewHeader(for record: UInt32) -> [Line] {
        // A command's preview in a short pane is its output alone, as fzf's is (`--preview-window down,3`).
        if snapshot.factory(Int(record)) == nil, options.previewCommand != nil,
            let pane = layout.pane, pane.size.rows < Self.headerlessBelow
        {
            return []
        }
        let table = snapshot.table
        var lines = [Line(title(of: record), .bold)]
        // The path, where groups come before the title: a flat list's line is the title already, its TABs shown
        // as the list shows them.
        if !table.groups(Int(record)).isEmpty { lines.append(Line(table.path(Int(record)), .dim)) }
        let summary = table.summary(Int(record))
        if !summary.isEmpty { lines.append(Line(summary)) }
        let keywords = table.keywords(Int(record))
        if !keywords.isEmpty { lines.append(Line(words(.keywords, ["list": keywords.joined(separator: ", ")]), .dim)) }
        return lines
    }

    /// The fewest rows a pane has where a preview command's output comes under the entry's header.
    static let headerlessBelow = 8

    /// The size the screen's frame is drawn at in a pane: the pane less the header and the rule above the frame.
    func frameSize(in pane: Size, for record: UInt32) -> Size {
        let header = previewHeader(for: record).count
        return Size(columns: pane.columns, rows: max(pane.rows - header - (header > 0 ? 1 : 0), 0))
    }

    /// Keeps the preview in step with the highlight: starts making the highlighted entry's preview if it has none
    /// at this size, and when the highlight has left an entry for a group (or the pane is gone), cancels the one
    /// being made, which kills a preview command's process group.
    mutating func previewWork() -> Action {
        let item = highlighted
        if preview.scrolledFor != item {
            preview.scroll = 0

            preview.scrolledFor = item
        }
        guard let pane = layout.pane, case .node(.entry(let record))? = item, hasLivePreview(record) else {
            guard preview.making != nil else { return .none }
            preview.making = nil
            return .cancel(Self.previewLane)
        }
        let make = snapshot.factory(Int(record))
        let command = options.previewCommand ?? ""
        let query = make == nil && ShellCommand.usesQuery(command) ? self.query : nil
        let marked =
            make == nil && ShellCommand.usesMarks(command)
            ? marked.inOrder.map(line) : nil
        let key = PreviewKey(
            record: record, size: frameSize(in: pane.size, for: record), query: query, marked: marked)
        let id = snapshot.table.id(Int(record))
        // A preview made for another query stays in the pane until the one for this query replaces it, as fzf's
        // does.
        let isMade =
            cachedPreview(record, size: key.size).map { $0.complete && $0.query == query && $0.marked == marked }
            ?? false
        guard key.size.rows > 0, !isMade, preview.making != key else { return .none }
        preview.making = key
        if let make {
            let environment = self.environment
            return .run(
                Job(Self.previewLane) { _ in
                    let frame = Result { try FirstFrame.render(of: make, size: key.size, environment: environment) }
                        .mapError { PreviewFailure(message: "\($0)") }
                    return PreviewOutcome(key: key, preview: Preview(id: id, size: key.size, frame: frame))
                })
        }
        let line = line(record)
        let (shell, delimiter) = (options.shell, options.fieldDelimiter)
        return .run(
            Job(Self.previewLane) { isCancelled, report in
                // Killed when the highlight moves on: a newer preview supersedes this job. What it prints shows as
                // it comes, as fzf's preview does.
                func preview(_ frame: Result<Frame, PreviewFailure>, complete: Bool = true) -> PreviewOutcome {
                    PreviewOutcome(
                        key: key,
                        preview: Preview(
                            id: id, size: key.size, query: query, marked: marked, frame: frame, complete: complete))
                }
                let frame: Result<Frame, PreviewFailure>
                let limit = Self.previewCommandLines
                switch ShellCommand.run(
                    command, line: line, query: query ?? "", marked: marked ?? [], delimiter: delimiter, shell: shell,
                    maximumLines: limit,
                    isCancelled: isCancelled,
                    partial: { report(preview(.success(Frame(lines: $0.map(AnsiText.line))), complete: false)) })
                {
                case .output(let lines, _): frame = .success(Frame(lines: lines.map(AnsiText.line)))
                case .cancelled: frame = .failure(PreviewFailure(message: "cancelled"))
                case .failed(let message): frame = .failure(PreviewFailure(message: message))
                }
                return preview(frame)
            })
    }

    /// The preview made of an entry at a size, if it is still that entry's.
    func cachedPreview(_ record: UInt32, size: Size) -> Preview? {
        guard let made = preview.cache[record], made.size == size, made.id == snapshot.table.id(Int(record)) else {
            return nil
        }
        return made
    }

    /// Whether an entry's pane shows more than its header: its screen, or the preview command's output.
    func hasLivePreview(_ record: UInt32) -> Bool {
        snapshot.factory(Int(record)) != nil || options.previewCommand != nil
    }

    /// Keeps a preview: a finished one, or what a running command has printed so far.
    mutating func keep(_ outcome: PreviewOutcome) {
        if preview.cache.count >= Self.previewCacheLimit { preview.cache = [:] }
        preview.cache[outcome.key.record] = outcome.preview
        if preview.making == outcome.key && outcome.preview.complete { preview.making = nil }
    }

    /// The pane's lines: the highlighted entry's header, then its screen as it first draws, or "…" while it is
    /// being made; a group's name and what it holds.
    func paneLines(in pane: Size) -> [Line] {
        let lines = unscrolledPaneLines(in: pane)
        let scroll = max(previewStart(in: pane) + preview.scroll, 0)
        return Array(lines.dropFirst(min(scroll, max(lines.count - pane.rows, 0))))
    }

    private func unscrolledPaneLines(in pane: Size) -> [Line] {
        guard let item = highlighted else { return [] }
        guard case .node(.entry(let record)) = item else {
            let count = entryCount(of: item)
            var lines = [
                Line(title(of: item), .bold), Line(words(.entries, ["count": count]), .dim),
                Line(),
            ]
            // While only the top level is in, what lies below its groups is still being made.
            if isUnknownYet(item) { return lines + [Line("…", .dim)] }
            lines += items(in: item).map { child in
                let inlined = inlinedGroups(of: child, in: item)
                return Line("  " + title(of: child) + (inlined.isEmpty ? "" : " · " + inlined.joined(separator: " › ")))
            }
            return lines
        }
        var lines = previewHeader(for: record)
        guard hasLivePreview(record) else { return lines }
        if !lines.isEmpty {
            lines.append(Line(String(repeating: environment.glyphs.horizontal, count: max(pane.columns, 0)), .dim))
        }
        let size = frameSize(in: pane, for: record)
        switch cachedPreview(record, size: size)?.frame {
        case .success(let frame)?: lines += wrapped(frame.lines, to: pane.columns)  // all of it, to scroll through
        case .failure(let failure)?: lines.append(Line(words(.couldNotPreview, ["message": failure.message]), .bold))
        case nil: lines.append(Line("…", .dim))
        }
        return lines
    }
}

/// A screen's first frame, as it would draw when opened at a size: what previews show.
package enum FirstFrame {
    /// Makes the screen, tells it its environment and size, and draws it; actions it asks for are not carried out.
    ///
    /// - Parameters:
    ///   - make: The entry's factory.
    ///   - size: The size to draw at.
    ///   - environment: What the screen is told of the world.
    /// - Returns: The frame, clipped to the size.
    /// - Throws: What the factory or the first events throw.
    public static func render(
        of make: () throws -> any Screen, size: Size, environment: ScreenEnvironment
    ) throws -> Frame {
        var screen = try make()
        let context = ScreenContext(size: size, environment: environment)
        _ = try screen.handle(.environment(environment), in: context)
        _ = try screen.handle(.resize(size), in: context)
        return screen.render(in: context).clipped(to: size)
    }
}
