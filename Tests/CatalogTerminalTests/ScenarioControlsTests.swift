import CatalogKit
import Testing

@testable import CatalogTerminal

@Suite("Scenarios with controls")
struct ScenarioControlsTests {
    static func registry(scenarios: [Scenario]) throws -> Registry<any Screen> {
        let registry = Registry<any Screen>()
        try registry.register(
            "Counter", in: ["Basics"], controls: [.integer("start", default: 0, in: 0...100_000), .boolean("compact")],
            scenarios: scenarios
        ) { values in Counter(value: values.integer("start") + (values.boolean("compact") ? 1 : 0)) }
        return registry
    }

    @Test("a scenario's values reach the factory, and its golden's first line names them")
    func valuesInGolden() throws {
        let registry = try Self.registry(scenarios: [
            Scenario("large number", controls: ["start": 1234, "compact": true], .press(.up)),
            Scenario("defaults"),
        ])
        let store = MemoryStore()
        let report = SnapshotCheck(store: store, mode: .missing).check(registry)
        #expect(report.results.map(\.status) == [.recorded, .recorded])
        let large = try #require(store.read("basics/counter/large-number.txt"))
        #expect(large.hasPrefix("# basics/counter · large number · 80×24 · compact=true, start=1234\n"))
        #expect(large.contains("Value 1236"))
        let defaults = try #require(store.read("basics/counter/defaults.txt"))
        #expect(defaults.hasPrefix("# basics/counter · defaults · 80×24\n"), "no values, no mention")
        #expect(defaults.contains("Value 0"))
    }

    @Test(
        "a scenario value of the wrong type, out of range or for no control is a registration error",
        arguments: [
            (["start": 100_001] as [String: ControlValue], "takes an integer from 0 to 100000, not “100001”"),
            (["start": "many"], "control “start” takes an integer from 0 to 100000, not “many”"),
            (["compact": 1], "control “compact” takes true or false, not “1”"),
            (["strat": 1], "there is no control named “strat”"),
        ])
    func refusedValue(values: [String: ControlValue], problem: String) {
        let error = #expect(throws: Registry<any Screen>.Error.self) {
            try Self.registry(scenarios: [Scenario("bad", controls: values)])
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("'Basics/Counter': scenario “bad” sets a value that isn't allowed: "), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test(
        "a scenario's locale that is no locale identifier is a registration error; one of the five languages is taken")
    func locales() throws {
        for bad in ["no such locale!!", "", "de DE", "1de", "de\n"] {
            #expect(Scenario("x", locale: bad).problem?.contains("which is no locale identifier") == true, "\(bad)")
        }
        for good in ["de", "ko_KR", "ja_JP", "ru", "en_US_POSIX", "de_AT"] {
            #expect(Scenario("x", locale: good).problem == nil, "\(good)")
        }
        #expect(throws: Registry<any Screen>.Error.self) {
            try Self.registry(scenarios: [Scenario("bad", locale: "no such locale!!")])
        }
    }

    /// Catches `Scenario("french", locale: "fr")` recording an English frame without a word, where `open --locale fr`
    /// is refused.
    @Test("a scenario's locale in a language the launcher has no words in is a registration error naming the place")
    func unspokenLocale() throws {
        for other in ["fr", "zh-Hant", "pt_BR"] {
            #expect(
                Scenario("x", locale: other).problem
                    == "scenario “x” needs a locale in en, de, ru, ko, or ja, not “\(other)”.")
        }
        let registry = Registry<any Screen>()
        var error: Registry<any Screen>.Error?
        let line = #line + 2
        do {
            try registry.register("Counter", in: ["Basics"], scenarios: [Scenario("french", locale: "fr")]) {
                Counter()
            }
        } catch let thrown as Registry<any Screen>.Error {
            error = thrown
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(
            message
                == "CatalogTerminalTests/ScenarioControlsTests.swift:\(line): 'Basics/Counter': scenario “french” needs "
                + "a locale in en, de, ru, ko, or ja, not “fr”.",
            "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test("the golden's first line stays one line whatever a text value holds")
    func escapedLabel() {
        let scenario = Scenario("odd", controls: ["label": "two\nlines\u{1B}[0m", "start": 3])
        #expect(scenario.controlsLabel == #"label=two\nlines\u{1B}[0m, start=3"#)
    }

    @Test("a scenario that sets controls of an entry without any is refused")
    func noControls() {
        let registry = Registry<any Screen>()
        #expect(throws: Registry<any Screen>.Error.self) {
            try registry.register("Plain", scenarios: [Scenario("bad", controls: ["start": 1])]) { Counter() }
        }
    }
}
