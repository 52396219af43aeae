/// How a line of a list divides into groups and a title, as shell tools print paths: the one rule for rewriting a
/// list (``CatalogFile/Format``) into catalog lines, which the file's checks, the entry table and the hierarchy
/// then read divided at `/`.
///
/// Lines are read the way shell tools print paths. With the separator `/`:
/// - a leading `/` is a root group of its own, named `/` (`/usr/share/x` is `/` › `usr` › `share` › `x`);
/// - a leading `./` is dropped (`./src/a` is `src` › `a`), as are empty components (`a//b` is `a` › `b`) and a
///   trailing separator (`a/b/` is `a` › `b`);
/// - a line that is only separators and dots names nothing, and has no components.
///
/// With another separator (`::`, `.`) the same rules apply to it. A flat catalog has one component a line: the line.
package struct PathComponents: Sendable, Equatable {
    /// What divides groups: `/`, or a string given with `--delimiter`.
    public let separator: [UInt8]
    /// Whether lines are titles only, with no groups (`--flat`).
    public let flat: Bool

    /// Paths divided by `/`, as files are.
    public static let slash = PathComponents(separator: [0x2F])

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - separator: What divides groups; not empty.
    ///   - flat: Whether lines have no groups.
    public init(separator: [UInt8], flat: Bool = false) {
        self.separator = separator.isEmpty ? [0x2F] : separator
        self.flat = flat
    }

    /// The components of a path, groups first and the title last, as ranges of its bytes.
    ///
    /// - Parameter path: The path's bytes.
    /// - Returns: The ranges; empty when the path names nothing.
    /// - Complexity: O(n) in the path's bytes.
    public func ranges(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        forEachComponent(of: path) { ranges.append($0) }
        return ranges
    }

    /// Calls `body` with each component of a path, groups first and the title last, without allocating.
    ///
    /// A root group (a leading separator) is passed only when a component follows it, so a path that names
    /// nothing passes nothing.
    ///
    /// - Parameters:
    ///   - path: The path's bytes.
    ///   - body: Called with each component's range in `path`.
    /// - Complexity: O(n) in the path's bytes.
    @inline(__always)
    func forEachComponent(of path: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        guard !flat else {
            if !path.isEmpty { body(0..<path.count) }
            return
        }
        var start = 0
        // A leading separator is a root group of its own (`/` for absolute paths), passed before the first
        // component that follows it: a root and nothing else names nothing.
        var pendingRoot = matches(path, at: 0)
        if pendingRoot { start = separator.count }
        var index = start
        while index <= path.count {
            if index == path.count || matches(path, at: index) {
                // Empty components and a `.` are dropped: `a//b`, `./a`, `a/./b`.
                if index > start, !(index - start == 1 && path[start] == 0x2E) {
                    if pendingRoot {
                        body(0..<separator.count)
                        pendingRoot = false
                    }
                    body(start..<index)
                }
                index += index == path.count ? 1 : separator.count
                start = index
            } else {
                index += 1
            }
        }
    }

    /// The range of the title, and of the groups before it (from the first group's start to the last one's end),
    /// or `nil` when the path names nothing.
    ///
    /// - Complexity: O(n) in the path's bytes.
    public func split(_ path: UnsafeBufferPointer<UInt8>) -> (groups: Range<Int>?, title: Range<Int>)? {
        let all = ranges(of: path)
        guard let title = all.last else { return nil }
        guard let first = all.first, all.count > 1 else { return (nil, title) }
        return (first.lowerBound..<all[all.count - 2].upperBound, title)
    }

    /// Whether the separator starts at a position.
    @inline(__always)
    private func matches(_ path: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + separator.count <= path.count else { return false }
        for offset in 0..<separator.count where path[index + offset] != separator[offset] { return false }
        return true
    }
}
