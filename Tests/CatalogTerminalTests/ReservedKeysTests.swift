import CatalogKit
import Foundation
import Testing

@testable import CatalogTerminal

/// A screen whose keymap binds F1 and `?`, which the launcher keeps: its help would list bindings that never fire.
struct GreedyScreen: KeymapScreen {
    enum Command { case mine, fine }
    var keymap: Keymap<Command> {
        Keymap([
            KeyBinding([.function(1)], .mine, help: "my F1"), KeyBinding([.character("?")], .mine, help: "my ?"),
            KeyBinding([.character("x")], .fine, help: "x"),
        ])
    }
    func render(in context: ScreenContext) -> Frame { Frame(lines: [Line("greedy")]) }
}

/// The launcher's keys are its own: a screen that binds them is told so where its author looks, instead of its
/// help listing bindings that never fire.
@Suite("Reserved keys")
struct ReservedKeysTests {
    @Test("a scenario of a screen that binds F1 or ? fails, naming the keys, so snapshot tests catch it")
    func scenarioRefuses() throws {
        #expect(Session.reservedKeysBound(by: GreedyScreen()) == [.function(1), .character("?")])
        #expect(Session.reservedKeysBound(by: NoteScreen(title: "fine")).isEmpty)
        let error = try #require(throws: Session.ReservedKeysBound.self) {
            try ScenarioRun.play(Scenario("initial")) { GreedyScreen() }
        }
        #expect("\(error)".hasPrefix("its keymap binds F1 and ?, which the launcher keeps"), "\(error)")
    }

    @Test("opened in the launcher, such a screen's status line says so, in the screen's language")
    func statusLine() throws {
        var session = Session(
            root: NoteScreen(title: "root"), environment: ScreenEnvironment(locale: Locale(identifier: "de")))
        _ = session.start(size: .standard)
        _ = session.apply(.push(GreedyScreen(), title: "Greedy"), at: 0)
        #expect(
            session.status
                == "Dieser Bildschirm belegt F1 und ?, die Catalog selbst braucht; diese Belegungen greifen nie.",
            "\(session.status ?? "")")
    }
}
