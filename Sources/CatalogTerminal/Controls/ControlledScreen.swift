import CatalogKit

/// An open screen whose entry declares controls, with the controls pane beside it: F7 opens the pane and moves the
/// focus between the screen and the pane, Escape in the pane closes it, and each edit rebuilds the screen from its
/// factory with the new values at once, as Storybook renders a story again when an arg changes.
///
/// Everything else is the screen's: its keys (while it has the focus), its ticks and jobs, its title, help and line
/// mode. The pane takes the right-hand columns; the screen is told the size that is left.
package struct ControlledScreen: Screen {
    /// Where the pane is.
    package enum Pane: Sendable, Equatable {
        case hidden
        case shown(focused: Bool)
    }

    /// The screen, as last built.
    package private(set) var screen: any Screen
    /// The controls and their values.
    package private(set) var controls: ControlsPane
    package private(set) var pane = Pane.hidden
    private let make: @Sendable (ControlValues) throws -> any Screen

    /// The key that opens the pane and moves the focus.
    package static let key = Key.function(7)

    /// Wraps a screen made with some values.
    ///
    /// - Parameters:
    ///   - screen: The screen, made with `values`.
    ///   - values: The values it was made with.
    ///   - make: Its entry's factory, to build it again with new values.
    package init(
        _ screen: any Screen, values: ControlValues, make: @escaping @Sendable (ControlValues) throws -> any Screen
    ) {
        self.screen = screen
        self.controls = ControlsPane(values: values)
        self.make = make
    }

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
    package var takesText: Bool { paneFocused ? controls.editing != nil : screen.takesText }
    package var handlesEscape: Bool { paneFocused || screen.handlesEscape }
    package var breadcrumb: [String] { screen.breadcrumb }
    package var help: [HelpItem] {
        screen.help + [HelpItem(keys: "F7", help: LauncherWords.text(.controlsKey, in: controls.locale))]
    }
    package mutating func goBack(toBreadcrumb part: Int) { screen.goBack(toBreadcrumb: part) }
    package func lines(in context: ScreenContext) -> [String] { screen.lines(in: context) }
    package mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        try screen.handle(line: line, in: context)
    }

    package mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        if case .environment(let environment) = event { controls.locale = environment.locale }
        switch event {
        case .key(Self.key):
            switch pane {
            case .hidden: pane = .shown(focused: true)
            case .shown(let focused): pane = .shown(focused: !focused)
            }
            // The screen is told its new width.
            return try screen.handle(.resize(inner(context).size), in: inner(context))
        case .key(.escape) where paneFocused && controls.editing == nil:
            pane = .hidden
            return try screen.handle(.resize(context.size), in: context)
        case .key(let key) where paneFocused:
            guard case .changed(let values) = controls.handle(key) else { return .none }
            return try rebuild(values, in: context)
        case .key(.mouse(let mouse)) where pane != .hidden && mouse.column >= inner(context).size.columns:
            return .none
        default:
            return try screen.handle(event, in: inner(context))
        }
    }

    /// Builds the screen again with new values, and tells it its environment and size, as a screen learns them
    /// when it opens.
    private mutating func rebuild(_ values: ControlValues, in context: ScreenContext) throws -> Action {
        screen = try make(values)
        let inner = inner(context)
        return .batch([
            try screen.handle(.environment(inner.environment), in: inner),
            try screen.handle(.resize(inner.size), in: inner),
        ])
    }

    package func render(in context: ScreenContext) -> Frame {
        let inner = inner(context)
        let frame = screen.render(in: inner)
        guard pane != .hidden else { return frame }
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
        let screen = try make(with: values)
        guard !controls.isEmpty else { return screen }
        return ControlledScreen(screen, values: values) { [self] in try make(with: $0) }
    }
}
