import CatalogKit

/// An entry's screen as the launcher and `catalog open` show it: the screen its factory made, the controls pane
/// beside it for an entry with controls, and a ``Recording`` of what happened to it since it opened, from which the
/// launcher makes a link to this exact state (F8) or a scenario (F9).
///
/// F7 opens the pane and moves the focus between the screen and the pane, Escape in the pane closes it, and each edit
/// rebuilds the screen from its factory with the new values at once, as Storybook renders a story again when an arg
/// changes. Everything else is the screen's: its keys (while it has the focus), its ticks and jobs, its title, help
/// and line mode. The pane takes the right-hand columns; the screen is told the size that is left.
package struct EntryScreen: Screen {
    /// Where the pane is.
    package enum Pane: Sendable, Equatable {
        case hidden
        case shown(focused: Bool)
    }

    /// The entry's id, which a link opens.
    package let id: String
    /// The screen, as last built.
    package private(set) var screen: any Screen
    /// The controls and their values; `nil` for an entry without controls.
    package private(set) var controls: ControlsPane?
    package private(set) var pane = Pane.hidden
    /// What happened since the screen opened, or since an edit of its controls rebuilt it: kept by the session,
    /// which sees every event that reaches this screen or one it opened (``Session``).
    package var recording = Recording()
    private let make: (@Sendable (ControlValues) throws -> any Screen)?

    /// The key that opens the pane and moves the focus.
    package static let key = Key.function(7)

    /// Wraps an entry's screen.
    ///
    /// - Parameters:
    ///   - screen: The screen, made with `values`.
    ///   - id: The entry's id.
    ///   - values: The values it was made with, for an entry with controls.
    ///   - make: Its entry's factory, to build it again with new values.
    package init(
        _ screen: any Screen, id: String, values: ControlValues? = nil,
        make: (@Sendable (ControlValues) throws -> any Screen)? = nil
    ) {
        self.screen = screen
        self.id = id
        self.controls = values.flatMap { $0.controls.isEmpty ? nil : ControlsPane(values: $0) }
        self.make = controls == nil ? nil : make
    }

    /// The values the controls have now; `nil` for an entry without controls.
    package var values: ControlValues? { controls?.values }

    /// The pane's width at a terminal width: a third of it, from 24 to 40 columns, and never more than half.
    static func paneWidth(_ columns: Int) -> Int { min(max(columns / 3, 24), 40, columns / 2) }

    private var paneFocused: Bool { pane == .shown(focused: true) }

    /// The context the screen is told: the size left beside the pane.
    private func inner(_ context: ScreenContext) -> ScreenContext {
        guard pane != .hidden else { return context }
        var inner = context
        inner.size.columns = max(context.size.columns - Self.paneWidth(context.size.columns) - 1, 0)
        return inner
    }

    package var title: String { screen.title }
    package var takesText: Bool { paneFocused ? controls?.editing != nil : screen.takesText }
    package var handlesEscape: Bool { paneFocused || screen.handlesEscape }
    package var breadcrumb: [String] { screen.breadcrumb }
    package var help: [HelpItem] {
        guard let controls else { return screen.help }
        return screen.help + [HelpItem(keys: "F7", help: LauncherWords.text(.controlsKey, in: controls.locale))]
    }
    package mutating func goBack(toBreadcrumb part: Int) { screen.goBack(toBreadcrumb: part) }
    package func lines(in context: ScreenContext) -> [String] { screen.lines(in: context) }
    package mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        try screen.handle(line: line, in: context)
    }

    package mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        if case .environment(let environment) = event { controls?.locale = environment.locale }
        switch event {
        case .key(Self.key) where controls == nil:
            return .status(LauncherWords.text(.noControls, in: context.locale))
        case .key(Self.key):
            switch pane {
            case .hidden: pane = .shown(focused: true)
            case .shown(let focused): pane = .shown(focused: !focused)
            }
            // The screen is told its new width.
            return try screen.handle(.resize(inner(context).size), in: inner(context))
        case .key(.escape) where paneFocused && controls?.editing == nil:
            pane = .hidden
            return try screen.handle(.resize(context.size), in: context)
        case .key(let key) where paneFocused:
            guard case .changed(let values)? = controls?.handle(key) else { return .none }
            return try rebuild(values, in: context)
        case .key(.mouse(let mouse)) where pane != .hidden && mouse.column >= inner(context).size.columns:
            return .none
        default:
            return try screen.handle(event, in: inner(context))
        }
    }

    /// Builds the screen again with new values, and tells it its environment and size, as a screen learns them
    /// when it opens. The recording starts again from here: a link opens the entry with the new values, and the
    /// pane as it is.
    private mutating func rebuild(_ values: ControlValues, in context: ScreenContext) throws -> Action {
        guard let make else { return .none }
        screen = try make(values)
        recording.restart(reopening: pane, row: controls?.cursor ?? 0)
        let inner = inner(context)
        return .batch([
            try screen.handle(.environment(inner.environment), in: inner),
            try screen.handle(.resize(inner.size), in: inner),
        ])
    }

    package func render(in context: ScreenContext) -> Frame {
        let inner = inner(context)
        let frame = screen.render(in: inner)
        guard pane != .hidden, let controls else { return frame }
        var canvas = Canvas(size: context.size)
        canvas.draw(frame.lines, in: Rect(inner.size))
        let width = Self.paneWidth(context.size.columns)
        let rule = Rect(column: inner.size.columns, row: 0, width: 1, height: context.size.rows)
        canvas.draw(Array(repeating: Line(context.glyphs == .ascii ? "|" : "│", .dim), count: rule.height), in: rule)
        let area = Rect(column: inner.size.columns + 1, row: 0, width: width, height: context.size.rows)
        canvas.draw(controls.render(in: area.size, focused: paneFocused, context: context), in: area)
        if paneFocused, let caret = controls.caret(width: width) {
            return canvas.frame(cursor: (row: caret.row, column: area.column + caret.column))
        }
        return canvas.frame(cursor: paneFocused ? nil : frame.cursor)
    }
}

extension Entry where Handler == any Screen {
    /// The screen a scenario opens: made with the scenario's control values and, for an entry with controls, with
    /// the controls pane that F7 shows, as the launcher opens it.
    ///
    /// - Throws: ``ControlValues/Error`` for a value the controls don't take, or what the factory throws.
    package func screen(for scenario: Scenario) throws -> any Screen {
        let values = try ControlValues(controls, setting: scenario.controls)
        return EntryScreen(try make(with: values), id: id, values: values) { [self] in try make(with: $0) }
    }
}

extension Snapshot where Handler == any Screen {
    /// Opens an entry as the launcher and `catalog open` do: its screen, made with values for its controls (the
    /// defaults unless given), inside an ``EntryScreen``.
    ///
    /// - Parameters:
    ///   - record: The entry's record.
    ///   - values: Values for its controls; the defaults when `nil`.
    /// - Returns: The screen, or `nil` for an entry of a file, which opens nothing.
    /// - Throws: What the factory throws.
    package func open(_ record: Int, values: ControlValues? = nil) throws -> EntryScreen? {
        let id = table.id(record)
        if let build = factory(withValues: record) {
            let values = try values ?? ControlValues(controls(record))
            return EntryScreen(try build(values), id: id, values: values, make: build)
        }
        guard let make = factory(record) else { return nil }
        return EntryScreen(try make(), id: id)
    }
}
