import Glibc

/// The self-pipe that wakes the event loop's `poll(2)`: the signal guard's and the job runner's.
package enum WakePipe {
    /// A non-blocking, close-on-exec pipe, or `nil` when the system refuses one (too many open files); the loop then
    /// wakes on a short timeout instead.
    ///
    /// - Returns: The read and write ends.
    public static func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    /// Reads everything waiting in a pipe's read end, so `poll` blocks again until the next wake-up.
    ///
    /// - Parameter descriptor: The read end, non-blocking.
    public static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
