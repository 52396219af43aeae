import CatalogKit
import CatalogTerminal
import Foundation

/// The built-in catalog: every demo screen in this folder.
///
/// Each demo file declares its entry once, in an extension, and a build-tool plugin collects every declaration
/// into `Demos.all`, so a new demo is one new file:
///
/// ```swift
/// import CatalogKit
/// import CatalogTerminal
///
/// extension Demos {
///     static let hello = demo("Hello", in: ["Basics"], keywords: ["greeting"], summary: "Says hello") {
///         HelloScreen()
///     }
/// }
///
/// struct HelloScreen: Screen {
///     var title: String { "Hello" }
///     mutating func handle(_ event: Event) throws -> Action { .none }
///     func render(in size: Size) -> Frame { Frame(lines: ["Hello, terminal!"]) }
///     func lines(width: Int) -> [String] { ["Hello, terminal!"] }
///     mutating func handle(line: String) throws -> Action { .none }
/// }
/// ```
public enum Demos {
    /// Registers every built-in demo, all or none, and the test-only screens when the environment asks for them
    /// (`CATALOG_TEST_SCREENS=1`, see ``TestScreens``).
    ///
    /// - Parameters:
    ///   - registry: The registry the launcher shows.
    ///   - environment: The process environment.
    /// - Throws: `Registry.Error` when an id is taken or an entry is invalid; nothing is registered then.
    public static func register(
        in registry: Registry<any Screen>, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try registry.register(all)
        try TestScreens.register(in: registry, environment: environment)
    }

    /// The entries of every built-in demo, for tests and tools.
    public static var entries: [Entry<any Screen>] { all }

    /// Declares one demo: the entry the launcher lists and the screen it opens.
    ///
    /// - Parameters:
    ///   - title: The title in the menu.
    ///   - groups: The group path from the root.
    ///   - keywords: Extra words search matches; every demo needs some.
    ///   - summary: A one-line description; every demo needs one.
    ///   - make: Builds the screen when the entry is opened.
    /// - Returns: The entry, for a `static let` that the generated `Demos.all` lists.
    static func demo(
        _ title: String, in groups: [String], keywords: [String], summary: String,
        make: @escaping @Sendable () throws -> any Screen
    ) -> Entry<any Screen> {
        Entry(title, in: groups, keywords: keywords, summary: summary, make: make)
    }
}
