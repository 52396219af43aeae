/// The entries marked to pick (`--multi`), in the order they were marked, which is the order they are printed in,
/// as fzf prints its selections.
///
/// Marking a group marks the entries under it in the order the menu shows them.
struct Marks: Equatable, Sendable {
    /// The marked records, first marked first.
    private(set) var inOrder: [UInt32] = []
    private var members: Set<UInt32> = []

    init() {}

    /// Marks, in the order given, restoring an order read elsewhere (a rebase); repeats are kept once.
    init(_ records: some Sequence<UInt32>) { mark(records) }

    var isEmpty: Bool { inOrder.isEmpty }
    var count: Int { inOrder.count }

    /// - Complexity: O(1).
    func contains(_ record: UInt32) -> Bool { members.contains(record) }

    /// Marks records that are not marked yet, after those that are.
    ///
    /// - Complexity: O(records).
    mutating func mark(_ records: some Sequence<UInt32>) {
        for record in records where members.insert(record).inserted { inOrder.append(record) }
    }

    /// Unmarks records; the rest keep their order.
    ///
    /// - Complexity: O(records + marks).
    mutating func unmark(_ records: some Sequence<UInt32>) {
        let before = members.count
        members.subtract(records)
        if members.count != before { inOrder.removeAll { !members.contains($0) } }
    }
}
