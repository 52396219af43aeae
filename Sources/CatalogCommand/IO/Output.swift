import CatalogTerminal
import Glibc

/// Buffered output to a file descriptor, flushed in large writes, that remembers how writing failed.
///
/// Every string goes through ``Sanitizer`` (text) or ``JSONText`` (JSON) before it is buffered. A closed pipe
/// (`catalog list | head -1`) ends the writing quietly; any other failure (`catalog list > /dev/full`) is kept in
/// ``failure``, so the command can report it and exit 2 instead of letting a script believe the data was written.
struct Output {
    /// How writing failed.
    enum Failure: Equatable {
        /// The reader went away (EPIPE): not an error for a filter.
        case closedPipe
        /// Another error, with its `errno`.
        case error(Int32)
    }

    let descriptor: Int32
    private(set) var buffer: [UInt8] = []
    /// The first failure, after which nothing more is written.
    private(set) var failure: Failure?

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
    mutating func line(bytes: UnsafeBufferPointer<UInt8>, terminator: UInt8 = 0x0A) {
        Sanitizer.append(bytes, to: &buffer)
        buffer.append(terminator)
        flushIfFull()
    }

    /// Appends raw UTF-8 text, sanitized, without ending the line.
    mutating func part(bytes: UnsafeBufferPointer<UInt8>) {
        Sanitizer.append(bytes, to: &buffer)
    }

    /// Appends text, sanitized, without ending the line.
    mutating func part(_ text: String) {
        var text = text
        text.withUTF8 { part(bytes: $0) }
    }

    /// Ends a line written in parts.
    mutating func end() {
        buffer.append(0x0A)
        flushIfFull()
    }

    /// Appends bytes that are already safe (JSON produced by ``JSONText``, fixed text).
    mutating func raw(_ bytes: [UInt8]) {
        buffer += bytes
        flushIfFull()
    }

    mutating func raw(_ text: String) { raw(Array(text.utf8)) }

    /// Appends bytes exactly as they are, then a terminator: a name for the next program (`--print0`, a pick).
    mutating func exact(_ bytes: UnsafeBufferPointer<UInt8>, terminator: UInt8) {
        buffer.append(contentsOf: bytes)
        buffer.append(terminator)
        flushIfFull()
    }

    private mutating func flushIfFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what is buffered, unless writing has already failed.
    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno == EPIPE ? .closedPipe : .error(errno)
                    return
                }
                offset += written
            }
        }
    }
}
