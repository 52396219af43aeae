import CatalogKit
import Testing

@testable import CatalogTerminal

/// The one-line form of scenario steps that `open --keys`, links and captures use: every step reads back to what was
/// written, and a word that can't be read is named.
@Suite("Step text")
struct StepTextTests {
    /// Steps as single events, so `type:ab` and `a b` compare equal.
    func events(_ steps: [Scenario.Step]) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .press(let key, let times): Array(repeating: "\(key)", count: times)
            case .type(let text): text.map { "\(Key.character($0))" }
            default: ["\(step)"]
            }
        }
    }

    @Test("the issue's example, and each kind of word")
    func reads() throws {
        #expect(
            try StepText.steps("up up wait:500ms space") == [
                .press(.up, times: 2), .wait(.milliseconds(500)), .press(" "),
            ])
        let steps = try StepText.steps(
            #"up*1234 type:hello type:"a \"b\" c" resize:100x30 wait:2s wait:1.5s ctrl-a alt-x shift-up ctrl-right f12 é 한 press@3,4 release-right@0,0 wheel-down@9,9 line:"open x""#
        )
        #expect(
            steps == [
                .press(.up, times: 1234), .type("hello"), .type(#"a "b" c"#), .resize(Size(columns: 100, rows: 30)),
                .wait(.seconds(2)), .wait(.milliseconds(1500)), .press(.control("a")),
                .press(.modified(.character("x"), .alt)),
                .press(.modified(.up, .shift)), .press(.modified(.right, .control)), .press(.function(12)), .press("é"),
                .press("한"), .press(.mouse(Mouse(.press, row: 3, column: 4))),
                .press(.mouse(Mouse(.release, button: .right, row: 0, column: 0))),
                .press(.mouse(Mouse(.scrollDown, button: .none, row: 9, column: 9))), .line("open x"),
            ])
    }

    @Test("what is written reads back to the same events, whatever the keys")
    func roundTrip() throws {
        var random = SystemRandomNumberGenerator()
        let keys: [Key] = [
            .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .backspace, .delete, .tab,
            .backTab, .control("c"), .function(1), .function(10), " ", "a", "*", ":", "\"", "\\", "x", "9", "ü", "日",
            .modified(.up, .shift), .modified("q", .alt), .modified(.home, [.control, .shift]),
            .mouse(Mouse(.press, row: 1, column: 2)), .mouse(Mouse(.drag, button: .middle, row: 5, column: 0)),
            .mouse(Mouse(.scrollUp, button: .none, row: 3, column: 3)),
        ]
        for _ in 0..<300 {
            var steps: [Scenario.Step] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: steps.append(.wait(.milliseconds(Int.random(in: 0...5000, using: &random))))
                case 1: steps.append(.resize(Size(columns: Int.random(in: 1...300, using: &random), rows: 24)))
                case 2:
                    steps.append(
                        .type(
                            String(
                                (0..<Int.random(in: 0...4, using: &random)).map { _ in
                                    "a b\"\\*".randomElement(using: &random)!
                                })))
                case 3: steps.append(.line(["", "open 1", "a \"q\""].randomElement(using: &random)!))
                default:
                    steps.append(
                        .press(keys.randomElement(using: &random)!, times: Int.random(in: 1...3, using: &random)))
                }
            }
            let text = StepText.text(steps)
            let read = try StepText.steps(text)
            #expect(events(read) == events(steps), "\(text)")
        }
    }

    @Test("repeats and typing are written short")
    func short() {
        #expect(
            StepText.text([.press(.up, times: 1234), .press("h"), .press("i"), .press(" "), .press("x")])
                == "up*1234 type:hi space x")
        #expect(
            StepText.text([.wait(.milliseconds(2000)), .wait(.milliseconds(250)), .wait(.zero)])
                == "wait:2s wait:250ms wait:0ms")
    }

    @Test(
        "a word that can't be read is named",
        arguments: [
            ("upp", "'upp' is not a key"), ("wait:soon", "'wait:soon' is no wait"),
            ("wait:-5ms", "'wait:-5ms' is no wait"), ("wait:100000s", "write a time from 0 to a day (86400s)"),
            ("wait:86400001ms", "'wait:86400001ms' is no wait"),
            ("resize:0x10", "'resize:0x10' is no size"), ("resize:5000x10", "'resize:5000x10' is no size"),
            ("up*99999", "'up*99999' presses a key"), ("type:\"abc", "never closed"), ("f13", "'f13' is not a key"),
            ("ctrl-1", "'ctrl-1' is not a key"), ("press@1", "'press@1' is not a key"),
        ])
    func problems(_ example: (String, String)) {
        #expect {
            try StepText.steps(example.0)
        } throws: { error in
            "\(error)".contains(example.1)
        }
    }
}
