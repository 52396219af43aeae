import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let appStorage = demo(
        "@AppStorage", in: ["Storage"], keywords: ["settings", "persist", "json", "preferences", "xdg"],
        summary: "Settings that persist across runs in ~/.config/catalog/settings.json",
        scenarios: [
            Scenario("counter row", .press(.down)),
            Scenario("counted in Russian", locale: "ru", .press(.down), .press("+", times: 2)),
            Scenario("counted to three, accent Green", .press(.right), .press(.down), .press("+", times: 3)),
        ]
    ) {
        // A scenario plays with settings in memory: never the user's file, and the same frame everywhere.
        if Scenario.playing != nil { return AppStorageDemo.opening { MemorySettingsStore() } }
        let environment = factoryEnvironment
        return AppStorageDemo.opening { try FileSettingsStore(environment: environment) }
    }
}

/// An accent colour and a counter that persist across runs through an injected ``SettingsStore``.
///
/// The screen never touches files: it is given the settings its factory loaded, and each change starts a save job
/// in the ``save`` lane, which the shell runs off the input path, every one in order. A store
/// that fails leaves the value on screen and the previous one on disk, and the screen says so when the job's result
/// comes back.
struct AppStorageDemo: LocalizedDemo {
    /// Why a save job didn't save.
    enum SaveFailure: Error, Equatable, CustomStringConvertible {
        /// The store failed, for this reason.
        case failed(String)

        var description: String {
            switch self {
            case .failed(let reason): return reason
            }
        }
    }

    /// The lane saves run in: the settings saved, or why they weren't. Queued, as saves are: every change is written
    /// in order, one made just before quitting too, and live reload (`--watch`) knows the screen keeps its state in a
    /// file.
    static let save = JobLane<Result<AppSettings, SaveFailure>>("save", policy: .queued)

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, previous, next, increment, decrement, reset, accent
    }

    /// The keys and line commands. ←/→ change the row under the cursor; `+` and `-` count on any row.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up], .up, label: "↑↓", help: words(.move)),
            KeyBinding([.down], .down, help: words(.moveDown), footer: false),
            KeyBinding([.left], .previous, label: "←→", help: words(.change)),
            KeyBinding([.right, .enter, .character(" ")], .next, help: words(.nextValue), footer: false),
            KeyBinding([.character("+")], .increment, label: "+/-", help: words(.count), line: "+"),
            KeyBinding([.character("-")], .decrement, help: words(.countDown), footer: false, line: "-"),
            KeyBinding([.character("r")], .reset, help: words(.reset), line: "reset"),
            KeyBinding([], .accent, help: words(.chooseAccent), footer: false, line: "accent <name>"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var settings: AppSettings
    /// The row under the cursor: 0 accent, 1 counter.
    private(set) var row = 0
    /// The problems found while loading or saving, shown until the next successful save.
    private(set) var problems: [SettingsProblem]
    private(set) var glyphs = Glyphs.unicode
    private let store: any SettingsStore

    /// Creates the screen with its store and what was loaded from it; it does no I/O itself.
    ///
    /// Values out of range (a hand-edited counter of `Int.max`, an unknown colour) are brought into range, and the
    /// message says what changed.
    ///
    /// - Parameters:
    ///   - store: Where changes are saved, by jobs.
    ///   - loaded: What the factory loaded.
    init(store: any SettingsStore, loaded: SettingsLoad) {
        self.store = store
        let checked = loaded.settings.checked()
        settings = checked.settings
        problems = [loaded.problem].compactMap { $0 } + checked.problems
    }

    /// The demo's composition root: makes the store, loads the settings once, and gives both to the screen.
    ///
    /// - Parameter makeStore: Makes the store; a failure keeps settings in memory and says why.
    /// - Returns: The screen.
    static func opening(_ makeStore: () throws -> any SettingsStore) -> AppStorageDemo {
        let store: any SettingsStore
        do {
            store = try makeStore()
        } catch {
            store = MemorySettingsStore(problem: .inMemory(reason: "\(error)"))
        }
        return AppStorageDemo(store: store, loaded: store.load())
    }

    var title: String { "@AppStorage" }

    /// The problems as one message in the screen's language, if there are any.
    var message: String? {
        let texts = messages(in: locale)
        return texts.isEmpty ? nil : texts.joined(separator: " ")
    }

    /// The problems, a sentence or two each, in `locale`'s language.
    func messages(in locale: Locale) -> [String] { problems.map { $0.text(in: locale) } }

    private var accentIndex: Int { AppSettings.accents.firstIndex { $0.name == settings.accent } ?? 0 }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .key(let key): return perform(key: key)
        case .environment(let environment):
            glyphs = environment.glyphs
            locale = environment.locale
        case .finished(let result): return saved(result.value(of: Self.save))
        case .tick, .resize: break
        }
        return .none
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        var changed = settings
        switch command {
        case .up: row = 0
        case .down: row = 1
        case .next where row == 0: changed.accent = accent(after: 1)
        case .previous where row == 0: changed.accent = accent(after: -1)
        case .next, .increment, .previous, .decrement:
            let up = command == .next || command == .increment
            guard let counter = stepped(settings.counter, up: up, in: AppSettings.counterRange) else {
                let range = AppSettings.counterRange
                return .batch([
                    .bell,
                    .status(
                        DemoWords.text(
                            .counterRange, in: locale, ["low": range.lowerBound, "high": range.upperBound])),
                ])
            }
            changed.counter = counter
        case .reset: changed = AppSettings()
        case .accent:
            guard case .line(let name) = input else { return .none }
            // The saved name or the word in the screen's language: "accent green" and "accent Grün" both work.
            let typed = Folding.fold(name)
            guard
                let accent = AppSettings.accents.first(where: {
                    Folding.fold($0.name) == typed || Folding.fold(DemoWords.text($0.word, in: locale)) == typed
                })
            else {
                let names = AppSettings.accents.map { DemoWords.text($0.word, in: locale) }
                    .formatted(.list(type: .or).locale(locale))
                return .status(DemoWords.text(.noAccent, in: locale, ["name": name, "list": names]))
            }
            changed.accent = accent.name
        }
        return apply(changed)
    }

    /// The accent a number of steps along the list, wrapping at the ends.
    private func accent(after step: Int) -> String {
        let count = AppSettings.accents.count
        return AppSettings.accents[(accentIndex + step + count) % count].name
    }

    /// Shows the new settings and starts saving them; the result comes back to ``saved(_:)``.
    private mutating func apply(_ changed: AppSettings) -> Action {
        guard changed != settings else { return .none }
        settings = changed
        let store = self.store
        return .run(
            Job(Self.save) { _ in
                // The store's rename makes the save all or nothing, so there is nothing to stop halfway.
                do {
                    try store.save(changed)
                    return .success(changed)
                } catch {
                    return .failure(.failed("\(error)"))
                }
            })
    }

    /// Takes a save job's result: a success clears the message, a failure keeps the value on screen and says why.
    private mutating func saved(_ outcome: Result<AppSettings, SaveFailure>?) -> Action {
        switch outcome {
        case .success?:
            problems = []
            return .none
        case .failure(.failed(let reason))?:
            problems = [.notSaved(reason: reason)]
            return .bell
        case nil:
            return .none
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let accent = AppSettings.accents[accentIndex].rgb
        let swatch = Span(
            "  " + String(repeating: glyphs.shades[glyphs.shades.count - 1], count: 2) + "  ",
            Style(foreground: .rgb(accent.0, accent.1, accent.2)))
        let (left, right) = glyphs == .ascii ? ("<", ">") : ("◂", "▸")
        let labels = [DemoWords.text(.accentColour, in: context), DemoWords.text(.counter, in: context)]
        let labelWidth = max(14, (labels.map(DisplayWidth.of).max() ?? 0) + 1)
        func field(_ index: Int, _ value: [Span]) -> Line {
            let text = glyphs.marker(index == row) + DisplayWidth.pad(labels[index], to: labelWidth)
            return Line([Span(text, index == row ? .bold : .plain)] + value)
        }
        var lines: [Line] = [
            field(
                0,
                [
                    Span("\(left) \(DemoWords.text(AppSettings.accents[accentIndex].word, in: context)) \(right)"),
                    swatch,
                ]),
            field(1, [Span(settings.counter.formatted(.number.locale(context.environment.locale)))]),
            "",
            footer(in: context),
        ]
        // Wrapped, not cut: a message names the file to find and where its bad copy goes.
        let messages = messages(in: context.environment.locale)
        if !messages.isEmpty {
            lines += [""] + messages.flatMap { LineText.wrapped($0, width: size.columns).map { Line($0, .bold) } }
        }
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        // The messages are printed whole: they name files the user may need to find.
        let accent = DemoWords.text(.accentColour, in: context)
        let counter = DemoWords.text(.counter, in: context)
        let colour = DemoWords.text(AppSettings.accents[accentIndex].word, in: context)
        let value = settings.counter.formatted(.number.locale(context.environment.locale))
        return fitted(["\(accent): \(colour)", "\(counter): \(value)"], width: width)
            + messages(in: context.environment.locale)
    }
}
