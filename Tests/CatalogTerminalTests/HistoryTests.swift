import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

/// The history model: what is remembered, in what order, and how frecency ranks it.
@Suite("History")
struct HistoryTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func at(_ seconds: Int) -> Date { start.addingTimeInterval(TimeInterval(seconds)) }

    /// Catches: an opening not moving its entry to the front, or counts not adding up.
    @Test func openingsCountAndComeFirst() {
        var history = History()
        history.recordOpening("a", at: at(0))
        history.recordOpening("b", at: at(1))
        history.recordOpening("a", at: at(2))
        #expect(history.recent == ["a", "b"])
        #expect(history.records.map(\.count) == [2, 1])
        #expect(history.records[0].lastOpened == at(2))
        #expect(history.favourites == [])
    }

    /// Catches: a never-opened favourite showing under Recent, or lingering once it is no longer a favourite.
    @Test func anUnknownFavouriteIsRememberedOnlyWhileItIsOne() {
        var history = History()
        history.recordOpening("a", at: at(0))
        let starred = history.toggleFavourite("star", at: at(5))
        #expect(starred)
        #expect(history.favourites == ["star"])
        #expect(history.recent == ["a"])
        #expect(history.records.first == History.Record(id: "star", count: 0, lastOpened: at(5), favourite: true))
        let unstarred = history.toggleFavourite("star", at: at(6))
        #expect(!unstarred)
        #expect(history.records.map(\.id) == ["a"])
    }

    /// Catches: unfavouriting losing the entry's openings, or favouriting counting as an opening.
    @Test func unfavouritingAnOpenedEntryKeepsItsOpenings() {
        var history = History()
        history.recordOpening("a", at: at(0))
        history.recordOpening("b", at: at(1))
        let starred = history.toggleFavourite("a", at: at(2))
        #expect(starred)
        #expect(history.recent == ["b", "a"], "a favourite keeps its place among the recent")
        #expect(history.favourites == ["a"])
        let unstarred = history.toggleFavourite("a", at: at(3))
        #expect(!unstarred)
        #expect(history.recent == ["b", "a"])
        #expect(history.records.map(\.count) == [1, 1])
    }

    /// Catches: a trap or a wrap to a negative count on a count a hand-edited file set to `Int.max`.
    @Test func aCountAtIntMaxStaysThere() throws {
        let json =
            #"{"records":[{"id":"a","count":9223372036854775807,"lastOpened":"2023-11-14T22:13:20Z","favourite":false}]}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var history = try decoder.decode(History.self, from: Data(json.utf8))
        history.recordOpening("a", at: at(10))
        history.recordOpening("a", at: at(20))
        #expect(history.records.map(\.count) == [Int.max])
        let score = history.frecency(of: "a", now: at(30))
        #expect(score.isFinite && score > 0)
    }

    /// Catches: a hand-edited file breaking the invariants (repeated ids, negative counts, records of nothing, too
    /// many records) because decoding skipped the checks the initializer makes.
    @Test func aHandEditedFileIsMadeConsistent() throws {
        let lines = (0..<60).map {
            #"{"id":"e\#($0)","count":1,"lastOpened":"2023-11-14T22:13:20Z","favourite":false}"#
        }
        let extra = [
            #"{"id":"e0","count":9,"lastOpened":"2023-11-14T22:13:20Z","favourite":true}"#,
            #"{"id":"neg","count":-5,"lastOpened":"2023-11-14T22:13:20Z","favourite":false}"#,
            #"{"id":"fav","count":0,"lastOpened":"2023-11-14T22:13:20Z","favourite":true}"#,
        ]
        let json = #"{"records":["# + (lines + extra).joined(separator: ",") + "]}"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let history = try decoder.decode(History.self, from: Data(json.utf8))
        #expect(history.checkInvariants() == [])
        #expect(history.records.first == History.Record(id: "e0", count: 1, lastOpened: start), "the first e0 is kept")
        #expect(history.recent == (0..<History.limit).map { "e\($0)" })
        #expect(history.favourites == ["fav"])
        #expect(History(records: history.records) == history, "consistent input is kept as it is")
    }

    /// Catches: forgetting dropping entries that still exist, or keeping ones that don't.
    @Test func forgettingKeepsOnlyEntriesThatStillExist() {
        var history = History()
        for (index, id) in ["a", "b", "c"].enumerated() { history.recordOpening(id, at: at(index)) }
        history.toggleFavourite("b", at: at(9))
        let kept = history.forgetting(ids: ["a", "b", "z"])
        #expect(kept.records.map(\.id) == ["b", "a"])
        #expect(kept.favourites == ["b"])
        #expect(history.forgetting(ids: []) == History())
    }

    /// Catches: a change to the documented weights, which the launcher's ranking and the README rely on.
    @Test func frecencyIsCountTimesTheWeightOfTheAge() {
        var history = History()
        for _ in 0..<3 { history.recordOpening("a", at: start) }
        let minute = 60
        #expect(history.frecency(of: "a", now: at(10 * minute)) == 12)
        #expect(history.frecency(of: "a", now: at(2 * 60 * minute)) == 6)
        #expect(history.frecency(of: "a", now: at(2 * 24 * 60 * minute)) == 1.5)
        #expect(history.frecency(of: "a", now: at(30 * 24 * 60 * minute)) == 0.75)
        #expect(history.frecency(of: "a", now: at(-60 * minute)) == 12, "a clock moved back counts as recent")
        #expect(history.frecency(of: "unknown", now: start) == 0)
        history.toggleFavourite("never-opened", at: start)
        #expect(history.frecency(of: "never-opened", now: start) == 0)
    }

    /// Random openings and favourite toggles over more ids than the limit; after each step the invariants hold.
    ///
    /// Catches: more than `limit` non-favourites kept, a favourite dropped by the trim, `recent` out of order,
    /// counts that grow without openings, frecency that ranks an older or rarer entry above a newer, more frequent
    /// one, and a history that changes in a JSON round trip.
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func randomUseKeepsTheInvariants(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var history = History()
        var favourites: Set<String> = []
        var openings: [String: Int] = [:]
        var lastOpening: [String: Int] = [:]
        var seconds = 0
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for step in 0..<600 {
            seconds += Int.random(in: 0...(3 * 86_400), using: &rng)
            let id = "e\(Int.random(in: 0..<80, using: &rng))"
            if Int.random(in: 0..<5, using: &rng) == 0 {
                let now = history.toggleFavourite(id, at: at(seconds))
                #expect(now == !favourites.contains(id), "seed \(seed), step \(step)")
                if now { favourites.insert(id) } else { favourites.remove(id) }
            } else {
                history.recordOpening(id, at: at(seconds))
                openings[id, default: 0] += 1
                lastOpening[id] = step
                #expect(history.recent.first == id, "seed \(seed), step \(step)")
            }
            let context: Comment = "seed \(seed), step \(step)"
            #expect(history.checkInvariants() == [], context)
            #expect(Set(history.favourites) == favourites, context)
            #expect(
                history.recent == history.recent.sorted { lastOpening[$0, default: -1] > lastOpening[$1, default: -1] },
                context)
            for record in history.records {
                #expect(record.count <= openings[record.id, default: 0], context)
            }
            if let a = history.records.randomElement(using: &rng), let b = history.records.randomElement(using: &rng),
                a.count >= b.count, a.lastOpened >= b.lastOpened
            {
                #expect(
                    history.frecency(of: a.id, now: at(seconds)) >= history.frecency(of: b.id, now: at(seconds)),
                    context)
            }
        }
        let decoded = try decoder.decode(History.self, from: encoder.encode(history))
        #expect(decoded == history, "seed \(seed): JSON round trip")
    }

    /// Catches: a weight that rises with age, or a score that doesn't rise with the count.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func frecencyNeverFallsWithMoreOrNewerOpenings(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let now = at(100 * 86_400)
        let ages = [-1, 0, 1, 3_599, 3_600, 86_399, 86_400, 604_799, 604_800, 10_000_000]
        func score(count: Int, age: Int) -> Double {
            History(records: [History.Record(id: "x", count: count, lastOpened: now.addingTimeInterval(-Double(age)))])
                .frecency(of: "x", now: now)
        }
        for _ in 0..<500 {
            let counts = [Int.random(in: 1...1_000_000, using: &rng), Int.random(in: 1...1_000_000, using: &rng)]
                .sorted()
            let older = max(ages.randomElement(using: &rng) ?? 0, Int.random(in: -100...20_000_000, using: &rng))
            let newer = Int.random(in: -100...older, using: &rng)
            let context: Comment = "seed \(seed), counts \(counts), ages \(older) ≥ \(newer)"
            #expect(score(count: counts[0], age: older) <= score(count: counts[1], age: newer), context)
            if counts[0] < counts[1] {
                #expect(score(count: counts[0], age: older) < score(count: counts[1], age: older), context)
            }
        }
        #expect(score(count: Int.max, age: 0) >= score(count: Int.max - 1, age: 0))
    }
}
