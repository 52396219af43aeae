import CatalogTestSupport
import Foundation
import Testing

/// `catalog record`: a scenario as an asciicast v2 file, read back line by line as a player would.
@Suite("catalog record")
struct RecordCommandTests {
    let catalog = productPath("catalog")

    /// Records a scenario into a scratch directory and returns the file's lines.
    func record(_ entry: String, scenario: String, options: [String] = []) throws -> [String] {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let cast = scratch.url.appendingPathComponent("out.cast").path
        let result = try runProcess(
            catalog, ["record", entry, "--scenario", scenario, "--cast", cast] + options,
            environment: [
                "SOURCE_DATE_EPOCH": "1796083200", "XDG_CONFIG_HOME": scratch.url.appendingPathComponent("no").path,
            ])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n").map(String.init)
    }

    /// The events after the header: `[time, code, data]`, each checked to be exactly that shape.
    func events(_ lines: [String]) throws -> [(time: Double, code: String, data: String)] {
        try lines.dropFirst().map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            try #require(event.count == 3, "\(line)")
            let (time, code, data) = (event[0] as? Double, event[1] as? String, event[2] as? String)
            try #require(time != nil && data != nil, "\(line)")
            try #require(code == "o" || code == "r", "\(line)")
            return (time ?? 0, code ?? "", data ?? "")
        }
    }

    @Test("the Animated Grid after 2 s: a v2 header, then many output events timed by the virtual clock")
    func animatedGrid() throws {
        let lines = try record("animated grid", scenario: "after 2 s")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(header["timestamp"] as? Int == 1_796_083_200, "SOURCE_DATE_EPOCH fixes the timestamp")
        #expect(header["title"] as? String == "Animated Grid · after 2 s")
        #expect((header["env"] as? [String: Any])?["TERM"] as? String == "xterm-256color")
        let events = try events(lines)
        let times = events.map(\.time)
        #expect(times.first == 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times never go back")
        // The first frame, then one every 120 ms tick: the clock ran through the 2 s.
        #expect(events.filter { $0.code == "o" }.count >= 16)
        #expect((times.last ?? 0) >= 1.9)
        #expect((header["duration"] as? Double ?? 0) >= 2)
        #expect(events.map(\.data).joined().contains("Frame 16 · playing"))
    }

    /// Catches a recording of keys alone lasting 6 ms (`"duration": 0.006`), which asciinema shows as its end.
    @Test("each key is shown for the pace, 400 ms unless --pace says otherwise; a scenario's wait keeps its own time")
    func paced() throws {
        func times(_ lines: [String]) throws -> [Double] { try events(lines).filter { $0.code == "o" }.map(\.time) }
        func duration(_ lines: [String]) throws -> Double? {
            (try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])?["duration"] as? Double
        }
        // Five presses of → after the first frame, each shown 0.4 s, then the end.
        let slider = try record("slider", scenario: "at 75")
        #expect(try times(slider) == [0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.4])
        #expect(try duration(slider) == 2.4)
        #expect(try times(try record("slider", scenario: "at 75", options: ["--pace", "1s"])).last == 6)
        #expect(try times(try record("slider", scenario: "at 75", options: ["--pace", "0"])).last == 0.006)
        // A wait first, then a resize: the wait's 0.5 s alone (after the first millisecond), then the pace.
        let reflowed = try events(try record("animated grid", scenario: "reflowed to 20 columns"))
        let resize = try #require(reflowed.first { $0.code == "r" })
        #expect(resize.time == 0.501 && reflowed.last?.time == 0.901, "\(reflowed.map(\.time))")
        let refused = try runProcess(catalog, ["record", "slider", "--cast", "-", "--pace", "soon"])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == "catalog: option '--pace' needs a time from 0 to 60s, such as 400ms or 1.5s, not 'soon'. See "
                + "'catalog record --help'.\n")
    }

    @Test("the recording ends with the cursor shown and the attributes reset, as a real terminal is left")
    func endsWithTheCursorShown() throws {
        let lines = try record("slider", scenario: "at 75")
        let output = try events(lines).filter { $0.code == "o" }.map(\.data).joined()
        let hidden = try #require(output.range(of: "\u{1B}[?25l", options: .backwards), "the frames hide it")
        let shown = try #require(output.range(of: "\u{1B}[?25h", options: .backwards), "\(output.suffix(80))")
        #expect(hidden.upperBound <= shown.lowerBound, "shown after the last hide")
        #expect(output.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(try events(lines).last?.time == header["duration"] as? Double, "at the end, not after it")
    }

    @Test("--cast - writes the recording to standard output, byte for byte the file's, and makes no file '-'")
    func standardOutput() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let cast = scratch.url.appendingPathComponent("out.cast").path
        let environment = [
            "SOURCE_DATE_EPOCH": "1796083200", "XDG_CONFIG_HOME": scratch.url.appendingPathComponent("no").path,
        ]
        let piped = try runProcess(catalog, ["record", "slider", "--cast", "-"], environment: environment)
        // The child runs where the tests do: a file "-" would be made there.
        defer { try? FileManager.default.removeItem(atPath: "-") }
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        let written = try runProcess(catalog, ["record", "slider", "--cast", cast], environment: environment)
        #expect(written.status == 0)
        #expect(piped.stdout == (try String(contentsOfFile: cast, encoding: .utf8)))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("a missing directory is an error on one line, as a shell's redirection says, and nothing is made")
    func missingDirectory() throws {
        let scratch = try SnapshotScratch()
        defer { scratch.remove() }
        let missing = scratch.url.appendingPathComponent("no/such")
        let result = try runProcess(
            catalog, ["record", "animated grid", "--cast", missing.appendingPathComponent("out.cast").path],
            environment: ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Could not find the directory '\(missing.path)': No such file or directory"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("no").path))
    }

    @Test("a resize in the scenario is an \"r\" event before the frames drawn at the new size")
    func resize() throws {
        let events = try events(try record("animated grid", scenario: "reflowed to 20 columns"))
        let resize = try #require(events.firstIndex { $0.code == "r" })
        #expect(events[resize].data == "20x12")
        #expect(events.dropFirst(resize + 1).contains { $0.code == "o" })
        #expect(events.filter { $0.code == "r" }.count == 1)
    }
}
