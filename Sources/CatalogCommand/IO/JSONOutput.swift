import CatalogKit
import CatalogTerminal

/// One entry as a JSON object.
enum EntryJSON {
    static func object(_ table: EntryTable, _ record: Int, controls: [Control] = []) -> [UInt8] {
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
        if !controls.isEmpty {
            out += Array(", \"controls\": ".utf8)
            ControlJSON.array(controls, to: &out)
        }
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
    static func write(
        _ hierarchy: Hierarchy, _ table: EntryTable, controls: (Int) -> [Control] = { _ in [] }, to out: inout Output
    ) {
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
                let controls = controls(Int(record))
                if !controls.isEmpty {
                    bytes += Array(", \"controls\": ".utf8)
                    ControlJSON.array(controls, to: &bytes)
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

/// An entry's controls as a JSON array: `{"name", "type", "default"}` each, with `minimum` and `maximum` for a number,
/// `atMost` naming the control whose value an integer never exceeds, and `choices` for a choice.
enum ControlJSON {
    static func array(_ controls: [Control], to out: inout [UInt8]) {
        out.append(0x5B)
        for (index, control) in controls.enumerated() {
            if index > 0 { out += [0x2C, 0x20] }
            out += Array("{\"name\": ".utf8)
            JSONText.appendString(control.name, to: &out)
            out += Array(", \"type\": \"\(control.typeName)\", \"default\": ".utf8)
            value(control.defaultValue, to: &out)
            switch control.kind {
            case .integer(let range):
                out += Array(", \"minimum\": \(range.lowerBound), \"maximum\": \(range.upperBound)".utf8)
                if let bound = control.atMost {
                    out += Array(", \"atMost\": ".utf8)
                    JSONText.appendString(bound, to: &out)
                }
            case .decimal(let range):
                out += Array(", \"minimum\": ".utf8)
                value(.decimal(range.lowerBound), to: &out)
                out += Array(", \"maximum\": ".utf8)
                value(.decimal(range.upperBound), to: &out)
            case .choice(let choices):
                out += Array(", \"choices\": ".utf8)
                EntryJSON.array(choices, to: &out)
            case .boolean, .text:
                break
            }
            out.append(0x7D)
        }
        out.append(0x5D)
    }

    /// A value as JSON: a number, `true` or `false`, a string, or `null` for a number JSON can't write (infinity).
    private static func value(_ value: ControlValue, to out: inout [UInt8]) {
        switch value {
        case .boolean, .integer: out += Array(value.description.utf8)
        case .decimal(let number): out += Array((number.isFinite ? value.description : "null").utf8)
        case .text(let text): JSONText.appendString(text, to: &out)
        }
    }
}
