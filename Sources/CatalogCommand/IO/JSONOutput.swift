import CatalogKit
import CatalogTerminal

/// One entry as a JSON object.
enum EntryJSON {
    static func object(_ table: EntryTable, _ record: Int) -> [UInt8] {
        var out: [UInt8] = []
        out += Array("{\"id\": ".utf8)
        JSONText.appendString(table.id(record), to: &out)
        out += Array(", \"title\": ".utf8)
        JSONText.appendString(table.title(record), to: &out)
        out += Array(", \"path\": ".utf8)
        JSONText.appendString(table.path(record), to: &out)
        out += Array(", \"groups\": ".utf8)
        array(table.groups(record), to: &out)
        out += Array(", \"keywords\": ".utf8)
        array(table.keywords(record), to: &out)
        out += Array(", \"summary\": ".utf8)
        JSONText.appendString(table.summary(record), to: &out)
        out.append(0x7D)
        return out
    }

    static func array(_ strings: [String], to out: inout [UInt8]) {
        out.append(0x5B)
        for (index, string) in strings.enumerated() {
            if index > 0 { out += [0x2C, 0x20] }
            JSONText.appendString(string, to: &out)
        }
        out.append(0x5D)
    }
}

/// The grouped hierarchy as nested JSON: `{"title", "kind", "children"}`, with `id` and `path` on entries, and
/// `inlined` (the groups' names, outermost first) on an entry shown in place of the groups of one above it.
enum TreeJSON {
    /// Writes the hierarchy iteratively, so any depth is safe.
    static func write(_ hierarchy: Hierarchy, _ table: EntryTable, to out: inout Output) {
        var stack: [(parent: Hierarchy.Node, pending: [Hierarchy.Node], first: Bool)] = []
        func open(_ node: Hierarchy.Node, in parent: Hierarchy.Node) {
            var bytes = Array("{\"title\": ".utf8)
            JSONText.appendString(hierarchy.title(of: node), to: &bytes)
            if case .entry(let record) = node {
                bytes += Array(", \"kind\": \"entry\", \"id\": ".utf8)
                JSONText.appendString(table.id(Int(record)), to: &bytes)
                bytes += Array(", \"path\": ".utf8)
                JSONText.appendString(table.path(Int(record)), to: &bytes)
                let inlined = hierarchy.inlinedGroups(of: node, in: parent)
                if !inlined.isEmpty {
                    bytes += Array(", \"inlined\": ".utf8)
                    EntryJSON.array(inlined, to: &bytes)
                }
                bytes += Array(", \"children\": []}".utf8)
                out.raw(bytes)
            } else {
                bytes += Array(", \"kind\": \"group\", \"children\": [".utf8)
                out.raw(bytes)
                stack.append((node, hierarchy.children(of: node).reversed(), true))
            }
        }
        open(hierarchy.root, in: hierarchy.root)
        while !stack.isEmpty {
            guard let node = stack[stack.count - 1].pending.popLast() else {
                stack.removeLast()
                out.raw("]}")
                continue
            }
            if !stack[stack.count - 1].first { out.raw(", ") }
            stack[stack.count - 1].first = false
            open(node, in: stack[stack.count - 1].parent)
        }
        out.raw("\n")
    }
}
