import Glibc
import Synchronization

/// A catalog arriving on a descriptor (a pipe from `find /`, say), read in steps so the launcher can show what has
/// come so far while the producer is still writing.
///
/// Each ``read(for:)`` waits up to a time for more bytes and returns every complete line read so far, so a
/// background job can parse them and hand the menu a catalog that grows; the last step, at the end of input, returns
/// everything.
public final class CatalogStream: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var done = false
    }

    private let descriptor: Int32
    private let state = Mutex(State())
    /// The byte that ends a line: newline, or NUL for `--read0`.
    private let terminator: UInt8

    /// Reads from a descriptor, which the stream does not close.
    ///
    /// - Parameters:
    ///   - descriptor: Where the catalog arrives.
    ///   - terminator: The byte that ends an entry.
    public init(descriptor: Int32, terminator: UInt8 = 0x0A) {
        self.descriptor = descriptor
        self.terminator = terminator
    }

    /// A failure to read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads whatever arrives within a time, then returns every complete entry so far.
    ///
    /// - Parameter budget: The longest to wait for more bytes.
    /// - Returns: The bytes of every complete line read so far (everything, once the input has ended), and whether
    ///   it has.
    /// - Throws: ``Failure`` when reading fails.
    public func read(for budget: Duration) throws -> (bytes: [UInt8], done: Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: budget)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var fresh: [UInt8] = []
        var ended = state.withLock { $0.done }
        while !ended {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: Int((remaining / .milliseconds(1)).rounded(.up)))
            let ready = poll(&waiting, 1, max(milliseconds, 1))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(description: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                ended = true
            } else {
                fresh += chunk[..<count]
            }
        }
        return state.withLock { state in
            state.bytes += fresh
            state.done = ended
            guard !ended, let last = state.bytes.lastIndex(of: terminator) else {
                return (ended ? state.bytes : [], ended)
            }
            return (Array(state.bytes[...last]), false)
        }
    }
}
