#if canImport(Glibc)
    import Glibc
#endif

/// How this process's allocator hands memory back: set by the launcher once its catalog is in.
enum ProcessMemory {
    /// The size from which glibc's `malloc` maps a block of its own, unmapped again when the block is freed.
    static let mapThreshold: Int32 = 256 << 10

    /// Makes large blocks go back to the system when freed, as they do when the process starts.
    ///
    /// glibc maps blocks from 128 KiB on, but raises that threshold to the size of each mapped block freed, up to
    /// 32 MiB. After loading a large list, whose buffers are tens of megabytes, every later block below that
    /// size comes from the heap and stays resident once freed: each keystroke's hits (a few megabytes for a
    /// million lines) then add to the launcher's resident size instead of passing through. Setting the threshold
    /// fixes it, which turns the raising off (measured on a million lines: 4 MB less at the peak after typing).
    ///
    /// The launcher sets it once the catalog is read, not at start: with it, reading a million lines maps and
    /// unmaps each of the load's megabyte buffers afresh, which took 13 % longer; one-shot commands never set it.
    ///
    /// `mallopt` is found at run time because Swift's `Glibc` module doesn't declare it.
    ///
    /// - Returns: Whether the allocator took the setting (`false` where there is no glibc).
    @discardableResult
    static func returnLargeBlocks() -> Bool {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            // RTLD_DEFAULT: the symbol as the program sees it.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // M_MMAP_THRESHOLD; mallopt returns 1 on success.
            return mallopt(-3, mapThreshold) == 1
        #else
            return false
        #endif
    }
}
