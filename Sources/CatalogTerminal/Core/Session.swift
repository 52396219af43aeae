import CatalogKit

/// The launcher's state: a stack of open screens, a status message and the screen flash.
///
/// A pure value type between the key decoder and the renderer. Events go to the top screen; the session carries out
/// the actions that concern the stack (push, pop, status) and returns the rest as ``Effect``s for the shell. It also
/// draws the chrome around the top screen: a breadcrumb of titles on the first line and a status line on the last.
///
/// Rules, in order, for a key:
/// - Ctrl-C quits, whatever screen is open.
/// - On an opened screen (not the root), Escape closes it unless the screen ``Screen/handlesEscape``, and `q` closes
///   it unless the screen ``Screen/takesText``.
/// - Everything else goes to the top screen. An error it throws is shown in the status line and the session goes on.
///
/// Resizes go to every screen; ticks go to the top screen only. The status message is cleared by the next key.
public struct Session {
    /// What the shell must do for the session, beyond redrawing.
    public enum Effect: Sendable, Equatable {
        /// Ring the terminal bell.
        case bell
        /// Show the frame in reverse video for this long, then call ``Session/endFlash()``.
        case flash(Duration)
        /// Deliver ``Event/tick(now:)`` after this long.
        case scheduleTick(after: Duration)
        /// Leave the launcher.
        case quit
        /// Run a job off the input path and hand its result back with ``Session/handle(_:)``.
        case run(Job)

        public static func == (lhs: Effect, rhs: Effect) -> Bool {
            switch (lhs, rhs) {
            case (.bell, .bell), (.quit, .quit): return true
            case (.flash(let a), .flash(let b)): return a == b
            case (.scheduleTick(let a), .scheduleTick(let b)): return a == b
            case (.run(let a), .run(let b)): return a.lane == b.lane && a.id == b.id
            default: return false
            }
        }
    }

    /// The open screens, the root first; never empty.
    public private(set) var stack: [any Screen]
    /// The message in the status line, if any.
    public private(set) var status: String?
    /// Whether the frame is drawn in reverse video, between ``Effect/flash(_:)`` and ``endFlash()``.
    public private(set) var isFlashing = false
    /// Whether the session ended with Ctrl-C, so the program can exit with status 130.
    public private(set) var interrupted = false

    /// The separator between titles in the breadcrumb.
    public static let breadcrumbSeparator = " › "

    /// Creates a session showing one screen.
    ///
    /// - Parameter root: The first screen, which can't be closed; only quitting leaves it.
    public init(root: any Screen) {
        stack = [root]
    }

    /// Creates a session whose only screen closes like an opened one: Esc (unless the screen handles it), `q`
    /// (unless it takes text), `..` in line mode, or a pop all end the session. `catalog open` runs screens so.
    ///
    /// - Parameter screen: The screen to run.
    public init(closable screen: any Screen) {
        stack = [screen]
        rootCloses = true
    }

    /// The size screens were last told, which a newly opened screen is told too.
    public private(set) var size = Size.standard

    /// Whether closing the root screen ends the session.
    public private(set) var rootCloses = false

    /// The screen that receives keys.
    public var top: any Screen { stack[stack.count - 1] }

    /// The titles of the open screens, the root first.
    public var titles: [String] { stack.map(\.title) }

    // MARK: - Events

    /// Handles one event and carries out the resulting actions that concern the session.
    ///
    /// - Parameter event: A key, tick or resize from the shell.
    /// - Returns: What the shell must do, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        switch event {
        case .key(let key):
            status = nil
            if key == .control("c") {
                interrupted = true
                return [.quit]
            }
            if stack.count > 1 || rootCloses {
                if key == .escape, !top.handlesEscape { return apply(.pop) }
                if key == .character("q"), !top.takesText { return apply(.pop) }
            }
            return deliverToTop(event)
        case .tick:
            return deliverToTop(event)
        case .resize, .finished:
            // Every screen learns the new size, and each sees finished jobs (a screen knows its own lanes); only
            // the top screen's actions count.
            for index in stack.indices.dropLast() {
                do {
                    _ = try stack[index].handle(event)
                } catch {
                    status = Self.message(for: error)
                }
            }
            return deliverToTop(event)
        }
    }

    /// Passes a line-mode command to the top screen and carries out its action.
    ///
    /// - Parameter line: The command, without its newline.
    /// - Returns: What the driver must do.
    /// - Throws: Whatever the screen throws; the session is unchanged apart from the screen's own state.
    public mutating func handle(line: String) throws -> [Effect] {
        status = nil
        let action = try stack[stack.count - 1].handle(line: line)
        return apply(action)
    }

    /// Closes the top screen unless it is the root.
    ///
    /// - Returns: Whether a screen was closed.
    @discardableResult
    public mutating func pop() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast()
        return true
    }

    /// Ends the reverse-video flash; the shell calls this when the flash's time is up.
    public mutating func endFlash() {
        isFlashing = false
    }

    /// Removes the status message and returns it (line mode prints it once).
    ///
    /// - Returns: The message, if there was one.
    public mutating func takeStatus() -> String? {
        defer { status = nil }
        return status
    }

    private mutating func deliverToTop(_ event: Event) -> [Effect] {
        do {
            let action = try stack[stack.count - 1].handle(event)
            return apply(action)
        } catch {
            status = Self.message(for: error)
            return []
        }
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        var effects: [Effect] = []
        for action in action.flattened {
            switch action {
            case .none, .batch: break
            case .push(let screen):
                // A screen learns its size as it opens, and may start its clock then.
                stack.append(screen)
                effects += deliverToTop(.resize(size))
            case .pop:
                if !pop() && rootCloses { effects.append(.quit) }
            case .quit: effects.append(.quit)
            case .bell: effects.append(.bell)
            case .flash(let duration):
                isFlashing = true
                effects.append(.flash(duration))
            case .tick(let delay): effects.append(.scheduleTick(after: delay))
            case .status(let message): status = message
            case .run(let job): effects.append(.run(job))
            }
        }
        return effects
    }

    /// The status-line text for an error.
    static func message(for error: any Error) -> String {
        "Error: \(error)"
    }

    // MARK: - Drawing

    /// Draws the breadcrumb, the top screen and the status line.
    ///
    /// - Parameter size: The terminal size; the top screen gets two rows fewer.
    /// - Returns: A frame of exactly `size.rows` lines (none when there are no rows).
    public func render(in size: Size) -> Frame {
        let rows = max(size.rows, 0)
        guard rows > 0 else { return Frame() }
        let bodyRows = max(rows - 2, 0)
        let body = top.render(in: Size(columns: size.columns, rows: bodyRows))

        var lines: [Line] = [Line(breadcrumb(width: size.columns), .dim)]
        lines += body.lines.prefix(bodyRows)
        lines += Array(repeating: Line(), count: bodyRows - min(body.lines.count, bodyRows))
        lines.append(status.map { Line($0, .bold) } ?? Line())
        lines = Array(lines.prefix(rows))

        var cursor: (row: Int, column: Int)?
        if let place = body.cursor, place.row >= 0, place.row < bodyRows {
            cursor = (place.row + 1, place.column)
        }
        if isFlashing {
            lines = lines.map { Self.reversed($0, width: size.columns) }
        }
        return Frame(lines: lines, cursor: cursor)
    }

    /// The titles joined by the separator; when too wide, the first titles give way to "…".
    private func breadcrumb(width: Int) -> String {
        var titles = self.titles
        var text = titles.joined(separator: Self.breadcrumbSeparator)
        while titles.count > 1, DisplayWidth.of(text) > width {
            titles.removeFirst()
            text = "…" + Self.breadcrumbSeparator + titles.joined(separator: Self.breadcrumbSeparator)
        }
        return text
    }

    /// A line in reverse video, padded so the whole row is reversed.
    private static func reversed(_ line: Line, width: Int) -> Line {
        var spans = line.spans.map { span in
            var span = span
            span.style.reverse = true
            return span
        }
        let missing = width - DisplayWidth.of(line.text)
        if missing > 0 { spans.append(Span(String(repeating: " ", count: missing), .reverse)) }
        return Line(spans)
    }
}
