import CatalogKit
import CatalogTerminal
import Testing

@Suite("MultiSelector")
struct MultiSelectorTests {
    static let goals = ["Learn Japanese", "Learn SwiftUI", "Learn Serverless with Swift", "Run a marathon"]

    func makeSelector(selected: [Int] = [0, 1, 2]) throws -> MultiSelector<Int> {
        try MultiSelector(
            items: Self.goals.enumerated().map { .init(id: $0.offset, title: $0.element) }, selected: selected)
    }

    @Test func summaryJoinsAndShortensToFit() throws {
        let selector = try makeSelector()
        #expect(selector.summary() == "Learn Japanese, Learn SwiftUI, and Learn Serverless with Swift")
        #expect(selector.summary(width: 41) == "Learn Japanese, Learn SwiftUI, and 1 more")
        #expect(selector.summary(width: 30) == "Learn Japanese and 2 more")
        #expect(selector.summary(width: 8) == "Lear… +2", "the count kept, as \"+2\"")
        #expect(selector.summary(width: 5) == "L… +2")
        #expect(selector.summary(width: 4) == "Lea…", "no room for a letter beside the count")
        #expect(selector.summary(language: "de") == "Learn Japanese, Learn SwiftUI und Learn Serverless with Swift")
        #expect(try makeSelector(selected: []).summary() == "None")
    }

    @Test func spaceAndEnterToggle() throws {
        var selector = try makeSelector()
        #expect(selector.handle(.character(" ")) == .changed(.init(id: 0, selected: false)))
        _ = selector.handle(.end)
        #expect(selector.handle(.enter) == .changed(.init(id: 3, selected: true)))
        #expect(selector.selectedIDs == [1, 2, 3])
        #expect(selector.selectedTitles == Array(Self.goals.dropFirst()))
        #expect(selector.toggle(row: 7) == .none)
    }

    @Test func frame() throws {
        var selector = try makeSelector()
        _ = selector.handle(.down)
        #expect(
            text(selector.render(width: 80)) == """
                  ✓ Learn Japanese
                › ✓ Learn SwiftUI
                  ✓ Learn Serverless with Swift
                    Run a marathon
                """)
        #expect(text(selector.render(width: 12, glyphs: .ascii)).split(separator: "\n").first == "  * Learn J…")
    }

    @Test func duplicateIDsAreRefused() {
        #expect(throws: Tree<MultiSelector<Int>.Item, Int>.Error.duplicateID("1")) {
            try MultiSelector(items: [.init(id: 1, title: "A"), .init(id: 1, title: "B")])
        }
    }
}

@Suite("Glyphs")
struct GlyphsTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], Glyphs.unicode),
        (["LC_ALL": "ko_KR.utf8", "LANG": "C"], .unicode),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
        (["LC_ALL": "", "LC_CTYPE": "C.UTF-8"], .unicode),
        ([:], .ascii),
        (["LANG": "POSIX"], .ascii),
    ])
    func detectFollowsTheLocale(environment: [String: String], expected: Glyphs) {
        #expect(Glyphs.detect(environment: environment) == expected)
    }

    @Test func boxesFollowTheState() {
        #expect(Glyphs.unicode.box(.mixed) == "▣")
        #expect(Glyphs.ascii.box(.checked) == "[x]")
    }
}
