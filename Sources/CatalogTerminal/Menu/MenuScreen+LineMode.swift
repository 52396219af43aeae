import CatalogKit

extension MenuScreen {
    /// The most hits line mode prints at once.
    static let lineModeHits = 50

    public func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        // The header (`--header`, `--header-lines`) heads every listing, as it heads the full screen.
        let header = headerLines.map { DisplayWidth.truncate(String($0), to: width) }
        return header + listing(width: width)
    }

    /// The filter's hits, or the level's items, a line each.
    private func listing(width: Int) -> [String] {
        if let filter {
            var output = [statusText]
            for (index, record) in filter.shown.prefix(Self.lineModeHits).enumerated() {
                let groups = groupTrail(of: record)
                output.append(
                    DisplayWidth.truncate(
                        "\(index + 1). \(title(of: record))" + (groups.isEmpty ? "" : "  (\(groups))"), to: width))
            }
            if filter.hits.count > Self.lineModeHits {
                output.append(words(.moreHits, ["count": filter.hits.count - Self.lineModeHits]))
            }
            return output
        }
        var output = ["\(title) — \(statusText)"]
        for (index, item) in currentItems.enumerated() {
            let inlined = inlinedGroups(of: item, in: current.item)
            var text =
                "\(index + 1). \(title(of: item))" + (inlined.isEmpty ? "" : " · " + inlined.joined(separator: " › "))
            if case .node(.entry(let record)) = item {
                let summary = snapshot.table.summary(Int(record))
                if !summary.isEmpty { text += " — \(summary)" }
            } else {
                text += "/ (\(Self.grouped(entryCount(of: item))))"
            }
            output.append(DisplayWidth.truncate(text, to: width))
        }
        return output
    }

    public mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        let refreshed = refreshIfChanged()
        if line.isEmpty { return refreshed }
        if line.hasPrefix("/") {
            let text = String(line.dropFirst())
            if text.isEmpty { return .batch([refreshed, closeFilter()]) }
            mode = .filtering(Filter(text: text, query: query(for:)))
            return .batch([refreshed, search()])
        }
        if line == ".." {
            if filter != nil {
                return closeFilter()
            } else if levels.count > 1 {
                goBack()
            } else {
                return .status(words(.topLevel))
            }
            return .none
        }
        if ItemNumber.isNumber(line) {
            return openNumbered(line)
        }
        return refused(words(.menuUnknownCommand, ["line": line.controlsEscaped]))
    }

    /// A line the menu refuses: what to say, and the bell every refusal rings (line mode writes none), by which the
    /// caller tells a list piped in by mistake (`seq 100 | catalog`) from a script.
    private func refused(_ message: String) -> Action { .batch([.status(message), .bell]) }

    /// What to say of a number that names none of `count` items: "There is no item 9; choose 1 to 7."
    private func noItem(_ text: String, among count: Int) -> Action {
        refused(words(count == 1 ? .noItemOne : .noItemRange, ["text": text, "count": count]))
    }

    /// Opens the item a typed number names, among the filter's hits or the level's items.
    private mutating func openNumbered(_ text: String) -> Action {
        if let filter {
            let shown = min(filter.hits.count, Self.lineModeHits)
            guard shown > 0 else { return refused(words(.noItemNoHits, ["text": text])) }
            guard let index = ItemNumber.index(text, count: shown) else {
                return noItem(text, among: shown)
            }
            return open(record: filter.shown[index])
        }
        let count = currentItems.count
        guard let index = ItemNumber.index(text, count: count, zeroIsTenth: true) else {
            return noItem(text, among: count)
        }
        levels[levels.count - 1].cursor = index
        return open(at: index)
    }
}
