import CatalogKit
import CatalogTerminal

/// Screens that exist only for the end-to-end tests: one that traps, one that throws, and one whose factory throws.
///
/// They are registered only when the environment sets `CATALOG_TEST_SCREENS=1`, so the normal catalog never shows
/// them. The tests run the real binary under a pseudo-terminal, open these, and check that the terminal is restored
/// after a crash and that errors leave the launcher running.
enum TestScreens {
    /// The environment variable that turns the test screens on.
    static let variable = "CATALOG_TEST_SCREENS"

    /// Registers the test screens in a "Test" group when the environment asks for them.
    ///
    /// - Parameters:
    ///   - registry: The registry to add them to.
    ///   - environment: The process environment.
    /// - Throws: ``Registry/Error`` if their ids are taken.
    static func register(in registry: Registry<any Screen>, environment: [String: String]) throws {
        guard environment[variable] == "1" else { return }
        try registry.register {
            Entry("Trap", in: ["Test"], id: "test/trap", summary: "Press ! to index past the end of an array") {
                TrapScreen()
            }
            Entry("Throw", in: ["Test"], id: "test/throw", summary: "Every key and command throws") {
                ThrowScreen()
            }
            Entry("Broken", in: ["Test"], id: "test/broken", summary: "The factory throws") {
                throw Failure(description: "this screen's factory always fails")
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Traps on `!`: a deliberate out-of-bounds index, the kind of bug the signal guard must survive.
    struct TrapScreen: Screen {
        var title: String { "Trap" }
        var numbers: [Int] = []

        mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
            if event.key == .character("!") { numbers.append(numbers[numbers.count]) }
            return .none
        }

        func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Trap screen: press ! to crash")]) }
        func lines(in context: ScreenContext) -> [String] { ["Trap screen: type ! to crash"] }

        mutating func handle(line: String, in context: ScreenContext) throws -> Action {
            if line == "!" { numbers.append(numbers[numbers.count]) }
            return .none
        }
    }

    /// Throws from every key except the ones the launcher keeps (Esc and q close it).
    struct ThrowScreen: Screen {
        var title: String { "Throw" }
        var thrown = 0

        mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
            guard case .key = event else { return .none }
            thrown += 1
            throw Failure(description: "the throw screen threw (\(thrown))")
        }

        func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Throw screen: thrown \(thrown)")]) }
        func lines(in context: ScreenContext) -> [String] { ["Throw screen: thrown \(thrown)"] }

        mutating func handle(line: String, in context: ScreenContext) throws -> Action {
            thrown += 1
            throw Failure(description: "the throw screen threw (\(thrown))")
        }
    }
}
