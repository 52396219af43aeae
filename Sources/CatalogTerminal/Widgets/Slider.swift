import CatalogKit
import Foundation

/// A value on a track, moved in steps: ←/→ a step, Page Up/Down ten, Home/End the ends.
public struct Slider: Widget, Sendable, Equatable {
    /// The value, always in ``range`` and on a step from its start.
    public private(set) var value: Int
    /// Where the value may go.
    public let range: ClosedRange<Int>
    /// How far a step moves it.
    public let step: Int

    /// Creates a slider.
    ///
    /// - Parameters:
    ///   - value: The value at first; brought into the range.
    ///   - range: Where the value may go.
    ///   - step: How far a step moves it; at least 1.
    public init(value: Int, in range: ClosedRange<Int>, step: Int = 1) {
        self.range = range
        self.step = max(step, 1)
        self.value = min(max(value, range.lowerBound), range.upperBound)
    }

    /// Moves for ←/→ (and ↓/↑), Page Up/Down, Home and End; ignores every other key.
    public mutating func handle(_ key: Key) -> WidgetEvent<Int> {
        let before = value
        switch key {
        case .left, .down: set(value - step)
        case .right, .up: set(value + step)
        case .pageDown: set(value - step * 10)
        case .pageUp: set(value + step * 10)
        case .home: set(range.lowerBound)
        case .end: set(range.upperBound)
        default: return .ignored
        }
        return value == before ? .handled : .changed(value)
    }

    /// Sets the value, brought into the range.
    public mutating func set(_ newValue: Int) {
        value = min(max(newValue, range.lowerBound), range.upperBound)
    }

    /// The track with its knob where the value is, then the value; the knob reversed when focused.
    public func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line] {
        guard size.rows > 0 else { return [] }
        // In the screen's digits and grouping, with room for the widest end of the range.
        let format = IntegerFormatStyle<Int>.number.locale(context.environment.locale)
        let label = "  " + value.formatted(format)
        let widest = max(
            DisplayWidth.of(range.upperBound.formatted(format)), DisplayWidth.of(range.lowerBound.formatted(format)))
        let track = max(size.columns - widest - 2, 3)
        let span = max(range.upperBound - range.lowerBound, 1)
        let knob = (value - range.lowerBound) * (track - 1) / span
        let line = context.glyphs.horizontal
        let dot = context.glyphs == .ascii ? "O" : "●"
        return [
            Line([
                Span(String(repeating: line, count: knob)), Span(dot, focused ? .focusedValue : .bold),
                Span(String(repeating: line, count: track - knob - 1)), Span(label),
            ])
        ]
    }
}
