import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

/// Every demo's keys, as its help lists them: each key named once, nothing contradicting the launcher's own keys,
/// and none of the keys the launcher keeps for itself.
@Suite("Demo keys")
struct DemoKeysTests {
    static let entries = Demos.all

    /// The keys a help label names: `↑↓`, `esc/q` and `+/-` are several.
    /// The keys a help label names: "esc/q" is Esc and q, and a letter after a modifier's key takes its modifier
    /// ("ctrl-c/g" is Ctrl-C and Ctrl-G).
    static func keys(in label: String) -> [String] {
        let parts = label.split(separator: "/").map(String.init)
        var modifier = ""
        return parts.flatMap { part -> [String] in
            if let dash = part.lastIndex(of: "-"), part.index(after: dash) != part.endIndex {
                modifier = String(part[...dash])
                return [part]
            }
            if part.count == 1, !modifier.isEmpty { return [modifier + part] }
            modifier = ""
            return ["↑↓", "←→", "→←"].contains(part) ? part.map { String($0) } : [part]
        }
    }

    @Test("the help of every demo, opened from the launcher, names each key once", arguments: entries)
    func helpNamesEachKeyOnce(_ entry: Entry<any Screen>) throws {
        var session = Session(closable: try entry.make())
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        var seen: [String: String] = [:]
        for item in session.helpItems where !item.keys.isEmpty {
            for key in Self.keys(in: item.keys) {
                #expect(seen[key] == nil, "\(entry.title): \(key) is both “\(seen[key] ?? "")” and “\(item.help)”")
                seen[key] = item.help
            }
        }
    }

    @Test("no demo binds a key the launcher keeps for itself", arguments: entries)
    func noReservedKeys(_ entry: Entry<any Screen>) throws {
        let screen = try entry.make()
        guard let keyed = screen as? any KeymapScreen else { return }
        let bound = Self.boundKeys(keyed)
        for key in Session.reservedKeys {
            #expect(!bound.contains(key), "\(entry.title) binds \(key), which the launcher keeps")
        }
    }

    static func boundKeys(_ screen: some KeymapScreen) -> Set<Key> {
        Set(screen.keymap.bindings.flatMap(\.keys))
    }
}
