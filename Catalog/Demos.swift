import CatalogKit
import CatalogTerminal
import Foundation

/// The built-in catalog: every demo screen in this folder.
///
/// Each demo file declares its entry once, in an extension, and a build-tool plugin collects every declaration
/// into `Demos.all`, so a new demo is one new file. A demo declares its keys and line commands once, in a keymap,
/// which also draws its footer and its help (see ``KeymapScreen``):
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
/// struct HelloScreen: KeymapScreen {
///     enum Command: Sendable { case wave }
///     static let keymap = Keymap<Command>([KeyBinding([.enter], .wave, help: "wave", line: "wave")])
///     var keymap: Keymap<Command> { Self.keymap }
///     var title: String { "Hello" }
///     mutating func perform(_ command: Command, _ input: CommandInput) -> Action { .status("Hello again!") }
///     func render(in context: ScreenContext) -> Frame { Frame(lines: ["Hello, terminal!", footer]).clipped(to: context.size) }
///     func lines(in context: ScreenContext) -> [String] { ["Hello, terminal!"] }
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

    /// The environment the demos' factories read instead of the process's, while bound.
    ///
    /// A factory is a demo's composition root, the one place it may read the process environment (the @AppStorage
    /// demo finds its settings file there); screens never do. Tests bind this to open demos through their factories
    /// without touching the user's files:
    ///
    /// ```swift
    /// try Demos.$environmentOverride.withValue(["XDG_CONFIG_HOME": directory]) { try entry.make() }
    /// ```
    @TaskLocal static var environmentOverride: [String: String]?

    /// The environment a factory reads: the bound override, else the process's.
    static var factoryEnvironment: [String: String] {
        environmentOverride ?? ProcessInfo.processInfo.environment
    }

    /// Declares one demo: the entry the launcher lists, the screen it opens, and the states `catalog snapshot`
    /// checks.
    ///
    /// Scenarios are declared next to the entry, a line each; their goldens are in `Tests/Snapshots`, one file a
    /// scenario, named by the entry's id and the scenario's name:
    ///
    /// ```swift
    /// static let slider = demo(
    ///     "Slider", in: ["Controls"], keywords: ["volume"], summary: "A value from 0 to 100",
    ///     scenarios: [Scenario("at the top end", .press(.end))]
    /// ) { SliderDemo() }
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title in the menu.
    ///   - groups: The group path from the root.
    ///   - keywords: Extra words search matches; every demo needs some.
    ///   - summary: A one-line description; every demo needs one.
    ///   - scenarios: Named states reached by keys, time and resizes from the first frame; every demo declares some.
    ///     They must not depend on the machine: no files, no environment, no wall clock.
    ///   - make: Builds the screen when the entry is opened.
    /// - Returns: The entry, for a `static let` that the generated `Demos.all` lists.
    static func demo(
        _ title: String, in groups: [String], keywords: [String], summary: String, scenarios: [Scenario] = [],
        make: @escaping @Sendable () throws -> any Screen
    ) -> Entry<any Screen> {
        Entry(title, in: groups, keywords: keywords, summary: summary, make: make).scenarios(scenarios)
    }
}
