import CatalogKit

/// A part of a screen that takes keys and draws itself into a rectangle: a text field, a toggle, a slider, a
/// stepper, a list. A screen holds its widgets as values, routes keys to the one with focus, and lays them out
/// with ``Layout``.
///
/// A widget says what it did with a key (``WidgetEvent``), so a screen can route a key the widget ignored (Tab
/// moves the focus on), reads its glyphs from the context it is drawn in, and draws a focused look when it has
/// the focus.
public protocol Widget {
    /// What the widget reports when a key changes its value.
    associatedtype Change

    /// Handles one key.
    ///
    /// - Parameter key: The key.
    /// - Returns: Whether the widget used the key, and how its value changed.
    mutating func handle(_ key: Key) -> WidgetEvent<Change>

    /// Draws the widget.
    ///
    /// - Parameters:
    ///   - size: The cells it may fill.
    ///   - focused: Whether it has the focus: it shows its cursor and a stronger look then.
    ///   - context: The environment: glyphs, locale, colour.
    /// - Returns: At most `size.rows` lines.
    func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line]
}

/// What a widget did with a key.
public enum WidgetEvent<Change> {
    /// The key means nothing to the widget: the screen may use it (Tab, to move the focus on).
    case ignored
    /// The widget used the key, and its value is unchanged (its cursor moved, or it is at a limit).
    case handled
    /// The widget used the key, and its value changed to this.
    case changed(Change)

    /// Whether the widget used the key.
    public var wasHandled: Bool {
        if case .ignored = self { return false }
        return true
    }

    /// The new value, when the key changed it.
    public var change: Change? {
        if case .changed(let change) = self { return change }
        return nil
    }
}

extension WidgetEvent: Equatable where Change: Equatable {}
extension WidgetEvent: Sendable where Change: Sendable {}

/// Which of several widgets has the focus, moved by Tab and Shift-Tab when the focused widget doesn't take them.
public struct FocusRing: Sendable, Hashable {
    /// How many widgets share the focus.
    public let count: Int
    /// The focused one, from 0.
    public private(set) var index: Int

    /// A ring over some widgets, the first focused.
    ///
    /// - Parameters:
    ///   - count: How many widgets; at least 1.
    ///   - index: The one focused first.
    public init(count: Int, index: Int = 0) {
        self.count = max(count, 1)
        self.index = min(max(index, 0), self.count - 1)
    }

    /// Whether a widget has the focus.
    public func isFocused(_ widget: Int) -> Bool { widget == index }

    /// Moves the focus for Tab (on) and Shift-Tab (back), wrapping around.
    ///
    /// - Parameter key: The key the focused widget ignored.
    /// - Returns: Whether the key moved the focus.
    public mutating func move(for key: Key) -> Bool {
        switch key {
        case .tab: index = (index + 1) % count
        case .backTab: index = (index + count - 1) % count
        default: return false
        }
        return true
    }

    /// Focuses a widget.
    public mutating func focus(_ widget: Int) { index = min(max(widget, 0), count - 1) }
}

/// The look a focused widget's label takes, and an unfocused one's.
extension Style {
    /// A label whose widget has the focus.
    public static let focusedLabel = Style(bold: true)
    /// The value of a widget that has the focus.
    public static let focusedValue = Style(reverse: true)
}
