import CatalogKit

extension MenuScreen {
    /// What a preview shows of an entry's screen: its first frame at the pane's size, or why it has none.
    struct Preview: Sendable {
        var size: Size
        var frame: Result<Frame, PreviewFailure>
    }

    /// Why a screen couldn't be previewed: its factory, or its first events, threw.
    struct PreviewFailure: Error, Sendable {
        var message: String
    }

    /// A preview wanted: an entry at a size.
    struct PreviewKey: Sendable, Hashable {
        var record: UInt32
        var size: Size
    }

    /// What a preview job returns.
    struct PreviewOutcome: Sendable {
        var key: PreviewKey
        var preview: Preview
    }

    /// The lane of preview jobs: moving the highlight supersedes the preview being made.
    static let previewLane = JobLane<PreviewOutcome>("menu.preview")

    /// The most previews kept; the cache starts again when full.
    static let previewCacheLimit = 64

    /// The item under the cursor, in the list being shown.
    var highlighted: Item? {
        if let filter {
            let shown = filter.shown
            return shown.indices.contains(filter.cursor) ? .node(.entry(shown[filter.cursor])) : nil
        }
        let items = children
        return items.indices.contains(current.cursor) ? items[current.cursor] : nil
    }

    /// The rows of the pane above the screen's frame: title, path, summary, keywords and a rule.
    func previewHeader(for record: UInt32) -> [Line] {
        let table = snapshot.table
        var lines = [Line(table.title(Int(record)), .bold), Line(table.path(Int(record)), .dim)]
        let summary = table.summary(Int(record))
        if !summary.isEmpty { lines.append(Line(summary)) }
        let keywords = table.keywords(Int(record))
        if !keywords.isEmpty { lines.append(Line("keywords: " + keywords.joined(separator: ", "), .dim)) }
        return lines
    }

    /// The size the screen's frame is drawn at in a pane: the pane less the header and the rule above the frame.
    func frameSize(in pane: Size, for record: UInt32) -> Size {
        Size(columns: pane.columns, rows: max(pane.rows - previewHeader(for: record).count - 1, 0))
    }

    /// The preview job to start, if the highlighted entry's screen has no preview at this size yet.
    mutating func previewWork() -> Action {
        if previewScrolled != highlighted {
            previewScroll = 0
            previewScrolled = highlighted
        }
        guard let pane = layout.pane, case .node(.entry(let record))? = highlighted, hasLivePreview(record) else {
            previewing = nil
            return .none
        }
        let key = PreviewKey(record: record, size: frameSize(in: pane.size, for: record))
        guard key.size.rows > 0, previews[record]?.size != key.size, previewing != key else { return .none }
        previewing = key
        if let make = snapshot.factory(Int(record)) {
            let environment = self.environment
            return .run(
                Job(Self.previewLane) { _ in
                    let frame = Result { try FirstFrame.render(of: make, size: key.size, environment: environment) }
                        .mapError { PreviewFailure(message: "\($0)") }
                    return PreviewOutcome(key: key, preview: Preview(size: key.size, frame: frame))
                })
        }
        let command = options.previewCommand ?? ""
        let path = snapshot.table.path(Int(record))
        return .run(
            Job(Self.previewLane) { isCancelled in
                // Killed when the highlight moves on: a newer preview supersedes this job.
                let frame: Result<Frame, PreviewFailure>
                switch PreviewCommand.run(command, path: path, maximumLines: key.size.rows, isCancelled: isCancelled) {
                case .output(let lines, _): frame = .success(Frame(lines: lines.map { Line($0) }))
                case .cancelled: frame = .failure(PreviewFailure(message: "cancelled"))
                case .failed(let message): frame = .failure(PreviewFailure(message: message))
                }
                return PreviewOutcome(key: key, preview: Preview(size: key.size, frame: frame))
            })
    }

    /// Whether an entry's pane shows more than its header: its screen, or the preview command's output.
    func hasLivePreview(_ record: UInt32) -> Bool {
        snapshot.factory(Int(record)) != nil || options.previewCommand != nil
    }

    /// Keeps a finished preview.
    mutating func keep(_ outcome: PreviewOutcome) {
        if previews.count >= Self.previewCacheLimit { previews = [:] }
        previews[outcome.key.record] = outcome.preview
        if previewing == outcome.key { previewing = nil }
    }

    /// The pane's lines: the highlighted entry's header, then its screen as it first draws, or "…" while it is
    /// being made; a group's name and what it holds.
    func paneLines(in pane: Size) -> [Line] {
        let lines = unscrolledPaneLines(in: pane)
        return Array(lines.dropFirst(min(previewScroll, max(lines.count - pane.rows, 0))))
    }

    private func unscrolledPaneLines(in pane: Size) -> [Line] {
        guard let item = highlighted else { return [] }
        guard case .node(.entry(let record)) = item else {
            let count = entryCount(of: item)
            var lines = [
                Line(title(of: item), .bold), Line(Self.entries(count), .dim),
                Line(),
            ]
            lines += items(in: item).map { child in
                let inlined = inlinedGroups(of: child, in: item)
                return Line("  " + title(of: child) + (inlined.isEmpty ? "" : " · " + inlined.joined(separator: " › ")))
            }
            return lines
        }
        var lines = previewHeader(for: record)
        guard hasLivePreview(record) else { return lines }
        lines.append(Line(String(repeating: environment.glyphs.horizontal, count: max(pane.columns, 0)), .dim))
        let size = frameSize(in: pane, for: record)
        switch previews[record].flatMap({ $0.size == size ? $0.frame : nil }) {
        case .success(let frame)?: lines += frame.clipped(to: size).lines
        case .failure(let failure)?: lines.append(Line("Could not preview: \(failure.message)", .bold))
        case nil: lines.append(Line("…", .dim))
        }
        return lines
    }
}

/// A screen's first frame, as it would draw when opened at a size: what previews show.
public enum FirstFrame {
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
        _ = try screen.handle(.environment(environment))
        _ = try screen.handle(.resize(size))
        return screen.render(in: size).clipped(to: size)
    }
}
