#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable run of plain values that hot loops write through a pointer, with no reference counting.
///
/// Reading a file appends tens of megabytes a few bytes at a time; an `Array` checks uniqueness and capacity on
/// every append, and gives no pointer to its spare capacity, and a class is retained and released around every
/// call. This is a plain value: whoever makes one frees it, by handing it to a ``RawBuffer`` (which frees it when
/// it goes) or with ``deallocate()``. It grows with `realloc`, which moves large blocks by remapping pages, not copying.
struct RawStorage<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of values written; values past it are uninitialized.
    var count = 0
    /// Whether the memory is a mapping of its own (large buffers), given back to the system the moment it is
    /// freed, rather than a block of the heap.
    private var mapped = false

    /// Buffers of at least this many bytes are mapped: freeing them lowers the resident memory at once, so a
    /// transient buffer never raises the peak of what comes after it.
    private static var mappingThreshold: Int { 1 << 20 }

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        let bytes = self.capacity * MemoryLayout<Element>.stride
        (base, mapped) = RawStorage.allocate(bytes)
        HugePages.advise(UnsafeMutableRawPointer(base), bytes: bytes)
    }

    /// `count` zeros; large ones come straight from zeroed pages, so untouched parts cost nothing.
    init(zeros count: Int) {
        capacity = max(count, 16)
        let bytes = capacity * MemoryLayout<Element>.stride
        if bytes >= 1 << 16 {
            // A fresh mapping is zero-filled by the kernel, page by page as it is touched: a table of which a
            // reader uses a few entries costs the pages it touches, not a memset of all of it.
            (base, mapped) = RawStorage.allocate(bytes, mapping: true)
        } else {
            guard let memory = calloc(capacity, MemoryLayout<Element>.stride) else {
                preconditionFailure("out of memory")
            }
            base = memory.bindMemory(to: Element.self, capacity: capacity)
        }
        self.count = count
    }

    private static func allocate(_ bytes: Int, mapping: Bool = false) -> (UnsafeMutablePointer<Element>, mapped: Bool) {
        #if os(Linux)
            if bytes >= mappingThreshold || mapping {
                let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                guard let memory, memory != MAP_FAILED else { preconditionFailure("out of memory") }
                return (memory.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride), true)
            }
        #endif
        guard let memory = malloc(bytes) else { preconditionFailure("out of memory") }
        return (memory.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride), false)
    }

    /// Gives the whole pages inside a range of bytes back to the system, in a mapping whose bytes there are no
    /// longer needed (they read as zeros afterwards): a join then holds a slice of its parts twice, not a whole
    /// part. Other storage is left as it is.
    func discardPages(bytes: Range<Int>) {
        #if os(Linux)
            guard mapped else { return }
            let page = Int(getpagesize())
            // A mapping starts on a page boundary.
            let first = (bytes.lowerBound + page - 1) & ~(page - 1)
            let end = min(bytes.upperBound, capacity * MemoryLayout<Element>.stride) & ~(page - 1)
            if end > first { _ = madvise(UnsafeMutableRawPointer(base) + first, end - first, Int32(MADV_DONTNEED)) }
        #endif
    }

    /// Gives back the whole pages holding the first `count` values (see ``discardPages(bytes:)``).
    func discardPages(before count: Int) { discardPages(bytes: 0..<count * MemoryLayout<Element>.stride) }

    func deallocate() {
        #if os(Linux)
            if mapped {
                munmap(base, capacity * MemoryLayout<Element>.stride)
                return
            }
        #endif
        free(base)
    }

    /// Makes room for `additional` more values, so that `base + count ..< base + count + additional` is writable.
    ///
    /// - Complexity: Amortized O(1) per value: the capacity at least doubles.
    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count &+ additional > capacity { grow(to: count + additional) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let stride = MemoryLayout<Element>.stride
        let oldBytes = capacity * stride
        let newBytes = newCapacity * stride
        #if os(Linux)
            if mapped || newBytes >= RawStorage.mappingThreshold {
                // A new mapping, the values copied, the old one freed: the capacity doubles, so this is rare.
                let (memory, _) = RawStorage.allocate(newBytes)
                memory.update(from: base, count: count)
                if mapped { munmap(base, oldBytes) } else { free(base) }
                base = memory
                capacity = newCapacity
                mapped = true
                HugePages.advise(UnsafeMutableRawPointer(memory), bytes: newBytes)
                return
            }
        #endif
        guard let memory = realloc(base, newBytes) else { preconditionFailure("out of memory") }
        base = memory.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
        HugePages.advise(memory, bytes: newBytes)
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        reserve(1)
        base[count] = value
        count &+= 1
    }

    mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let source = values.baseAddress, !values.isEmpty else { return }
        reserve(values.count)
        (base + count).update(from: source, count: values.count)
        count += values.count
    }
}

/// A ``RawStorage`` owned by a class, which frees it, so a piece of a file read on one thread can be handed to
/// another; it is never shared while it is written.
final class RawBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    private(set) var storage: RawStorage<Element>

    init(capacity: Int) { storage = RawStorage(capacity: capacity) }

    /// Takes over a storage; this buffer frees it.
    init(adopting storage: RawStorage<Element>) { self.storage = storage }

    deinit { storage.deallocate() }

    /// Counts `count` more values as written, after they were written through ``base``.
    func extend(by count: Int) { storage.count += count }

    /// Frees the values now, before the buffer goes: a joined buffer gives its parts back one by one.
    func release() {
        storage.deallocate()
        storage = RawStorage(capacity: 0)
    }

    var base: UnsafeMutablePointer<Element> { storage.base }
    var count: Int { storage.count }

    /// The values written, as a buffer valid until the next write.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage.base, count: storage.count) }

    /// How many values a join copies before it gives the pages they came from back (a megabyte of them).
    static var joinSlice: Int { (1 << 20) / MemoryLayout<Element>.stride }

    /// Joins buffers into one array, giving each part's pages back as they are copied (``RawStorage/discardPages(before:)``)
    /// and freeing the part once copied, so the join raises the memory by a megabyte, not by the size of a part.
    ///
    /// - Parameters:
    ///   - parts: The buffers, in order; each is released.
    ///   - dropFirst: How many values to skip at the start of every part but the first (the leading 0 of a part's
    ///     record starts).
    ///   - adjust: A value added to every value of part `i` as it is copied (to rebase offsets), or `nil`.
    /// - Returns: The values of all parts.
    /// - Complexity: O(total count).
    static func joined(
        _ parts: [RawBuffer<Element>], dropFirst: Int = 0, adjust: [Element]? = nil
    ) -> [Element] where Element: FixedWidthInteger & Sendable {
        let counts = parts.enumerated().map { $0.offset == 0 ? $0.element.count : $0.element.count - dropFirst }
        let total = counts.reduce(0, +)
        return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let target = buffer.baseAddress else { return }
            HugePages.advise(UnsafeMutableRawPointer(target), bytes: total * MemoryLayout<Element>.stride)
            var offset = 0
            for (part, buffer) in parts.enumerated() {
                let skip = part == 0 ? 0 : dropFirst
                let source = buffer.base + skip
                let count = counts[part]
                let to = target + offset
                let delta = adjust?[part] ?? 0
                var copied = 0
                while copied < count {
                    let slice = Swift.min(count - copied, joinSlice)
                    if delta != 0 {
                        for index in copied..<copied + slice { to[index] = source[index] &+ delta }
                    } else {
                        (to + copied).update(from: source + copied, count: slice)
                    }
                    copied += slice
                    buffer.storage.discardPages(before: skip + copied)
                }
                offset += count
                buffer.release()
            }
            initialized = total
        }
    }
}

extension RawBuffer where Element: FixedWidthInteger & Sendable {
    /// Joins the parts into one array, keeping the first `kept` values of each group of `group`, each part's pages
    /// given back as they are copied and the part freed once copied.
    static func joined(_ parts: [RawBuffer<Element>], keeping kept: Int, of group: Int) -> [Element] {
        let total = parts.reduce(0) { $0 + $1.count / group * kept }
        return [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let target = buffer.baseAddress else { return }
            HugePages.advise(UnsafeMutableRawPointer(target), bytes: total * MemoryLayout<Element>.stride)
            var to = target
            for part in parts {
                var from = part.base
                let groups = part.count / group
                for done in 0..<groups {
                    for value in 0..<kept { (to + value).initialize(to: from[value]) }
                    to += kept
                    from += group
                    if (done + 1) % joinSlice == 0 { part.storage.discardPages(before: (done + 1) * group) }
                }
                part.release()
            }
            initialized = total
        }
    }
}

/// Asks the kernel to back large buffers with 2 MB pages where it allows that on request (transparent huge pages
/// in "madvise" mode), so filling tens of megabytes takes a few dozen page faults instead of thousands, and random
/// reads (sorting, hashing) miss the TLB less.
package enum HugePages {
    private static let size = 2 << 20

    /// Advises the whole 2 MB pages inside a buffer of at least 4 MB; smaller buffers are left alone.
    package static func advise(_ start: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= 2 * size else { return }
        let address = UInt(bitPattern: start)
        let first = (address + UInt(size) - 1) & ~UInt(size - 1)
        let last = (address + UInt(bytes)) & ~UInt(size - 1)
        guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(last - first), Int32(MADV_HUGEPAGE))
    }
}
