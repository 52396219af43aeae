import CatalogKit
import CatalogTerminal

/// Shorter calls for tests that drive a screen alone: the standard environment, at a size or a width.
extension Screen {
    /// Handles an event at 80×24 in the standard environment.
    public mutating func handle(_ event: Event) throws -> Action { try handle(event, in: ScreenContext()) }

    /// Handles a line-mode command, 80 wide.
    public mutating func handle(line: String) throws -> Action { try handle(line: line, in: .lines(width: 80)) }

    /// Draws at a size in the standard environment.
    public func render(in size: Size) -> Frame { render(in: ScreenContext(size: size)) }

    /// Line mode's text at a width.
    public func lines(width: Int) -> [String] { lines(in: .lines(width: width)) }
}
