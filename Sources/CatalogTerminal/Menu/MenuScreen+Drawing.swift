import CatalogKit

extension MenuScreen {
    public func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let layout = layout(in: size)
        let width = layout.columns
        var lines: [Line] = []
        // The header starts where the rows' titles do, so the column names of `ps` stand over their columns.
        let indent = String(repeating: " ", count: rowIndent)
        for line in headerLines.prefix(layout.headerRows) {
            lines.append(Line(DisplayWidth.truncate(indent + line, to: width), .bold))
        }
        var cursor: (row: Int, column: Int)?
        // Scrolled again here, so the cursor is drawn even if the menu was told another size than this.
        let first = firstRow(in: layout)
        if layout.promptRows > 0 {
            let prompt = options.prompt ?? "/ "
            // --info inline: the status at the row's right end, in at most half of it, a space or two from the text.
            let info = options.info == .inline ? inlineInfo(width: width / 2 - 2) : ""
            let room = width - DisplayWidth.of(prompt) - (info.isEmpty ? 0 : DisplayWidth.of(info) + 2)
            let (text, caret) = TextField.scrolled(filter?.text ?? "", caret: filter?.caret ?? 0, width: room)
            var spans = [Span(prompt, .bold), Span(text)]
            if !info.isEmpty {
                spans.append(Span(String(repeating: " ", count: max(room - DisplayWidth.of(text), 0) + 2)))
                spans.append(Span(info, .dim))
            }
            lines.append(Line(spans))
            cursor = (layout.headerRows, min(width - 1, DisplayWidth.of(prompt) + caret))
        }
        if let filter {
            for (position, record) in filter.shown.enumerated().dropFirst(first).prefix(layout.listRows) {
                lines.append(hitLine(record, selected: position == filter.cursor, width: width))
            }
        } else {
            let numbered = numberedCount(in: current.item)
            for (position, item) in currentItems.enumerated().dropFirst(first).prefix(layout.listRows) {
                lines.append(
                    itemLine(
                        item, number: position < numbered ? position : nil, selected: position == current.cursor,
                        width: width))
            }
        }
        while lines.count < layout.headerRows + layout.promptRows + layout.listRows { lines.append(Line()) }
        if let pane = layout.pane { lines = withPane(lines, pane, listWidth: width) }
        if layout.showsStatus { lines.append(statusLine(width: size.columns, listRows: layout.listRows)) }
        if layout.showsFooter {
            // In a picker, Enter prints the marks, or an entry (every hit is one); it opens a group.
            var picks = filter != nil || !marked.isEmpty
            if !picks, currentItems.indices.contains(current.cursor), case .node(.entry) = currentItems[current.cursor]
            {
                picks = true
            }
            let footer = keys.footer(
                filtering: filter != nil, picks: keys.picker && picks, locale: environment.locale)
            lines.append(Line(DisplayWidth.truncate(footer, to: size.columns)))
        }
        return Frame(lines: lines, cursor: cursor).clipped(to: size)
    }

    /// The list's lines with the preview pane drawn beside them (after a rule) or below them (under a rule).
    private func withPane(_ list: [Line], _ pane: Layout.Pane, listWidth: Int) -> [Line] {
        let content = Frame(lines: paneLines(in: pane.size)).clipped(to: pane.size).lines
        let rule = Style.dim
        switch pane.placement {
        case .bottom:
            var lines = Array(list.prefix(pane.row - 1))
            lines.append(Line(String(repeating: environment.glyphs.horizontal, count: listWidth), rule))
            lines += content
            // The pane keeps all of its rows, however little the preview holds, so the status line and the footer
            // stay at the bottom.
            lines += Array(repeating: Line(), count: max(0, pane.size.rows - content.count))
            return lines
        default:
            return list.enumerated().map { row, line in
                // The header's rows, above the pane, keep the whole width.
                guard row >= pane.row else { return line }
                // Measured as drawn: a control character in a name shows as its escape, wider than nothing.
                let fitted = line.sanitized.truncated(to: listWidth)
                var spans = fitted.spans
                spans.append(Span(String(repeating: " ", count: max(0, listWidth - fitted.width))))
                spans.append(Span(environment.glyphs.vertical, rule))
                spans.append(Span(" "))
                if row - pane.row < content.count { spans += content[row - pane.row].spans }
                return Line(spans)
            }
        }
    }

    /// What a level's row starts with: its digit (or a space) and its glyph (" 1 ▸ ").
    private static func itemLead(key: String, glyph: String) -> String { " \(key) \(glyph) " }
    /// What a hit's row starts with.
    private static let hitLead = "  "
    /// The most characters of a long hit's text shown after the match, as fzf's `--hscroll-off` keeps columns.
    static let contextAfterMatch = 10

    /// The columns before a row's title: the lead of a level's row or a hit's, and the mark's box with --multi.
    var rowIndent: Int {
        let mark = options.multi ? DisplayWidth.of(environment.glyphs.box(.unchecked)) + 1 : 0
        return DisplayWidth.of(filter == nil ? Self.itemLead(key: " ", glyph: " ") : Self.hitLead) + mark
    }

    /// An item of a level: its digit (the catalog's first ten, in the launcher), a mark for a group or a shelf, its
    /// title with the groups it stands for, and its summary or size.
    private func itemLine(_ item: Item, number: Int?, selected: Bool, width: Int) -> Line {
        let key = number.map { String(($0 + 1) % 10) } ?? " "
        var record: UInt32?
        if case .node(.entry(let entry)) = item { record = entry }
        let isGroup = record == nil
        let glyph: String
        let ascii = environment.glyphs == .ascii
        switch item {
        case .shelf(.recent): glyph = ascii ? "~" : "◷"
        case .shelf(.favourites): glyph = ascii ? "*" : "★"
        default: glyph = isGroup ? environment.glyphs.collapsed : " "
        }
        let prefix = Self.itemLead(key: key, glyph: glyph) + markPrefix(item)
        var spans = [Span(prefix, selected ? .reverse : .plain)]
        let available = max(0, width - DisplayWidth.of(prefix))
        var title = self.title(of: item)
        if let record, favourites.contains(record) { title = "★ " + title }
        // A group of one is shown as its entry, with the groups it stands for dimmed: "Greeting · Basics". On a
        // shelf, an entry shows its whole group path.
        let inlined = inlinedGroups(of: item, in: current.item).joined(separator: " › ")
        let detail: String
        if let record {
            detail = snapshot.table.detail(Int(record))
        } else if case .node(let node) = item, hierarchy.isEmptyGroup(node) {
            detail = words(.empty)
        } else {
            let count = entryCount(of: item)
            detail = words(.entries, ["count": count])
        }
        let titleText = DisplayWidth.truncate(title, to: available)
        spans.append(Span(titleText, selected ? Style(bold: true, reverse: true) : (isGroup ? .bold : .plain)))
        var used = DisplayWidth.of(titleText)
        if !inlined.isEmpty, available - used > 4 {
            let groups = DisplayWidth.truncate(" · " + inlined, to: available - used)
            spans.append(Span(groups, selected ? Style(dim: true, reverse: true) : .dim))
            used += DisplayWidth.of(groups)
        }
        let room = available - used - 2
        if !detail.isEmpty && room >= 4 {
            spans.append(
                Span("  " + DisplayWidth.truncate(detail, to: room), selected ? Style(dim: true, reverse: true) : .dim))
        }
        return Line(spans)
    }

    /// The groups a hit is in, as a filter's hits show them in full screen and in line mode: `∕ › etc › ssh`.
    func groupTrail(of record: UInt32) -> String { snapshot.table.groups(Int(record)).joined(separator: " › ") }

    private func hitLine(_ record: UInt32, selected: Bool, width: Int) -> Line {
        let table = snapshot.table
        let title = title(of: record)
        let groups = groupTrail(of: record)
        let base: Style = selected ? .reverse : .plain
        var spans = [Span(Self.hitLead + markPrefix(.node(.entry(record))), base)]
        let (titleText, marks) = Self.window(
            of: title, matching: filter?.query ?? Query(""), width: max(0, width - DisplayWidth.of(spans[0].text)),
            fields: options.searchedFields)
        for (index, character) in titleText.enumerated() {
            var style = base
            if marks.contains(where: { $0.contains(index) }) {
                style.bold = true
                style.underline = true
            }
            if let last = spans.last, last.style == style, index > 0 {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(Span(String(character), style))
            }
        }
        var room = width - DisplayWidth.of(spans[0].text) - DisplayWidth.of(titleText) - 2
        var dim = base
        dim.dim = true
        // A line's text after its TAB, in a list read from a file (`grep -rn`), before the groups; a registered
        // entry's summary is left to the preview.
        let keywords = table.isRegistered ? "" : table.detail(Int(record))
        if !keywords.isEmpty && room >= 4 {
            let shown = DisplayWidth.truncate(keywords, to: groups.isEmpty ? room : min(room, max(4, room * 2 / 3)))
            spans.append(Span("  " + shown, dim))
            room -= DisplayWidth.of(shown) + 2
        }
        if !groups.isEmpty && room >= 4 {
            // The end of a group path tells hits apart (`… › doc › bzip2`); its start is often the same for all.
            spans.append(Span("  " + DisplayWidth.truncateLeading(groups, to: room), dim))
        }
        return Line(spans)
    }

    /// The part of a hit's title that fits in `width` columns, and where the query matches in it: the title's
    /// start, or, when the match lies past the right edge (a long `--flat` line, a command of a history), the end of
    /// the match and up to ``contextAfterMatch`` characters after it (at most half the width, and only what the
    /// match's own span leaves), with as much before
    /// it as fits after a leading `…`, as fzf shows it. So hits that match in the same path (`grep -rn` lines of one
    /// file) still show their line numbers.
    ///
    /// - Parameter fields: The fields `--nth` searches, where alone what matched is marked; `nil` for the whole title.
    /// - Returns: The text, and the characters that match in it.
    static func window(
        of title: String, matching query: Query, width: Int, fields: FieldSearch? = nil
    ) -> (String, [Range<Int>]) {
        let highlights = { (text: String) in
            fields?.highlights(in: text, matching: query) ?? Highlight.characters(in: text, matching: query)
        }
        let fitted = DisplayWidth.truncate(title, to: width)
        guard fitted != title, width > 2 else { return (fitted, highlights(fitted)) }
        let marks = highlights(title)
        let characters = Array(title)
        guard let matchEnd = marks.map(\.upperBound).max(), matchEnd <= characters.count else {
            return (fitted, highlights(fitted))
        }
        // The context gives way to the match: the match's whole span first, then what follows it.
        let matchStart = min(marks.map(\.lowerBound).min() ?? matchEnd, matchEnd)
        let span = DisplayWidth.of(String(characters[matchStart..<matchEnd]))
        let context = max(0, min(width / 2 - 2, Self.contextAfterMatch, width - 3 - span))
        let end = min(matchEnd + context, characters.count)
        guard DisplayWidth.of(String(characters[..<end])) > width - 1 else {
            return (fitted, highlights(fitted))
        }
        // Back from the context's end until "…" and the text fit, leaving a column for a trailing "…".
        var start = end
        var used = 1 + (end < characters.count ? 1 : 0)
        while start > 0 && used + DisplayWidth.of(characters[start - 1]) <= width {
            used += DisplayWidth.of(characters[start - 1])
            start -= 1
        }
        let text = "…" + DisplayWidth.truncate(String(characters[start...]), to: width - 1)
        let shifted = marks.compactMap { range -> Range<Int>? in
            let lower = max(range.lowerBound, start) - start + 1
            let upper = range.upperBound - start + 1
            return lower < upper ? lower..<upper : nil
        }
        return (text, shifted)
    }

    /// The status line: what the list shows, and at the right end, where a long query never pushes them off, the
    /// highlighted row's place when the list is longer than its rows ("3/10") and, while filtering, the mode
    /// ("fuzzy", "exact") and, when `toggle-sort` left them unsorted, the hits' order ("as listed").
    private func statusLine(width: Int, listRows: Int) -> Line {
        let label = statusLabel(listRows: listRows)
        let room = width - DisplayWidth.of(label) - 2
        guard !label.isEmpty, room >= 8 else { return Line(fittedStatus(width), .dim) }
        return Line(DisplayWidth.pad(fittedStatus(room), to: width - DisplayWidth.of(label)) + label, .dim)
    }

    /// The status line's right end: the highlighted row's place when the list is longer than its rows ("3/10")
    /// and, while filtering, the mode ("fuzzy", "exact").
    private func statusLabel(listRows: Int) -> String {
        let (row, count) = filter.map { ($0.cursor, $0.shown.count) } ?? (current.cursor, currentItems.count)
        let place = count > listRows ? words(.position, ["row": row + 1, "count": count]) : ""
        let order = filter == nil || hitOrder == .bestFirst ? "" : words(.asListed)
        return [place, filter == nil || options.disabled ? "" : matchingLabel, order].filter { !$0.isEmpty }.joined(
            separator: " · ")
    }

    /// The status for `--info inline`, at most `width` columns: the status text, then the highlighted row's place
    /// and the mode as the status line has them; empty when fewer than 8 columns are left.
    private func inlineInfo(width: Int) -> String {
        guard width >= 8 else { return "" }
        let label = statusLabel(listRows: layout.listRows)
        let withLabel = label.isEmpty ? 0 : DisplayWidth.of(label) + 3
        guard width - withLabel >= 8 else { return fittedStatus(width) }
        return fittedStatus(width - withLabel) + (label.isEmpty ? "" : " · " + label)
    }

    /// The status text in `width` columns. What is cut first is the count and the query, then the words of the
    /// work still going on, then the marks; the spinner goes last. At 40 columns a filter over a stream still shows
    /// that input is read, as fzf's spinner does.
    func fittedStatus(_ width: Int) -> String {
        let (plain, marks, work, spinner) = statusParts
        if DisplayWidth.of(plain + marks + work) <= width { return plain + marks + work }
        for ending in [marks + work, marks + spinner, spinner] where width - DisplayWidth.of(ending) >= 8 {
            return DisplayWidth.truncate(plain, to: width - DisplayWidth.of(ending)) + ending
        }
        return DisplayWidth.truncate(plain + marks + work, to: width)
    }

    /// How the filter matches, as the status line names it.
    var matchingLabel: String { words(matching == .fuzzy ? .fuzzy : .exact) }

    var statusText: String {
        let (plain, marks, work, _) = statusParts
        return plain + marks + work
    }

    /// The status text in parts: what the list shows, the marks, the work still going on with its spinner, and
    /// that spinner alone, for a line too narrow for the work's words.
    private var statusParts: (plain: String, marks: String, work: String, spinner: String) {
        let marks = options.multi && !marked.isEmpty ? " · " + words(.marked, ["count": marked.count]) : ""
        // What is still being done, with a spinner: a stream read, or a file's entries sorted under its top level.
        let work: (String, Int)? =
            switch phase {
            case .streaming(let streaming): (words(.reading, ["source": source(streaming.what)]), streaming.spinner)
            case .topLevel(let top): (words(.sorting), top.spinner)
            case .loading, .ready: nil
            }
        let spinner = work.map { " " + Glyphs.spinner[$0.1 % Glyphs.spinner.count] } ?? ""
        let reading = work.map { " · \($0.0)" + spinner } ?? ""
        return (plainStatusText, marks, reading, spinner)
    }

    private var plainStatusText: String {
        let total = snapshot.count
        if case .loading(let loading) = phase { return words(.loading, ["source": source(loading.what)]) }
        if let filter, !filter.isCurrent {
            return words(.searching, ["query": filter.text, "total": total])
        }
        if let filter {
            // --disabled: the text filters nothing, and every entry is listed.
            if options.disabled { return words(.entries, ["count": total]) }
            if filter.query.isEmpty { return words(.typeToFilter, ["total": total]) }
            if filter.hits.isEmpty { return words(.noMatches, ["query": filter.text]) }
            return words(.matches, ["shown": filter.hits.count, "total": total, "query": filter.text])
        }
        let here = entryCount(of: current.item)
        return levels.count == 1
            ? words(.entries, ["count": total]) : words(.entriesHere, ["here": here, "total": total])
    }

    /// The launcher's words in the screen's language.
    func words(_ key: LauncherWords, _ arguments: [String: any Sendable] = [:]) -> String {
        LauncherWords.text(key, in: environment.locale, arguments)
    }

    /// What is read, as the status line names it: the command says "standard input" for `-`, which is said in the
    /// screen's language; a path is shown as it is.
    func source(_ what: String) -> String { what == "standard input" ? words(.standardInput) : what }

    /// A number of entries: "1 entry", "1,000,000 entries".
    static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(grouped(count)) entries" }

    /// A count with thousands separators: 1,000,000.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
