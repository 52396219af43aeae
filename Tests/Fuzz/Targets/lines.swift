import CatalogKit
import CatalogTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Fuzzes line mode: a ``LineDriver`` over a ``MenuScreen`` with a small registry takes the input's lines as
/// commands. No command may trap, and every printed line must be one line with no unsafe character in it.
///
/// Each line of the input is one command (decoded as `readLine` would, invalid UTF-8 repaired); at most 64.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let commands = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(64)
        .map { String(decoding: $0, as: UTF8.self) }
    guard let menu = try? MenuScreen(source: .registry(registry), maxChildren: 3) else { fail("no menu") }
    var driver = LineDriver(session: Session(root: menu), width: 40)
    checkLines(driver.start())
    for command in commands {
        let (output, done) = driver.handle(line: command)
        checkLines(output)
        if done { break }
    }
    return 0
}

/// A screen that echoes line commands and throws on `!`.
private struct EchoScreen: Screen {
    var title: String
    var last = ""

    struct Refused: Error {}

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action { .none }
    func render(in context: ScreenContext) -> Frame { Frame(lines: [Line(last)]) }
    func lines(in context: ScreenContext) -> [String] { ["\(title): \(last)"] }
    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        if line == "!" { throw Refused() }
        if line == "x" { return .pop }
        last = line
        return .status("got \(line)")
    }
}

private struct Broken: Error {}

private let registry: Registry<any Screen> = {
    let registry = Registry<any Screen>()
    let titles = [
        (["Pickers", "Trees"], "Outline"), (["Pickers"], "Grid Picker"), (["Effects"], "Grid"),
        (["Straßen"], "Straße 2"), (["Straßen"], "Straße 10"), (["Папки"], "Документы"),
        (["대륙"], "아프로-유라시아"), (["Evil"], "Title\u{1B}]0;x\u{07}"), (["Evil"], "a\u{202E}b\u{9B}c"),
        ([], "Top"), (["A", "B", "C", "D"], "Deep"),
    ]
    for (groups, title) in titles {
        try? registry.register(title, in: groups, keywords: ["kw \(title)"]) { EchoScreen(title: title) }
    }
    try? registry.register("Fails", in: ["Effects"]) { throw Broken() }
    return registry
}()

private func checkLines(_ lines: [String]) {
    for line in lines {
        for scalar in line.unicodeScalars where Sanitizer.isUnsafe(scalar) {
            fail("line mode printed U+\(String(scalar.value, radix: 16)) in \(line.debugDescription)")
        }
    }
}

private func fail(_ message: String) -> Never {
    let line = Array("fuzz failure: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
