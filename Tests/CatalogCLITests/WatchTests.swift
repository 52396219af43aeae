import CatalogKit
import CatalogTerminal
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogCommand

/// `--watch`'s command line and the process that takes over: mistakes are one line and exit 2; a handover reopens
/// the entry over the menu where it was, replayed to the same state, or says in one line why it can't.
@Suite("Live reload's command line")
struct WatchOptionTests {
    /// Runs the catalog binary in a folder.
    func catalog(in folder: String, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(
            "/bin/sh", ["-c", #"cd "$0" && exec "$@""#, folder, productPath("catalog")] + arguments,
            environment: ["CATALOG_DEFAULT_OPTS": ""])
    }

    @Test("outside a package, with --file -, without a terminal, or with a missing folder, --watch is one line, exit 2")
    func mistakes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let cases: [(folder: String, arguments: [String], message: String)] = [
            (
                scratch.url.path, ["--watch"],
                "catalog: option '--watch' needs a Swift package: there is no Package.swift in '\(scratch.url.path)' "
                    + "or a folder above it. See 'catalog --help'."
            ),
            (
                package, ["--watch", "--file", "-"],
                "catalog: option '--watch' can't be used with --file -: the rebuilt program could not read standard "
                    + "input again. See 'catalog --help'."
            ),
            (
                package, ["--watch-product", "catalog"],
                "catalog: option '--watch-product' is for --watch; give --watch too. See 'catalog --help'."
            ),
            (
                package, ["--watch-path", "Sources"],
                "catalog: option '--watch-path' is for --watch; give --watch too. See 'catalog --help'."
            ),
            (
                package, ["--watch", "--watch-path", "no/such/folder"],
                "catalog: --watch-path 'no/such/folder' is not a folder."
            ),
            (
                package, ["--watch", "--plain"],
                "catalog: option '--watch' needs a terminal: line mode (--plain, or no terminal) can't show a "
                    + "rebuild. See 'catalog --help'."
            ),
        ]
        for (folder, arguments, message) in cases {
            let result = try catalog(in: folder, arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message + "\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }
}

/// The process that takes over from a rebuilt one: ``Reopen`` on a registry, without a terminal.
@Suite("Reopening after a rebuild")
struct ReopenTests {
    struct Counter: Screen {
        var count = 0
        mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
            if event.key == .character("+") { count += 1 }
            if event.key == .character("!") { throw InputError(description: "the screen broke") }
            return event.key == .character("x") ? .quit : .none
        }
        func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("Count: \(count)")]) }
    }

    func context() throws -> Context {
        let registry = Registry<any Screen>()
        try registry.register("Other", in: ["Basics"]) { Counter() }
        try registry.register("Counter", in: ["Basics", "Numbers"]) { Counter() }
        return Context(registry: registry, name: "tally", version: "1", environment: [:])
    }

    func reopen(_ entry: String?, keys: String) throws -> (session: Session, resuming: Bool) {
        let context = try context()
        var options = ["--locale", "de", "--color", "never", "--size", "60x12"]
        if !keys.isEmpty { options += ["--keys", keys] }
        var handover = Handover(
            settings: termios(), link: nil, build: Rebuild.Build(duration: .milliseconds(2345), started: 0))
        handover.entry = entry
        handover.options = options
        let menu = try MenuScreen(source: .registry(context.registry), options: MenuScreen.Options())
        let (session, resuming) = Reopen.session(
            handover, menu: menu, environment: .standard, product: "tally", context: context)
        return (session, resuming != nil)
    }

    @Test("the entry opens over the menu where it is, in the link's language, its steps replayed")
    func reopens() throws {
        let (session, resuming) = try reopen("basics/numbers/counter", keys: "+*3")
        #expect(resuming)
        #expect(session.titles == ["Catalog › Basics", "Counter"], "the menu shows the group the entry is in")
        #expect(session.render(in: Size(columns: 60, rows: 12)).lines[1].text == "Count: 3")
        #expect(session.status == "tally in 2,3 s neu gebaut.")
        #expect(session.environment.locale.identifier == "de")
    }

    @Test("an entry that is gone, or steps that fail, leave the menu with a one-line reason")
    func cannot() throws {
        let gone = try reopen("basics/gone", keys: "+")
        #expect(!gone.resuming && gone.session.stack.count == 1)
        #expect(gone.session.status == "Rebuilt; the catalog no longer has “basics/gone”.")
        let bad = try reopen("basics/numbers/counter", keys: "nosuchkey*2")
        #expect(bad.session.stack.count == 1)
        #expect(bad.session.status?.hasPrefix("Rebuilt, but “basics/numbers/counter” could not be reopened: ") == true)
        let closed = try reopen("basics/numbers/counter", keys: "+ x")
        #expect(!closed.resuming && closed.session.stack.count == 1)
        #expect(closed.session.status == "Rebuilt, but “Counter” closed as its steps were replayed.")
        let none = try reopen(nil, keys: "")
        #expect(none.session.stack.count == 1 && none.session.status == "Rebuilt tally in 2.3 s.")
    }

    @Test("an entry that saved something opens from its files, its steps not replayed a second time")
    func saved() throws {
        let context = try context()
        var handover = Handover(
            settings: termios(), link: nil, build: Rebuild.Build(duration: .milliseconds(2345), started: 0),
            saved: true)
        handover.entry = "basics/numbers/counter"
        handover.options = ["--locale", "en", "--color", "never", "--size", "60x12", "--keys", "+*3"]
        let menu = try MenuScreen(source: .registry(context.registry), options: MenuScreen.Options())
        var (session, resuming) = Reopen.session(
            handover, menu: menu, environment: .standard, product: "tally", context: context)
        #expect(resuming == nil)
        #expect(
            session.status
                == "Rebuilt tally in 2.3 s; “Counter” keeps its state in files, so it opened from what it saved.")
        _ = session.start(size: Size(columns: 60, rows: 12))
        #expect(session.titles.last == "Counter")
        #expect(session.render(in: Size(columns: 60, rows: 12)).lines[1].text == "Count: 0", "not replayed")
    }

    @Test("the language and colour chosen with F2 and F3 go along when no entry is open")
    func environment() throws {
        let context = try context()
        var handover = Handover(
            settings: termios(), link: nil, build: Rebuild.Build(duration: .milliseconds(2345), started: 0),
            environment: ScreenEnvironment(locale: Locale(identifier: "de"), colorMode: .none))
        handover.entry = nil
        let menu = try MenuScreen(source: .registry(context.registry), options: MenuScreen.Options())
        let (session, _) = Reopen.session(
            handover, menu: menu, environment: .standard, product: "tally", context: context)
        #expect(session.environment.locale.identifier == "de" && session.environment.colorMode == .none)
        #expect(session.status == "tally in 2,3 s neu gebaut.")
    }

    @Test("with no entry open, the entry that was highlighted in the menu is again")
    func highlighted() throws {
        let context = try context()
        var handover = Handover(
            settings: termios(), link: nil, build: Rebuild.Build(duration: .milliseconds(2345), started: 0),
            menu: (nil, "basics/numbers/counter"))
        handover.entry = nil
        let menu = try MenuScreen(source: .registry(context.registry), options: MenuScreen.Options())
        var (session, _) = Reopen.session(
            handover, menu: menu, environment: .standard, product: "tally", context: context)
        _ = session.start(size: Size(columns: 60, rows: 12))
        #expect(session.titles == ["Catalog › Basics"])
        let highlighted = try #require(session.stack.first as? MenuScreen).place.entry
        #expect(highlighted == "basics/numbers/counter")
    }
}
