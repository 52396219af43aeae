import Glibc
import Synchronization

/// A catalog arriving on a descriptor (a pipe from `find /`, say), read in steps so the launcher can show what has
/// come so far while the producer is still writing.
///
/// Each ``read(for:)`` waits up to a time for more bytes and returns every complete line read so far, so a
/// background job can parse them and hand the menu a catalog that grows; the last step, at the end of input, returns
/// everything.
package final class CatalogStream: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        /// The terminators among `bytes`.
        var lines = 0
        var done = false
    }

    /// Where the catalog arrives.
    package let descriptor: Int32
    private let state = Mutex(State())
    /// The byte that ends a line: newline, or NUL for `--read0`.
    package let terminator: UInt8

    /// Reads from a descriptor, which the stream does not close.
    ///
    /// - Parameters:
    ///   - descriptor: Where the catalog arrives.
    ///   - terminator: The byte that ends an entry.
    public init(descriptor: Int32, terminator: UInt8 = 0x0A) {
        self.descriptor = descriptor
        self.terminator = terminator
        // A larger pipe (1 MB, Linux's default limit for it) lets a fast producer write ahead in bigger pieces:
        // 16 times fewer wake-ups for both. Where it can't be resized, the pipe stays as it is.
        #if os(Linux)
            // F_SETPIPE_SZ (1031) is a GNU extension that Glibc's module doesn't export.
            _ = fcntl(descriptor, 1031, Int32(1 << 20))
        #endif
    }

    /// A failure to read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How long a step reads for, given how long the last step's work took (parsing everything read so far,
    /// grouping it, and the menu taking it in): 100 ms, plus three times that work, so the work takes at most a
    /// quarter of the time while input arrives, however large the catalog has grown.
    ///
    /// - Parameter work: The last step's work; zero before the first.
    public static func budget(afterWork work: Duration) -> Duration { .milliseconds(100) + work * 3 }

    /// How long past its budget a step goes on reading while bytes keep coming: a producer that never pauses this
    /// long (`cat` of a big file) is read to its end in one step, so the catalog is parsed once rather than again
    /// at every step.
    static let pause = Duration.milliseconds(5)

    /// The most a step reads past what earlier steps read: 64 MB, or as much as they read in all, whichever is
    /// more. A producer that never ends (`yes`, `cat` of a log larger than memory allows reading at once) then
    /// gives steps that grow, each parse at most twice the last, and the menu shows what came; a list the size of a
    /// million paths (30–70 MB) still comes in one or two steps.
    ///
    /// - Parameter sofar: The bytes earlier steps read.
    public static func stepLimit(after sofar: Int) -> Int { max(64 << 20, sofar) }

    /// The most lines a step reads past what earlier steps read: two million, or as many as they read in all,
    /// whichever is more. Parsing costs by the line as much as by the byte, so a producer of short lines (`yes`
    /// writes 32 million to 64 MB) is read in steps of bounded work too, and the menu shows its first entries
    /// within a second; a list of a million paths still comes in one step.
    ///
    /// - Parameter sofar: The lines earlier steps read.
    public static func lineLimit(after sofar: Int) -> Int { max(2_000_000, sofar) }

    /// Reads whatever arrives within a time, then returns every complete entry so far.
    ///
    /// Past `budget`, it goes on reading for as long as bytes keep arriving without a ``pause``, up to four times
    /// the budget in all: a slow producer (`find /`) gets a step every `budget`, a fast one is read whole, up to
    /// ``stepLimit(after:)`` more bytes.
    ///
    /// - Parameters:
    ///   - budget: How long to wait for more bytes.
    ///   - limit: The most bytes to read in this step (a read of up to a megabyte may pass it); `nil` for
    ///     ``stepLimit(after:)``.
    ///   - lineLimit: The most lines to read in this step, passed as `limit` may be; `nil` for
    ///     ``lineLimit(after:)``.
    /// - Returns: The bytes of every complete line read so far (everything, once the input has ended), and whether
    ///   it has.
    /// - Throws: ``Failure`` when reading fails.
    public func read(for budget: Duration, limit: Int? = nil, lineLimit: Int? = nil) throws -> (
        bytes: [UInt8], done: Bool
    ) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: budget)
        let last = deadline.advanced(by: budget * 3)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        // The bytes so far, taken out of the state so reading appends to them in place, without a copy.
        var bytes: [UInt8] = []
        var (lines, ended) = state.withLock { state in
            swap(&bytes, &state.bytes)
            return (state.lines, state.done)
        }
        let stop = bytes.count + (limit ?? Self.stepLimit(after: bytes.count))
        let stopLines = lines + (lineLimit ?? Self.lineLimit(after: lines))
        while !ended && bytes.count < stop && lines < stopLines {
            let now = clock.now
            let remaining = now.duration(to: deadline)
            guard now < last else { break }
            // Within the budget, wait for bytes; past it, only for a pause of a producer that keeps writing.
            let wait = remaining > .zero ? remaining : Self.pause
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: Int((wait / .milliseconds(1)).rounded(.up)))
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
                bytes += chunk[..<count]
                let terminator = terminator
                lines += chunk.withUnsafeBufferPointer { read in
                    var found = 0
                    for byte in read[..<count] where byte == terminator { found &+= 1 }
                    return found
                }
            }
        }
        let complete: [UInt8]
        if ended {
            complete = bytes
        } else if let last = bytes.lastIndex(of: terminator) {
            complete = Array(bytes[...last])
        } else {
            complete = []
        }
        state.withLock { state in
            swap(&bytes, &state.bytes)
            state.lines = lines
            state.done = ended
        }
        return (complete, ended)
    }
}
