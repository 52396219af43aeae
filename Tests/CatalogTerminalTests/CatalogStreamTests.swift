import CatalogTestSupport
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
