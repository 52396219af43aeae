/// The sort items of a file's records, which the natural order sorts.
extension CatalogFile {
    /// Makes every record's sort item from its folded title, in record order on the cores.
    ///
    /// - Complexity: O(B) for B bytes of titles.
    static func sortItems(
        _ folded: [UInt8], _ starts: [UInt32], _ titles: consuming [UInt32], _ explicitKeys: [UInt32: [UInt8]]
    ) -> RawBuffer<SortItem> {
        let count = titles.count
        let items = RawBuffer<SortItem>(capacity: count)
        let pieces = count < 50_000 ? 1 : Parallel.pieces
        let spans = titles
        nonisolated(unsafe) let target = items.base
        _ = folded.withUnsafeBufferPointer { text in
            nonisolated(unsafe) let text = text.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
            return Parallel.map(pieces) { piece -> Int in
                var scratch = RawStorage<UInt8>(capacity: 1 << 12)
                defer { scratch.deallocate() }
                for record in (count * piece / pieces)..<(count * (piece + 1) / pieces) {
                    let title = spans[record]
                    if title == SortItem.explicit {
                        let key = explicitKeys[UInt32(record)] ?? []
                        var item = key.withUnsafeBufferPointer { key in
                            SortItem(
                                record: UInt32(record), key: key.baseAddress ?? UnsafePointer(scratch.base),
                                keyLength: key.count, titleOffset: 0, titleLength: 0)
                        }
                        item.title = SortItem.explicit
                        target[record] = item
                        continue
                    }
                    let length = Int(title & 0xFFFF)
                    scratch.reserve(NaturalOrder.maximumKeyLength(length))
                    let start = Int(starts[record]) + Int(title >> 16)
                    let written = NaturalOrder.writeKey(text + start, count: length, to: scratch.base)
                    target[record] = SortItem(
                        record: UInt32(record), key: scratch.base, keyLength: written, titleOffset: Int(title >> 16),
                        titleLength: length)
                }
                return 0
            }
        }
        items.extend(by: count)
        return items
    }
}
