extension Hierarchy {
    /// The top level of a table's hierarchy, found before its entries are sorted: what a launcher shows while the
    /// sort and the whole grouping go on, so its menu is there sooner.
    ///
    /// It is made only when it is exactly the level the whole hierarchy shows: the root (below the chain of groups
    /// that hold everything, ``Hierarchy``) holds groups and at most its own entry, since its other entries would
    /// need the sort's order, and no group of it holds a single entry, which the whole hierarchy shows in its
    /// place with the groups it stands for. Its groups are the whole hierarchy's, with the same numbers and entry
    /// counts, so a menu moved from one to the other keeps its highlight; what lies below them is left out, and
    /// only the top level may be shown.
    ///
    /// - Parameters:
    ///   - table: The entries, in the order read.
    ///   - rootTitle: The title of the root node.
    ///   - maxChildren: The most children a node shows; at least 2.
    /// - Returns: The level, or `nil` when the whole hierarchy is needed to show it.
    /// - Complexity: O(B) for B bytes of paths, once for each group of the chain above the root, plus one; no
    ///   array of every record outlives it.
    package static func provisional(_ table: EntryTable, rootTitle: String, maxChildren: Int) -> Hierarchy? {
        guard table.count > 0, maxChildren >= 2 else { return nil }
        for depth in 1...8 {
            var builder = Builder(table: table, depthLimit: depth)
            builder.prepare()
            let groups = builder.finishCounting()
            // The root as the whole hierarchy finds it: down the chain of groups that hold nothing else.
            var root = 0
            var level = 0
            func direct(_ group: Int) -> Int {
                let below = groups.subgroups(group).reduce(0) { $0 + Int(groups.entryCounts[$1]) }
                return Int(groups.entryCounts[group]) - below - groups.entryRange(group).count
            }
            while groups.entryRange(root).isEmpty && direct(root) == 0 && groups.subgroups(root).count == 1 {
                root = groups.subgroups(root).lowerBound
                level += 1
            }
            // At the depth made, the root's groups may hold more below them: look one level deeper.
            guard level >= depth else {
                guard direct(root) == 0, !groups.subgroups(root).contains(where: { groups.entryCounts[$0] == 1 })
                else { return nil }
                return Hierarchy(
                    table: table, ranks: [], groups: groups, rootTitle: rootTitle, maxChildren: maxChildren,
                    entriesAsRead: false)
            }
        }
        return nil
    }
}
