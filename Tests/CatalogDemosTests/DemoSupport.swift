import CatalogKit
import CatalogTerminal
import Foundation

@testable import CatalogDemos

extension ScreenEnvironment {
    /// The standard environment with ASCII glyphs, as a terminal whose locale isn't UTF-8 has.
    static let ascii = ScreenEnvironment(locale: Locale(identifier: "en"), glyphs: .ascii)
}

/// A session on a screen, started as the launcher starts one: the screen is told its environment and size.
///
/// - Parameters:
///   - screen: The screen.
///   - environment: What the screen is told of the world.
/// - Returns: The session, its jobs run.
func started(_ screen: any Screen, environment: ScreenEnvironment = .standard) -> Session {
    var session = Session(root: screen, environment: environment)
    _ = session.settle(session.start(size: .standard), with: InlineJobs())
    return session
}

/// Sends keys to a session one after another, runs the jobs they start at once, and returns the other effects.
@discardableResult
func press(_ keys: Key..., in session: inout Session) -> [Session.Effect] {
    keys.flatMap { session.settle(session.handle(.key($0)), with: InlineJobs()) }
}

/// Types each character of a string as a key.
func type(_ text: String, in session: inout Session) {
    for character in text { _ = session.handle(.key(.character(character))) }
}

/// The session's frame at a size, each line's trailing spaces removed.
func frame(_ session: Session, size: Size = .standard) -> String {
    session.render(in: size).lines.map { line in
        String(line.text.reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n")
}

/// Runs line-mode commands through a driver and returns everything printed, one string a line.
func run(
    _ commands: [String], on screen: any Screen, width: Int = 80, environment: ScreenEnvironment = .standard
) -> [String] {
    var driver = LineDriver(session: Session(root: screen, environment: environment), width: width)
    var output = driver.start()
    for command in commands { output += driver.handle(line: command).output }
    return output
}

/// Empty lines to pad a frame literal to 24 rows.
func blank(_ count: Int) -> String { String(repeating: "\n", count: count) }

/// A root screen that opens one screen on Enter, as the launcher's menu does.
struct OpeningScreen: Screen {
    var next: any Screen
    var title: String { "Catalog" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        event.key == .enter ? .push(next) : .none
    }

    func render(in context: ScreenContext) -> Frame { Frame(lines: ["Catalog"]) }
    func lines(in context: ScreenContext) -> [String] { ["Catalog"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action { line == "1" ? .push(next) : .none }
}
