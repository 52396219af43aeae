import CatalogTerminal

/// An error a test screen throws on request.
struct ScreenError: Error, CustomStringConvertible {
    var description: String
}

/// A list to move through: Enter opens the selected item, and letters ask for each kind of action.
struct ListScreen: Screen {
    var title: String
    var items: [String]
    var selected = 0
    var resizes: [Size] = []
    var ticks: [Duration] = []
    var environments: [ScreenEnvironment] = []
    var results: [String] = []
    /// The size of every frame asked of the screen.
    var drawnSizes: Sizes = Sizes()

    init(title: String, items: [String]) {
        self.title = title
        self.items = items
    }

    static let lane = JobLane<String>("list")

    var help: [HelpItem] {
        [HelpItem(keys: "↑↓", help: "move"), HelpItem(keys: "", line: "<n>", help: "open an item")]
    }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        switch event {
        case .resize(let size):
            resizes.append(size)
            return .none
        case .tick(let now):
            ticks.append(now)
            return .none
        case .environment(let environment):
            environments.append(environment)
            return .none
        case .finished(let result):
            // A finished job asks for more time and work, and for things only the top screen may do.
            results.append(result.value(of: Self.lane) ?? "?")
            return .batch([.status("Job done."), .bell, .tick(after: .milliseconds(5))])
        case .key(let key):
            switch key {
            case .down: selected = min(selected + 1, items.count - 1)
            case .up: selected = max(selected - 1, 0)
            case .enter: return .push(ListScreen(title: items[selected], items: ["\(items[selected]) one"]))
            case .character("x"): throw ScreenError(description: "x is not allowed here.")
            case .character("b"): return .bell
            case .character("f"): return .flash(.milliseconds(100))
            case .character("t"): return .tick(after: .milliseconds(50))
            case .character("s"): return .status("Saved.")
            case .character("Q"): return .quit
            case .character("w"): return .run(Job(Self.lane) { _ in "worked" })
            case .character("P"): return .batch([.pop, .status("Closed.")])
            case .character("F"): return .push(FieldScreen(handlesEscape: true))
            default: break
            }
            return .none
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        drawnSizes.sizes.append(size)
        return Frame(
            lines: items.enumerated().map { index, item in
                index == selected ? Line("> " + item, .reverse) : Line("  " + item)
            })
    }

    func lines(in context: ScreenContext) -> [String] {
        items.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }

    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        if let number = Int(line), items.indices.contains(number - 1) {
            selected = number - 1
            return .push(ListScreen(title: items[selected], items: ["\(items[selected]) one"]))
        }
        if line == "boom" { throw ScreenError(description: "The screen exploded.") }
        return .status("Unknown command “\(line)”; type ? for help.")
    }
}

/// The sizes a screen was drawn at, kept by reference because drawing doesn't change a screen.
final class Sizes {
    var sizes: [Size] = []
}

/// A text field: takes printable keys as text, and optionally Escape to close a panel first.
struct FieldScreen: Screen {
    var title = "Search"
    var text = ""
    var handlesEscape: Bool
    var panelOpen = true

    var takesText: Bool { true }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .character(let character): text.append(character)
        case .backspace: _ = text.popLast()
        case .escape:
            if panelOpen {
                panelOpen = false
                return .none
            }
            return .pop
        default: break
        }
        return .none
    }

    func render(in context: ScreenContext) -> Frame {
        return Frame(
            lines: [Line("Find: " + text), panelOpen ? "[panel]" : ""], cursor: (row: 0, column: 6 + text.count))
    }

    func lines(in context: ScreenContext) -> [String] { ["Find: " + text] }

    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        text = line
        return .none
    }
}
