import CatalogKit
import CatalogTerminal

extension Demos {
    static let haptic = demo(
        "Haptic View", in: ["Feedback"], keywords: ["bell", "flash", "haptics", "feedback", "vibrate"],
        summary: "The terminal's haptics: a bell and a brief flash of the screen"
    ) { HapticDemo() }
}

/// Rings the bell and flashes the screen, as actions the shell carries out, so no terminal is needed to test it.
struct HapticDemo: Screen {
    /// A strength of feedback: how long the screen flashes.
    struct Style: Equatable {
        var name: String
        var flash: Duration
    }

    static let styles = [
        Style(name: "Light", flash: .milliseconds(40)), Style(name: "Medium", flash: .milliseconds(90)),
        Style(name: "Heavy", flash: .milliseconds(180)),
    ]

    private(set) var selected = 1
    private(set) var taps = 0

    var title: String { "Haptic View" }
    var lineHelp: [String] { ["<n>      give feedback of style n (the bell and flash need a terminal)"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .up, .left: selected = max(selected - 1, 0)
        case .down, .right: selected = min(selected + 1, Self.styles.count - 1)
        case .enter, .character(" "): return tap()
        case .character(let c) where c.wholeNumberValue.map({ (1...Self.styles.count).contains($0) }) == true:
            selected = (c.wholeNumberValue ?? 1) - 1
            return tap()
        default: break
        }
        return .none
    }

    private mutating func tap() -> Action {
        taps += 1
        let style = Self.styles[selected]
        return .batch([.bell, .flash(style.flash), .status("\(style.name) tap (\(taps))")])
    }

    func render(in size: Size) -> Frame {
        var lines = Self.styles.enumerated().map { index, style in
            let ms = style.flash.components.attoseconds / 1_000_000_000_000_000
            let text = (index == selected ? "› " : "  ") + "\(index + 1). \(style.name)  (flash \(ms) ms)"
            return Line(text, index == selected ? .reverse : .plain)
        }
        lines += ["", Line("Taps: \(taps)"), "", Line("↑↓ choose  Enter or Space tap  1–3 tap a style", .dim)]
        return clipped(lines, to: size)
    }

    func lines(width: Int) -> [String] {
        numbered(Self.styles.map(\.name), width: width) + ["Taps: \(taps)"]
    }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        guard command.word.isEmpty, let number = command.number, Self.styles.indices.contains(number - 1) else {
            return .unknownCommand(line, hint: "Type 1, 2 or 3 to tap.")
        }
        selected = number - 1
        return tap()
    }
}
