#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Hierarchy.Builder {
    /// Every group but the root, in the natural order of their names (``NaturalOrder``), equal names in byte
    /// order, and groups of the same name in the order found.
    ///
    /// A deep tree repeats a few names in many directories (half a million groups called `src`, `test` or
    /// `v2` hold some 25,000 names), so each distinct name is folded and sorted once, and the groups are then
    /// dealt out in the order of their names, in the order found.
    ///
    /// - Complexity: O(G) expected to find the d distinct names of g groups (G bytes of names), a radix sort of d
    ///   keys (``KeySort``), and O(g + d) to deal the groups out.
    func namesInOrder() -> [UInt32] {
        let count = parents.count
        guard count > 1 else { return [] }
        var (distinct, nameOf) = distinctNames()
        // Each distinct name's place in the order.
        var placeOf = [UInt32](repeating: 0, count: distinct.count)
        for (place, name) in sorted(distinct).enumerated() { placeOf[Int(name)] = UInt32(place) }
        distinct = []
        // Where the groups of each place start in the result, then the groups dealt out in the order found.
        var next = [UInt32](repeating: 0, count: placeOf.count + 1)
        for group in 1..<count {
            nameOf[group] = placeOf[Int(nameOf[group])]
            next[Int(nameOf[group]) + 1] += 1
        }
        for place in 0..<placeOf.count { next[place + 1] += next[place] }
        var order = [UInt32](repeating: 0, count: count - 1)
        for group in 1..<count {
            let place = Int(nameOf[group])
            order[Int(next[place])] = UInt32(group)
            next[place] += 1
        }
        return order
    }

    /// The distinct names of the groups, each as the first group that has it, and the number of each group's name
    /// among them (0 for the root, which has none).
    ///
    /// - Complexity: O(G) expected for G bytes of names: a hash table of the names, which reads a name's bytes
    ///   again only when the hashes agree.
    private func distinctNames() -> (distinct: [UInt32], nameOf: [UInt32]) {
        var distinct: [UInt32] = []
        var nameOf = [UInt32](repeating: 0, count: parents.count)
        // The hash's high 32 bits and a distinct name's number plus one, 0 for an empty slot.
        var slots = [UInt64](repeating: 0, count: 1 << 10)
        table.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            for group in 1..<parents.count {
                let start = Int(nameStarts[group])
                let length = Hierarchy.Builder.name(base, start)
                let tag = PathSet.hash(base + start, count: length) >> 32
                var mask = slots.count - 1
                var slot = Int(tag) & mask
                var found: UInt32?
                while slots[slot] != 0 {
                    let entry = slots[slot]
                    let other = Int(nameStarts[Int(distinct[Int(entry & 0xFFFF_FFFF) - 1])])
                    if entry >> 32 == tag && Hierarchy.Builder.name(base, other) == length
                        && memcmp(base + other, base + start, length) == 0
                    {
                        found = UInt32(entry & 0xFFFF_FFFF) - 1
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if let found {
                    nameOf[group] = found
                    continue
                }
                nameOf[group] = UInt32(distinct.count)
                distinct.append(UInt32(group))
                slots[slot] = tag << 32 | UInt64(distinct.count)
                if 2 * distinct.count > slots.count { mask = Self.grow(&slots) }
            }
        }
        return (distinct, nameOf)
    }

    /// Distinct names, each given as a group that has it, in natural order, equal keys in byte order.
    ///
    /// - Returns: The names' numbers (their places in `groups`), sorted.
    /// - Complexity: O(B) to fold the names' B bytes and write their keys, and a radix sort of the keys
    ///   (``KeySort``).
    private func sorted(_ groups: [UInt32]) -> [UInt32] {
        let count = groups.count
        guard count > 1 else { return count == 1 ? [0] : [] }
        // Every name's key, back to back, and a 16-byte sort item for each: the items sort on their first eight
        // key bytes, and only names that share them read their keys whole.
        var keys = RawStorage<UInt8>(capacity: 16 * count)
        var keyStarts = RawStorage<UInt32>(capacity: count)
        let items = RawBuffer<SortItem>(capacity: count)
        var folded: [UInt8] = []
        var folder = Folder()
        // Keys too long for an item to give their length (names of 13,000 characters and more).
        var long: [UInt32: [UInt8]] = [:]
        table.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            for (number, group) in groups.enumerated() {
                let start = Int(nameStarts[Int(group)])
                let name = UnsafeBufferPointer(start: base + start, count: Hierarchy.Builder.name(base, start))
                folded.removeAll(keepingCapacity: true)
                if !folder.append(name, to: &folded) {
                    folded.removeAll(keepingCapacity: true)
                    folded.append(contentsOf: name)
                }
                let keyStart = keys.count
                keys.reserve(NaturalOrder.maximumKeyLength(folded.count))
                keys.count += folded.withUnsafeBufferPointer { title in
                    NaturalOrder.writeKey(title.baseAddress ?? base, count: title.count, to: keys.base + keys.count)
                }
                keyStarts.append(UInt32(keyStart))
                items.base[number] = SortItem(
                    record: UInt32(number), key: keys.base + keyStart, keyLength: keys.count - keyStart,
                    encodedLength: keys.count - keyStart)
                if items.base[number].title == SortItem.explicit {
                    long[UInt32(number)] = Array(
                        UnsafeBufferPointer(start: keys.base + keyStart, count: keys.count - keyStart))
                }
            }
        }
        items.extend(by: count)
        defer {
            keys.deallocate()
            keyStarts.deallocate()
        }
        let names = nameStarts
        let text = table.bytes
        KeySort.order(
            items: UnsafeMutableBufferPointer(start: items.base, count: count),
            keys: KeySort.KeyWriter(
                text: UnsafePointer(keys.base), starts: UnsafePointer(keyStarts.base), explicit: long, encoded: true)
        ) { a, b in
            text.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                let x = Int(names[Int(groups[Int(a)])])
                let y = Int(names[Int(groups[Int(b)])])
                let result = NaturalOrder.compare(
                    UnsafeBufferPointer(start: base + x, count: Hierarchy.Builder.name(base, x)),
                    UnsafeBufferPointer(start: base + y, count: Hierarchy.Builder.name(base, y)))
                return result != 0 ? result < 0 : a < b
            }
        }
        return items.takeRecords()
    }
}
