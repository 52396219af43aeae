import CatalogKit

/// An on/off switch: Space or Enter flips it.
public struct Toggle: Widget, Sendable, Equatable {
    /// Whether it is on.
    public var isOn: Bool

    /// Creates a switch.
    ///
    /// - Parameter isOn: Whether it is on at first.
    public init(isOn: Bool = false) {
        self.isOn = isOn
    }

    /// Flips for Space and Enter; ignores every other key.
    public mutating func handle(_ key: Key) -> WidgetEvent<Bool> {
        switch key {
        case .character(" "), .enter:
            isOn.toggle()
            return .changed(isOn)
        default:
            return .ignored
        }
    }

    /// The switch and its state in the screen's language: `( ●) on` or `(○ ) off` (`( ●) an`, `(○ ) 끔`), or
    /// `( O)`/`(O )` in ASCII; reversed when focused.
    public func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line] {
        guard size.rows > 0 else { return [] }
        let ascii = context.glyphs == .ascii
        let knob = isOn ? (ascii ? "( O)" : "( ●)") : (ascii ? "(O )" : "(○ )")
        let state = LauncherWords.text(isOn ? .on : .off, in: context.locale)
        return [Line(DisplayWidth.truncate(knob + " " + state, to: size.columns), focused ? .focusedValue : .plain)]
    }
}
