import CatalogKit
import CatalogTerminal

extension Demos {
    static let slider = demo(
        "Slider", in: ["Controls"], keywords: ["slider", "volume", "range", "value", "knob"],
        summary: "A value from 0 to 100 on a track, in steps of 5"
    ) { SliderDemo() }
}

/// A slider from 0 to 100: ←/→ move by 5, Home/End jump to the ends.
struct SliderDemo: Screen {
    private(set) var value = 50
    let glyphs: Glyphs

    init(glyphs: Glyphs = DemoEnvironment.glyphs) { self.glyphs = glyphs }

    var title: String { "Slider" }
    var lineHelp: [String] { ["<n>      set the value (0–100)"] }

    mutating func handle(_ event: Event) throws -> Action {
        guard case .key(let key) = event else { return .none }
        switch key {
        case .left, .down: value = max(value - 5, 0)
        case .right, .up: value = min(value + 5, 100)
        case .home: value = 0
        case .end: value = 100
        default: break
        }
        return .none
    }

    /// The track: 21 positions, the knob at the value.
    var track: String {
        let knob = value / 5
        let line = glyphs.horizontal
        let dot = glyphs == .ascii ? "O" : "●"
        return String(repeating: line, count: knob) + dot + String(repeating: line, count: 20 - knob)
    }

    var row: String { "Volume  \(track)  \(value)" }

    func render(in size: Size) -> Frame {
        clipped([Line(row), "", Line("←→ move by 5  Home/End ends", .dim)], to: size)
    }

    func lines(width: Int) -> [String] { fitted([row], width: width) }

    mutating func handle(line: String) throws -> Action {
        let command = LineCommand(line)
        guard command.word.isEmpty, let number = command.number else {
            return .unknownCommand(line, hint: "Type a value from 0 to 100.")
        }
        guard (0...100).contains(number) else { return .status("\(number) is out of range; choose 0 to 100.") }
        value = number
        return .none
    }
}
