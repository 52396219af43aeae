import CatalogKit
import CatalogTerminal
import Foundation
import Testing

@testable import CatalogDemos

@Suite("Animated Grid demo")
struct AnimatedGridDemoTests {
    @Test func advancesOnlyOnTicksAndAnyKeyPauses() throws {
        var session = Session(root: OpeningScreen(next: AnimatedGridDemo(count: 8)))
        // Opening the grid starts its clock: the session tells it its size, and it asks for the first tick.
        let effects = press(.enter, in: &session)
        let grid = session.topID
        #expect(effects == [.scheduleTick(after: AnimatedGridDemo.interval, for: grid)])
        let start = try #require(session.top as? AnimatedGridDemo)
        #expect(String(start.cells) == "ABCDEFGH")
        #expect(start.isRunning)
        #expect(start.step == 0)  // no time has passed
        #expect(
            session.handle(.tick(now: .milliseconds(120))) == [
                .scheduleTick(after: AnimatedGridDemo.interval, for: grid)
            ])
        #expect(
            session.handle(.tick(now: .milliseconds(240))) == [
                .scheduleTick(after: AnimatedGridDemo.interval, for: grid)
            ])
        let running = try #require(session.top as? AnimatedGridDemo)
        #expect(running.step == 2)
        #expect(String(running.cells) != "ABCDEFGH")
        #expect(String(running.cells.sorted()) == "ABCDEFGH")
        // Any key pauses; the tick already on its way is absorbed and asks for no more.
        press(.character("x"), in: &session)
        #expect(session.status == "Paused at frame 2. Space plays.")
        #expect(session.handle(.tick(now: .milliseconds(360))) == [])
        #expect((session.top as? AnimatedGridDemo)?.step == 2)
        #expect((session.top as? AnimatedGridDemo)?.tickPending == false)
        #expect(press(.character(" "), in: &session) == [.scheduleTick(after: AnimatedGridDemo.interval, for: grid)])
    }

    @Test func neverRunsTwoClocks() throws {
        var demo = AnimatedGridDemo()
        _ = try demo.handle(.key(.character(" ")))
        _ = try demo.handle(.key(.character("p")))  // pause with a tick pending
        if case .none = try demo.handle(.key(.character(" "))) {} else { Issue.record("A second tick was asked for") }
        if case .tick = try demo.handle(.tick(now: .milliseconds(120))) {} else { Issue.record("The clock stopped") }
        // A stray early tick from an older chain is dropped without a new request.
        if case .none = try demo.handle(.tick(now: .milliseconds(130))) {} else { Issue.record("A stray tick ran") }
        #expect(demo.step == 1)
    }

    @Test func rAndRightDoWhatTheFooterSaysWhilePlaying() throws {
        var demo = AnimatedGridDemo(count: 4)
        _ = try demo.handle(.key(.character(" ")))
        for tick in 1...3 { _ = try demo.handle(.tick(now: .milliseconds(120 * tick))) }
        #expect(demo.step == 3 && demo.cells != Array("ABCD"))
        // r pauses and restores the order at once, not on a second press.
        _ = try demo.handle(.key(.character("r")))
        #expect(!demo.isRunning && demo.cells == Array("ABCD") && demo.step == 0)
        // → pauses and steps one frame.
        _ = try demo.handle(.key(.character(" ")))
        _ = try demo.handle(.tick(now: .milliseconds(600)))
        _ = try demo.handle(.key(.right))
        #expect(!demo.isRunning && demo.step == 2)
        // Any other key only pauses.
        _ = try demo.handle(.key(.character(" ")))
        _ = try demo.handle(.key(.character("x")))
        #expect(!demo.isRunning && demo.step == 2)
        // The status line says where it stopped, after the step.
        var session = Session(root: AnimatedGridDemo(count: 4))
        _ = session.handle(.resize(.standard))
        press(.right, in: &session)
        #expect(session.status == "Paused at frame 1. Space plays.")
    }

    @Test func stopsCleanlyWhenClosed() throws {
        var session = Session(root: OpeningScreen(next: AnimatedGridDemo()))
        press(.enter, .character(" "), .escape, in: &session)
        #expect(session.stack.count == 1)
        // The last pending tick reaches the menu, which ignores it: nothing asks for another.
        #expect(session.handle(.tick(now: .milliseconds(120))) == [])
    }

    @Test func framesAndLineMode() throws {
        var session = Session(root: AnimatedGridDemo(count: 10))
        press(.right, in: &session)
        #expect(
            frame(session, size: Size(columns: 16, rows: 8)) == """
                Animated Grid
                 A   B   F   D
                 E   C   G   H
                 I   J

                Frame 1 · pause…
                space play · an…

                """)
        for size in [Size(columns: 16, rows: 8), Size(columns: 7, rows: 3)] {
            let lines = session.top.render(in: size).lines
            #expect(lines.count <= size.rows && lines.allSatisfy { DisplayWidth.of($0.text) <= size.columns })
        }
        press(.character("r"), in: &session)
        #expect(
            frame(session, size: Size(columns: 40, rows: 4)).split(separator: "\n")[1]
                == " A   B   C   D   E   F   G   H")
        let output = run(["s 3", "r", "s x", "s 1001", "s", "p"], on: AnimatedGridDemo(count: 4))
        #expect(output.first == "ABCD")
        #expect(output.contains("Frame 3 · type s to step"))
        #expect(output.contains("Give a number of frames from 1 to 1000, not “x”."))
        #expect(output.contains("Give a number of frames from 1 to 1000, not “1001”."))
        #expect(output.contains("Frame 1 · type s to step"))
        #expect(output.contains("Unknown command “p”. Type s [n] or r, or ? for help."))
    }

    @Test func theFooterAndTheHelpComeFromTheKeymap() throws {
        let session = started(AnimatedGridDemo())
        #expect(frame(session).contains("space play · any key pause · → step frames · r restore the order"))
        #expect(
            session.top.help == [
                HelpItem(keys: "space", help: "play"), HelpItem(keys: "any key", help: "pause"),
                HelpItem(keys: "→", line: "s [n]", help: "step frames"),
                HelpItem(keys: "r", line: "r", help: "restore the order"),
            ])
    }
}

@Suite("Haptic View demo")
struct HapticDemoTests {
    @Test func aTapRingsTheBellAndFlashesTheScreen() throws {
        var session = Session(root: HapticDemo())
        #expect(press(.enter, in: &session) == [.bell, .flash(.milliseconds(90))])
        #expect(session.isFlashing)
        #expect(session.status == "Medium tap (1)")
        #expect(session.render(in: .standard).lines.allSatisfy { $0.spans.allSatisfy(\.style.reverse) })
        session.endFlash()
        #expect(press(.character("3"), in: &session) == [.bell, .flash(.milliseconds(180))])
        #expect(frame(session).contains("› 3. Heavy  (flash 180 ms)"))
        session.endFlash()
        #expect(press(.character("4"), .character("0"), in: &session) == [])
        #expect(frame(session).contains("↑↓ choose · ⏎ tap · 1–3 tap with that style"))
    }

    @Test func lineModeTapsWithoutEscapes() {
        let output = run(["1", "9", "x"], on: HapticDemo())
        #expect(output.contains("Light tap (1)"))
        #expect(output.contains("Give a style number from 1 to 3, not “9”."))
        #expect(output.contains("Unknown command “x”. Type <n>, or ? for help."))
        #expect(output.allSatisfy { !$0.contains("\u{7}") && !$0.contains("\u{1B}") })
    }
}

@Suite("Gradients & Styles demo")
struct GradientsDemoTests {
    @Test func colourModesEmitRGBPaletteOrShades() throws {
        var demo = GradientsDemo()
        let bar = demo.bar(GradientsDemo.gradients[3], width: 5)
        #expect(bar.text == "█████")
        #expect(bar.spans.first?.style.foreground == .rgb(0, 0, 0))
        #expect(bar.spans.last?.style.foreground == .rgb(255, 255, 255))
        _ = try demo.handle(.key(.character("m")))
        #expect(demo.mode == .palette256)
        #expect(demo.bar(GradientsDemo.gradients[3], width: 5).spans.last?.style.foreground == .palette(231))
        _ = try demo.handle(.key(.character("m")))
        #expect(demo.mode == .none)
        let grey = demo.bar(GradientsDemo.gradients[3], width: 5)
        #expect(grey.text == " ░▒▓█")
        #expect(grey.spans.allSatisfy { $0.style.foreground == nil })
    }

    @Test func noColourFrameReadsAsShades() {
        let session = started(
            GradientsDemo(),
            environment: ScreenEnvironment(locale: .init(identifier: "en"), glyphs: .ascii, colorMode: .none))
        #expect(
            frame(session, size: Size(columns: 25, rows: 12)) == """
                Gradients & Styles
                Preview: no colour (shad…

                Sunset   ::::::########@@
                Ocean       .....:::::###
                Rainbow  .:#@@#####:.  ..
                Grey         ...::####@@@

                Bold  Dim  Underline  Re…

                m cycle the preview

                """)
    }

    /// Catches: "true colour" offered on a 256-colour terminal, which draws it as 256 colours under that name.
    @Test func theCycleStopsAtWhatTheTerminalShows() throws {
        var session = started(
            GradientsDemo(),
            environment: ScreenEnvironment(locale: .init(identifier: "en"), glyphs: .unicode, colorMode: .palette256))
        var seen: [ColorMode] = []
        for _ in 0..<4 {
            seen.append(try #require((session.top as? GradientsDemo)?.mode))
            press(.character("m"), in: &session)
        }
        #expect(seen == [.palette256, ColorMode.none, .palette256, ColorMode.none])
    }

    @Test func theColourModeComesFromTheEnvironment() throws {
        var session = started(GradientsDemo())
        #expect((session.top as? GradientsDemo)?.mode == .trueColor)
        press(.function(3), in: &session)  // F3: colour off
        #expect((session.top as? GradientsDemo)?.mode == ColorMode.none)
        #expect(frame(session).contains("Preview: no colour (shades)"))
        // With colour off, m says so rather than claim a colour the terminal doesn't show.
        press(.character("m"), in: &session)
        #expect((session.top as? GradientsDemo)?.mode == ColorMode.none)
        #expect(session.status == "Colour is off, so the preview shows shades; F3 turns colour on.")
        press(.function(3), .character("m"), .function(2), in: &session)  // a new language leaves the preview alone
        #expect((session.top as? GradientsDemo)?.mode == .palette256)
        let ansi = started(
            GradientsDemo(), environment: ScreenEnvironment(locale: .init(identifier: "en"), colorMode: .ansi16))
        #expect((ansi.top as? GradientsDemo)?.modeName(in: Locale(identifier: "en")) == "16 colours")
    }

    @Test func lineModeAlwaysPrintsShades() {
        let output = run(["m", "blue"], on: GradientsDemo(), width: 30)
        #expect(output.first?.hasPrefix("Sunset   ") == true)
        #expect(output.contains("Preview: 256 colours. Line mode always prints shades."))
        #expect(output.contains { $0.hasPrefix("Unknown command “blue”.") })
    }
}

@Suite("Built-in catalog")
struct BuiltInCatalogTests {
    @Test func aLevelHasMoreThanTenChildrenSoTheMenuRegroups() throws {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        let hierarchy = try Hierarchy(registry.snapshot(), maxChildren: 10)
        var pending = [hierarchy.root]
        var buckets: [String] = []
        while let node = pending.popLast() {
            let children = hierarchy.children(of: node)
            for child in children {
                if case .bucket = child { buckets.append(hierarchy.title(of: child)) }
            }
            pending += children
        }
        #expect(!buckets.isEmpty, "No level of the built-in catalog has more than 10 children.")
        #expect(buckets.allSatisfy { $0.contains("…") })
    }
}
