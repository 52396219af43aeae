/// How much colour the terminal can show; colours in a frame are downgraded to fit.
public enum ColorMode: Sendable, Hashable, CaseIterable {
    /// No colour at all (`NO_COLOR`, or a dumb terminal). Bold, dim, underline and reverse are still used.
    case none
    /// The 16 basic colours.
    case ansi16
    /// The 256-colour palette.
    case palette256
    /// 24-bit colour.
    case trueColor

    /// Chooses the colour mode from environment variables.
    ///
    /// `NO_COLOR` set to any non-empty value (the rule from no-color.org) or `TERM=dumb` gives ``none``;
    /// `COLORTERM=truecolor` or `24bit` gives ``trueColor``; a `TERM` containing `256color` gives ``palette256``;
    /// anything else gives ``ansi16``.
    ///
    /// - Parameter environment: The process environment, passed in so tests can choose it.
    /// - Returns: The richest mode the environment allows.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term == "dumb" { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.contains("256color") { return .palette256 }
        return .ansi16
    }
}

extension ColorMode {
    /// The SGR parameters for a colour in this mode, or `nil` when the mode shows no colour.
    ///
    /// - Parameters:
    ///   - color: The colour asked for.
    ///   - background: Whether it is the background colour.
    /// - Returns: Parameters such as `"31"`, `"38;5;208"` or `"48;2;10;20;30"`.
    func parameters(for color: Color, background: Bool) -> String? {
        let extended = background ? "48" : "38"
        switch (self, color) {
        case (.none, _):
            return nil
        case (_, .ansi(let index)):
            return Self.basicParameter(index & 15, background: background)
        case (.ansi16, .palette(let index)):
            let basic = index < 16 ? index : Palette.nearestBasic(to: Palette.rgb(ofPaletteIndex: index))
            return Self.basicParameter(basic, background: background)
        case (.ansi16, .rgb(let r, let g, let b)):
            return Self.basicParameter(Palette.nearestBasic(to: (r, g, b)), background: background)
        case (.palette256, .rgb(let r, let g, let b)):
            return "\(extended);5;\(Palette.nearestIndex(to: (r, g, b)))"
        case (.palette256, .palette(let index)), (.trueColor, .palette(let index)):
            return "\(extended);5;\(index)"
        case (.trueColor, .rgb(let r, let g, let b)):
            return "\(extended);2;\(r);\(g);\(b)"
        }
    }

    private static func basicParameter(_ index: UInt8, background: Bool) -> String {
        let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
        return String(base + Int(index % 8))
    }
}

/// The xterm palette, for finding the nearest colour a weaker terminal can show.
enum Palette {
    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// xterm's default values for the 16 basic colours.
    static let basic: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the 6×6×6 colour cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The colour of a palette index.
    static func rgb(ofPaletteIndex index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return basic[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6])
            )
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
    }

    /// The nearest of the 16 basic colours.
    static func nearestBasic(to color: RGB) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in basic.enumerated() {
            let distance = squaredDistance(color, candidate)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }

    /// The nearest colour in the cube or the grey ramp (indices 16–255), as xterm's 256-colour mode shows it.
    static func nearestIndex(to color: RGB) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            let v = Int(value)
            return v < 48 ? 0 : v < 115 ? 1 : min((v - 35) / 40, 5)
        }
        let (r, g, b) = (level(color.r), level(color.g), level(color.b))
        let cubeIndex = UInt8(16 + 36 * r + 6 * g + b)
        let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
        let greyStep = average > 238 ? 23 : max((average - 3) / 10, 0)
        let greyIndex = UInt8(232 + greyStep)
        let cubeDistance = squaredDistance(color, rgb(ofPaletteIndex: cubeIndex))
        let greyDistance = squaredDistance(color, rgb(ofPaletteIndex: greyIndex))
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    private static func squaredDistance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r)
        let dg = Int(a.g) - Int(b.g)
        let db = Int(a.b) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }
}
