extension Hierarchy {
    /// The groups of a hierarchy, numbered breadth first: group 0 is the root, and each group's subgroups are
    /// consecutive and in natural order, so a group's subgroups are a range of numbers and need no list.
    ///
    /// A group costs 20 bytes and an entry 4, whatever the depth: a group's name is where it first appears in an
    /// entry's path (``nameStarts``), not a copy, and its subgroups and entries are ranges of shared arrays.
    struct Groups: Sendable {
        /// Each group's parent; the root's is itself.
        var parents: [UInt32] = [0]
        /// Where each group's name starts in the table's bytes: up to the next `/` (a root `/` is one byte).
        var nameStarts: [UInt32] = [0]
        /// The subgroups of group `g` are the groups `childStarts[g] ..< childStarts[g + 1]`.
        var childStarts: [UInt32] = [1, 1]
        /// The entries of group `g` are `entries[entryStarts[g] ..< entryStarts[g + 1]]`: its own entry first (see
        /// ``owns``), then the others in search order.
        var entryStarts: [UInt32] = [0, 0]
        var entries: [UInt32] = []
        /// The number of entries at or below each group.
        var entryCounts: [UInt32] = [0]
        /// One bit a group: whether its first entry is its own, the entry whose path is the group's path.
        var owns: [UInt64] = [0]

        var count: Int { parents.count }

        @inline(__always)
        func subgroups(_ group: Int) -> Range<Int> { Int(childStarts[group])..<Int(childStarts[group + 1]) }

        @inline(__always)
        func entryRange(_ group: Int) -> Range<Int> { Int(entryStarts[group])..<Int(entryStarts[group + 1]) }

        @inline(__always)
        func hasOwn(_ group: Int) -> Bool { owns[group >> 6] & (1 << UInt64(group & 63)) != 0 }

        /// The bytes the groups hold, for memory reports.
        var memoryFootprint: Int {
            4
                * (parents.capacity + nameStarts.capacity + childStarts.capacity + entryStarts.capacity
                    + entries.capacity + entryCounts.capacity) + 8 * owns.capacity
        }
    }
}
