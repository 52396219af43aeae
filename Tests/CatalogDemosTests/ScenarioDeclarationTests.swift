import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

/// The built-in demos' scenarios, as declared next to their entries: enough of them, one at least for every demo,
/// and names that give every scenario a golden file of its own.
@Suite("Scenario declarations")
struct ScenarioDeclarationTests {
    @Test("the demos declare at least 30 scenarios, and every demo declares one")
    func counts() {
        let total = Demos.entries.map(\.traits.scenarios.count).reduce(0, +)
        #expect(total >= 30, "only \(total) scenarios")
        for entry in Demos.entries {
            #expect(!entry.traits.scenarios.isEmpty, "\(entry.path) declares no scenario, only the implicit initial")
        }
    }

    @Test("scenario names are unique per demo, even as file names, and sizes are ones a terminal has")
    func names() {
        let check = SnapshotCheck(store: DirectoryStore(URL(fileURLWithPath: "/nonexistent")))
        var paths: Set<String> = []
        for entry in Demos.entries {
            for scenario in entry.scenarios {
                let path = check.goldenPath(entryID: entry.id, scenario: scenario)
                #expect(paths.insert(path).inserted, "two scenarios share the golden \(path)")
                let blank = scenario.name.allSatisfy { $0.isWhitespace }
                #expect(!blank, "\(entry.path) has a scenario with no name")
                #expect(scenario.size.columns >= 20 && scenario.size.rows >= 8, "\(entry.path): \(scenario.name)")
            }
        }
    }
}
