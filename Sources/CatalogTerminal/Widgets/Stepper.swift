import CatalogKit
import Foundation

/// A whole number stepped up and down within a range: ↑ or + up, ↓ or - down. At an end, the key is handled and the
/// value stays, so the screen may ring the bell.
public struct Stepper: Widget, Sendable, Equatable {
    /// The value, always in ``range``.
    public private(set) var value: Int
    /// Where the value may go.
    public let range: ClosedRange<Int>

    /// Creates a stepper.
    ///
    /// - Parameters:
    ///   - value: The value at first; brought into the range.
    ///   - range: Where the value may go.
    public init(value: Int, in range: ClosedRange<Int>) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
    }

    /// Steps for ↑/+ and ↓/-; ignores every other key.
    public mutating func handle(_ key: Key) -> WidgetEvent<Int> {
        switch key {
        case .up, .character("+"), .right:
            guard value < range.upperBound else { return .handled }
            value += 1
        case .down, .character("-"), .left:
            guard value > range.lowerBound else { return .handled }
            value -= 1
        default:
            return .ignored
        }
        return .changed(value)
    }

    /// Sets the value, brought into the range.
    public mutating func set(_ newValue: Int) {
        value = min(max(newValue, range.lowerBound), range.upperBound)
    }

    /// Whether the value is at an end of its range, where a step in that direction does nothing.
    public var isAtLimit: Bool { value == range.lowerBound || value == range.upperBound }

    /// `[ - ]  3  [ + ]`, the value reversed when focused.
    public func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line] {
        guard size.rows > 0 else { return [] }
        return [
            Line([
                Span("[ - ]  "),
                Span(value.formatted(.number.locale(context.environment.locale)), focused ? .focusedValue : .bold),
                Span("  [ + ]"),
            ])
        ]
    }
}
