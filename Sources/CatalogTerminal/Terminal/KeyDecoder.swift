/// Turns the bytes a terminal sends into key presses.
///
/// A pure value type: feed it bytes in whatever chunks `read(2)` returned, and it returns the keys those bytes
/// complete, keeping partial sequences for the next call. Because a lone Escape key and the start of an escape
/// sequence look the same, the shell calls ``flush()`` when no further byte arrives within about 30 ms.
///
/// Decoded: printable UTF-8 in any script; Enter (CR) apart from Ctrl-J (LF), as raw mode delivers them; Tab,
/// Backspace (DEL or BS), Ctrl plus a letter; arrows, Home, End, Page Up/Down, Delete, Shift-Tab and F1–F12 in their
/// CSI (`ESC [`) and SS3 (`ESC O`) forms, with their Shift, Alt and Ctrl modifiers (`ESC [ 1 ; 2 A` is Shift-↑);
/// SGR mouse reports (`ESC [ < b ; x ; y M`); bracketed paste, whose content arrives as characters. Escape followed
/// by a printable character, a control key or Backspace is that key with Alt, as terminals send Alt keys; Escape
/// alone, once no byte follows in time, is the Escape key. Unknown sequences are swallowed whole, invalid UTF-8 is
/// skipped, and the decoder never holds more than ``maximumSequenceLength`` bytes however long the garbage.
package struct KeyDecoder: Sendable {
    /// The most parameter bytes kept for one escape sequence; longer sequences are read to their end and dropped.
    public static let maximumSequenceLength = 32

    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`, reading parameters up to a final byte.
        case csi
        /// After `ESC O`, reading up to a final byte.
        case ss3
    }

    /// The bytes that end a bracketed paste: `ESC [ 2 0 1 ~`.
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private var state = State.ground
    /// Parameter and intermediate bytes of the CSI or SS3 sequence being read.
    private var sequence: [UInt8] = []
    /// Whether the sequence being read outgrew ``maximumSequenceLength`` and will be dropped.
    private var overflowed = false
    /// The bytes of a partial UTF-8 character, and how many it needs in all.
    private var utf8: [UInt8] = []
    private var utf8Length = 0
    /// Whether we are between `ESC [ 200 ~` and `ESC [ 201 ~`.
    private var inPaste = false
    /// How many bytes of ``pasteEnd`` the paste has matched so far.
    private var pasteEndMatched = 0

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for more input, so the shell should call ``flush()`` if none comes.
    public var hasPending: Bool {
        state != .ground || (!inPaste && !utf8.isEmpty)
    }

    /// How many bytes the decoder is holding; never more than ``maximumSequenceLength`` plus a few.
    var pendingByteCount: Int { sequence.count + utf8.count + pasteEndMatched }

    /// Decodes the next chunk of input.
    ///
    /// - Parameter bytes: Bytes read from the terminal, in order.
    /// - Returns: The keys completed by these bytes; incomplete sequences wait for the next call.
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        pasted = []
        for byte in bytes {
            let pasting = inPaste
            let before = keys.count
            consume(byte, into: &keys)
            // Characters a bracketed paste brought (not the Ctrl-C that may end one).
            if pasting, keys.count > before, case .character = keys[keys.count - 1] {
                pasted += repeatElement(false, count: max(keys.count - 1 - pasted.count, 0)) + [true]
            }
        }
        return keys
    }

    /// Whether each key the last ``feed(_:)`` returned came from a bracketed paste, by position; positions past
    /// its end are keys that were typed. A paste is text: a digit that starts one types, it opens nothing.
    package private(set) var pasted: [Bool] = []

    /// Whether the key at a position of the last ``feed(_:)``'s keys came from a bracketed paste.
    package func isPasted(_ position: Int) -> Bool { position < pasted.count && pasted[position] }

    /// Finishes whatever is pending because no more input arrived in time.
    ///
    /// A lone ESC becomes `.escape`; `ESC [` and `ESC O` become Alt-[ and Alt-O; a
    /// partial escape sequence or UTF-8 character is dropped. A bracketed paste in progress stays open.
    ///
    /// - Returns: The keys the pending bytes stand for.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        switch state {
        case .ground:
            break
        case .escape:
            keys = [.escape]
        case .csi:
            if sequence.isEmpty, !overflowed { keys = [.modified(.character("["), .alt)] }
        case .ss3:
            if sequence.isEmpty, !overflowed { keys = [.modified(.character("O"), .alt)] }
        }
        resetSequence()
        if !inPaste { dropPartialCharacter() }
        return keys
    }

    // MARK: - The state machine

    private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
        if !utf8.isEmpty {
            if byte & 0xC0 == 0x80 {
                utf8.append(byte)
                if utf8.count == utf8Length { finishCharacter(into: &keys) }
                return
            }
            dropPartialCharacter()  // Invalid: the character ended early; read this byte afresh.
        }
        if inPaste {
            consumePasted(byte, into: &keys)
            return
        }
        switch state {
        case .ground: consumeGround(byte, into: &keys)
        case .escape: consumeEscape(byte, into: &keys)
        case .csi, .ss3: consumeSequence(byte, into: &keys)
        }
    }

    private mutating func consumeGround(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D: keys.append(.enter)
        case 0x0A: keys.append(.control("j"))
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        // Ctrl-Space, Ctrl-\, Ctrl-], Ctrl-^ and Ctrl-/ (or Ctrl-_), as terminals send them and fzf names them.
        case 0x00: keys.append(.control(" "))
        case 0x1C: keys.append(.control("\\"))
        case 0x1D: keys.append(.control("]"))
        case 0x1E: keys.append(.control("^"))
        case 0x1F: keys.append(.control("/"))
        case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
        default: startCharacter(byte)
        }
    }

    private mutating func consumeEscape(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x5B:
            state = .csi
        case 0x4F:
            state = .ss3
        case 0x1B:
            keys.append(.escape)  // ESC ESC: the first was the Escape key; the second may start a sequence.
        case 0x20...0x7E:
            keys.append(.modified(.character(Character(Unicode.Scalar(byte))), .alt))
            state = .ground
        case 0x7F, 0x08:
            keys.append(.modified(.backspace, .alt))
            state = .ground
        case 0x0D:
            keys.append(.modified(.enter, .alt))
            state = .ground
        case 0x01...0x1A where byte != 0x09 && byte != 0x03:
            keys.append(.modified(.control(Character(Unicode.Scalar(byte + 0x60))), .alt))
            state = .ground
        case 0x03:
            // Escape, then Ctrl-C: typed while a command ran, they arrive together. Ctrl-C always interrupts, so it
            // is never read as Alt-Ctrl-C, which no one binds.
            keys += [.escape, .control("c")]
            state = .ground
        default:
            keys.append(.escape)
            state = .ground
            consume(byte, into: &keys)
        }
    }

    private mutating func consumeSequence(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x3F:
            if sequence.count < Self.maximumSequenceLength {
                sequence.append(byte)
            } else {
                overflowed = true
            }
        case 0x40...0x7E:
            if !overflowed {
                if state == .csi {
                    interpretCSI(final: byte, into: &keys)
                } else {
                    interpretSS3(final: byte, into: &keys)
                }
            }
            resetSequence()
        default:
            // Not part of any sequence: drop what we have and read this byte afresh.
            resetSequence()
            consume(byte, into: &keys)
        }
    }

    private mutating func interpretCSI(final: UInt8, into keys: inout [Key]) {
        if sequence.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            if let mouse = mouseReport(release: final == UInt8(ascii: "m")) { keys.append(.mouse(mouse)) }
            return
        }
        // Other private sequences (`ESC [ ? …`) and ones with intermediates are not keys.
        if let first = sequence.first, (0x3C...0x3F).contains(first) { return }
        if sequence.contains(where: { (0x20...0x2F).contains($0) }) { return }
        let modifiers = self.modifiers()
        if let key = Self.cursorKey(final) {
            // `ESC [ 12 ; 40 R` is a cursor position report, not F3: function keys carry no row.
            if case .function = key, let first = firstParameter(), first != 1 { return }
            keys.append(key.with(modifiers))
            return
        }
        switch final {
        case UInt8(ascii: "Z"): keys.append(.backTab)
        case UInt8(ascii: "~"):
            let key: Key?
            switch firstParameter() {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 200:
                inPaste = true
                key = nil
            case let number?: key = Self.functionKey(tilde: number)
            default: key = nil
            }
            if let key { keys.append(key.with(modifiers)) }
        default:
            break
        }
    }

    /// The modifiers a sequence's second parameter gives (`ESC [ 1 ; 5 C` is Ctrl-→): the number less one, as
    /// bits for Shift, Alt and Ctrl; none when there is no second parameter or it is out of range.
    private func modifiers() -> Modifiers {
        guard let separator = sequence.firstIndex(of: UInt8(ascii: ";")) else { return [] }
        var value = 0
        for byte in sequence[(separator + 1)...] {
            guard (0x30...0x39).contains(byte), value < 100 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        guard (2...16).contains(value) else { return [] }
        return Modifiers(rawValue: UInt8(value - 1) & 0b111)
    }

    /// The arrow, Home and End keys, and F1–F4, whose final byte is the same after `ESC [` and `ESC O`.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// F1–F12 in their `ESC [ n ~` forms (xterm and the Linux console; 16 and 22 are unused).
    private static func functionKey(tilde number: Int) -> Key? {
        switch number {
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    private func interpretSS3(final: UInt8, into keys: inout [Key]) {
        if let key = Self.cursorKey(final) {
            keys.append(key)
            return
        }
        switch final {
        case UInt8(ascii: "M"): keys.append(.enter)  // keypad Enter in application mode
        default: break
        }
    }

    /// An SGR mouse report, `ESC [ < button ; column ; row M` (or `m` for a release), 1-based.
    private func mouseReport(release: Bool) -> Mouse? {
        var numbers: [Int] = []
        for part in sequence.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.count <= 6, part.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(part.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let code = numbers[0]
        let button: Mouse.Button = [.left, .middle, .right, .none][code & 3]
        let action: Mouse.Action
        if code & 64 != 0 {
            action = code & 1 == 0 ? .scrollUp : .scrollDown
        } else if release {
            action = .release
        } else {
            action = code & 32 != 0 ? .drag : .press
        }
        return Mouse(action, button: code & 64 != 0 ? .none : button, row: numbers[2] - 1, column: numbers[1] - 1)
    }

    /// The number before the first `;` of the sequence, or `nil` when there is none.
    private func firstParameter() -> Int? {
        var value = 0
        var digits = 0
        for byte in sequence {
            guard (0x30...0x39).contains(byte) else { break }
            guard digits < 6 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// Bracketed paste: text arrives as characters and nothing in it acts as a key, except Ctrl-C, which ends the
    /// paste so a paste that never ends cannot lock the user in. Tabs and line breaks become spaces.
    private mutating func consumePasted(_ byte: UInt8, into keys: inout [Key]) {
        if byte == Self.pasteEnd[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == Self.pasteEnd.count {
                inPaste = false
                pasteEndMatched = 0
            }
            return
        }
        if pasteEndMatched > 0 {
            // A false start: the matched bytes were content (the ESC itself is dropped like any control).
            let held = Self.pasteEnd[1..<pasteEndMatched]
            pasteEndMatched = 0
            for heldByte in held { consumePasted(heldByte, into: &keys) }
            consume(byte, into: &keys)
            return
        }
        switch byte {
        case 0x03:
            inPaste = false
            keys.append(.control("c"))
        case 0x09, 0x0A, 0x0D:
            keys.append(.character(" "))
        case 0x20...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0x00...0x1F, 0x7F:
            break
        default:
            startCharacter(byte)
        }
    }

    // MARK: - UTF-8

    /// Starts a multi-byte character at a lead byte; other bytes (stray continuations, invalid leads) are skipped.
    private mutating func startCharacter(_ byte: UInt8) {
        switch byte {
        case 0xC2...0xDF: utf8Length = 2
        case 0xE0...0xEF: utf8Length = 3
        case 0xF0...0xF4: utf8Length = 4
        default: return
        }
        utf8 = [byte]
    }

    private mutating func finishCharacter(into keys: inout [Key]) {
        defer { dropPartialCharacter() }
        // Overlong forms and surrogates fail validation and are skipped; so are C1 controls.
        guard let text = String(validating: utf8, as: UTF8.self), let scalar = text.unicodeScalars.first,
            scalar.value > 0x9F
        else { return }
        keys.append(.character(Character(scalar)))
    }

    private mutating func dropPartialCharacter() {
        utf8.removeAll(keepingCapacity: true)
        utf8Length = 0
    }

    private mutating func resetSequence() {
        state = .ground
        sequence.removeAll(keepingCapacity: true)
        overflowed = false
    }
}
