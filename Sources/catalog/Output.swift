import CatalogTerminal
import Glibc

/// Buffered output to a file descriptor, flushed in large writes. Every string goes through ``Sanitizer`` (text)
/// or ``JSONText`` (JSON) before it is buffered.
struct Output {
    let descriptor: Int32
    private(set) var buffer: [UInt8] = []

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends a line of text, sanitized.
    mutating func line(_ text: String) {
        buffer += Array(Sanitizer.sanitize(text).utf8)
        buffer.append(0x0A)
        flushIfFull()
    }

    /// Appends raw UTF-8 text as a line, sanitized without making a `String` for safe text.
    mutating func line(bytes: UnsafeBufferPointer<UInt8>) {
        Sanitizer.append(bytes, to: &buffer)
        buffer.append(0x0A)
        flushIfFull()
    }

    /// Appends bytes that are already safe (JSON produced by ``JSONText``, fixed text).
    mutating func raw(_ bytes: [UInt8]) {
        buffer += bytes
        flushIfFull()
    }

    mutating func raw(_ text: String) { raw(Array(text.utf8)) }

    private mutating func flushIfFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered; a closed pipe (EPIPE) ends the writing quietly.
    mutating func flush() {
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Prints a one-line error to standard error, sanitized.
func printError(_ message: String) {
    var error = Output(STDERR_FILENO)
    error.line("catalog: " + message)
    error.flush()
}
