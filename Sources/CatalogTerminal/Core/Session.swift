import CatalogKit
import Foundation

/// The launcher's state: a stack of open screens, a status message, the screen flash and the help overlay.
///
/// A pure value type between the key decoder and the renderer. Events go to the top screen; the session carries out
/// the actions that concern the stack (push, pop, status) and returns the rest as ``Effect``s for the shell. It also
/// draws the chrome around the top screen: a breadcrumb of titles on the first line and a status line on the last.
///
/// Rules, in order, for a key:
/// - While the help overlay shows, any key closes it.
/// - The session's own keys (``keymap``): Ctrl-C quits, whatever screen is open; `?` shows the help unless the
///   screen takes text; F2 and F3 cycle the locale and the colour of every screen.
/// - On an opened screen (not the root), Escape closes it unless the screen ``Screen/handlesEscape``, and `q` closes
///   it unless the screen ``Screen/takesText``.
/// - Everything else goes to the top screen. An error it throws is shown in the status line and the session goes on.
///
/// Sizes: a screen is told, and drawn into, exactly ``bodySize(for:)`` of the terminal: the terminal less the
/// breadcrumb and the status line. That one function is the only place the chrome's height is known.
///
/// Work and time belong to the screen that asked: a finished job and a due tick go back to the screen that started
/// them, wherever it is in the stack. A screen that is covered keeps its clock and its work (their ``Action/tick(after:)``
/// and ``Action/run(_:)`` actions are carried out), but its other actions (push, pop, quit, status, bell, flash) are
/// dropped on purpose: only the screen the user sees may change what the user sees. Closing a screen cancels its
/// jobs, and its late results and ticks are dropped.
public struct Session {
    /// A screen's identity for as long as it is open, so work and time find their way back to it.
    public struct ScreenID: Sendable, Hashable, Comparable {
        let value: Int
        public static func < (a: ScreenID, b: ScreenID) -> Bool { a.value < b.value }
    }

    /// What the shell must do for the session, beyond redrawing.
    ///
    /// Effects compare equal when they ask for the same thing; two ``run(_:for:)`` effects are equal when they run
    /// the same lane for the same screen, since the work itself, a closure, can't be compared.
    public enum Effect: Sendable, Equatable {
        /// Ring the terminal bell.
        case bell
        /// Show the frame in reverse video for this long, then call ``Session/endFlash()``.
        case flash(Duration)
        /// Deliver ``Event/tick(now:)`` to a screen after this long, with ``Session/handle(_:for:)``.
        case scheduleTick(after: Duration, for: ScreenID)
        /// Leave the launcher.
        case quit
        /// Run a job off the input path and hand its result back with ``Session/handle(_:for:)``.
        case run(Job, for: ScreenID)
        /// Cancel every job of a screen that closed.
        case cancelJobs(of: ScreenID)

        public static func == (a: Effect, b: Effect) -> Bool {
            switch (a, b) {
            case (.bell, .bell), (.quit, .quit): return true
            case (.flash(let x), .flash(let y)): return x == y
            case (.scheduleTick(let x, let p), .scheduleTick(let y, let q)): return x == y && p == q
            case (.run(let x, let p), .run(let y, let q)): return x.lane == y.lane && p == q
            case (.cancelJobs(let p), .cancelJobs(let q)): return p == q
            default: return false
            }
        }
    }

    /// What the session's own keys do.
    public enum Command: Sendable, Equatable {
        case quit, back, help, cycleLocale, cycleColor
    }

    /// The session's own keys, listed in the help under the screen's.
    public static let keymap = Keymap<Command>([
        KeyBinding([.escape, .character("q")], .back, label: "esc/q", help: "close this screen"),
        KeyBinding([.character("?")], .help, help: "show the keys"),
        KeyBinding([.function(2)], .cycleLocale, help: "next language"),
        KeyBinding([.function(3)], .cycleColor, help: "colour on/off"),
        KeyBinding([.control("c")], .quit, help: "quit"),
    ])

    /// The locales F2 cycles through after the user's own.
    public static let cycledLocales = ["en", "de", "ru", "ko", "ja"].map { Locale(identifier: $0) }

    private var screens: [(id: ScreenID, screen: any Screen)]
    private var nextID = 0

    /// The message in the status line, if any.
    public private(set) var status: String?
    /// Whether the frame is drawn in reverse video, between ``Effect/flash(_:)`` and ``endFlash()``.
    public private(set) var isFlashing = false
    /// Whether the help overlay shows.
    public private(set) var showsHelp = false
    /// Whether the session ended with Ctrl-C, so the program can exit with status 130.
    public private(set) var interrupted = false
    /// The terminal size screens were last laid out for.
    public private(set) var size = Size.standard
    /// The environment every screen was last told.
    public private(set) var environment: ScreenEnvironment
    /// The environment the session started with, which F2 and F3 cycle away from and back to.
    private let original: ScreenEnvironment

    /// Whether closing the root screen ends the session.
    public private(set) var rootCloses = false

    /// The separator between titles in the breadcrumb.
    public static let breadcrumbSeparator = " › "

    /// Creates a session showing one screen.
    ///
    /// - Parameters:
    ///   - root: The first screen, which can't be closed; only quitting leaves it.
    ///   - environment: What screens are told of the world.
    public init(root: any Screen, environment: ScreenEnvironment = .standard) {
        screens = []
        self.environment = environment
        original = environment
        screens.append((makeID(), root))
    }

    /// Creates a session whose only screen closes like an opened one: Esc (unless the screen handles it), `q`
    /// (unless it takes text), `..` in line mode, or a pop all end the session. `catalog open` runs screens so.
    ///
    /// - Parameters:
    ///   - screen: The screen to run.
    ///   - environment: What screens are told of the world.
    public init(closable screen: any Screen, environment: ScreenEnvironment = .standard) {
        self.init(root: screen, environment: environment)
        rootCloses = true
    }

    private mutating func makeID() -> ScreenID {
        nextID += 1
        return ScreenID(value: nextID)
    }

    /// The open screens, the root first; never empty.
    public var stack: [any Screen] { screens.map(\.screen) }

    /// The screen that receives keys.
    public var top: any Screen { screens[screens.count - 1].screen }

    /// The identity of the screen that receives keys.
    public var topID: ScreenID { screens[screens.count - 1].id }

    /// The titles of the open screens, the root first.
    public var titles: [String] { screens.map(\.screen.title) }

    /// The size a screen is told and drawn into on a terminal of a given size: the terminal less the breadcrumb
    /// row and the status row.
    ///
    /// - Parameter terminal: The terminal's size.
    /// - Returns: The screen's size, never negative.
    public static func bodySize(for terminal: Size) -> Size {
        Size(columns: max(terminal.columns, 0), rows: max(terminal.rows - 2, 0))
    }

    // MARK: - Events

    /// Starts the session on a terminal: tells every screen its environment and size.
    ///
    /// - Parameter size: The terminal's size.
    /// - Returns: What the shell must do.
    public mutating func start(size: Size) -> [Effect] {
        self.size = size
        var effects: [Effect] = []
        for index in screens.indices {
            effects += deliver(.environment(environment), at: index)
            effects += deliver(.resize(Self.bodySize(for: size)), at: index)
        }
        return effects
    }

    /// Handles one event and carries out the resulting actions that concern the session.
    ///
    /// - Parameters:
    ///   - event: A key, a tick, a resize (of the whole terminal) or a finished job, from the shell.
    ///   - owner: For a tick, the screen that asked for it (``Effect/scheduleTick(after:for:)``); `nil` means the
    ///     top screen. A finished job knows its own screen.
    /// - Returns: What the shell must do, in order.
    public mutating func handle(_ event: Event, for owner: ScreenID? = nil) -> [Effect] {
        switch event {
        case .key(let key):
            return press(key)
        case .tick:
            guard let index = index(of: owner ?? topID) else { return [] }
            return deliver(event, at: index)
        case .resize(let newSize):
            size = newSize
            return screens.indices.flatMap { deliver(.resize(Self.bodySize(for: newSize)), at: $0) }
        case .environment(let newEnvironment):
            environment = newEnvironment
            return screens.indices.flatMap { deliver(event, at: $0) }
        case .finished(let result):
            guard let index = index(of: result.owner ?? topID) else { return [] }
            return deliver(event, at: index)
        }
    }

    private mutating func press(_ key: Key) -> [Effect] {
        if case .mouse(let mouse) = key { return click(mouse) }
        status = nil
        if showsHelp {
            showsHelp = false
            if key != .control("c") { return [] }
        }
        let opened = screens.count > 1 || rootCloses
        switch Self.keymap.command(for: key) {
        case .quit?:
            interrupted = true
            return [.quit]
        case .help? where !top.takesText:
            showsHelp = true
            return []
        case .cycleLocale?:
            var next = environment
            next.locale = Self.next(after: environment.locale, in: [original.locale] + Self.cycledLocales)
            status = "Language: \(next.locale.identifier)"
            return handle(.environment(next))
        case .cycleColor?:
            var next = environment
            next.colorMode =
                environment.colorMode == .none ? (original.colorMode == .none ? .trueColor : original.colorMode) : .none
            status = next.colorMode == .none ? "Colour off" : "Colour on"
            return handle(.environment(next))
        case .back? where opened:
            if key == .escape, !top.handlesEscape { return apply(.pop, at: screens.count - 1) }
            if key == .character("q"), !top.takesText { return apply(.pop, at: screens.count - 1) }
        default:
            break
        }
        return deliver(.key(key), at: screens.count - 1)
    }

    /// A mouse report: a press on the breadcrumb goes back to the part pressed; in the body, the report goes to the
    /// top screen in its own coordinates; the status line takes none.
    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if showsHelp {
            if mouse.action == .press { showsHelp = false }
            return []
        }
        if mouse.row == 0 {
            guard mouse.action == .press, let (index, part) = breadcrumbPart(at: mouse.column, width: size.columns)
            else { return [] }
            status = nil
            var effects: [Effect] = []
            while screens.count - 1 > index { effects += pop() }
            screens[index].screen.goBack(toBreadcrumb: part)
            return effects
        }
        guard mouse.row <= Self.bodySize(for: size).rows else { return [] }
        if mouse.action == .press { status = nil }
        return deliver(.key(.mouse(mouse.shifted(rows: 1))), at: screens.count - 1)
    }

    /// The breadcrumb as drawn: each part's screen, its index in the screen's ``Screen/breadcrumb``, and its text.
    private func breadcrumbParts(width: Int) -> [(screen: Int, part: Int, text: String)] {
        var parts: [(screen: Int, part: Int, text: String)] = []
        for (index, entry) in screens.enumerated() {
            for (part, text) in entry.screen.breadcrumb.enumerated() { parts.append((index, part, text)) }
        }
        // When too wide, the first parts give way to "…".
        var text = parts.map(\.text).joined(separator: Self.breadcrumbSeparator)
        while parts.count > 1, DisplayWidth.of(text) > width {
            parts.removeFirst()
            text = "…" + Self.breadcrumbSeparator + parts.map(\.text).joined(separator: Self.breadcrumbSeparator)
        }
        return parts
    }

    /// The breadcrumb part drawn at a column, if any.
    private func breadcrumbPart(at column: Int, width: Int) -> (screen: Int, part: Int)? {
        let parts = breadcrumbParts(width: width)
        var start =
            DisplayWidth.of(breadcrumb(width: width))
            - DisplayWidth.of(
                parts.map(\.text).joined(separator: Self.breadcrumbSeparator))
        for part in parts {
            let end = start + DisplayWidth.of(part.text)
            if column >= start && column < end { return (part.screen, part.part) }
            start = end + DisplayWidth.of(Self.breadcrumbSeparator)
        }
        return nil
    }

    private static func next(after locale: Locale, in locales: [Locale]) -> Locale {
        var distinct: [Locale] = []
        for candidate in locales where !distinct.contains(where: { $0.identifier == candidate.identifier }) {
            distinct.append(candidate)
        }
        guard let position = distinct.firstIndex(where: { $0.identifier == locale.identifier }) else {
            return distinct[0]
        }
        return distinct[(position + 1) % distinct.count]
    }

    /// Passes a line-mode command to the top screen and carries out its action.
    ///
    /// - Parameter line: The command, without its newline.
    /// - Returns: What the driver must do.
    /// - Throws: Whatever the screen throws; the session is unchanged apart from the screen's own state.
    public mutating func handle(line: String) throws -> [Effect] {
        status = nil
        let index = screens.count - 1
        let action = try screens[index].screen.handle(line: line)
        return apply(action, at: index)
    }

    /// Closes the top screen unless it is the root.
    ///
    /// - Returns: What the shell must do: cancel the closed screen's jobs.
    @discardableResult
    public mutating func pop() -> [Effect] {
        guard screens.count > 1 else { return [] }
        let closed = screens.removeLast()
        return [.cancelJobs(of: closed.id)]
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

    private func index(of id: ScreenID) -> Int? {
        screens.firstIndex { $0.id == id }
    }

    /// Gives an event to the screen at a position in the stack and carries out its action.
    private mutating func deliver(_ event: Event, at index: Int) -> [Effect] {
        do {
            let action = try screens[index].screen.handle(event)
            return apply(action, at: index)
        } catch {
            status = Self.message(for: error)
            return []
        }
    }

    /// Carries out a screen's action: all of it for the top screen, only time and work for a covered one.
    private mutating func apply(_ action: Action, at index: Int) -> [Effect] {
        let id = screens[index].id
        let isTop = index == screens.count - 1
        var effects: [Effect] = []
        for action in action.flattened {
            switch action {
            case .tick(let delay): effects.append(.scheduleTick(after: delay, for: id))
            case .run(let job): effects.append(.run(job, for: id))
            case .none, .batch: break
            case _ where !isTop: break  // Dropped on purpose: a covered screen can't change what the user sees.
            case .push(let screen):
                screens.append((makeID(), screen))
                // A screen learns its environment and size as it opens, and may start its clock then.
                effects += deliver(.environment(environment), at: screens.count - 1)
                effects += deliver(.resize(Self.bodySize(for: size)), at: screens.count - 1)
            case .pop:
                let closed = pop()
                if closed.isEmpty && rootCloses { effects.append(.quit) }
                effects += closed
            case .quit: effects.append(.quit)
            case .bell: effects.append(.bell)
            case .flash(let duration):
                isFlashing = true
                effects.append(.flash(duration))
            case .status(let message): status = message
            }
        }
        return effects
    }

    /// The status-line text for an error.
    static func message(for error: any Error) -> String {
        "Error: \(error)"
    }

    // MARK: - Drawing

    /// Draws the breadcrumb, the top screen (or the help over it) and the status line.
    ///
    /// - Parameter size: The terminal size; the top screen gets ``bodySize(for:)`` of it.
    /// - Returns: A frame of exactly `size.rows` lines (none when there are no rows).
    public func render(in size: Size) -> Frame {
        let rows = max(size.rows, 0)
        guard rows > 0 else { return Frame() }
        let bodySize = Self.bodySize(for: size)
        let body = showsHelp ? helpFrame(in: bodySize) : top.render(in: bodySize).clipped(to: bodySize)

        var lines: [Line] = [Line(breadcrumb(width: size.columns), .dim)]
        lines += body.lines
        lines += Array(repeating: Line(), count: bodySize.rows - body.lines.count)
        lines.append(status.map { Line($0, .bold) } ?? Line())
        lines = Array(lines.prefix(rows)).map { $0.truncated(to: size.columns) }

        var cursor: (row: Int, column: Int)?
        if let place = body.cursor {
            cursor = (place.row + 1, place.column)
        }
        if isFlashing {
            lines = lines.map { Self.reversed($0, width: size.columns) }
        }
        if environment.colorMode == .none {
            lines = lines.map(Self.withoutColor)
        }
        return Frame(lines: lines, cursor: cursor)
    }

    /// Every help item: the top screen's, then the session's own.
    public var helpItems: [HelpItem] {
        top.help.filter { !$0.keys.isEmpty }
            + Self.keymap.help.filter { item in
                item.keys != "esc/q" || screens.count > 1 || rootCloses
            }
    }

    /// The help overlay: each binding's keys in a column, then what it does.
    private func helpFrame(in size: Size) -> Frame {
        let items = helpItems
        let keyWidth = min(items.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(size.columns / 3, 1))
        var lines = [Line("Keys for \(top.title)", .bold), Line()]
        lines += items.map { item in
            Line([Span("  " + DisplayWidth.pad(item.keys, to: keyWidth) + "  ", .bold), Span(item.help)])
        }
        lines += [Line(), Line("Any key closes this help.", .dim)]
        return Frame(lines: lines).clipped(to: size)
    }

    /// Every screen's breadcrumb parts joined by the separator; when too wide, the first parts give way to "…".
    private func breadcrumb(width: Int) -> String {
        let parts = breadcrumbParts(width: width)
        let all = screens.reduce(0) { $0 + $1.screen.breadcrumb.count }
        let text = parts.map(\.text).joined(separator: Self.breadcrumbSeparator)
        return parts.count < all ? "…" + Self.breadcrumbSeparator + text : text
    }

    /// A line in reverse video, padded so the whole row is reversed.
    private static func reversed(_ line: Line, width: Int) -> Line {
        var spans = line.spans.map { span in
            var span = span
            span.style.reverse = true
            return span
        }
        let missing = width - line.width
        if missing > 0 { spans.append(Span(String(repeating: " ", count: missing), .reverse)) }
        return Line(spans)
    }

    /// A line with its colours taken away, for the colour-off mode; bold, dim, underline and reverse stay.
    private static func withoutColor(_ line: Line) -> Line {
        Line(
            line.spans.map { span in
                var span = span
                span.style.foreground = nil
                span.style.background = nil
                return span
            })
    }
}
