import CatalogKit
import CatalogTerminal

extension Demos {
    static let appStorage = demo(
        "@AppStorage", in: ["Storage"], keywords: ["settings", "persist", "json", "preferences", "xdg"],
        summary: "Settings that persist across runs in ~/.config/catalog/settings.json"
    ) {
        AppStorageDemo(opening: { try FileSettingsStore(environment: DemoEnvironment.variables) })
    }
}

/// An accent colour and a counter that persist across runs through an injected ``SettingsStore``.
///
/// The screen never touches files itself: it loads once when created and saves through the store after each change.
/// A store that fails leaves the value on screen and the previous one on disk, and says so.
struct AppStorageDemo: Screen {
    private(set) var settings: AppSettings
    /// The row under the cursor: 0 accent, 1 counter.
    private(set) var row = 0
    /// A problem found while loading or saving, shown until the next successful save.
    private(set) var message: String?
    private let store: any SettingsStore

    /// Creates the screen with a store.
    ///
    /// - Parameter opening: Makes the store; a failure keeps settings in memory and shows why.
    init(opening: () throws -> any SettingsStore) {
        let store: any SettingsStore
        do {
            store = try opening()
        } catch {
            store = MemorySettingsStore(message: "\(error) Settings last until you quit.")
        }
        self.store = store
        let loaded = store.load()
        settings = loaded.settings
        message = loaded.message
    }

    var title: String { "@AppStorage" }
    var lineHelp: [String] {
        [
            "accent <name>   choose an accent colour", "+ / -           change the counter",
            "reset           restore defaults",
        ]
    }

    private var accentIndex: Int { AppSettings.accents.firstIndex { $0.name == settings.accent } ?? 0 }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        var changed = settings
        switch (key, row) {
        case (.up, _): row = 0
        case (.down, _): row = 1
        case (.left, 0), (.right, 0), (.enter, 0), (.character(" "), 0):
            let step = key == .left ? -1 : 1
            let count = AppSettings.accents.count
            changed.accent = AppSettings.accents[(accentIndex + step + count) % count].name
        case (.right, 1), (.character("+"), _), (.enter, 1), (.character(" "), 1): changed.counter += 1
        case (.left, 1), (.character("-"), _): changed.counter -= 1
        case (.character("r"), _): changed = AppSettings()
        default: break
        }
        return apply(changed)
    }

    /// Shows the new settings and saves them; a failed save keeps them on screen and reports it.
    private mutating func apply(_ changed: AppSettings) -> Action {
        guard changed != settings else { return .none }
        settings = changed
        do {
            try store.save(settings)
            message = nil
            return .none
        } catch {
            message = "Not saved: \(error)"
            return .bell
        }
    }

    func render(in size: Size) -> Frame {
        let accent = AppSettings.accents[accentIndex].rgb
        let swatch = Span("  ██  ", Style(foreground: .rgb(accent.0, accent.1, accent.2)))
        func field(_ index: Int, _ label: String, _ value: [Span]) -> Line {
            let pointer = index == row ? "› " : "  "
            return Line([Span(pointer + DisplayWidth.pad(label, to: 14), index == row ? .bold : .plain)] + value)
        }
        var lines: [Line] = [
            field(0, "Accent colour", [Span("◂ \(settings.accent) ▸"), swatch]),
            field(1, "Counter", [Span("\(settings.counter)")]),
            "",
            Line("←→ change  ↑↓ move  + - count  r reset", .dim),
        ]
        if let message { lines += ["", Line(DisplayWidth.truncate(message, to: size.columns), .bold)] }
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        fitted(
            ["Accent colour: \(settings.accent)", "Counter: \(settings.counter)"] + (message.map { [$0] } ?? []),
            width: width)
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        var changed = settings
        switch command.word {
        case "+": changed.counter += 1
        case "-": changed.counter -= 1
        case "reset": changed = AppSettings()
        case "accent":
            guard
                let accent = AppSettings.accents.first(where: { $0.name.lowercased() == command.argument.lowercased() })
            else {
                let names = AppSettings.accents.map(\.name).joined(separator: ", ")
                return .status("There is no accent colour “\(command.argument)”. Choose one of \(names).")
            }
            changed.accent = accent.name
        default:
            return .unknownCommand(line, hint: "Type accent <name>, +, - or reset.")
        }
        let action = apply(changed)
        if let message { return .status(message) }
        return action
    }
}
