import CatalogKit
import CatalogTestSupport
import Testing

@testable import CatalogTerminal

/// fzf's `--nth`, `--scheme=history` and `toggle-sort`, as its Ctrl-R widgets use them: the filter searches only
/// the fields named (`-n2..,..`), a shell history's hits that fit as well stay newest first, and a key switches
/// between hits best first and in the list's order.
@Suite("Menu field search and hit order")
struct MenuFieldSearchTests {
    typealias FieldRange = ShellCommand.FieldRange

    /// Catches `--nth`'s expressions read otherwise than `{2..}` reads them, or a bad one taken.
    @Test("--nth reads fzf's field index expressions, the placeholders' own, in a comma-separated list")
    func rangeLists() throws {
        let parsed = try #require(FieldRange.list("1,2..,..3,-1,1..2,.."))
        #expect(parsed.map(\.from) == [1, 2, nil, -1, 1, nil])
        #expect(parsed.map(\.to) == [1, nil, 3, -1, 2, nil])
        for bad in ["", "0", "a", "1..2..3", "2,,3", "0.."] {
            #expect(FieldRange.list(bad) == nil, "\(bad) is no list of fields")
            #expect(FieldSearch(bad) == nil)
        }
    }

    /// Catches fields counted from a line's leading spaces (zsh's `fc -rl` indents its numbers), or a field split
    /// at other than spaces and TABs without --delimiter.
    @Test("fields part at spaces and TABs, awk's way, or at --delimiter; each range is one part of the line")
    func parts() throws {
        let command = try #require(FieldSearch("2.."))
        #expect(command.searchedText(of: "12\tls /tmp") == ["ls /tmp"])
        #expect(command.searchedText(of: "  123  git push") == ["git push"], "zsh's fc -rl: the number is field 1")
        #expect(try #require(FieldSearch("1")).searchedText(of: "  123  git push") == ["123  "])
        #expect(try #require(FieldSearch("-1,..")).searchedText(of: "a b c") == ["c", "a b c"])
        #expect(try #require(FieldSearch("3")).searchedText(of: "a b") == [""], "no such field: nothing searched")
        let colons = try #require(FieldSearch("2", delimiter: .text(":")))
        #expect(colons.searchedText(of: "a b:c d:e") == ["c d:"])
    }

    /// A picker over `lines` read whole, as `--scheme=history` reads them, searching `nth`.
    func session(
        _ lines: [String], nth: String?, bindings: [MenuKeys.Binding] = []
    ) throws -> Session {
        var format = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true), repeats: .listedOnce)
        format.order = .asRead
        format.breaksTiesByLength = false
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(
            Array(lines.map { $0 + "\n" }.joined().utf8), format: format)
        var options = MenuScreen.Options(fuzzy: true)
        options.slashesInNames = true
        options.ranksExactHits = true
        options.searchedFields = try nth.map { try #require(FieldSearch($0)) }
        options.bindings = bindings
        var session = Session(root: try MenuScreen(source: .fixed(snapshot), options: options))
        _ = session.settle(session.start(size: .standard), with: InlineJobs())
        return session
    }

    func type(_ text: String, in session: inout Session) {
        for character in text { _ = session.settle(session.handle(.key(.character(character))), with: InlineJobs()) }
    }

    /// The hits shown, as their lines, in order.
    func shown(_ session: Session) throws -> [String] {
        let menu = try #require(session.stack.first as? MenuScreen)
        return menu.filter?.shown.map { menu.line($0) } ?? []
    }

    /// Catches --nth swallowed: the number field found by a query bash's widget leaves out of the search.
    @Test("-n2.. leaves a history's numbers out of the search; -n2..,.. finds them once the command doesn't")
    func restrictsSearch() throws {
        let lines = ["12\tls /tmp", "7\techo 12", "  123  git push"]
        var commands = try session(lines, nth: "2..")
        type("12", in: &commands)
        #expect(try shown(commands) == ["7\techo 12"], "12 is only the first line's number")
        var zsh = try session(lines, nth: "2..")
        type("123", in: &zsh)
        #expect(try shown(zsh).isEmpty, "zsh's indented number is field 1, not searched")
        var either = try session(lines, nth: "2..,..")
        type("12", in: &either)
        #expect(Set(try shown(either)) == ["12\tls /tmp", "7\techo 12", "  123  git push"])
        var whole = try session(lines, nth: nil)
        type("12", in: &whole)
        #expect(try shown(whole).count == 3, "without --nth the whole line is searched")
    }

    /// Catches the highlight marking what matched outside the searched fields.
    @Test("only the searched fields are highlighted, the line shown whole")
    func highlightsFields() throws {
        let fields = try #require(FieldSearch("2.."))
        #expect(fields.highlights(in: "7 echo 12", matching: Query("12")) == [7..<9], "not the 7… of a number")
        #expect(
            fields.highlights(in: "12 echo 12", matching: Query("12")) == [8..<10], "the command's 12, not field 1's")
        #expect(fields.highlights(in: "12 ls", matching: Query("12")).isEmpty)
        let row = MenuScreen.window(of: "12 echo 12", matching: Query("12"), width: 40, fields: fields)
        #expect(row.0 == "12 echo 12" && row.1 == [8..<10])
    }

    /// Catches the length tie-break kept for a history: the newer command, read first, must stay first.
    @Test("--scheme=history: hits the query fits as well stay in the order read, with no tie-break by length")
    func historyKeepsReadOrder() throws {
        let lines = ["git status --short", "git"]
        var flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true), repeats: .listedOnce)
        flat.order = .asRead
        let byLength: Snapshot<any Screen> = try CatalogFile.parse(
            Array("git status --short\ngit\n".utf8), format: flat)
        #expect(
            byLength.index.search(Query("git", matching: .fuzzy)) == [1, 0],
            "--flat: the shorter first, as fzf's default scheme")
        var history = flat
        history.breaksTiesByLength = false
        let asRead: Snapshot<any Screen> = try CatalogFile.parse(
            Array("git status --short\ngit\n".utf8), format: history)
        #expect(asRead.index.search(Query("git", matching: .fuzzy)) == [0, 1], "history: as read, newest first")
        var session = try session(lines, nth: "1..")
        type("git", in: &session)
        #expect(try shown(session) == lines, "with --nth too")
    }

    /// Catches a NUL-ended history's TAB and newlines escaped (`\u{9}`), as a file name's are, where fzf shows a
    /// multi-line command on its row; or the line printed changed with them.
    @Test("--scheme=history with --read0: a TAB shows as spaces and a newline as a space; the line stays as read")
    func historyCommandsShown() throws {
        var format = CatalogFile.Format(
            paths: PathComponents(separator: [0x2F], flat: true), terminator: 0, repeats: .listedOnce)
        format.readsCommands = true
        let line = "3\tfor i in 1\ndo echo x\ndone"
        let snapshot: Snapshot<any Screen> = try CatalogFile.parse(Array((line + "\0").utf8), format: format)
        #expect(snapshot.table.title(0) == "3       for i in 1 do echo x done")
        #expect(snapshot.table.withWholeLineBytes(0) { String(decoding: $0, as: UTF8.self) } == line)
        format.readsCommands = false
        let names: Snapshot<any Screen> = try CatalogFile.parse(Array((line + "\0").utf8), format: format)
        #expect(names.table.title(0).contains("\\u{9}"), "a file name's TAB stays escaped")
    }

    /// Catches toggle-sort doing nothing, sorting only the next query, or leaving no sign in the status line.
    @Test("toggle-sort switches the hits between best first and as listed, at once, and the status line says so")
    func toggleSort() throws {
        let binding = MenuKeys.Binding(key: .control("r"), commands: [.toggleSort])
        var session = try session(["echo g_s_t", "echo gst"], nth: nil, bindings: [binding])
        type("gst", in: &session)
        #expect(try shown(session) == ["echo gst", "echo g_s_t"], "best first")
        let status = { session.render(in: .standard).lines.map(\.text).first { $0.contains("entries match") } ?? "" }
        #expect(!status().contains("as listed"))
        _ = session.settle(session.handle(.key(.control("r"))), with: InlineJobs())
        #expect(try shown(session) == ["echo g_s_t", "echo gst"], "as read")
        #expect(status().hasSuffix("fuzzy · as listed"), "\(status())")
        _ = session.settle(session.handle(.key(.control("r"))), with: InlineJobs())
        #expect(try shown(session) == ["echo gst", "echo g_s_t"])
        #expect(!status().contains("as listed"))
    }
}
