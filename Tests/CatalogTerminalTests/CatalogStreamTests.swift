import CatalogTestSupport
import Foundation
import Glibc
import Testing

@testable import CatalogTerminal

/// A catalog arriving on a pipe: each step returns the complete entries so far, and everything once input ends.
@Suite("Catalog stream")
struct CatalogStreamTests {
    /// A pipe no child spawned by another test inherits: one that held the write end would hide the end of input.
    func pipe() throws -> (read: Int32, write: Int32) { try Spawn.pipes(1)[0] }

    func write(_ text: String, to descriptor: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    @Test("a step returns the complete lines so far; the end of input returns the rest and says it is done")
    func steps() throws {
        let (reader, writer) = try pipe()
        let stream = CatalogStream(descriptor: reader)
        write("a/One\nb/Tw", to: writer)
        let first = try stream.read(for: .milliseconds(20))
        #expect(first.bytes == Array("a/One\n".utf8))
        #expect(!first.done)
        write("o\n", to: writer)
        close(writer)
        let last = try stream.read(for: .milliseconds(20))
        #expect(last.bytes == Array("a/One\nb/Two\n".utf8))
        #expect(last.done)
        // Once ended, a step returns everything without touching the descriptor: closed now, a read would throw.
        close(reader)
        #expect(try stream.read(for: .seconds(60)) == last)
    }

    @Test("a step reads 100 ms plus three times the last step's work, so that work is at most a quarter of the time")
    func budget() {
        #expect(CatalogStream.budget(afterWork: .zero) == .milliseconds(100))
        #expect(CatalogStream.budget(afterWork: .milliseconds(300)) == .milliseconds(1000))
    }

    @Test("a producer that never pauses (yes) is read in steps of bounded size, each up to what came before")
    func boundedSteps() throws {
        #expect(CatalogStream.stepLimit(after: 0) == 64 << 20)
        #expect(CatalogStream.stepLimit(after: 100 << 20) == 100 << 20, "a step at most doubles what was read")
        let (reader, writer) = try pipe()
        defer { close(reader) }
        let stream = CatalogStream(descriptor: reader)
        // 16 MB of lines, written as fast as the pipe takes them, on a thread of its own.
        let done = DispatchSemaphore(value: 0)
        let line = Array(String(repeating: "y", count: 63).utf8) + [0x0A]
        let block = Array(repeatElement(line, count: 4096).joined())
        produce(block, times: 64, to: writer, then: done)
        let first = try stream.read(for: .seconds(2), limit: 2 << 20)
        #expect(!first.done)
        #expect((2 << 20..<4 << 20).contains(first.bytes.count), "\(first.bytes.count) bytes")
        #expect(first.bytes.last == 0x0A)
        var last = try stream.read(for: .seconds(2))
        while !last.done { last = try stream.read(for: .seconds(2)) }
        #expect(last.bytes.count == 64 * block.count)
        done.wait()
    }

    @Test("a producer of short lines is read in steps of bounded lines, as parsing costs by the line")
    func boundedLines() throws {
        #expect(CatalogStream.lineLimit(after: 0) == 2_000_000)
        #expect(CatalogStream.lineLimit(after: 5_000_000) == 5_000_000, "a step at most doubles the lines read")
        let (reader, writer) = try pipe()
        defer { close(reader) }
        let stream = CatalogStream(descriptor: reader)
        // 4 MB of two-byte lines, as `yes` writes them, on a thread of its own.
        let block = Array(repeatElement(Array("y\n".utf8), count: 1 << 16).joined())
        let done = DispatchSemaphore(value: 0)
        produce(block, times: 32, to: writer, then: done)
        // Bytes alone would allow the whole 4 MB; 100,000 lines stop the step within a read of a megabyte.
        let first = try stream.read(for: .seconds(2), limit: 64 << 20, lineLimit: 100_000)
        #expect(!first.done)
        #expect((200_000..<200_000 + (1 << 20)).contains(first.bytes.count), "\(first.bytes.count) bytes")
        var last = try stream.read(for: .seconds(2), limit: 64 << 20, lineLimit: 1 << 30)
        while !last.done { last = try stream.read(for: .seconds(2)) }
        #expect(last.bytes.count == 32 * block.count)
        done.wait()
    }

    /// Writes a block to a pipe so many times, as fast as it takes them, on a thread of its own; then closes it.
    func produce(_ block: [UInt8], times: Int, to writer: Int32, then done: DispatchSemaphore) {
        Thread {
            for _ in 0..<times {
                _ = block.withUnsafeBytes { bytes in
                    var written = 0
                    while written < bytes.count {
                        let count = Glibc.write(writer, bytes.baseAddress! + written, bytes.count - written)
                        if count <= 0 { break }
                        written += count
                    }
                }
            }
            close(writer)
            done.signal()
        }.start()
    }

    @Test("with --read0, entries end at NUL and may hold newlines")
    func nul() throws {
        let (reader, writer) = try pipe()
        defer { close(reader) }
        let stream = CatalogStream(descriptor: reader, terminator: 0)
        write("two\nlines\u{0}half", to: writer)
        #expect(try stream.read(for: .milliseconds(20)).bytes == Array("two\nlines\u{0}".utf8))
        close(writer)
        #expect(try stream.read(for: .milliseconds(20)).bytes == Array("two\nlines\u{0}half".utf8))
    }
}
