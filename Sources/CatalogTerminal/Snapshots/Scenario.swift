import CatalogKit
import Foundation

/// A named state of a screen, reached by events from its first frame: the unit of snapshots, pictures and
/// recordings.
///
/// A scenario is a size, optionally a locale and a colour mode, and steps: keys, text, waits on a virtual clock and
/// resizes. It renders the same frame on every machine: time is virtual, the environment is the scenario's, and
/// jobs run at once. An entry with no scenarios has one: ``initial``, at 80×24.
///
/// ```swift
/// static let outlinePicker = demo(
///     "Outline Picker", in: ["Pickers"], keywords: ["tree"], summary: "Pick a category from a tree",
///     scenarios: [Scenario("expanded to Laptops", .press(.enter))]
/// ) { try OutlinePickerDemo() }
/// ```
public struct Scenario: Sendable, Hashable {
    /// One thing that happens in a scenario.
    public enum Step: Sendable, Hashable {
        /// A key, pressed `times` times.
        case press(Key, times: Int = 1)
        /// Text, typed one character a key.
        case type(String)
        /// Time passing on the virtual clock: ticks that come due are delivered.
        case wait(Duration)
        /// The terminal changing size.
        case resize(Size)
    }

    /// The name, unique among the entry's scenarios ("expanded to Laptops").
    public var name: String
    /// The terminal's size.
    public var size: Size
    /// The locale screens are told, such as "de"; English when `nil`.
    public var locale: String?
    /// The colour the frame is drawn with; full colour when `nil`.
    public var colorMode: ColorMode?
    /// What happens, in order.
    public var steps: [Step]

    /// Declares a scenario.
    ///
    /// - Parameters:
    ///   - name: Its name, unique among the entry's scenarios.
    ///   - size: The terminal's size.
    ///   - locale: A locale identifier such as "de" or "ko_KR"; English when `nil`.
    ///   - colorMode: The colour mode; full colour when `nil`.
    ///   - steps: What happens, in order.
    public init(
        _ name: String, size: Size = .standard, locale: String? = nil, colorMode: ColorMode? = nil, _ steps: Step...
    ) {
        self.init(name, size: size, locale: locale, colorMode: colorMode, steps: steps)
    }

    /// Declares a scenario from an array of steps.
    public init(
        _ name: String, size: Size = .standard, locale: String? = nil, colorMode: ColorMode? = nil, steps: [Step]
    ) {
        self.name = name
        self.size = size
        self.locale = locale
        self.colorMode = colorMode
        self.steps = steps
    }

    /// The scenario of an entry that declares none: its first frame at 80×24.
    public static let initial = Scenario("initial")

    /// The scenario being played while a factory runs for it, so a factory that would read files or the
    /// environment (a settings store, say) can make its screen from fixed data instead, the same on every machine.
    @TaskLocal public static var playing: Scenario?

    /// The environment screens are told in this scenario.
    public var environment: ScreenEnvironment {
        ScreenEnvironment(
            locale: locale.map { ScreenEnvironment.locale(named: $0) } ?? ScreenEnvironment.standard.locale,
            glyphs: .unicode, colorMode: colorMode ?? .trueColor)
    }
}

extension Scenario.Step {
    /// A printable key, pressed `times` times: `.press(" ")` is Space, `.press("+", times: 3)` three pluses.
    ///
    /// - Parameters:
    ///   - character: The character the key types.
    ///   - times: How many times it is pressed.
    /// - Returns: The step.
    public static func press(_ character: Character, times: Int = 1) -> Self {
        .press(.character(character), times: times)
    }
}

/// Where an entry keeps its scenarios.
enum ScenariosKey: EntryTraitKey {
    static let defaultValue: [Scenario] = []
}

extension EntryTraits {
    /// The entry's scenarios, as declared; see ``Entry/scenarios``.
    public var scenarios: [Scenario] {
        get { self[ScenariosKey.self] }
        set { self[ScenariosKey.self] = newValue }
    }
}

extension Entry {
    /// The entry with scenarios, for declaring them next to it.
    ///
    /// - Parameter scenarios: The scenarios, in the order snapshots list them.
    /// - Returns: A copy of the entry that has them.
    public func scenarios(_ scenarios: [Scenario]) -> Entry {
        var entry = self
        entry.traits.scenarios = scenarios
        return entry
    }

    /// The scenarios snapshots render: those declared, or ``Scenario/initial`` when there are none.
    public var scenarios: [Scenario] { traits.scenarios.isEmpty ? [.initial] : traits.scenarios }
}

extension Registry where Handler == any Screen {
    /// Registers one screen with its scenarios.
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - scenarios: Named states for snapshots, pictures and recordings.
    ///   - make: Builds the screen when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Registry/Error`` when the entry is invalid or its id is taken.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        scenarios: [Scenario], make: @escaping @Sendable () throws -> any Screen
    ) throws -> Entry<any Screen> {
        let entry = Entry(title, in: groups, id: id, keywords: keywords, summary: summary, make: make)
            .scenarios(scenarios)
        try register([entry])
        return entry
    }
}
