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
/// try registry.register(
///     "Counter", in: ["Basics"], summary: "Counts up and down",
///     scenarios: [Scenario("at zero"), Scenario("up twice", .press(.up, times: 2))]
/// ) { Counter() }
/// ```
public struct Scenario: Sendable, Hashable {
    /// One thing that happens in a scenario.
    public enum Step: Sendable, Hashable {
        /// A key, pressed `times` times (0 to 10,000).
        case press(Key, times: Int = 1)
        /// Text, typed one character a key.
        case type(String)
        /// Time passing on the virtual clock: ticks that come due are delivered.
        case wait(Duration)
        /// The terminal changing size.
        case resize(Size)
        /// A line-mode command given to the screen in front, as if typed at its prompt.
        case line(String)
    }

    /// The largest size a scenario or a resize may ask for, in each direction.
    public static let largest = 1_000
    /// The most times a key may be pressed in one step.
    public static let mostPresses = 10_000

    /// The name, unique among the entry's scenarios ("expanded to Laptops").
    public var name: String
    /// The terminal's size.
    public var size: Size
    /// The locale screens are told, such as "de"; English when `nil`.
    public var locale: String?
    /// The colour the frame is drawn with.
    public var colorMode: ColorMode
    /// The glyphs the terminal can show: `.ascii` for a terminal whose locale isn't UTF-8.
    public var glyphs: Glyphs
    /// Values of the entry's controls, by name, over their defaults; the golden's first line names them.
    public var controls: [String: ControlValue]
    /// What happens, in order.
    public var steps: [Step]

    /// Declares a scenario.
    ///
    /// - Parameters:
    ///   - name: Its name, unique among the entry's scenarios.
    ///   - size: The terminal's size.
    ///   - locale: A locale identifier in a language the launcher speaks (en, de, ru, ko or ja), such as "de" or
    ///     "ko_KR"; English when `nil`.
    ///   - colorMode: The colour mode; full colour by default, `.none` for none.
    ///   - glyphs: The glyphs; Unicode by default.
    ///   - controls: Values of the entry's controls by name, such as `["start": 1234]`; each must be one its
    ///     control takes. The defaults unless given.
    ///   - steps: What happens, in order.
    public init(
        _ name: String, size: Size = .standard, locale: String? = nil, colorMode: ColorMode = .trueColor,
        glyphs: Glyphs = .unicode, controls: [String: ControlValue] = [:], _ steps: Step...
    ) {
        self.init(
            name, size: size, locale: locale, colorMode: colorMode, glyphs: glyphs, controls: controls, steps: steps)
    }

    /// Declares a scenario from an array of steps.
    public init(
        _ name: String, size: Size = .standard, locale: String? = nil, colorMode: ColorMode = .trueColor,
        glyphs: Glyphs = .unicode, controls: [String: ControlValue] = [:], steps: [Step]
    ) {
        self.name = name
        self.size = size
        self.locale = locale
        self.colorMode = colorMode
        self.glyphs = glyphs
        self.controls = controls
        self.steps = steps
    }

    /// The control values as the golden's first line names them: `start=1234, compact=true`, by name; "" for none.
    /// A line break or other control character in a text value is written escaped (`\n`), so the line stays one.
    package var controlsLabel: String {
        controls.sorted { $0.key < $1.key }.map { name, value in "\(name)=\(value.description.controlsEscaped)" }
            .joined(separator: ", ")
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
            glyphs: glyphs, colorMode: colorMode)
    }

    /// What is wrong with the scenario on its own, in a sentence that names it: an empty name, a size or a resize
    /// outside 1 to ``largest``, a locale in a language the launcher has no words in (en, de, ru, ko and ja are), a key no terminal sends (F13, Ctrl-1), a count of presses outside 0 to
    /// ``mostPresses``, a negative wait, or a line command holding a line break.
    public var problem: String? {
        let name = "scenario “\(self.name)”"
        if self.name.allSatisfy(\.isWhitespace) { return "a scenario has no name; give each one a name." }
        if let problem = Self.problem(with: size) { return "\(name) is \(problem)" }
        // A language code and optional region or script, as "de", "ko_KR" or "zh-Hant": any other text would be
        // read as English without a word.
        if let locale,
            locale.isEmpty || locale.count > 35
                || !locale.unicodeScalars.allSatisfy({
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                        || $0 == "_"
                })
                || !(locale.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } ?? false)
        {
            return
                "\(name) has the locale “\(locale)”, which is no locale identifier; give one such as “de” or “ko_KR”."
        }
        // A language the launcher has no words in would record an English frame under the scenario's name, where
        // `open --locale` refuses it.
        if let locale, !ScreenEnvironment.speaks(locale) {
            return "\(name) needs a locale in \(ScreenEnvironment.languageList), not “\(locale)”."
        }
        for step in steps {
            switch step {
            case .press(let key, let times):
                if !(0...Self.mostPresses).contains(times) {
                    return "\(name) presses \(key) \(times) times; give a count from 0 to \(Self.mostPresses)."
                }
                if key.bytes.isEmpty, !Self.isMouse(key) {
                    return "\(name) presses \(key), which no terminal sends; use F1 to F12 or Ctrl with a to z."
                }
            case .resize(let size):
                if let problem = Self.problem(with: size) { return "\(name) resizes to \(problem)" }
            case .wait(let duration) where duration < .zero:
                return "\(name) waits \(duration), which is negative; wait zero or more."
            case .line(let text) where text.contains(where: \.isNewline):
                return "\(name) gives a line command with a line break in it; give one line a step."
            default:
                break
            }
        }
        return nil
    }

    private static func problem(with size: Size) -> String? {
        guard (1...largest).contains(size.columns), (1...largest).contains(size.rows) else {
            return "\(size), but a terminal is 1 to \(largest) cells each way."
        }
        return nil
    }

    private static func isMouse(_ key: Key) -> Bool {
        if case .mouse = key { return true }
        return false
    }

    /// What is wrong with an entry's scenarios together: each one's own problem, a control value the entry's
    /// controls don't take, two with one name, or two whose golden files would have the same name (`Up!` and
    /// `Up?` are both `Up.txt`).
    ///
    /// - Parameters:
    ///   - scenarios: An entry's scenarios.
    ///   - controls: The entry's controls.
    /// - Returns: The first problem, if any.
    public static func problem(with scenarios: [Scenario], controls: [Control] = []) -> String? {
        var names: [String: String] = [:]
        var files: [String: String] = [:]
        for scenario in scenarios {
            if let problem = scenario.problem { return problem }
            do {
                _ = try ControlValues(controls, setting: scenario.controls)
            } catch {
                return "scenario “\(scenario.name)” sets a value that isn't allowed: \(error)"
            }
            if names[scenario.name] != nil { return "two scenarios are named “\(scenario.name)”; name each once." }
            names[scenario.name] = scenario.name
            let file = SnapshotCheck.fileName(scenario.name)
            if let other = files[file] {
                return "scenarios “\(other)” and “\(scenario.name)” would both be kept in \(file).txt; name them "
                    + "apart by a letter or digit."
            }
            files[file] = scenario.name
        }
        return nil
    }
}

/// Where an entry keeps its scenarios.
enum ScenariosKey: EntryTraitKey {
    static let defaultValue: [Scenario] = []

    static func problem(with value: [Scenario], controls: [Control]) -> String? {
        Scenario.problem(with: value, controls: controls)
    }
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
    ///   - scenarios: Named states for snapshots, pictures and recordings; checked as ``Scenario/problem(with:controls:)``
    ///     says.
    ///   - file: Where the entry is registered; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the screen when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Registry/Error`` when the entry or a scenario is invalid or its id is taken, at the place it was
    ///   registered.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        scenarios: [Scenario], file: String = #fileID, line: Int = #line,
        make: @escaping @Sendable () throws -> any Screen
    ) throws -> Entry<any Screen> {
        let entry = Entry(
            title, in: groups, id: id, keywords: keywords, summary: summary, file: file, line: line, make: make
        ).scenarios(scenarios)
        try register([entry])
        return entry
    }

    /// Registers one screen with controls and scenarios that may set them.
    ///
    /// ```swift
    /// try registry.register(
    ///     "Counter", in: ["Basics"], controls: [.integer("start", default: 0, in: 0...100_000)],
    ///     scenarios: [Scenario("large number", controls: ["start": 1234])]
    /// ) { values in CounterScreen(start: values.integer("start")) }
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - controls: Typed parameters with defaults; each name once, each default one its control takes.
    ///   - scenarios: Named states for snapshots, pictures and recordings, each with control values the controls
    ///     take; checked as ``Scenario/problem(with:controls:)`` says.
    ///   - file: Where the entry is registered; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the screen from the controls' values when the entry is opened.
    /// - Returns: The registered entry.
    /// - Throws: ``Registry/Error`` when the entry, a control or a scenario is invalid or its id is taken, at the
    ///   place it was registered.
    @discardableResult
    public func register(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        controls: [Control], scenarios: [Scenario], file: String = #fileID, line: Int = #line,
        make: @escaping @Sendable (ControlValues) throws -> any Screen
    ) throws -> Entry<any Screen> {
        let entry = Entry(
            title, in: groups, id: id, keywords: keywords, summary: summary, controls: controls, file: file, line: line,
            make: make
        ).scenarios(scenarios)
        try register([entry])
        return entry
    }
}
