extension Hierarchy.Builder {
    /// Places every entry in its group, in search order, each group's own entry first, and counts the entries
    /// at or below every group.
    ///
    /// - Complexity: O(n + g), a counting sort over the search order.
    mutating func placeEntries(
        _ groups: inout Hierarchy.Groups, renumbered: [UInt32], owners: [(record: UInt32, group: UInt32)],
        order: [UInt32]
    ) {
        let count = groups.count
        let records = table.count
        let pieces = records < 50_000 ? 1 : Parallel.width
        groupOf.withUnsafeMutableBufferPointer { groupOf in
            nonisolated(unsafe) let groupOf = groupOf
            _ = Parallel.map(pieces) { piece -> Int in
                for record in (records * piece / pieces)..<(records * (piece + 1) / pieces) {
                    groupOf[record] = renumbered[Int(groupOf[record])]
                }
                return 0
            }
        }
        groups.owns = [UInt64](repeating: 0, count: (count + 63) / 64)
        // An own entry is its group's first entry; it is left out of the counting sort below (its group
        // number is marked with the top bit, which no group number has).
        for (record, found) in owners {
            let group = Int(renumbered[Int(found)])
            guard !groups.hasOwn(group) else { continue }
            groups.owns[group >> 6] |= 1 << UInt64(group & 63)
            groupOf[Int(record)] = UInt32(group) | 0x8000_0000
        }
        // Each piece of the search order counts its entries of each group, then writes them after the
        // earlier pieces' ones: a counting sort split over the cores.
        let groupAt = groupOf
        let counts = Parallel.map(pieces) { piece -> [UInt32] in
            var counts = [UInt32](repeating: 0, count: count)
            for position in (records * piece / pieces)..<(records * (piece + 1) / pieces) {
                let group = groupAt[Int(order[position])]
                if group & 0x8000_0000 == 0 { counts[Int(group)] += 1 }
            }
            return counts
        }
        var starts = [UInt32](repeating: 0, count: count + 1)
        var firsts = Array(repeating: [UInt32](), count: pieces)
        var running: UInt32 = 0
        for piece in 0..<pieces { firsts[piece].reserveCapacity(count) }
        for group in 0..<count {
            starts[group] = running
            running += groups.hasOwn(group) ? 1 : 0
            for piece in 0..<pieces {
                firsts[piece].append(running)
                running += counts[piece][group]
            }
        }
        starts[count] = running
        var entries = [UInt32](repeating: 0, count: records)
        let firstSlots = firsts
        let groupStarts = starts
        entries.withUnsafeMutableBufferPointer { entries in
            nonisolated(unsafe) let entries = entries
            _ = Parallel.map(pieces) { piece -> Int in
                var next = firstSlots[piece]
                for position in (records * piece / pieces)..<(records * (piece + 1) / pieces) {
                    let record = order[position]
                    let group = groupAt[Int(record)]
                    if group & 0x8000_0000 != 0 {
                        entries[Int(groupStarts[Int(group & 0x7FFF_FFFF)])] = record
                    } else {
                        entries[Int(next[Int(group)])] = record
                        next[Int(group)] += 1
                    }
                }
                return 0
            }
        }
        groupOf = []
        var totals = [UInt32](repeating: 0, count: count)
        for group in stride(from: count - 1, through: 0, by: -1) {
            totals[group] += starts[group + 1] - starts[group]
            if group > 0 { totals[Int(groups.parents[group])] += totals[group] }
        }
        groups.entryStarts = starts
        groups.entries = entries
        groups.entryCounts = totals
    }
}
