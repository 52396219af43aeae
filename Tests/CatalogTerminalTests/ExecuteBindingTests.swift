import CatalogKit
import Synchronization
import Testing

@testable import CatalogTerminal

/// fzf's `execute(…)`, `execute-silent(…)` and `become(…)` bindings: read in fzf's notations, expanded with the
/// preview's placeholders, and handed to the shell as effects (the virtual terminal records them; the picker's
/// pipeline tests run them for real).
@Suite("Bound shell commands")
struct ExecuteBindingTests {
    @Test("--bind reads a shell command in parentheses, fzf's other marks, or after a colon to the end")
    func notations() throws {
        func bound(_ text: String) throws -> [MenuKeys.Binding] { try MenuKeys.bindings(text) }
        #expect(
            try bound("ctrl-o:execute(less {})")
                == [MenuKeys.Binding(key: .control("o"), commands: [.execute], arguments: [0: "less {}"])])
        #expect(
            try bound("ctrl-o:execute(echo $(date) {}),ctrl-y:execute-silent[echo {} | xclip]+down")
                == [
                    MenuKeys.Binding(key: .control("o"), commands: [.execute], arguments: [0: "echo $(date) {}"]),
                    MenuKeys.Binding(
                        key: .control("y"), commands: [.executeSilent, .down], arguments: [0: "echo {} | xclip"]),
                ], "a mark, comma or + inside a command is its own unless the mark closes it before + or ,")
        #expect(try bound("alt-e:execute~vim {+}~")[0].arguments == [0: "vim {+}"])
        // fzf's closing rule: the first closing mark at the value's end or before a + or a ",".
        #expect(try bound(#"x:execute(echo ")")"#)[0].arguments == [0: #"echo ")""#])
        #expect(try bound("x:execute(case x in *) echo;; esac)")[0].arguments == [0: "case x in *) echo;; esac"])
        #expect(try bound("x:execute|cat {} | less|")[0].arguments == [0: "cat {} | less"])
        #expect(try bound("x:execute/ls /tmp/")[0].arguments == [0: "ls /tmp"])
        // Keys that are marks themselves.
        #expect(try bound("alt-::accept")[0].key == .modified(.character(":"), .alt))
        #expect(try bound("alt-,:first")[0].key == .modified(.character(","), .alt))
        #expect(try bound("::accept,,:first").map(\.key) == [.character(":"), .character(",")])
        #expect(try bound("alt-e:execute/a, b/")[0].arguments == [0: "a, b"], "/ marks a command, not a name")
        #expect(
            try bound("enter:first+become:vim {}, then more")
                == [
                    MenuKeys.Binding(key: .enter, commands: [.first, .become], arguments: [1: "vim {}, then more"])
                ], "after a colon, the rest of the value")
        #expect(try bound("ctrl-d:delete-char/eof")[0].commands == [.deleteCharEOF])
        #expect(throws: MenuKeys.BindError.self) { try bound("ctrl-o:execute") }
        #expect(throws: MenuKeys.BindError.self) { try bound("ctrl-o:execute(less {}") }
        #expect(
            throws: MenuKeys.BindError(
                description: "'execute(…)' must be followed by '+', ',' or the end of the value.")
        ) {
            try bound("ctrl-o:execute(less)x")
        }
        #expect(throws: MenuKeys.BindError.self) { try bound("ctrl-o:change-prompt(x> )") }
    }

    @Test("a key bound twice does what its last binding says, as in fzf: the command line's over the defaults'")
    func lastBindingWins() throws {
        let keys = MenuKeys(bindings: try MenuKeys.bindings("ctrl-o:execute(a)") + MenuKeys.bindings("ctrl-o:up"))
        #expect(keys.commands(for: .control("o")) == [.up])
        let again = MenuKeys(bindings: try MenuKeys.bindings("ctrl-o:up,ctrl-o:execute(b)"))
        #expect(again.commands(for: .control("o")) == [.execute])
        #expect(again.shellCommand(for: .control("o"), at: 0) == "b")
    }

    /// The commands a reload was given.
    final class Asked: Sendable {
        let commands = Mutex<[String]>([])
    }

    /// A reload that lists `lines` whatever the command, keeping each command it was given.
    static func reload(
        to lines: String, asked: Asked
    ) -> @Sendable (String, String, Bool) -> MenuScreen.StreamStep {
        { command, _, _ in
            asked.commands.withLock { $0.append(command) }
            return { title, maxChildren in
                let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(lines.utf8))
                return (snapshot, try Hierarchy(snapshot, rootTitle: title, maxChildren: maxChildren), true)
            }
        }
    }

    static let list = "docs/readme.md\nsrc/main.swift\n"

    func loop(_ bind: String, _ terminal: VirtualTerminal) throws -> EventLoop {
        var options = MenuScreen.Options(background: false)
        options.bindings = try MenuKeys.bindings(bind)
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(Self.list.utf8))
        return EventLoop(
            session: Session(root: try MenuScreen(source: .fixed(snapshot), options: options)), terminal: terminal,
            jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
    }

    @Test("execute runs with the highlighted path, the query and the marks, and the whole screen is drawn again")
    func execute() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("main", at: .milliseconds(10))
        terminal.type([0x0F], at: .milliseconds(20))  // Ctrl-O
        terminal.type([0x19], at: .milliseconds(30))  // Ctrl-Y
        terminal.type("zzz", at: .milliseconds(40))
        terminal.type([0x0F], at: .milliseconds(50))  // no hit: nothing to name
        terminal.type([0x03], at: .milliseconds(60))
        var loop = try loop("ctrl-o:execute(less {} {q}),ctrl-y:execute-silent(touch {+})", terminal)
        #expect(try loop.run() == 130)
        #expect(terminal.executed.map(\.command) == ["less 'src/main.swift' 'main'", "touch 'src/main.swift'"])
        #expect(terminal.executed.map(\.silent) == [false, true])
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.help.contains { $0.keys == "ctrl-o" && $0.help == "execute(less {} {q})" }, "help shows it")
        // Left and entered again around the command that had the terminal, and not around the silent one.
        #expect(terminal.enterCount == 2)
        let after = terminal.writes.first { $0.time >= .milliseconds(20) }
        #expect(after?.bytes.contains("docs") == false && after?.bytes.contains("Catalog") == true, "drawn whole")
    }

    @Test("become leaves the menu with the command, placeholders expanded, for the process to become")
    func become() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("read", at: .milliseconds(10))
        terminal.type("\r", at: .milliseconds(20))
        var loop = try loop("enter:become(vim {} +{q})", terminal)
        #expect(try loop.run() == 0)
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.becomes?.command == "vim 'docs/readme.md' +'read'")
        #expect(menu.picked.isEmpty, "nothing is printed as picked")
    }

    /// Catches replace-query taking the title rather than the line, or print-query picking the highlighted entry.
    @Test("replace-query puts the highlighted line in the filter; print-query leaves with the filter's text alone")
    func queryActions() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("\u{1B}[B", at: .milliseconds(10))  // ↓ onto src/main.swift
        terminal.type([0x14], at: .milliseconds(20))  // Ctrl-T
        terminal.type("x", at: .milliseconds(30))
        terminal.type([0x10], at: .milliseconds(40))  // Ctrl-P
        var loop = try loop("ctrl-t:replace-query,ctrl-p:print-query", terminal)
        #expect(try loop.run() == 0)
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.query == "src/main.swiftx")
        #expect(menu.printsQuery && menu.picked.isEmpty)
    }

    /// Catches `{}` losing what follows a TAB (the path alone, where fzf gives the line as a pick prints it), fields
    /// split at spaces when `--delimiter` names another text, or the options' delimiter not reaching the command.
    @Test("become's placeholders take the whole line, and its fields at --delimiter or at spaces")
    func becomeWithFields() throws {
        for (delimiter, expected) in [
            (ShellCommand.FieldDelimiter.text("/"), "vim 'readme.md\tnotes' 'docs' 'docs/readme.md\tnotes'"),
            (.whitespace, "vim 'notes' 'docs/readme.md' 'docs/readme.md\tnotes'"),
        ] {
            let terminal = VirtualTerminal(size: .standard)
            terminal.type("read", at: .milliseconds(10))
            terminal.type("\r", at: .milliseconds(20))
            var options = MenuScreen.Options(background: false)
            options.bindings = try MenuKeys.bindings("enter:become(vim {-1} {1} {})")
            options.fieldDelimiter = delimiter
            let snapshot: Snapshot<any Screen> = try CatalogFile.parse(
                Array("docs/readme.md\tnotes\nsrc/main.swift\n".utf8))
            var loop = EventLoop(
                session: Session(root: try MenuScreen(source: .fixed(snapshot), options: options)), terminal: terminal,
                jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
            #expect(try loop.run() == 0)
            let menu = try #require(loop.session.stack.first as? MenuScreen)
            #expect(menu.becomes?.command == expected)
        }
    }

    @Test("reload reads the list again from the command, placeholders expanded, and the highlighted entry stays")
    func reload() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("\u{1B}[B", at: .milliseconds(10))  // ↓ onto src/main.swift
        terminal.type([0x12], at: .milliseconds(20))  // Ctrl-R
        terminal.type([0x03], at: .milliseconds(30))
        var options = MenuScreen.Options(background: false)
        options.bindings = try MenuKeys.bindings("ctrl-r:reload(ls {})")
        let asked = Asked()
        options.reload = Self.reload(to: "a/x\nb/y\nsrc/main.swift\n", asked: asked)
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array(Self.list.utf8))
        var loop = EventLoop(
            session: Session(root: try MenuScreen(source: .fixed(snapshot), options: options)), terminal: terminal,
            jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 130)
        #expect(asked.commands.withLock { $0 } == ["ls 'src/main.swift'"])
        let menu = try #require(loop.session.stack.first as? MenuScreen)
        #expect(menu.snapshot.count == 3, "the command's list")
        guard case .node(.entry(let record))? = menu.highlighted else {
            Issue.record("nothing highlighted")
            return
        }
        #expect(menu.snapshot.table.path(Int(record)) == "src/main.swift", "the same entry, at its new place")
    }

    @Test("fzf's events bind as keys do: change, start, load and backward-eof")
    func eventNotation() throws {
        #expect(
            try MenuKeys.bindings("change:reload(rg {q}),backward-eof:abort")
                == [
                    MenuKeys.Binding(trigger: .event(.change), commands: [.reload], arguments: [0: "rg {q}"]),
                    MenuKeys.Binding(trigger: .event(.backwardEOF), commands: [.abort]),
                ])
        #expect(try MenuKeys.bindings("load:last")[0].trigger == .event(.load))
        #expect(throws: MenuKeys.BindError.self) { try MenuKeys.bindings("focus:first") }
    }

    @Test(
        "start:reload(…) takes the place of the list, loading or all there, as fzf's launcher of rg does; once",
        arguments: [false, true])
    func startReloads(loading: Bool) throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.resize(to: Size(columns: 70, rows: 20), at: .milliseconds(10))  // begins again: no second start
        terminal.type([0x03], at: .milliseconds(40))
        var options = MenuScreen.Options(background: false)
        options.disabled = true
        options.query = "main"
        options.bindings = try MenuKeys.bindings("start:reload(rg {q})")
        let asked = Asked()
        options.reload = Self.reload(to: "a/x\nb/y\nsrc/main.swift\n", asked: asked)
        let menu =
            loading
            ? try MenuScreen(loading: "list", options: options) {
                try CatalogFile.parse(Array(Self.list.utf8)) as Snapshot<any Screen>
            }
            : try MenuScreen(source: .fixed(try CatalogFile.parse(Array(Self.list.utf8))), options: options)
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 130)
        #expect(asked.commands.withLock { $0 } == ["rg 'main'"])
        let after = try #require(loop.session.stack.first as? MenuScreen)
        #expect(after.snapshot.count == 3, "the command's list, not the one loaded")
        #expect(
            terminal.screenText.contains("a/x") || terminal.screenText.contains("3 entries"), "\(terminal.screenText)")
    }

    @Test("--disabled with change:reload(…): each change of the text reloads, and every entry is listed")
    func changeReloads() throws {
        let terminal = VirtualTerminal(size: .standard)
        terminal.type("a", at: .milliseconds(10))
        terminal.type("b", at: .milliseconds(20))
        terminal.type([0x7F], at: .milliseconds(30))  // ⌫: "a"
        terminal.type([0x7F], at: .milliseconds(40))  // ⌫: empty, the filter closes
        // ⌫ with nothing to delete, once a held ⌫'s grace is over (it stops where the filter was): backward-eof.
        terminal.type([0x7F], at: .seconds(3))
        var options = MenuScreen.Options(background: false)
        options.disabled = true
        options.bindings = try MenuKeys.bindings("change:reload(grep -- {q} list),backward-eof:abort,load:last")
        let asked = Asked()
        options.reload = Self.reload(to: "x/a\ny/ab\nz/b\n", asked: asked)
        let menu = try MenuScreen(loading: "list", options: options) {
            try CatalogFile.parse(Array(Self.list.utf8)) as Snapshot<any Screen>
        }
        var loop = EventLoop(
            session: Session(root: menu), terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
        #expect(try loop.run() == 130, "backward-eof aborted")
        #expect(
            asked.commands.withLock { $0 } == [
                "grep -- 'a' list", "grep -- 'ab' list", "grep -- 'a' list", "grep -- '' list",
            ])
        let after = try #require(loop.session.stack.first as? MenuScreen)
        #expect(after.snapshot.count == 3)
        #expect(after.levels.last?.cursor == 2, "load:last, once the last reload's list was in")
        let frames = terminal.writes.map(\.bytes).joined()
        #expect(frames.contains("3 entries"), "--disabled lists every entry, with no 'of … match'")
        #expect(!frames.contains(" of 3 "))
        #expect(!frames.contains("fuzzy") && !frames.contains("exact"), "and names no way of matching")
    }
}
