import CatalogTestSupport
import Foundation
import Testing

/// `open --set` and the controls in `list --json` and `tree --json`, on the built-in catalog.
@Suite("catalog controls")
struct ControlsCommandTests {
    let catalog = productPath("catalog")

    func run(_ arguments: [String], input: String = "") throws -> ProcessResult {
        try runProcess(
            catalog, arguments, input: Array(input.utf8),
            environment: ["XDG_CONFIG_HOME": "/nonexistent", "XDG_STATE_HOME": "/nonexistent", "TERM": "dumb"])
    }

    @Test("open --set starts the screen with the values given")
    func openWithValues() throws {
        let set = try run(["open", "indicators/progress", "--plain", "--set", "percent=85"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("85%"), "\(set.stdout)")
        let plain = try run(["open", "indicators/progress", "--plain"])
        #expect(plain.stdout.contains("0%") && !plain.stdout.contains("85%"), "\(plain.stdout)")
        let later = try run(["open", "indicators/progress", "--plain", "--set", "percent=10", "--set=percent=42"])
        #expect(later.stdout.contains("42%"), "the last value of a name wins: \(later.stdout)")
    }

    @Test(
        "an unknown name, a wrong type or a value out of range is one line naming the control and its range, exit 2",
        arguments: [
            ("percent=101", "control “percent” takes an integer from 0 to 100, not “101”."),
            ("percent=lots", "control “percent” takes an integer from 0 to 100, not “lots”."),
            ("percent=", "control “percent” takes an integer from 0 to 100, not “”."),
            ("pecent=1", "there is no control named “pecent”; the controls are percent (an integer from 0 to 100)."),
        ])
    func refused(setting: String, message: String) throws {
        let result = try run(["open", "indicators/progress", "--plain", "--set", setting])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--set for 'Progress': \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// Catches `--set value=500` drawing the Slider at 100 with exit 0, and `--set maximum=10` leaving the value
    /// at 50 while the slider draws 10.
    @Test("the Slider's value above its maximum is refused naming the range; a maximum alone brings the value down")
    func boundedValue() throws {
        let above = try run(["open", "controls/slider", "--plain", "--set", "value=500"])
        #expect(above.status == 2 && above.stdout.isEmpty)
        #expect(
            above.stderr
                == "catalog: --set for 'Slider': control “value” takes an integer from 0 to 100 while “maximum” is "
                + "100, not “500”.\n")
        let raised = try run(["open", "controls/slider", "--plain", "--set", "value=500", "--set", "maximum=1000"])
        #expect(raised.status == 0 && raised.stdout.hasSuffix("  500\n"), "\(raised.stdout)\(raised.stderr)")
        // The value follows the maximum down, so the link and the screen agree on 10.
        let lowered = try run(["open", "controls/slider", "--plain", "--set", "maximum=10"], input: "link\n")
        #expect(lowered.status == 0, "\(lowered.stderr)")
        #expect(lowered.stdout.contains("  10\n"), "\(lowered.stdout)")
        #expect(lowered.stdout.contains("--set maximum=10 --set value=10 "), "\(lowered.stdout)")
        let list = try run(["list", "--json"])
        #expect(list.stdout.contains(#""maximum": 1000, "atMost": "maximum"}"#), "\(list.stdout)")
    }

    @Test("a --set without =VALUE says so, rather than that an empty value is out of range")
    func bareName() throws {
        let result = try run(["open", "indicators/progress", "--plain", "--set", "percent"])
        #expect(result.status == 2)
        #expect(
            result.stderr == "catalog: option '--set' needs NAME=VALUE, not 'percent'. See 'catalog open --help'.\n")
    }

    @Test("a catalog file's entries have no controls to set")
    func fileEntry() throws {
        let result = try run(["open", "a", "--file", "-", "--set", "x=1"], input: "a\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("'a' has no controls"), "\(result.stderr)")
    }

    @Test("list --json and tree --json give each entry's controls, and leave them out where there are none")
    func json() throws {
        let list = try run(["list", "--json"])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n")
        let progress = try #require(lines.first { $0.contains("\"id\": \"indicators/progress\"") })
        #expect(
            progress.hasSuffix(
                #", "controls": [{"name": "percent", "type": "integer", "default": 0, "minimum": 0, "maximum": 100}]},"#
            ), "\(progress)")
        let grid = try #require(lines.first { $0.contains("\"id\": \"animation/animated-grid\"") })
        #expect(
            grid.contains(
                #"{"name": "speed", "type": "decimal", "default": 1, "minimum": 0.25, "maximum": 4}"#), "\(grid)")
        let toggle = try #require(lines.first { $0.contains("\"id\": \"forms/toggle\"") })
        #expect(!toggle.contains("controls\":"), "\(toggle)")
        let parsed = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == lines.count - 2)
        let tree = try run(["tree", "--json"])
        #expect(tree.status == 0)
        #expect(
            tree.stdout.contains(#""path": "Forms/Multi Selector", "controls": [{"name": "goals", "type": "integer""#))
        #expect((try? JSONSerialization.jsonObject(with: Data(tree.stdout.utf8))) != nil)
    }
}
