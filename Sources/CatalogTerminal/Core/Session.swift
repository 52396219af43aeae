import CatalogKit
import Foundation

/// The launcher's state: the stack of open screens (``ScreenStack``) and the chrome around the one in front
/// (``Chrome``: breadcrumb, status line, help overlay, flash).
///
/// A pure value type between the key decoder and the renderer. Events go to the screen in front; the session carries
/// out the actions that concern the stack and the chrome (push, pop, status) and returns the rest as ``Effect``s for
/// the shell, each with the screen that asked.
///
/// Rules, in order, for a key:
/// - While the help overlay shows, the arrows, paging keys and the wheel scroll it, Ctrl-C and Ctrl-G cancel, and any
///   other key closes it.
/// - The launcher's own keys (``keymap``): Ctrl-C and Ctrl-G cancel at once (exit status 130); F1 shows the help,
///   and so does `?` on a screen that doesn't take text; F2 and F3 cycle the locale and the colour of every screen.
/// - On an opened screen (not the root), Escape closes it unless the screen ``Screen/handlesEscape``, and `q` closes
///   it unless the screen ``Screen/takesText``.
/// - Everything else goes to the screen in front. An error it throws is shown in the status line and the session
///   goes on.
///
/// The keys in ``reservedKeys`` are the launcher's, now or for features to come: no screen's keymap may bind them.
///
/// Sizes: a screen is told, and drawn into, exactly ``bodySize(for:)`` of the terminal: the terminal less the
/// breadcrumb and the status line. That one function is the only place the chrome's height is known.
///
/// Work and time belong to the screen that asked: a finished job and a due tick go back to the screen that started
/// them, wherever it is in the screens. A covered screen keeps its clock and its work (its ``Action/tick(after:)``,
/// ``Action/run(_:)`` and ``Action/cancel(_:)`` actions are carried out), but its other actions are dropped on
/// purpose: only the screen the user sees may change what the user sees. Closing a screen cancels its jobs whose
/// latest wins, and its late results and ticks are dropped; its queued jobs (saves) still finish.
package struct Session {
    /// A screen's identity for as long as it is open, so work and time find their way back to it.
    public struct ScreenID: Sendable, Hashable, Comparable {
        let value: Int
        public static func < (a: ScreenID, b: ScreenID) -> Bool { a.value < b.value }
    }

    /// The separator between titles in the breadcrumb.
    public static let breadcrumbSeparator = Chrome.separator

    var screens: ScreenStack
    var chrome = Chrome()

    /// Whether the session ended cancelled (Ctrl-C, Ctrl-G, or a screen's ``Action/abort``), so the program exits
    /// with status 130.
    public private(set) var interrupted = false
    /// Whether the screen refused the last line-mode command: it threw, or its action rang the bell (an unknown
    /// command). Line mode's caller tells a list piped in by mistake from a script by it.
    package private(set) var refusedLastLine = false
    /// The terminal size screens were last laid out for.
    public private(set) var size = Size.standard
    /// The environment every screen was last told.
    public private(set) var environment: ScreenEnvironment
    /// The environment the session started with, which F2 and F3 cycle away from and back to.
    private let original: ScreenEnvironment
    /// Whether closing the root screen ends the session.
    public private(set) var rootCloses = false
    /// The program a link starts (`catalog`, or another package's own); `nil` turns links and captures off.
    public var linkProgram: String?
    /// Where captures are kept (F9), so the status line can name the file; `nil` names none.
    package var captures: Captures.Place?
    /// What the shell must send beyond the frame, oldest first; the shell takes it with ``takeOutgoing()``.
    public private(set) var outgoing: [Outgoing] = []
    /// Live reload's state, with `--watch` (see Session+Rebuild.swift).
    var rebuild: Rebuild?
    /// Set when a rebuild succeeded: the session quit for the new binary to take over from this state.
    package internal(set) var reload: Reload?
    /// A screen to open over the root when the session starts (``openOnStart(_:title:)``).
    var opening: (screen: any Screen, title: String)?

    /// Creates a session showing one screen.
    ///
    /// - Parameters:
    ///   - root: The first screen, which can't be closed; only quitting leaves it.
    ///   - title: Its title in the breadcrumb, when it has none of its own.
    ///   - environment: What screens are told of the world.
    public init(root: any Screen, title: String = "", environment: ScreenEnvironment = .standard) {
        screens = ScreenStack(root: root, title: title)
        self.environment = environment
        original = environment
    }

    /// Creates a session whose only screen closes like an opened one (Esc, `q`, `..`, a pop), as `catalog open` runs it.
    ///
    /// - Parameters:
    ///   - screen: The screen to run.
    ///   - title: Its title in the breadcrumb (its entry's), when it has none of its own.
    ///   - environment: What screens are told of the world.
    public init(closable screen: any Screen, title: String = "", environment: ScreenEnvironment = .standard) {
        self.init(root: screen, title: title, environment: environment)
        rootCloses = true
    }

    /// The open screens, the root first; never empty.
    public var stack: [any Screen] { screens.screens }

    /// The screen that receives keys.
    public var top: any Screen { screens.top }

    /// The identity of the screen that receives keys.
    public var topID: ScreenID { screens.topID }

    /// The titles of the open screens, the root first: each screen's own, or its entry's.
    public var titles: [String] { (0..<screens.count).map { screens.title(at: $0) } }

    /// The context screens are told and drawn in: the body's size and the environment.
    public var context: ScreenContext { ScreenContext(size: Self.bodySize(for: size), environment: environment) }

    /// The message in the status line, if any.
    public var status: String? { chrome.status }
    /// Whether the frame is drawn in reverse video, between a flash and ``endFlash()``.
    public var isFlashing: Bool { chrome.isFlashing }

    /// Whether a screen above the root is open, or the root closes like one.
    var opened: Bool { screens.count > 1 || rootCloses }

    /// The size a screen is told and drawn into on a terminal of a given size: the terminal less the breadcrumb
    /// row and the status row.
    ///
    /// - Parameter terminal: The terminal's size.
    /// - Returns: The screen's size, never negative.
    public static func bodySize(for terminal: Size) -> Size {
        Size(columns: max(terminal.columns, 0), rows: max(terminal.rows - 2, 0))
    }

    /// The terminal's size for a body of a given size: the inverse of ``bodySize(for:)``.
    public static func terminalSize(forBody body: Size) -> Size {
        Size(columns: body.columns, rows: body.rows + 2)
    }

    // MARK: - Events

    /// Starts the session on a terminal: tells every screen its environment and size.
    ///
    /// - Parameter size: The terminal's size.
    /// - Returns: What the shell must do.
    public mutating func start(size: Size) -> [Effect] {
        self.size = size
        var effects: [Effect] = []
        for index in 0..<screens.count {
            effects += deliver(.environment(environment), at: index)
            effects += deliver(.resize(Self.bodySize(for: size)), at: index)
        }
        if let (screen, title) = opening {
            opening = nil
            effects += apply(.push(screen, title: title), at: screens.topIndex)
        }
        return effects
    }

    /// Handles one event and carries out the resulting actions that concern the session.
    ///
    /// - Parameters:
    ///   - event: A key, a tick, a resize (of the whole terminal) or a finished job, from the shell.
    ///   - owner: For a tick, the screen that asked for it; `nil` means the screen in front. A finished job knows its
    ///     own screen.
    /// - Returns: What the shell must do, in order.
    public mutating func handle(_ event: Event, for owner: ScreenID? = nil) -> [Effect] {
        if let effects = rebuildHandle(event, for: owner) { return effects }
        switch event {
        case .key(let key):
            return press(key)
        case .tick:
            guard let index = screens.index(of: owner ?? topID) else { return [] }
            return deliver(event, at: index)
        case .resize(let newSize):
            size = newSize
            chrome.status = nil  // It may name the old size; the screens say again what holds at the new one.
            return (0..<screens.count).flatMap { deliver(.resize(Self.bodySize(for: newSize)), at: $0) }
        case .environment(let newEnvironment):
            environment = newEnvironment
            return (0..<screens.count).flatMap { deliver(event, at: $0) }
        case .finished(let result):
            guard let index = screens.index(of: result.owner ?? topID) else { return [] }
            return deliver(event, at: index)
        }
    }

    private mutating func press(_ key: Key) -> [Effect] {
        let command = Self.keymap.command(for: key)
        if chrome.overlay != nil {
            if command == .abort { return abort() }
            let lines = overlayRows.count
            if chrome.scrollOverlay(key, lines: lines, rows: Self.bodySize(for: size).rows) { return [] }
            if case .mouse(let mouse) = key, mouse.action != .press { return [] }
            chrome.overlay = nil
            return []
        }
        if case .mouse(let mouse) = key { return click(mouse) }
        chrome.status = nil
        switch command {
        case .abort?:
            return abort()
        case .help? where key != .character("?") || !top.takesText:
            chrome.overlay = .help(scroll: 0)
            return []
        case .cycleLocale?:
            var next = environment
            next.locale = Self.next(after: environment.locale, in: [original.locale] + Self.cycledLocales)
            chrome.status = LauncherWords.text(.language, in: next.locale, ["name": next.locale.identifier])
            return handle(.environment(next))
        case .cycleColor?:
            var next = environment
            next.colorMode =
                environment.colorMode == .none ? (original.colorMode == .none ? .trueColor : original.colorMode) : .none
            chrome.status = LauncherWords.text(next.colorMode == .none ? .colourOff : .colourOn, in: next.locale)
            return handle(.environment(next))
        case .link?:
            guard let link = link else {
                chrome.status = LauncherWords.text(linkProgram == nil ? .linksOff : .noLink, in: environment.locale)
                return []
            }
            // A terminal may ignore the clipboard, so the status line shows the link and claims no copy.
            chrome.status = link
            outgoing += [.clipboard(link), .link(link)]
            return []
        case .capture?:
            guard linkProgram != nil, let screen = entryScreen else {
                chrome.status = LauncherWords.text(linkProgram == nil ? .linksOff : .noCapture, in: environment.locale)
                return []
            }
            let captured = Link(screen, size: size, environment: environment)
            // The Swift text is cut in the status line, so the line names the file, which the user may not know.
            if let file = captures?.file(for: captured.id) {
                chrome.status = LauncherWords.text(.capturedIn, in: environment.locale, ["file": file])
            } else {
                chrome.status = LauncherWords.text(.captured, in: environment.locale, ["scenario": captured.swift])
            }
            outgoing += [.clipboard(captured.swift), .capture(id: captured.id, line: captured.options)]
            return []
        case .back? where opened:
            if (key == .escape && !top.handlesEscape) || (key == .character("q") && !top.takesText) {
                recordClosing(by: key)
                return apply(.pop, at: screens.topIndex)
            }
        default:
            if saysWhereControlsAre(key) { return [] }
        }
        return deliver(.key(key), at: screens.topIndex)
    }

    private mutating func abort() -> [Effect] {
        interrupted = true
        return [Effect(action: .quit, owner: topID)]
    }

    /// A mouse report: a press on the breadcrumb goes back to the part pressed; in the body, the report goes to the
    /// top screen in its own coordinates; the status line takes none.
    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if mouse.row == 0 {
            guard mouse.action == .press,
                let part = Chrome.part(at: mouse.column, of: breadcrumbParts, width: size.columns)
            else { return [] }
            chrome.status = nil
            recordBreadcrumbClick(mouse, on: part)
            var effects: [Effect] = []
            while screens.count - 1 > part.screen { effects += pop() }
            screens.goBack(at: part.screen, toBreadcrumb: part.part)
            return effects
        }
        guard mouse.row >= 1, mouse.row <= Self.bodySize(for: size).rows else { return [] }
        if mouse.action == .press { chrome.status = nil }
        return deliver(.key(.mouse(mouse.shifted(rows: 1))), at: screens.topIndex)
    }

    /// Every screen's breadcrumb parts, the root's first.
    var breadcrumbParts: [Chrome.Part] {
        (0..<screens.count).flatMap { index in
            screens.breadcrumb(at: index).enumerated().map { Chrome.Part(screen: index, part: $0, text: $1) }
        }
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
        chrome.status = nil
        let entry = screens.entryIndex(atOrBelow: screens.topIndex)
        refusedLastLine = true
        let action = try screens.deliver(line: line, in: .lines(width: size.columns, environment: environment))
        refusedLastLine = action.ringsBell
        // A line the screen refused (it threw, or rang the bell) changed nothing: a link need not replay it.
        if let entry, !action.ringsBell { screens.modifyRecording(at: entry) { $0.record(line: line) } }
        return apply(action, at: screens.topIndex)
    }

    /// Closes the top screen unless it is the root.
    ///
    /// - Returns: What the shell must do: cancel the closed screen's jobs.
    @discardableResult
    public mutating func pop() -> [Effect] {
        guard let closed = screens.pop() else { return [] }
        return [Effect(action: .cancel(nil), owner: closed)]
    }

    /// Ends the reverse-video flash; the shell calls this when the flash's time is up.
    public mutating func endFlash() {
        chrome.isFlashing = false
    }

    /// The link to the state of the screen in front, if it is an entry's and links are on.
    public var link: String? {
        guard let program = linkProgram, let screen = entryScreen else { return nil }
        return Link(screen, size: size, environment: environment).command(program: program)
    }

    /// The entry's screen the screen in front belongs to: itself, or the one that opened it.
    var entryScreen: EntryScreen? {
        screens.entryIndex(atOrBelow: screens.topIndex).flatMap { screens.screens[$0] as? EntryScreen }
    }

    /// Removes what the shell must send and returns it.
    public mutating func takeOutgoing() -> [Outgoing] {
        defer { outgoing = [] }
        return outgoing
    }

    /// Removes the status message and returns it (line mode prints it once).
    ///
    /// - Returns: The message, if there was one.
    public mutating func takeStatus() -> String? {
        defer { chrome.status = nil }
        return chrome.status
    }

    /// Gives an event to the screen at a position in the stack and carries out its action. The entry's screen it
    /// belongs to records it (a key or a tick for it or a screen it opened; a resize once, as its own), with the
    /// ticks it leads to, so a link replays it.
    private mutating func deliver(_ event: Event, at index: Int) -> [Effect] {
        var recorded: (entry: Int, time: Duration, starts: Int)?
        if let entry = screens.entryIndex(atOrBelow: index) {
            let records: Bool
            switch event {
            case .key, .tick: records = true
            case .resize: records = index == entry
            case .environment, .finished: records = false
            }
            if records {
                recorded = screens.modifyRecording(at: entry) { ($0.record(event), $0.starts) }
                    .map { (entry, $0.0, $0.1) }
            }
        }
        let effects: [Effect]
        do {
            effects = apply(try screens.deliver(event, at: index, in: context), at: index)
        } catch {
            chrome.status = Self.message(for: error, in: environment.locale)
            return []
        }
        if let recorded, recorded.entry < screens.count {
            let owners = Set((recorded.entry..<screens.count).map { screens.id(at: $0) })
            // Its ticks, and its saves, which mark the recording as one a replay can't stand in for alone.
            let ticks = effects.filter { owners.contains($0.owner) }.map(\.action)
            screens.modifyRecording(at: recorded.entry) { recording in
                // A rebuild started the recording again: what it asked for counts from the new start.
                recording.scheduled(.batch(ticks), at: recording.starts == recorded.starts ? recorded.time : .zero)
            }
        }
        return effects
    }

    /// Carries out a screen's action: all of it for the top screen, only time and work for a covered one.
    mutating func apply(_ action: Action, at index: Int) -> [Effect] {
        let owner = screens.id(at: index)
        let isTop = index == screens.topIndex
        var effects: [Effect] = []
        for action in action.flattened {
            switch action {
            case .tick, .run, .cancel: effects.append(Effect(action: action, owner: owner))
            case .none, .batch: break
            case _ where !isTop: break  // Dropped on purpose: a covered screen can't change what the user sees.
            case .push(let screen, let title):
                let opened = screens.push(screen, title: title)
                // A screen learns its environment and size as it opens, and may start its clock then.
                effects += deliver(.environment(environment), at: opened)
                effects += deliver(.resize(Self.bodySize(for: size)), at: opened)
                // Its author, trying it, learns that bindings of the launcher's keys never fire.
                let reserved = Self.reservedKeysBound(by: screen)
                if !reserved.isEmpty {
                    let names = reserved.map(\.description).formatted(.list(type: .and).locale(environment.locale))
                    chrome.status = LauncherWords.text(.reservedKeys, in: environment.locale, ["keys": names])
                }
            case .pop:
                let closed = pop()
                if closed.isEmpty && rootCloses { effects.append(Effect(action: .quit, owner: owner)) }
                effects += closed
            case .quit: effects.append(Effect(action: .quit, owner: owner))
            case .abort: effects += abort()
            case .bell: effects.append(Effect(action: .bell, owner: owner))
            case .flash:
                chrome.isFlashing = true
                effects.append(Effect(action: action, owner: owner))
            case .status(let message): chrome.status = message
            case .execute: effects.append(Effect(action: action, owner: owner))
            }
        }
        return effects
    }

    // MARK: - Drawing

    /// Draws the breadcrumb, the top screen (or the help over it) and the status line.
    ///
    /// Lines may be wider than the terminal, and hold any text: the renderer is the one place that sanitizes them,
    /// cuts them to the width and takes colour away (``Renderer/visible(_:size:colorMode:)``).
    ///
    /// - Parameter size: The terminal size; the top screen gets ``bodySize(for:)`` of it.
    /// - Returns: A frame of exactly `size.rows` lines (none when there are no rows).
    public func render(in size: Size) -> Frame {
        let rows = max(size.rows, 0)
        guard rows > 0 else { return Frame() }
        let bodySize = Self.bodySize(for: size)
        let body: Frame
        if let overlay = chrome.overlay {
            body = overlayFrame(overlay, in: bodySize)
        } else {
            body = top.render(in: ScreenContext(size: bodySize, environment: environment))
        }
        var lines: [Line] = [Line(Chrome.breadcrumb(breadcrumbParts, width: size.columns), .dim)]
        lines += body.lines.prefix(bodySize.rows)
        lines += Array(repeating: Line(), count: max(bodySize.rows - body.lines.count, 0))
        // A status too long for one line wraps upwards over the body's last rows; the screen keeps its size.
        let status = Self.statusLines(chrome.status ?? rebuild?.status(in: environment.locale) ?? "", in: size)
        lines.removeLast(min(status.count - 1, bodySize.rows))
        lines += status.map { Line($0, .bold) }
        lines = Array(lines.prefix(rows))
        var cursor: (row: Int, column: Int)?
        let uncovered = 0..<(bodySize.rows - status.count + 1)
        if let place = body.cursor, chrome.overlay == nil, uncovered.contains(place.row) {
            cursor = (place.row + 1, place.column)
        }
        if chrome.isFlashing {
            lines = lines.map { Chrome.reversed($0, width: size.columns) }
        }
        return Frame(lines: lines, cursor: cursor)
    }
}
