import CatalogKit
import Foundation
import Testing

@testable import CatalogTerminal

/// Recents and favourites: the Recent and Favourites shelves after the root's own items, which keep their digits,
/// and entries opened often and lately first among equal matches.
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

    @Test("the root lists the catalog's own items first, numbered as without history, then Recent and Favourites")
    func shelves() throws {
        var history = opened("effects/grid", "pickers/gone-since", Slug.make(["Übersicht", "Straße"]))
        history.toggleFavourite("effects/toast", at: Self.now)
        let session = try session(history: history)
        let lines = session.render(in: .standard).lines.map(\.text)
        #expect(lines[1].hasPrefix(" 1 ▸ Effects"))
        #expect(lines[2].hasPrefix(" 2 ▸ Pickers"))
        #expect(lines[3].hasPrefix(" 3   Straße · Übersicht"))
        #expect(lines[4].hasPrefix("   ◷ Recent  2 entries"), "a shelf has no digit")
        #expect(lines[5].hasPrefix("   ★ Favourites  1 entry"))
        var browse = session
        _ = browse.handle(.key(.end))
        _ = browse.handle(.key(.up))
        _ = browse.handle(.key(.enter))
        #expect(browse.titles == ["Catalog › Recent"])
        let recent = browse.render(in: .standard).lines.map(\.text)
        #expect(recent[1].hasPrefix(" 1   Grid · Effects"), "an entry on a shelf shows its groups")
        #expect(recent[2].hasPrefix(" 2   Straße · Übersicht"))
        _ = browse.handle(.key(.left))
        _ = browse.handle(.key(.down))
        _ = browse.handle(.key(.right))
        #expect(browse.render(in: .standard).lines[1].text.hasPrefix(" 1   ★ Toast · Effects"))
    }

    @Test("digits keep their meaning when shelves appear: the catalog's items are never renumbered")
    func digitsStable() throws {
        let registry = Registry<any Screen>()
        for group in 1...12 {
            try registry.register("Entry \(group)", in: ["Group \(group)"]) { NoteScreen(title: "\(group)") }
        }
        let without = try session(history: History(), registry: registry)
        let with = try session(history: opened("group-1/entry-1", "group-5/entry-5"), registry: registry)
        let rows = { (session: Session) in session.render(in: .standard).lines.map(\.text).dropFirst().prefix(10) }
        #expect(Array(rows(without)) == Array(rows(with)), "the first ten rows are the same with shelves")
        var opening = with
        _ = opening.handle(.key(.character("6")))
        #expect(opening.titles.last == "6", "6 opens the sixth group's entry, as it did without history")
        // Every root child is still reachable, each exactly once.
        let menu = try menu(with)
        var reached: [UInt32] = []
        for item in menu.currentItems where item != .shelf(.recent) {
            menu.forEachEntry(in: item) { reached.append($0) }
        }
        #expect(reached.count == 12 && Set(reached).count == 12)
    }

    @Test("after the first screen closes, Recent appears and the highlight stays on the entry you came from")
    func recentKeepsHighlight() throws {
        var session = try session(history: History())
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.enter))  // Straße
        _ = session.handle(.key(.escape))
        let menu = try menu(session)
        #expect(menu.currentItems.contains(.shelf(.recent)))
        #expect(menu.highlighted.map { menu.title(of: $0) } == "Straße")
        #expect(menu.levels.last?.cursor == 2)
    }

    @Test("back from an entry opened on the Recent shelf, the shelf keeps its rows; leaving it orders it anew")
    func recentShelfKeepsRows() throws {
        var session = try session(history: opened("effects/grid", "effects/toast", Slug.make(["Übersicht", "Straße"])))
        func shelf() throws -> [String] { try menu(session).currentItems.map { try menu(session).title(of: $0) } }
        _ = session.handle(.key(.end))
        _ = session.handle(.key(.enter))
        #expect(session.titles == ["Catalog › Recent"])
        let before = try shelf()
        #expect(before == ["Grid", "Toast", "Straße"])
        _ = session.handle(.key(.end))
        _ = session.handle(.key(.enter))
        #expect(session.stack.count == 2, "Straße opened")
        _ = session.handle(.key(.escape))
        #expect(try shelf() == before, "each entry on its row, so its digit still opens it")
        #expect(try menu(session).levels.last?.cursor == 2)
        _ = session.handle(.key(.left))
        _ = session.handle(.key(.enter))
        #expect(try shelf() == ["Straße", "Grid", "Toast"], "most recent first again")
    }

    @Test("the history's problem at start, and F5 without a history, speak the menu's language")
    func historyWordsTranslated() throws {
        var options = MenuScreen.Options()
        options.historyOff = .asked
        options.historyProblem = .movedAside(path: "/s/r.json", why: .version(2), aside: "/s/r.json.corrupt-1")
        var session = Session(
            root: try MenuScreen(source: .registry(try MenuScreenTests.registry()), options: options),
            environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        #expect(
            session.status
                == "Der Verlauf „/s/r.json“ ist keiner, den dieses Programm lesen kann (er hat Version 2, dieses "
                + "Programm liest Version 1); er wurde nach „/s/r.json.corrupt-1“ verschoben; „Zuletzt geöffnet“ "
                + "und „Favoriten“ beginnen leer.")
        _ = session.handle(.key(.function(5)))
        #expect(session.status == "Der Verlauf ist aus (--no-history): keine Favoriten.")
    }

    @Test("F5 on an entry keeps the highlight on it, so a second F5 undoes the first")
    func favouriteTwice() throws {
        var session = try session(history: History())
        // On a group, F5 says why it does nothing, besides the bell.
        let onGroup = session.handle(.key(.function(5)))
        #expect(onGroup.contains(.bell))
        #expect(session.status == "Only an entry can be a favourite.")
        _ = session.handle(.key(.character("2")))  // Pickers
        _ = session.handle(.key(.down))
        let before = try menu(session).highlighted
        _ = session.handle(.key(.function(5)))
        #expect(try menu(session).highlighted == before)
        #expect(try menu(session).favourites.count == 1)
        _ = session.handle(.key(.function(5)))
        #expect(try menu(session).favourites.isEmpty, "the same entry is unstarred")
        // At the root, a new Favourites shelf comes after the items, and the highlight stays.
        _ = session.handle(.key(.left))
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.function(5)))
        #expect(try menu(session).highlighted.map { try menu(session).title(of: $0) } == "Straße")
        _ = session.handle(.key(.function(5)))
        #expect(try menu(session).favourites.isEmpty)
    }

    @Test("in the filter, entries opened often and lately come first among equal matches; fuzzy keeps its scores")
    func frecency() throws {
        // Toast opened twice, Grid once, both within the hour: Toast ranks first, then Grid, then the rest.
        var session = try session(history: opened("effects/toast", "effects/grid", "effects/toast"))
        _ = session.handle(.key(.character("t")))
        let shown = try menu(session).filter?.shown.map { try menu(session).snapshot.table.title(Int($0)) }
        #expect(shown?.prefix(2) == ["Toast", "Grid"], "the ones opened first, the more often opened before")
        let without = try self.session(history: nil)
        var plain = without
        _ = plain.handle(.key(.character("t")))
        let order = try menu(plain).filter?.shown.map { try menu(plain).snapshot.table.title(Int($0)) }
        #expect(order?.first != "Toast", "without history the order is the search order")
        #expect(Set(order ?? []) == Set(shown ?? []), "only the order changes")
    }

    @Test("a picker keeps the order -f lists, by score or as kept, whatever was picked before")
    func scoreBeforeFrecency() throws {
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(
            Array("/usr/share/zsh/help/ztcp\n/usr/bin/zsh\n/usr/lib/zsh5\n".utf8))
        let ztcp = snapshot.table.id(0)
        func first(ranking: Bool) throws -> String? {
            var options = MenuScreen.Options()
            options.history = opened(ztcp, ztcp)
            options.now = Self.now
            options.ranksExactHits = ranking
            var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
            _ = session.settle(session.start(size: .standard), with: InlineJobs())
            for character in "zsh" {
                _ = session.settle(session.handle(.key(.character(character))), with: InlineJobs())
            }
            return try menu(session).filter?.shown.first.map { snapshot.table.path(Int($0)) }
        }
        #expect(try first(ranking: true) == "/usr/bin/zsh", "the best match, not the one picked before")
        // Kept in its order (--no-sort), as -f lists it: history moves nothing in a picker. (The launcher's
        // opened-first order is `frecency()`'s.)
        #expect(try first(ranking: false) == "/usr/bin/zsh", "the list's order, not the one picked before")
    }

    @Test("back from an entry opened in the filter, its hits are listed as before: no row moves until the next search")
    func filterKeepsRowsAfterOpening() throws {
        var session = try session(history: History())
        _ = session.handle(.key(.character("t")))
        let titles = {
            try self.menu(session).filter?.shown.map { try self.menu(session).snapshot.table.title(Int($0)) }
        }
        let before = try titles()
        #expect((before?.count ?? 0) >= 3)
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.down))
        let opened = before?[2]
        _ = session.handle(.key(.enter))
        #expect(session.stack.count == 2, "the entry opened")
        _ = session.handle(.key(.escape))
        #expect(try titles() == before, "the order as it was, though the entry now ranks first")
        #expect(try menu(session).filter?.cursor == 2)
        #expect(try menu(session).highlighted.map { try menu(session).title(of: $0) } == opened)
        // Down goes on to the hit after it, as a user opening hits one by one expects.
        _ = session.handle(.key(.down))
        #expect(try menu(session).highlighted.map { try menu(session).title(of: $0) } == before?[3])
        // A new search ranks by the history: the entry opened comes first.
        _ = session.handle(.key(.character("o")))
        _ = session.handle(.key(.backspace))
        #expect(try titles()?.first == opened)
    }

    @Test("opening an entry remembers it; F5 stars the highlighted entry; --no-history turns both off")
    func remembering() throws {
        var session = try session(history: History())
        _ = session.handle(.key(.character("1")))  // into Effects
        _ = session.handle(.key(.enter))  // Alert
        _ = session.handle(.key(.escape))
        #expect(try menu(session).history?.recent == ["effects/alert"])
        _ = session.handle(.key(.down))
        _ = session.handle(.key(.function(5)))
        #expect(session.status == "★ Badge is a favourite.")
        #expect(try menu(session).history?.favourites == ["effects/badge"])
        var off = try self.session(history: nil)
        _ = off.handle(.key(.character("1")))
        _ = off.handle(.key(.function(5)))
        #expect(off.status?.contains("History is off") == true)
        #expect(!off.render(in: .standard).text.contains("Recent"))
    }
}
