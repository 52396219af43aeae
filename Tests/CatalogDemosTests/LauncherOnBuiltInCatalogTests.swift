import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogDemos

/// The launcher over the built-in catalog, driven through the real event loop on a virtual terminal: what a new user
/// sees first.
@Suite("Launcher on the built-in catalog")
struct LauncherOnBuiltInCatalogTests {
    func registry() throws -> Registry<any Screen> {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry, environment: [:])
        return registry
    }

    func run(
        _ terminal: VirtualTerminal, environment: ScreenEnvironment = .standard, history: History? = nil
    ) throws -> EventLoop {
        var options = MenuScreen.Options()
        options.history = history
        let menu = try MenuScreen(source: .registry(try registry()), options: options)
        var loop = EventLoop(
            session: Session(root: menu, environment: environment), terminal: terminal, jobs: InlineJobs(),
            renderer: Renderer(colorMode: .none))
        _ = try loop.run()
        return loop
    }

    @Test("the root shows at least nine items, none a bucket made only of groups of one")
    func shallowRoot() throws {
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        terminal.type([0x1B], at: .milliseconds(10))
        let loop = try run(terminal)
        let frame = terminal.frames.first ?? ""
        let items = frame.split(separator: "\n").filter { $0.hasPrefix(" ") && $0.dropFirst(2).hasPrefix(" ") }
        #expect(items.count >= 9, "\(frame)")
        #expect(loop.session.titles == ["Catalog"])
    }

    @Test("at 120 columns the pane shows a live render of the highlighted demo")
    func livePreview() throws {
        let terminal = VirtualTerminal(size: Size(columns: 120, rows: 30))
        terminal.type("\u{1B}[B", at: .milliseconds(10))  // down to Greeting
        terminal.type([0x1B], at: .milliseconds(100))
        _ = try run(terminal)
        let shown = try #require(terminal.frames.last)
        #expect(shown.contains("│ Greeting"))
        #expect(shown.contains("│ Hello, terminal!"), "the screen's own first frame, not just its summary")
    }

    @Test("LANG=de_DE.UTF-8 gives the Multi Selector's summary in German")
    func germanSummary() throws {
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        terminal.type("multi\r", at: .milliseconds(10))
        terminal.type([0x03], at: .milliseconds(200))
        _ = try run(terminal, environment: ScreenEnvironment.detect(["LANG": "de_DE.UTF-8"]))
        let shown = try #require(terminal.frames.last)
        #expect(shown.contains("Learn Japanese, Learn SwiftUI und Learn Serverless with Swift"), "\(shown)")
    }

    @Test("an entry opened before is under Recent")
    func recent() throws {
        var history = History()
        history.recordOpening("basics/greeting", at: Date(timeIntervalSince1970: 1_800_000_000))
        let terminal = VirtualTerminal(size: Size(columns: 80, rows: 24))
        terminal.type("\u{1B}[F\r", at: .milliseconds(10))  // End, then Enter: the shelves come last
        terminal.type([0x03], at: .milliseconds(100))
        let loop = try run(terminal, history: history)
        #expect(terminal.frames.first?.contains("   ◷ Recent  1 entry") == true)
        #expect(terminal.frames.first?.contains(" 1   Animated Grid") == true, "the digits are the catalog's")
        #expect(loop.session.titles == ["Catalog › Recent"])
        #expect(terminal.frames.last?.contains("Greeting · Basics") == true)
    }
}
