import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Splits work over the machine's cores.
enum Parallel {
    /// The number of cores to use.
    static let width = max(1, min(8, ProcessInfoCores.count))

    /// The number of pieces to split large work into: four per core, so that when the machine is busy and one
    /// core is taken away for a while, the others take its remaining pieces instead of waiting for it.
    static let pieces = 4 * width

    /// Computes `body(i)` for each chunk index concurrently and returns the results in index order.
    ///
    /// - Parameters:
    ///   - count: The number of chunks.
    ///   - body: The work for one chunk; it must not touch shared mutable state.
    /// - Returns: The results, indexed by chunk.
    static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        if count <= 1 { return (0..<count).map(body) }
        let slots = Slots<T>(count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.store(body(index), at: index)
        }
        return slots.values
    }

    /// Result slots written by distinct indices from concurrent workers; read only after they all finish.
    private final class Slots<T>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<T?>
        private let count: Int
        init(_ count: Int) {
            self.count = count
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil, count: count)
        }
        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
        func store(_ value: T, at index: Int) { storage[index] = value }
        var values: [T] { (0..<count).compactMap { storage[$0] } }
    }
}

/// The number of active processors, read once.
enum ProcessInfoCores {
    static let count: Int = {
        #if canImport(Glibc)
            return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            return 2
        #endif
    }()
}

extension Array {
    /// The arrays' elements in one array allocated at its final size: joining a million hits with `flatMap` grows
    /// the array by doubling, copying as it goes, and holds up to twice them at once.
    func joinedExactly<T>() -> [T] where Element == [T] {
        var joined: [T] = []
        joined.reserveCapacity(reduce(0) { $0 + $1.count })
        for part in self { joined.append(contentsOf: part) }
        return joined
    }
}
