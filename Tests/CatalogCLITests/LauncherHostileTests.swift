import CatalogTerminal
import CatalogTestSupport
import Foundation
import Glibc
import Testing

/// The full-screen launcher on hostile catalog files: titles full of escape sequences, C1 controls and bidi
/// overrides are drawn as visible escapes, and none of them reaches the terminal as itself.
@Suite("Launcher on hostile titles", .serialized)
struct LauncherHostileTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HostileInput")
    static let timeout = Duration.seconds(60)

    @Test(
        "browse and filter without obeying the titles",
        arguments: [
            "escape-sequences.txt", "c1-controls.txt", "bidi-overrides.txt", "control-chars.txt",
            "zero-width-joiners.txt", "combining-marks.txt",
        ])
    func hostileTitles(_ name: String) throws {
        let environment = [
            "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        let file = Self.corpus.appendingPathComponent(name).path
        let pty = try PTY.spawn(path: productPath("catalog"), arguments: ["--file", file], environment: environment)
        try pty.read(until: "entries", timeout: Self.timeout)
        // Down the list and back up, drawing every item highlighted, without opening one.
        try pty.send("\u{1B}[B\u{1B}[B\u{1B}[A\u{1B}[A")
        try pty.send("/")  // the filter lists every entry with its group, highlighted
        try pty.read(until: "match", timeout: Self.timeout)
        try pty.send("a")
        try pty.send([0x1B])
        pty.drain(for: .milliseconds(300))
        try pty.send([0x1B])
        #expect(try pty.wait(timeout: Self.timeout) == .exited(130), "a picker cancelled at the root exits 130")
        let output = pty.outputText
        for forbidden in ["\u{1B}]", "\u{1B}P", "\u{07}", "\u{1B}[2J", "\u{1B}[31m", "\u{08}"] {
            #expect(!output.contains(forbidden), "\(name): \(forbidden.debugDescription) reached the terminal")
        }
        if !["zero-width-joiners.txt", "combining-marks.txt"].contains(name) {
            #expect(output.contains("\\u{"), "\(name): the controls are shown as visible escapes")
        }
        let obeyed = output.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
            case 0x00...0x1F: return scalar != "\u{1B}" && scalar != "\r" && scalar != "\n"
            default: return false
            }
        }
        #expect(obeyed == nil, "\(name): U+\(String(obeyed?.value ?? 0, radix: 16)) reached the terminal")
    }
}
