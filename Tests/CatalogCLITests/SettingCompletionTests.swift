import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Testing

@testable import CatalogCommand

/// The callback that completes `open ID --set`: `---complete set -- ID PREFIX` prints a control's `name=` with what it
/// takes, then a choice's names or `true` and `false`, for the entry `open` would open, and nothing where there is
/// nothing to offer.
@Suite("Completing --set")
struct SettingCompletionTests {
    struct Blank: Screen {
        func render(in context: ScreenContext) -> Frame { Frame(lines: []) }
    }

    /// One control of each kind: a choice, a boolean, numbers and text.
    static let controls: [Control] = [
        .choice("theme", among: ["light", "dark"]), .boolean("compact"), .integer("count", in: 0...9),
        .decimal("speed", default: 1, in: 0.5...2), .text("label"),
    ]

    /// A catalog with an entry that has the controls, one that has none, and two with one title.
    func context() throws -> Context {
        let registry = Registry<any Screen>()
        try registry.register("Themed Panel", in: ["Panels"], controls: Self.controls) { _ in Blank() }
        try registry.register("Plain Panel", in: ["Panels"]) { Blank() }
        for group in ["Left", "Right"] {
            try registry.register("Twin", in: [group], controls: Self.controls) { _ in Blank() }
        }
        return Context(registry: registry, name: "catalog", version: "test", environment: [:])
    }

    /// The words the callback offers for what is typed after `--set` on `open ID`, as its command line reads them.
    func words(_ typed: String, of name: String, file: String? = nil) throws -> [String] {
        let source = file.map { ["--file", $0] } ?? []
        let arguments = try Arguments(["---complete", "set"] + source + ["--", name, typed])
        return try CompleteCommand.settings(typed, of: name, arguments, try context()).map(\.word)
    }

    @Test(
        "a control's name=, then after it a choice's names or a boolean's values; nothing for a number or text",
        arguments: [
            ("", ["theme=", "compact=", "count=", "speed=", "label="]),
            ("c", ["compact=", "count="]),
            ("co", ["compact=", "count="]),
            ("comp", ["compact="]),
            ("theme", ["theme="]),
            ("theme=", ["theme=light", "theme=dark"]),
            ("theme=d", ["theme=dark"]),
            ("theme=dark", ["theme=dark"]),
            ("theme=x", []),
            ("compact=", ["compact=true", "compact=false"]),
            ("compact=f", ["compact=false"]),
            ("count=", []),
            ("speed=1", []),
            ("label=", []),
            ("nothing=", []),
            ("Theme", []),
            ("x", []),
        ])
    func candidates(typed: String, expected: [String]) throws {
        #expect(try words(typed, of: "panels/themed-panel") == expected, "typed \(typed.debugDescription)")
    }

    @Test("a control's name is described by what it takes; a value has no description")
    func descriptions() {
        let names = CompleteCommand.settings("", of: Self.controls)
        #expect(
            names.map(\.help) == [
                "one of light, dark", "true or false", "an integer from 0 to 9", "a number from 0.5 to 2",
                "any text on one line",
            ])
        #expect(CompleteCommand.settings("theme=", of: Self.controls).allSatisfy { $0.help.isEmpty })
    }

    @Test("the entry is found as open finds it, by its id or a title only it has, and folded")
    func entryByTitle() throws {
        #expect(try words("th", of: "Themed Panel") == ["theme="])
        #expect(try words("th", of: "themed panel") == ["theme="])
        #expect(try words("th", of: "left/twin") == ["theme="])
    }

    @Test(
        "no entry, an unknown or ambiguous one, one without controls, or one of a --file offers nothing",
        arguments: [
            ("", nil), ("Nothing Here", nil), ("panels", nil), ("Twin", nil), ("panels/plain-panel", nil),
            // A file's entries have no controls, whatever their names: the file isn't even read.
            ("panels/themed-panel", "/nonexistent/titles.txt"), ("Themed Panel", "-"),
        ])
    func nothing(name: String, file: String?) throws {
        #expect(try words("", of: name, file: file).isEmpty, "\(name) \(file ?? "")")
        #expect(try words("theme=", of: name, file: file).isEmpty, "\(name) \(file ?? "")")
    }

    @Test("a choice the shell couldn't read back as printed is left out")
    func unprintableChoice() {
        let controls: [Control] = [.choice("style", among: ["plain", "two\nlines", "tab\there", "bell\u{7}"])]
        #expect(CompleteCommand.settings("style=", of: controls).map(\.word) == ["style=plain"])
    }

    @Test("the program prints each word on a line, a name's description after a tab, and refuses a short line")
    func program() throws {
        let catalog = productPath("catalog")
        let names = try runProcess(catalog, ["---complete", "set", "--", "indicators/progress", "p"])
        #expect(names.status == 0, "\(names.stderr)")
        #expect(names.stdout == "percent=\tan integer from 0 to 100\n")
        let values = try runProcess(catalog, ["---complete", "set", "--", "Progress", "percent="])
        #expect(values.status == 0 && values.stdout.isEmpty, "\(values)")
        let short = try runProcess(catalog, ["---complete", "set", "--", "indicators/progress"])
        #expect(short.status == 2)
        #expect(short.stderr.contains("'---complete set' needs the entry and the word typed."), "\(short.stderr)")
    }
}
