import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

@Suite("Registration")
struct RegistrationTests {
    @Test func everyDemoRegistersOnceIntoAFreshRegistry() throws {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        #expect(registry.count == Demos.entries.count)
        #expect(Set(Demos.entries.map(\.id)).count == Demos.entries.count)
    }

    @Test func registeringTwiceFailsAndNamesTheDemo() throws {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        #expect(throws: Registry<any Screen>.Error.self) { try Demos.register(in: registry) }
        #expect(registry.count == Demos.entries.count)
    }

    @Test func everyDemoHasASummaryAndKeywords() {
        for entry in Demos.entries {
            let blank = { (text: String) in text.allSatisfy(\.isWhitespace) }
            #expect(!blank(entry.summary), "\(entry.path) has no summary")
            #expect(!entry.keywords.isEmpty, "\(entry.path) has no keywords")
            #expect(!entry.keywords.contains(where: blank), "\(entry.path) has a blank keyword")
        }
    }

    /// The generated list must hold one entry per `demo(` call in Catalog/, counted here without the generator's
    /// parser: every `demo(` on a line outside a `//` comment, less the definition `func demo(`. A declaration the
    /// generator skipped (one wrapped over two lines, say) makes the counts differ.
    @Test func theGeneratedListHoldsEveryDeclaredDemo() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var calls = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.components(separatedBy: "\n") {
                let code = line.components(separatedBy: "//")[0]
                calls += code.components(separatedBy: "demo(").count - code.components(separatedBy: "func demo(").count
            }
        }
        #expect(calls > 0)
        #expect(calls == Demos.entries.count)
    }

    @Test func everyDemoOpens() throws {
        for entry in Demos.entries {
            // No settings location: the @AppStorage demo keeps its settings in memory, away from the user's files.
            let screen = try Demos.$environmentOverride.withValue([:]) { try entry.make() }
            #expect(!screen.title.isEmpty)
            #expect(screen.render(in: .standard).lines.count <= 22, "\(entry.path) draws too many lines")
            #expect(!screen.lines(width: 80).isEmpty, "\(entry.path) prints nothing in line mode")
            #expect(screen.help.contains { $0.line != nil }, "\(entry.path) has no line-mode help")
        }
    }

    @Test func everyDemoDeclaresItsBindingsInAKeymap() throws {
        for entry in Demos.entries {
            let screen = try Demos.$environmentOverride.withValue([:]) { try entry.make() }
            guard let keymapped = screen as? any KeymapScreen else {
                Issue.record("\(entry.path) has no keymap")
                continue
            }
            #expect(Self.problems(of: keymapped) == [], "\(entry.path)")
        }
        // The other modes of the demos that have modes.
        for language in ["en", "de", "ru", "ko", "ja"] {
            let locale = Locale(identifier: language)
            #expect(Self.problems(in: OutlinePickerDemo.opened(in: locale)) == [], "\(language)")
            #expect(Self.problems(in: MultiSelectorDemo.goalsField(in: locale)) == [], "\(language)")
            #expect(Self.problems(in: GoalListScreen.keymap(in: locale)) == [], "\(language)")
        }
    }

    static func problems<S: KeymapScreen>(of screen: S) -> [String] {
        problems(in: screen.keymap) + (screen.help == screen.keymap.help ? [] : ["its help is not its keymap's"])
    }

    /// What is wrong with a keymap: a key or a line word bound twice (the second binding would never run), or a
    /// footer entry with no keys to name.
    static func problems<Command>(in keymap: Keymap<Command>) -> [String] {
        var problems: [String] = []
        var keys = Set<Key>()
        var words = Set<String>()
        for binding in keymap.bindings {
            for key in binding.keys where !keys.insert(key).inserted { problems.append("\(key) is bound twice") }
            // Every `<…>` form is matched as a number alone, so two of them clash as much as two equal words.
            let word = binding.line?.split(separator: " ").first.map { $0.hasPrefix("<") ? "<n>" : String($0) }
            if let word, !words.insert(word).inserted {
                problems.append("the line command \(word) is bound twice")
            }
            if binding.inFooter && binding.keyLabel.isEmpty {
                problems.append("“\(binding.help)” is in the footer without keys")
            }
        }
        return problems
    }
}
