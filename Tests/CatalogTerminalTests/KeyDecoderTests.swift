import CatalogTestSupport
import Testing

@testable import CatalogTerminal

@Suite("KeyDecoder")
struct KeyDecoderTests {
    /// Decodes bytes in every way the terminal might chunk them and checks that each gives the same keys.
    ///
    /// - Parameters:
    ///   - bytes: The input.
    ///   - expected: The keys, including those that ``KeyDecoder/flush()`` gives at the end.
    func expectKeys(
        _ bytes: [UInt8], _ expected: [Key], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var whole = KeyDecoder()
        let wholeKeys = whole.feed(bytes) + whole.flush()
        #expect(wholeKeys == expected, "all at once", sourceLocation: sourceLocation)

        var single = KeyDecoder()
        let singleKeys = bytes.flatMap { single.feed([$0]) } + single.flush()
        #expect(singleKeys == expected, "one byte at a time", sourceLocation: sourceLocation)

        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flush()
            #expect(keys == expected, "split at \(split)", sourceLocation: sourceLocation)
        }
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func printableASCII() {
        expectKeys(
            bytes("aZ 9~"), [.character("a"), .character("Z"), .character(" "), .character("9"), .character("~")])
    }

    @Test func multiByteCharacters() {
        expectKeys(bytes("아프"), [.character("아"), .character("프")])
        expectKeys(bytes("é中😀"), [.character("é"), .character("中"), .character("😀")])
        expectKeys(bytes("e\u{301}"), [.character("e"), .character("\u{301}")])
    }

    @Test func invalidUTF8IsSkipped() {
        expectKeys([0x80, 0x61], [.character("a")])  // stray continuation
        expectKeys([0xC0, 0xAF, 0x62], [.character("b")])  // overlong
        expectKeys([0xED, 0xA0, 0x80, 0x63], [.character("c")])  // surrogate
        expectKeys([0xE4, 0xB8, 0x61], [.character("a")])  // truncated, then ASCII
        expectKeys([0xFF, 0xFE, 0xF5, 0x64], [.character("d")])  // never valid
        expectKeys([0xC2, 0x9B, 0x65], [.character("e")])  // C1 control CSI
        expectKeys([0xE4, 0xB8], [])  // truncated at the end
        expectKeys([0xE4, 0x1B, 0x5B, 0x41], [.up])  // truncated by a sequence
    }

    @Test func controlKeys() {
        expectKeys([0x0D], [.enter])
        expectKeys([0x0A], [.control("j")])  // raw mode tells Enter (CR) from Ctrl-J (LF), as fzf does
        expectKeys([0x09], [.tab])
        expectKeys([0x7F], [.backspace])
        expectKeys([0x08], [.backspace])
        expectKeys([0x01], [.control("a")])
        expectKeys([0x03], [.control("c")])
        expectKeys([0x1A], [.control("z")])
        expectKeys([0x0B, 0x0C], [.control("k"), .control("l")])
        // Ctrl-Space, Ctrl-\, Ctrl-], Ctrl-^ and Ctrl-/, which fzf's --bind names and so does catalog's.
        expectKeys(
            [0x00, 0x1C, 0x1D, 0x1E, 0x1F],
            [.control(" "), .control("\\"), .control("]"), .control("^"), .control("/")])
        #expect(MenuKeys.key(named: "ctrl-space") == .control(" ") && Key.control(" ").description == "ctrl-space")
        #expect(MenuKeys.key(named: "ctrl-_") == MenuKeys.key(named: "ctrl-/"))
    }

    @Test(
        "escape sequences",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
            ("\u{1B}[1;5A", .modified(.up, .control)), ("\u{1B}[1;2B", .modified(.down, .shift)),
            ("\u{1B}[1;3C", .modified(.right, .alt)), ("\u{1B}[1;9D", .left),
            ("\u{1B}[3;5~", .modified(.delete, .control)), ("\u{1B}[1;2H", .modified(.home, .shift)),
            ("\u{1B}[1;6A", .modified(.up, [.shift, .control])), ("\u{1B}[5;2~", .modified(.pageUp, .shift)),
            ("\u{1B}OM", .enter),
            ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[1;5Q", .modified(.function(2), .control)),
            ("\u{1B}[15~", .function(5)), ("\u{1B}[21~", .function(10)), ("\u{1B}[24~", .function(12)),
            ("\u{1B}[11~", .function(1)),
        ])
    func sequence(text: String, key: Key) {
        expectKeys(bytes(text), [key])
        expectKeys(bytes("x" + text + "y"), [.character("x"), key, .character("y")])
    }

    @Test func unknownSequencesAreSwallowed() {
        expectKeys(bytes("\u{1B}[2~"), [])  // Insert
        expectKeys(bytes("\u{1B}[16~a"), [.character("a")])  // no key has 16
        expectKeys(bytes("\u{1B}[25~b"), [.character("b")])  // F13, which few keyboards have
        expectKeys(bytes("\u{1B}[?1;2cq"), [.character("q")])  // device attributes reply
        expectKeys(bytes("\u{1B}[<0;10Mz"), [.character("z")])  // a mouse report without its row
        expectKeys(bytes("\u{1B}[12;40R"), [])  // cursor position report
        expectKeys(bytes("\u{1B}[ q"), [])  // intermediate byte
        expectKeys(bytes("\u{1B}[99999999999~"), [])
    }

    @Test func mouseReports() {
        expectKeys(bytes("\u{1B}[<0;10;5M"), [.mouse(Mouse(.press, row: 4, column: 9))])
        expectKeys(bytes("\u{1B}[<0;10;5m"), [.mouse(Mouse(.release, row: 4, column: 9))])
        expectKeys(bytes("\u{1B}[<2;1;1M"), [.mouse(Mouse(.press, button: .right, row: 0, column: 0))])
        expectKeys(bytes("\u{1B}[<32;3;4M"), [.mouse(Mouse(.drag, row: 3, column: 2))])
        expectKeys(bytes("\u{1B}[<64;3;4M"), [.mouse(Mouse(.scrollUp, button: .none, row: 3, column: 2))])
        expectKeys(bytes("\u{1B}[<65;3;4M"), [.mouse(Mouse(.scrollDown, button: .none, row: 3, column: 2))])
        expectKeys(bytes("\u{1B}[<0;0;5Mx"), [.character("x")])  // column 0 doesn't exist
        expectKeys(bytes("\u{1B}[<0;9999999;5Mx"), [.character("x")])  // too many digits
    }

    @Test func loneEscapeNeedsFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.flush() == [])
    }

    @Test func escapeCombinations() {
        expectKeys([0x1B], [.escape])
        expectKeys([0x1B, 0x1B], [.escape, .escape])
        expectKeys(bytes("\u{1B}\u{1B}[A"), [.escape, .up])
        // Alt keys arrive as Escape then the key: they are the key with Alt, never a lone Escape.
        expectKeys(bytes("\u{1B}x"), [.modified(.character("x"), .alt)])
        expectKeys(bytes("\u{1B}\r"), [.modified(.enter, .alt)])
        expectKeys(bytes("\u{1B}\u{7F}"), [.modified(.backspace, .alt)])
        expectKeys(bytes("\u{1B}\u{02}"), [.modified(.control("b"), .alt)])
        // Escape then Ctrl-C, as they arrive typed while a command runs: Ctrl-C still interrupts.
        expectKeys(bytes("\u{1B}\u{03}"), [.escape, .control("c")])
        expectKeys(bytes("\u{1B}아"), [.escape, .character("아")])
        expectKeys(bytes("\u{1B}["), [.modified(.character("["), .alt)])
        expectKeys(bytes("\u{1B}O"), [.modified(.character("O"), .alt)])
        expectKeys(bytes("\u{1B}[1;5"), [])  // cut short, dropped at flush
        expectKeys(bytes("\u{1B}[1\rq"), [.enter, .character("q")])  // malformed, then read afresh
    }

    @Test func bracketedPaste() {
        expectKeys(
            bytes("\u{1B}[200~hi 한\u{1B}[201~"), [.character("h"), .character("i"), .character(" "), .character("한")])
        expectKeys(
            bytes("\u{1B}[200~a\r\nb\tq\u{1B}[201~q"),
            [
                .character("a"), .character(" "), .character(" "), .character("b"), .character(" "), .character("q"),
                .character("q"),
            ])
        // Sequences and controls inside a paste are not keys.
        expectKeys(bytes("\u{1B}[200~\u{1B}[A\u{7F}x\u{1B}[201~"), [.character("["), .character("A"), .character("x")])
        expectKeys(
            bytes("\u{1B}[200~\u{1B}[20x\u{1B}[201~"),
            [.character("["), .character("2"), .character("0"), .character("x")])
        // Ctrl-C always gets out.
        expectKeys(bytes("\u{1B}[200~ab\u{3}\u{1B}[A"), [.character("a"), .character("b"), .control("c"), .up])
    }

    @Test func pasteSurvivesFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[200~a")) == [.character("a")])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(bytes("\r\u{1B}[201~\r")) == [.character(" "), .enter])
    }

    @Test func garbageNeverCrashesOrGrows() {
        var generator = SeededGenerator(seed: 0x5EED)
        for round in 0..<200 {
            var decoder = KeyDecoder()
            for _ in 0..<50 {
                let count = Int.random(in: 0...64, using: &generator)
                let chunk = (0..<count).map { _ -> UInt8 in
                    // Bias towards the bytes that drive the state machine.
                    let special: [UInt8] = [0x1B, 0x5B, 0x4F, 0x7E, 0x32, 0x30, 0x31, 0x3B, 0xE4, 0xB8, 0x80]
                    return Bool.random(using: &generator)
                        ? special.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
                }
                _ = decoder.feed(chunk)
                #expect(decoder.pendingByteCount <= KeyDecoder.maximumSequenceLength + 8, "round \(round)")
            }
            _ = decoder.flush()
        }
        var decoder = KeyDecoder()
        _ = decoder.feed([0x1B, 0x5B] + Array(repeating: 0x31, count: 100_000))
        #expect(decoder.pendingByteCount <= KeyDecoder.maximumSequenceLength)
        #expect(decoder.feed(bytes("~a")) == [.character("a")])
    }
}

@Suite("Key bytes")
struct KeyBytesTests {
    static let keys: [Key] =
        [
            .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .backspace, .delete, .tab,
            .backTab, .control("a"), .control("u"), .control("z"), .character("q"), .character("아"),
            .character("é"), .character("👍"), .character(" "), .modified(.up, .shift), .modified(.down, .shift),
            .modified(.right, .control), .modified(.pageDown, .shift), .modified(.function(3), .control),
            .modified(.character("x"), .alt), .modified(.backspace, .alt), .control("j"),
        ] + (1...12).map { Key.function($0) }

    @Test("every key the encoder writes decodes back to itself", arguments: keys)
    func roundTrip(_ key: Key) {
        var decoder = KeyDecoder()
        var keys = decoder.feed(key.bytes)
        keys += decoder.flush()
        #expect(keys == [key])
    }
}
