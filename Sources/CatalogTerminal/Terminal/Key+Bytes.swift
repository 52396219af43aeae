extension Key {
    /// The bytes a terminal sends for the key, as ``KeyDecoder`` reads them back: what scenarios type into a
    /// ``VirtualTerminal``.
    ///
    /// Arrows, Home and End use their CSI forms, F1–F4 their SS3 forms, and the rest their `ESC [ n ~` forms. A
    /// control letter outside a–z has no byte and gives none.
    public var bytes: [UInt8] {
        switch self {
        case .up: return Self.csi("A")
        case .down: return Self.csi("B")
        case .right: return Self.csi("C")
        case .left: return Self.csi("D")
        case .home: return Self.csi("H")
        case .end: return Self.csi("F")
        case .pageUp: return Self.csi("5~")
        case .pageDown: return Self.csi("6~")
        case .delete: return Self.csi("3~")
        case .backTab: return Self.csi("Z")
        case .enter: return [0x0D]
        case .escape: return [0x1B]
        case .backspace: return [0x7F]
        case .tab: return [0x09]
        case .control(let letter):
            guard let ascii = letter.asciiValue, (0x61...0x7A).contains(ascii) else { return [] }
            return [ascii - 0x60]
        case .function(let number):
            switch number {
            case 1...4: return [0x1B, 0x4F, 0x50 + UInt8(number - 1)]
            case 5: return Self.csi("15~")
            case 6...10: return Self.csi("\(number + 11)~")
            case 11, 12: return Self.csi("\(number + 12)~")
            default: return []
            }
        case .mouse(let mouse):
            let base: Int
            switch mouse.button {
            case .left, .none: base = 0
            case .middle: base = 1
            case .right: base = 2
            }
            let code: Int
            switch mouse.action {
            case .press, .release: code = base
            case .drag: code = base + 32
            case .scrollUp: code = 64
            case .scrollDown: code = 65
            }
            let final = mouse.action == .release ? "m" : "M"
            return Self.csi("<\(code);\(max(mouse.column, 0) + 1);\(max(mouse.row, 0) + 1)\(final)")
        case .character(let character):
            // The decoder reads one scalar a key, so a cluster of several (👍🏽) types as several keys.
            return Array(String(character).utf8)
        case .modified(let key, let modifiers):
            return Self.bytes(of: key, with: modifiers)
        }
    }

    /// A key with modifiers: a cursor or editing key with its modifier parameter (`ESC [ 1 ; 2 A`), anything else
    /// with Alt as Escape then the key.
    private static func bytes(of key: Key, with modifiers: Modifiers) -> [UInt8] {
        let parameter = Int(modifiers.rawValue) + 1
        let plain = key.bytes
        // `ESC [ X` and `ESC O X` (arrows, Home, End, F1–F4) gain `1;m`; `ESC [ n ~` gains `;m`.
        if plain.count == 3, plain[0] == 0x1B, plain[1] == 0x5B || plain[1] == 0x4F {
            return csi("1;\(parameter)") + [plain[2]]
        }
        if plain.count > 3, plain[0] == 0x1B, plain[1] == 0x5B, plain.last == UInt8(ascii: "~") {
            return Array(plain.dropLast()) + Array(";\(parameter)~".utf8)
        }
        return modifiers.contains(.alt) ? [0x1B] + plain : plain
    }

    private static func csi(_ tail: String) -> [UInt8] { [0x1B, 0x5B] + Array(tail.utf8) }
}
