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

    /// Whether a person reads what is written (a terminal), rather than the next program.
    var isTerminal: Bool { isatty(descriptor) == 1 }

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

    /// Appends many lines of raw UTF-8, each sanitized (or, `exact`, as it is) and ended by `terminator`.
    ///
    /// Lines in result order lie scattered through their text, so each line's first byte is a cache miss, and
    /// one line at a time those misses come one after another (`catalog search straße`, 79,761 hits, wrote them in
    /// 45-49 ms so, and takes 38-40 ms in batches). Here a batch of lines is copied first, in a loop of copies that do not wait on each other,
    /// so memory fetches them together; they are checked in the buffer after, and from the first line that is not
    /// safe on, the batch is written again, sanitized.
    ///
    /// - Parameters:
    ///   - items: What to write, in order.
    ///   - bytes: Calls its second argument with an item's bytes.
    mutating func lines<Items: Collection>(
        _ items: Items, exact: Bool, terminator: UInt8,
        bytes: (Items.Element, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        var ends: [Int] = []
        ends.reserveCapacity(Output.batch)
        var start = items.startIndex
        while start != items.endIndex {
            let end = items.index(start, offsetBy: Output.batch, limitedBy: items.endIndex) ?? items.endIndex
            let first = buffer.count
            ends.removeAll(keepingCapacity: true)
            for item in items[start..<end] {
                bytes(item) { buffer.append(contentsOf: $0) }
                ends.append(buffer.count)
                buffer.append(terminator)
            }
            if !exact { sanitize(from: first, ends: ends, terminator: terminator) }
            flushIfFull()
            start = end
        }
    }

    /// Lines checked after ``lines(_:exact:terminator:bytes:)`` copied them: from the first that is not safe on,
    /// written again through the sanitizer.
    private mutating func sanitize(from first: Int, ends: [Int], terminator: UInt8) {
        var start = first
        for (line, end) in ends.enumerated() {
            if buffer.withUnsafeBufferPointer({ Sanitizer.isSafe(UnsafeBufferPointer(rebasing: $0[start..<end])) }) {
                start = end + 1
                continue
            }
            let copied = Array(buffer[start...])
            buffer.removeSubrange(start...)
            var lineStart = start
            copied.withUnsafeBufferPointer { copied in
                for end in ends[line...] {
                    Sanitizer.append(
                        UnsafeBufferPointer(rebasing: copied[(lineStart - start)..<(end - start)]), to: &buffer)
                    buffer.append(terminator)
                    lineStart = end + 1
                }
            }
            return
        }
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

    /// Lines copied at a time by ``lines(_:exact:terminator:bytes:)``: enough to keep memory busy.
    private static let batch = 32

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
