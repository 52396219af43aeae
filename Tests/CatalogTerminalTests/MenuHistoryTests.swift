import CatalogKit
import Foundation
import Testing

@testable import CatalogTerminal

/// Recents and favourites: the Recent and Favourites shelves first at the root, counted toward its limit, and
/// entries opened often and lately first among equal matches.
@Suite("Menu history")
struct MenuHistoryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func session(history: History?, registry: Registry<any Screen>? = nil) throws -> Session {
        var options = MenuScreen.Options()
        options.history = history
        options.now = Self.now
        var session = Session(
            root: try MenuScreen(source: .registry(try registry ?? MenuScreenTests.registry()), options: options))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        return session
    }

    /// A history of openings, the first id the most recent, a minute apart.
    func opened(_ ids: String...) -> History {
        var history = History()
        for (offset, id) in ids.reversed().enumerated() {
            history.recordOpening(id, at: Self.now.addingTimeInterval(Double(offset - ids.count) * 60))
        }
        return history
    }

    func menu(_ session: Session) throws -> MenuScreen { try #require(session.stack.first as? MenuScreen) }

    @Test("the root lists Recent and Favourites first, most recent first, and keeps to ten items")
    func shelves() throws {
        var history = opened("effects/grid", "pickers/gone-since", Slug.make(["Übersicht", "Straße"]))
        history.toggleFavourite("effects/toast", at: Self.now)
        let session = try session(history: history)
        let lines = session.render(in: .standard).lines.map(\.text)
        #expect(lines[1].hasPrefix(" 1 ▸ Recent  2 entries"))
        #expect(lines[2].hasPrefix(" 2 ▸ Favourites  1 entry"))
        #expect(lines[3].hasPrefix(" 3 ▸ Effects"))
        var browse = session
        _ = browse.handle(.key(.character("1")))
        #expect(browse.titles == ["Catalog › Recent"])
        let recent = browse.render(in: .standard).lines.map(\.text)
        #expect(recent[1].hasPrefix(" 1   Grid · Effects"), "an entry on a shelf shows its groups")
        #expect(recent[2].hasPrefix(" 2   Straße · Übersicht"))
        _ = browse.handle(.key(.left))
        _ = browse.handle(.key(.character("2")))
        #expect(browse.render(in: .standard).lines[1].text.hasPrefix(" 1   ★ Toast · Effects"))
    }

    @Test("shelves count toward the limit: the root's last children gather into one bucket")
    func limit() throws {
        let registry = Registry<any Screen>()
        for group in 1...12 {
            try registry.register("Entry \(group)", in: ["Group \(group)"]) { NoteScreen(title: "x") }
        }
        let history = opened("group-1/entry-1")
        let session = try session(history: history, registry: registry)
        let menu = try menu(session)
        #expect(menu.children.count == 10)
        #expect(menu.children.first == .shelf(.recent))
        guard case .node(.bucket)? = menu.children.last else {
            Issue.record("expected the last item to be a bucket, got \(String(describing: menu.children.last))")
            return
        }
        // Every root child is still reachable, each exactly once.
        var reached: [UInt32] = []
        for item in menu.children.dropFirst() { menu.forEachEntry(in: item) { reached.append($0) } }
        #expect(reached.count == 12 && Set(reached).count == 12)
    }

    @Test("the bucket is of the root's own group when one chain of groups holds every entry")
    func limitUnderRootChain() throws {
        // Everything is under Top/Middle, so the root is Middle: the bucket must index Middle's children.
        let registry = Registry<any Screen>()
        for entry in 1...12 {
            try registry.register("Entry \(entry)", in: ["Top", "Middle", "Group \(entry)"]) { NoteScreen(title: "x") }
        }
        let session = try session(history: opened("top/middle/group-1/entry-1"), registry: registry)
        let menu = try menu(session)
        #expect(menu.children.count == 10)
        var reached: [UInt32] = []
        for item in menu.children.dropFirst() { menu.forEachEntry(in: item) { reached.append($0) } }
        #expect(reached.count == 12 && Set(reached).count == 12)
        // Drawing names the bucket by its ends, which reads the root group's children.
        let lines = session.render(in: .standard).lines.map(\.text)
        #expect(lines[10].contains("Group 9 … Group 12"), "\(lines[10])")
    }

    @Test("in the filter, entries opened often and lately come first among equal matches; fuzzy keeps its scores")
    func frecency() throws {
        // Toast opened twice, Grid once, both within the hour: Toast ranks first, then Grid, then the rest.
        var session = try session(history: opened("effects/toast", "effects/grid", "effects/toast"))
        for character in "/t" { _ = session.handle(.key(.character(character))) }
        let shown = try menu(session).filter?.shown.map { try menu(session).snapshot.table.title(Int($0)) }
        #expect(shown?.prefix(2) == ["Toast", "Grid"], "the ones opened first, the more often opened before")
        let without = try self.session(history: nil)
        var plain = without
        for character in "/t" { _ = plain.handle(.key(.character(character))) }
        let order = try menu(plain).filter?.shown.map { try menu(plain).snapshot.table.title(Int($0)) }
        #expect(order?.first != "Toast", "without history the order is the search order")
        #expect(Set(order ?? []) == Set(shown ?? []), "only the order changes")
    }

    @Test("opening an entry remembers it; Ctrl-F stars the highlighted entry; --no-history turns both off")
    func remembering() throws {
        var session = try session(history: History())
        _ = session.handle(.key(.character("1")))  // into Effects
        _ = session.handle(.key(.enter))  // Alert
        _ = session.handle(.key(.escape))
        #expect(try menu(session).history?.recent == ["effects/alert"])
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.control("f")))
        #expect(session.status == "★ Badge is a favourite.")
        #expect(try menu(session).history?.favourites == ["effects/badge"])
        var off = try self.session(history: nil)
        _ = off.handle(.key(.character("1")))
        _ = off.handle(.key(.control("f")))
        #expect(off.status?.contains("History is off") == true)
        #expect(!off.render(in: .standard).text.contains("Recent"))
    }
}
