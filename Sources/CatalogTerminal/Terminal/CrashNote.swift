import Glibc
import Synchronization

/// One line that names what a command was doing when the process crashed, written to standard error by
/// ``SignalGuard``'s handler before the Swift runtime's backtracer prints its report: a screen that traps during
/// `snapshot` is named with its entry and scenario (`mycatalog: crashed while playing misc/badkey · presses x`),
/// where the report alone names neither.
///
/// A trap can't be caught, only named: the line is kept, ready, in static storage, and the handler writes it with
/// `write(2)`, allocating nothing and taking no lock. Only a command that turns the note on (``start(program:)``)
/// keeps one; the library's own snapshot checks in a package's tests leave it off.
package enum CrashNote {
    /// The most bytes a note may have, its line break included.
    static let capacity = 1_024

    /// Whether notes are kept.
    private static let on = Atomic<Bool>(false)
    /// The program's name, which each note starts with.
    nonisolated(unsafe) private static var program = "catalog"
    /// The note, the first ``length`` bytes of it.
    nonisolated(unsafe) private static let bytes: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        _ = buffer.initialize(from: Array(repeating: 0, count: capacity))
        return buffer
    }()
    private static let length = Atomic<Int>(0)

    /// Keeps notes from now on, each naming the program, and installs the guard's handlers, which write them.
    package static func start(program: String) {
        _ = bytes  // Made now, never inside a handler.
        self.program = program
        on.store(true, ordering: .releasing)
        _ = SignalGuard.install()
    }

    /// Keeps no more notes, and puts back the handlers that were there before.
    package static func stop() {
        guard on.exchange(false, ordering: .acquiringAndReleasing) else { return }
        length.store(0, ordering: .releasing)
        SignalGuard.uninstall()
    }

    /// Notes that a scenario of an entry is being played, when notes are kept.
    package static func playing(_ entry: String, _ scenario: String) {
        guard on.load(ordering: .acquiring) else { return }
        set(Sanitizer.sanitize("\(program): crashed while playing \(entry) · \(scenario)"))
    }

    /// Replaces the note. It is emptied first and counted last, so a handler meanwhile writes nothing or the whole
    /// line, never a torn one.
    static func set(_ text: String) {
        length.store(0, ordering: .releasing)
        var line = Array(text.utf8)
        if line.count > capacity - 1 {
            // Cut before the character the limit falls in, never inside it.
            var cut = capacity - 1
            while cut > 0, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            line.removeSubrange(cut...)
        }
        line.append(0x0A)
        for (index, byte) in line.enumerated() { bytes[index] = byte }
        length.store(line.count, ordering: .releasing)
    }

    /// Writes the note to standard error, if there is one. Async-signal-safe.
    static func write() {
        let count = length.load(ordering: .acquiring)
        guard count > 0, let base = bytes.baseAddress else { return }
        SignalGuard.writeAll(STDERR_FILENO, base, count)
    }
}
