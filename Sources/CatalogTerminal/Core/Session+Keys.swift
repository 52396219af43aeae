import CatalogKit
import Foundation

/// The session's effects, its own keys and what it sends beyond the frame.
extension Session {
    /// Something the shell must do for a screen: an ``Action`` the session doesn't carry out itself (a bell, a
    /// flash, a tick, a job, a cancellation, or leaving), and the screen that asked.
    ///
    /// Effects compare equal when they ask for the same thing: a tick, a job or a cancellation for the same screen
    /// (two jobs when they run in the same lane, since the work itself, a closure, can't be compared); a bell, a
    /// flash or leaving whatever screen asked, since they concern the whole session.
    public struct Effect: Equatable {
        /// What to do.
        public var action: Action
        /// The screen it is for: where a tick or a job's result goes back to.
        public var owner: ScreenID

        public init(action: Action, owner: ScreenID) {
            self.action = action
            self.owner = owner
        }

        /// Whether the effect ends the session.
        public var isQuit: Bool { action.ends }

        /// Leaving the launcher.
        public static var quit: Effect { Effect(action: .quit, owner: ScreenID(value: 0)) }
        /// Ringing the bell.
        public static var bell: Effect { Effect(action: .bell, owner: ScreenID(value: 0)) }
        /// A flash of so long.
        public static func flash(_ duration: Duration) -> Effect {
            Effect(action: .flash(duration), owner: ScreenID(value: 0))
        }
        /// A tick for a screen after so long.
        public static func scheduleTick(after delay: Duration, for owner: ScreenID) -> Effect {
            Effect(action: .tick(after: delay), owner: owner)
        }
        /// A job for a screen.
        public static func run(_ job: Job, for owner: ScreenID) -> Effect { Effect(action: .run(job), owner: owner) }
        /// Cancelling every job of a screen that closed.
        public static func cancelJobs(of owner: ScreenID) -> Effect { Effect(action: .cancel(nil), owner: owner) }

        public static func == (a: Effect, b: Effect) -> Bool {
            switch (a.action, b.action) {
            case (.bell, .bell), (.quit, .quit), (.abort, .abort): return true
            case (.flash(let x), .flash(let y)): return x == y
            case (.tick(let x), .tick(let y)): return x == y && a.owner == b.owner
            case (.run(let x), .run(let y)): return x.lane == y.lane && a.owner == b.owner
            case (.cancel(let x), .cancel(let y)): return x == y && a.owner == b.owner
            default: return false
            }
        }
    }

    /// What the launcher's own keys do.
    public enum Command: Sendable, Equatable {
        /// Ctrl-Z: carried out by the event loop, which never passes it on; listed here for the help.
        case suspend
        case abort, back, help, cycleLocale, cycleColor, link, capture
    }

    /// What the session asks the shell to send beyond the frame: a copy to the clipboard, a captured scenario to
    /// keep, a link to print on exit.
    public enum Outgoing: Sendable, Equatable {
        /// Text for the terminal's clipboard (OSC 52), which a terminal may ignore.
        case clipboard(String)
        /// A link to the state of an open entry (F8), for `--print-link`.
        case link(String)
        /// A captured scenario in its one-line form (F9), to append to the entry's captures file.
        case capture(id: String, line: String)
    }

    /// The launcher's own keys, listed in the help under the screen's, in English (the README and the manual).
    public static let keymap = keymap(in: Locale(identifier: "en"))

    /// The launcher's own keys, their help in a locale's language.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: LauncherWords) -> String { LauncherWords.text(key, in: locale) }
        return Keymap<Command>([
            KeyBinding([.escape, .character("q")], .back, label: "esc/q", help: words(.closeScreen)),
            KeyBinding([.function(1), .character("?")], .help, label: "F1", help: words(.showKeys)),
            KeyBinding([.function(2)], .cycleLocale, help: words(.nextLanguage)),
            KeyBinding([.function(3)], .cycleColor, help: words(.colourOnOff)),
            KeyBinding([.function(8)], .link, help: words(.linkKey)),
            KeyBinding([.function(9)], .capture, help: words(.captureKey)),
            KeyBinding(
                [.control("c"), .control("g"), .control("q")], .abort, label: "ctrl-c/g/q", help: words(.leaveAtOnce)),
            KeyBinding([.control("z")], .suspend, help: words(.suspend), footer: false),
        ])
    }

    /// Keys the launcher keeps for itself, now or for features to come (F4 to F9 in menus and open screens): no
    /// screen's keymap may bind them. Ctrl-Z suspends and never reaches a screen.
    public static let reservedKeys: [Key] =
        (1...9).map { Key.function($0) } + [
            .control("c"), .control("g"), .control("q"), .control("z"),
        ]

    /// The locales F2 cycles through after the user's own.
    public static let cycledLocales = ScreenEnvironment.languages.map { Locale(identifier: $0) }

    /// The row the top screen's body starts at: the breadcrumb's row is above it.
    public static let bodyTop = 1
}

extension Session {
    /// A screen binds a key the launcher keeps (``reservedKeys``, and `?` on a screen that doesn't take text).
    package struct ReservedKeysBound: Error, CustomStringConvertible {
        /// The keys, as help names them.
        package var keys: [Key]

        package var description: String {
            let names = keys.map(\.description).formatted(.list(type: .and).locale(Locale(identifier: "en")))
            return "its keymap binds \(names), which the launcher keeps for itself (F1 to F9, ?, Ctrl-C, Ctrl-G, "
                + "Ctrl-Z), so those bindings would never be reached; bind other keys."
        }
    }

    /// The keys the launcher keeps that a screen's keymap binds, the screen under an entry's controls pane
    /// included: empty when it binds none, or keeps no keymap.
    package static func reservedKeysBound(by screen: any Screen) -> [Key] {
        let inner = (screen as? EntryScreen)?.screen ?? screen
        guard let keyed = inner as? any KeymapScreen else { return [] }
        func bound(_ screen: some KeymapScreen) -> [Key] {
            let keys = Set(screen.keymap.bindings.flatMap(\.keys))
            let reserved = reservedKeys + (screen.takesText ? [] : [Key.character("?")])
            return reserved.filter { keys.contains($0) }
        }
        return bound(keyed)
    }
}

extension Session {
    /// Whether ``handle(typed:pasted:)`` may take characters now, so the shell gathers them only then.
    ///
    /// - Parameter pasted: Whether the characters came from a bracketed paste, which opens the filter if need be.
    package func takesTypeAhead(pasted: Bool = false) -> Bool {
        // The session's own character keys (q, ?) reach a screen that takes text, as any character does; an entry's
        // screen records its keys one by one.
        guard chrome.overlay == nil, top.takesText, screens.entryIndex(atOrBelow: screens.topIndex) == nil else {
            return false
        }
        return (top as? MenuScreen)?.takesTypeAhead(opening: pasted) == true
    }

    /// Characters the shell read in one go, typed fast or pasted: a menu in front that is filtering, or any menu in
    /// front for a paste, takes them as one edit (``MenuScreen/typeAhead(_:opening:)``), searched once rather than
    /// once a character.
    ///
    /// - Returns: How many were taken, from the first, and what the shell must do; 0 when each must go as a key
    ///   of its own (``handle(_:for:)``).
    package mutating func handle(
        typed characters: ArraySlice<Character>, pasted: Bool = false
    ) -> (taken: Int, effects: [Effect]) {
        guard takesTypeAhead(pasted: pasted),
            let (taken, action) = screens.modifyTop({ (menu: inout MenuScreen) in
                menu.typeAhead(characters, opening: pasted)
            }),
            taken > 0
        else { return (0, []) }
        chrome.status = nil
        return (taken, apply(action, at: screens.topIndex))
    }

    /// F7 anywhere but on an entry's own screen with controls: the status line says where the controls are. On a
    /// screen an entry pushed they are on the entry's first screen; with no entry open (the menu), an entry must be
    /// opened first; an entry without controls has none. The key goes no further, so it is no step of the entry's
    /// recording: a link or a capture would replay a key that did nothing, and its golden end on the message.
    ///
    /// - Returns: Whether it said so, so the key goes no further.
    mutating func saysWhereControlsAre(_ key: Key) -> Bool {
        guard key == EntryScreen.key else { return false }
        if let entry = top as? EntryScreen {
            guard entry.controls == nil else { return false }
            chrome.status = LauncherWords.text(.noControls, in: environment.locale)
            return true
        }
        let below = screens.entryIndex(atOrBelow: screens.topIndex) != nil
        chrome.status = LauncherWords.text(below ? .controlsOnEntryScreen : .noEntryControls, in: environment.locale)
        return true
    }
}

extension Session {
    /// Notes a key the session took itself to close a screen that an entry's screen opened (a Multi Selector's
    /// list), in that entry's recording, so a link or a capture replays it and reopens what is shown.
    mutating func recordClosing(by key: Key) {
        let top = screens.topIndex
        guard let entry = screens.entryIndex(atOrBelow: top), entry < top else { return }
        screens.modifyRecording(at: entry) { _ = $0.record(.key(key)) }
    }

    /// Notes a press on the breadcrumb in the recording of the entry's screen it goes back to, or within, so a link
    /// replays it. A replay's breadcrumb starts at the entry, without the launcher's path, so the press is moved to
    /// where the same part is drawn there. One that leaves the entry needs no note.
    mutating func recordBreadcrumbClick(_ mouse: Mouse, on part: Chrome.Part) {
        guard let entry = screens.entryIndex(atOrBelow: screens.topIndex), part.screen >= entry else { return }
        let own = breadcrumbParts.filter { $0.screen >= entry }.map {
            Chrome.Part(screen: $0.screen - entry, part: $0.part, text: $0.text)
        }
        let target = Chrome.Part(screen: part.screen - entry, part: part.part, text: part.text)
        guard let column = Chrome.column(of: target, in: own, width: size.columns) else { return }
        let moved = Mouse(mouse.action, button: mouse.button, row: mouse.row, column: column, clicks: mouse.clicks)
        // The recording takes a screen's rows, the breadcrumb's being the one above its first.
        screens.modifyRecording(at: entry) { _ = $0.record(.key(.mouse(moved.shifted(rows: Self.bodyTop)))) }
    }
}
