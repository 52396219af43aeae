import CatalogKit
import CatalogTerminal
import Testing

/// Line-mode commands that once trapped or misbehaved, found by the `lines` fuzzer (Tests/Fuzz) or by hand, replayed
/// through the real ``LineDriver`` and ``MenuScreen``.
@Suite("Line mode under hostile commands")
struct LineModeHostileTests {
    func driver() throws -> LineDriver {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array("A/b\nA/c\nD/e\n".utf8))
        let menu = try MenuScreen(source: .fixed(snapshot), maxChildren: 3)
        return LineDriver(session: Session(root: menu), width: 40)
    }

    /// Runs commands and returns everything printed, and whether the session ended.
    func run(_ commands: [String]) throws -> (output: [String], done: Bool) {
        var driver = try driver()
        var output = driver.start()
        for command in commands {
            let (lines, done) = driver.handle(line: command)
            output += lines
            if done { return (output, true) }
        }
        return (output, false)
    }

    @Test("a number after a filter that matches nothing is an error, not a trap (fuzz input \"/8\\n8\")")
    func numberWithNoHits() throws {
        let (output, done) = try run(["/8", "8"])
        #expect(!done)
        #expect(output.contains("There is no item 8; nothing matches the filter."), "\(output)")
    }

    @Test("a number past the hits names the range")
    func numberPastTheHits() throws {
        let (output, done) = try run(["/b", "3"])
        #expect(!done)
        #expect(output.contains("There is no item 3; choose 1."), "\(output)")
    }

    @Test("a negative number is refused and leaves the cursor alone")
    func negativeNumber() throws {
        let (output, done) = try run(["-3", "1"])
        #expect(!done)
        #expect(output.contains("There is no item -3; choose 1 to 2."), "\(output)")
        #expect(output.contains("1. b"), "the first group still opens: \(output)")
    }
}
