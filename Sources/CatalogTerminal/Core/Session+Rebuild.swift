import CatalogKit

extension Session {
    /// The owner of live reload's ticks and build job: the session's own, no screen's.
    static let rebuildOwner = ScreenID(value: -1)

    /// What a successful rebuild hands to the new binary: the state of the entry open then, and how long the build
    /// took.
    package struct Reload: Sendable {
        /// The open entry's state, as a link reaches it; `nil` when no entry was open.
        package var link: Link?
        /// The build that made the new binary.
        package var build: Rebuild.Build
        /// The environment screens were in: the language and colour F2 and F3 chose go along.
        package var environment: ScreenEnvironment
        /// Whether the open entry saved something, so its state is also in files (``Recording/saved``).
        package var saved: Bool
        /// Where the menu under it was: its filter's text and the entry highlighted (``MenuScreen/place``).
        package var menu: (query: String?, entry: String?)
    }

    /// Turns live reload on: the session builds when ``sourcesChanged(at:)`` says so, shows the build in the status
    /// line, its errors in an overlay, and quits with ``reload`` set when a build succeeds.
    ///
    /// - Parameter rebuild: The state machine, with the build it runs.
    package mutating func watch(_ rebuild: Rebuild) {
        self.rebuild = rebuild
    }

    /// Sources changed: the build starts once they are quiet, and a running one starts again.
    ///
    /// - Parameter now: The shell's clock.
    /// - Returns: What the shell must do.
    package mutating func sourcesChanged(at now: Duration) -> [Effect] {
        guard var rebuild else { return [] }
        // What the last build said is old news: the status line shows the new one.
        chrome.status = nil
        let action = rebuild.changed(at: now)
        self.rebuild = rebuild
        return action.flattened.map { Effect(action: $0, owner: Self.rebuildOwner) }
    }

    /// Whether an event is live reload's: its tick or its finished build.
    private func isRebuildEvent(_ event: Event, for owner: ScreenID?) -> Bool {
        switch event {
        case .tick: owner == Self.rebuildOwner
        case .finished(let result): result.owner == Self.rebuildOwner
        default: false
        }
    }

    /// Handles live reload's tick or finished build, which no screen sees: a success quits with ``reload`` set, a
    /// failure shows the compiler's errors over the screen.
    ///
    /// - Returns: What the shell must do, or `nil` when the event is a screen's.
    mutating func rebuildHandle(_ event: Event, for owner: ScreenID?) -> [Effect]? {
        guard isRebuildEvent(event, for: owner), var rebuild else { return nil }
        defer { self.rebuild = rebuild }
        switch event {
        case .tick(let now):
            return rebuild.tick(at: now).flattened.map { Effect(action: $0, owner: Self.rebuildOwner) }
        case .finished(let result):
            guard let outcome = result.value(of: Rebuild.lane), let result = rebuild.finished(outcome) else {
                return []
            }
            switch result {
            case .reload(let build):
                let link = entryScreen.map { Link($0, size: size, environment: environment) }
                reload = Reload(
                    link: link, build: build, environment: environment, saved: entryScreen?.recording.saved ?? false,
                    menu: (screens.screens.first as? MenuScreen)?.place ?? (nil, nil))
                return [Effect(action: .quit, owner: Self.rebuildOwner)]
            case .failed(let report):
                chrome.status = nil
                chrome.overlay = .buildFailed(report, product: rebuild.product, scroll: 0)
                return []
            }
        default:
            return []
        }
    }

    /// Opens a screen over the one in front when the session starts, as an entry the menu opens, once the screens
    /// below know their size: a process that took over from a rebuilt one opens the entry that was open. What the
    /// screen asks for as it opens (its first tick, its jobs) is among what ``start(size:)`` returns.
    package mutating func openOnStart(_ screen: any Screen, title: String) {
        opening = (screen, title)
    }

    /// Shows a message in the status line until the next key.
    package mutating func say(_ message: String) {
        chrome.status = message
    }
}
