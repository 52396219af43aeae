/// Paths divided at `/` and read where they lie, as shell tools print them (``PathComponents/slash``): a leading
/// `/` is a root group, a leading `./` and empty or `.` components are dropped, and so is a trailing `/`. A path of
/// nothing else names the root itself (`/`, `//`, `/.`) or the current directory (`.`, `./`): it is an entry titled
/// `/` or `.`, so `find / ` and `find .` lose no line; the root's is the own entry of the root group `/`.
///
/// A catalog file keeps its lines as read, so `/usr/x`, `./src/a` and `a//b` are stored byte for byte and
/// divided by these functions when a title, a group or a canonical path is asked for: no line is rewritten,
/// and a line in the common forms costs what any other line costs.
///
/// The canonical form of a path is its components joined by `/`, after a `/` when it is rooted: `/usr/x`, `src/a`
/// and `a/b` for the three above. Two lines name the same entry when their canonical forms are equal.
enum ShellPath {
    /// The range of a path's title: its last component.
    ///
    /// - Parameter path: The path as read.
    /// - Returns: The title's range: `/` (the first byte) for a path of only `/` and `.` components that starts
    ///   with `/`, the first `.` for one of `./` and `.` alone; `nil` only for an empty path.
    /// - Complexity: O(length of the title and of any trailing `/` or `/.`), reading from the end.
    @inline(__always)
    static func title(of path: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var end = path.count
        // A trailing "/" and a trailing "." component are dropped: "a/b/", "a/b/.".
        while end > 0 {
            if path[end - 1] == 0x2F {
                end -= 1
            } else if path[end - 1] == 0x2E && (end == 1 || path[end - 2] == 0x2F) {
                end -= 1
            } else {
                break
            }
        }
        guard end > 0, let base = path.baseAddress else { return bareTitle(of: path) }
        return (ByteSearch.last(0x2F, in: base, count: end).map { $0 + 1 } ?? 0)..<end
    }

    /// The title of a path with no component: `/` for the root (`/`, `//`, `/./`), `.` for the current directory
    /// (`.`, `./`, `././`), `nil` for an empty path.
    static func bareTitle(of path: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let first = path.first else { return nil }
        if first == 0x2F { return 0..<1 }
        return path.firstIndex(of: 0x2E).map { $0..<$0 + 1 }
    }

    /// How many bytes of `./` a path starts with, which its canonical form drops (`././a` starts with four).
    @inline(__always)
    static func dotPrefix(of path: UnsafeBufferPointer<UInt8>) -> Int {
        var skip = 0
        while skip + 2 <= path.count && path[skip] == 0x2E && path[skip + 1] == 0x2F
            && (skip + 2 == path.count || path[skip + 2] != 0x2F)
        {
            skip += 2
        }
        return skip
    }

    /// Whether a path's canonical form is its bytes after its leading `./`s (``dotPrefix(of:)``): no `//`, no
    /// other `.` component, no trailing `/`.
    ///
    /// - Complexity: O(n) in the path's bytes.
    static func isCanonical(afterDotPrefix path: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = dotPrefix(of: path)
        guard start < path.count else { return false }
        var index = start
        // A root "/" is canonical; another "/" at a component's start is an empty component.
        var componentStart = path[start] == 0x2F && start == 0 ? 1 : start
        if componentStart >= path.count { return false }
        while index < path.count {
            if path[index] == 0x2F && index >= componentStart {
                let length = index - componentStart
                if length == 0 || (length == 1 && path[componentStart] == 0x2E) { return false }
                componentStart = index + 1
            }
            index += 1
        }
        let length = path.count - componentStart
        return !(length == 0 || (length == 1 && path[componentStart] == 0x2E))
    }

    /// Calls `body` with the canonical form of a path, written into `scratch` when it differs from the path's own
    /// bytes after their leading `./`s.
    ///
    /// - Parameters:
    ///   - path: The path as read; it names something.
    ///   - scratch: A buffer kept between calls, so that canonical forms cost no allocation.
    ///   - body: Called once with the canonical bytes.
    /// - Complexity: O(n) in the path's bytes.
    static func withCanonical<R>(
        _ path: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if isCanonical(afterDotPrefix: path) {
            return body(UnsafeBufferPointer(rebasing: path[dotPrefix(of: path)...]))
        }
        scratch.removeAll(keepingCapacity: true)
        var first = true
        PathComponents.slash.forEachComponent(of: path) { range in
            if !first && !(scratch.count == 1 && scratch[0] == 0x2F) { scratch.append(0x2F) }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: path[range]))
            first = false
        }
        // No component: the root ("/") or the current directory (".").
        if first, let title = bareTitle(of: path) { scratch.append(path[title.lowerBound]) }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// Whether two paths have the same canonical form: the same root and the same components.
    ///
    /// - Complexity: O(n + m) in the paths' bytes.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) {
            return true
        }
        // A root is part of the path: "/" is not ".", as "/x" is not "x".
        guard (a.first == 0x2F) == (b.first == 0x2F) else { return false }
        var left = Components(a)
        var right = Components(b)
        while true {
            let x = left.next()
            let y = right.next()
            guard let x, let y else { return x == nil && y == nil }
            guard x.count == y.count, a[x].elementsEqual(b[y]) else { return false }
        }
    }

    /// The components of a path one at a time, as ``PathComponents/forEachComponent(of:_:)`` gives them.
    struct Components {
        private let path: UnsafeBufferPointer<UInt8>
        private var index: Int
        private var pendingRoot: Bool

        init(_ path: UnsafeBufferPointer<UInt8>) {
            self.path = path
            pendingRoot = path.first == 0x2F
            index = pendingRoot ? 1 : 0
        }

        /// The next component's range, or `nil` after the last one.
        mutating func next() -> Range<Int>? {
            while index < path.count {
                let start = index
                while index < path.count && path[index] != 0x2F { index += 1 }
                let end = index
                index += 1
                if end > start && !(end - start == 1 && path[start] == 0x2E) {
                    if pendingRoot {
                        pendingRoot = false
                        index = start
                        return 0..<1
                    }
                    return start..<end
                }
            }
            return nil
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
