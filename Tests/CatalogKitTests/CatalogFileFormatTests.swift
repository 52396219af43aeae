import Testing

@testable import CatalogKit

/// Lists as shell tools print them (`find /`, `find .`, `ls -p`), `--flat`, `--delimiter` and `--read0`: each entry
/// is grouped by the path it names and keeps its line exactly as read, which is what a picker prints.
@Suite("Catalog file formats")
struct CatalogFileFormatTests {
    func parse(_ text: String, _ format: CatalogFile.Format = .standard) throws -> Snapshot<Void> {
        try CatalogFile.parse(Array(text.utf8), format: format)
    }

    /// Each entry as (groups, title, line as read), in search order.
    func entries(_ catalog: Snapshot<Void>) -> [([String], String, [UInt8])] {
        catalog.recordsInOrder.map { record in
            let table = catalog.table
            return (table.groups(Int(record)), table.title(Int(record)), table.withLineBytes(Int(record)) { Array($0) })
        }
    }

    func expect(
        _ catalog: Snapshot<Void>, _ expected: [([String], String, String)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let got = entries(catalog)
        #expect(got.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(got.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
        #expect(got.map { String(decoding: $0.2, as: UTF8.self) } == expected.map(\.2), sourceLocation: sourceLocation)
    }

    @Test("absolute paths have a root group named / and are printed as read; the line / is the root's entry")
    func absolute() throws {
        let catalog = try parse("/usr/share/b\n/usr/share/a\n/etc/x\n/\n")
        expect(
            catalog,
            [
                ([], "/", "/"), (["∕", "usr", "share"], "a", "/usr/share/a"),
                (["∕", "usr", "share"], "b", "/usr/share/b"), (["∕", "etc"], "x", "/etc/x"),
            ])
        // `find /` prints "/" first: it is the root group's own entry, listed first in it, and nothing is lost.
        let hierarchy = try Hierarchy(catalog)
        #expect(hierarchy.rootPath == ["∕"])
        #expect(hierarchy.isOwnEntry(catalog.recordsInOrder[0], of: hierarchy.root))
        try hierarchy.checkInvariants()
        // Search reads each line as it was read, as fzf does: "/etc" is the start of "/etc/x".
        #expect(paths(catalog, catalog.search("/etc/x")) == ["/etc/x"])
        #expect(paths(catalog, catalog.search("/etc")) == ["/etc/x"])
        #expect(catalog.search("//etc").isEmpty)
        #expect(catalog.search("/usr/share").count == 2)
    }

    @Test("./ is dropped, // and a trailing / read as a path means them, and . alone is the current directory")
    func relative() throws {
        let catalog = try parse(".\n./src/a.swift\nsrc//b.swift\n./docs/\n./x/./y\n")
        expect(
            catalog,
            [
                ([], ".", "."), (["src"], "a.swift", "./src/a.swift"), (["src"], "b.swift", "src//b.swift"),
                ([], "docs", "./docs/"), (["x"], "y", "./x/./y"),
            ])
        // `find . -type d` can pick "."; "./" and "./." name it too, and "/" is another entry.
        #expect(throws: CatalogFile.Error(line: 2, problem: "duplicate path './' (first on line 1)")) {
            try parse(".\n./\n")
        }
        #expect(throws: CatalogFile.Error(line: 2, problem: "duplicate path '/./' (first on line 1)")) {
            try parse("//\n/./\n")
        }
        #expect(try parse("/\n.\n").count == 2)
        // The same when two hashes agree and the paths are compared whole.
        let same = { (a: String, b: String) in
            Array(a.utf8).withUnsafeBufferPointer { a in
                Array(b.utf8).withUnsafeBufferPointer { ShellPath.equal(a, $0) }
            }
        }
        #expect(same("./", ".") && same("//", "/.") && !same("/", ".") && !same("/x", "x"))
        // Search reads each line as it was read, as fzf does: "src//b" finds `src//b.swift`, and "^./src" the
        // line that starts so.
        #expect(paths(catalog, catalog.search("src//b")) == ["src//b.swift"])
        #expect(paths(catalog, catalog.search("./src")) == ["./src/a.swift"])
    }

    @Test("a path that names what another names (the same root and components) is a duplicate, on its line")
    func duplicateOnceRewritten() throws {
        #expect(throws: CatalogFile.Error(line: 3, problem: "duplicate path './a/b' (first on line 1)")) {
            try parse("a/b\nc\n./a/b\n")
        }
        #expect(throws: CatalogFile.Error(line: 2, problem: "duplicate path '/x//y/./' (first on line 1)")) {
            try parse("/x/y\n/x//y/./\n")
        }
        // A root is part of the path: "/x/y" and "x/y" are two entries.
        #expect(try parse("/x/y\nx/y\n").count == 2)
    }

    @Test("read last first, a picker's list keeps the last line of each path, as a history's newest command")
    func repeatsListedOnceLastFirst() throws {
        // As `history | catalog --tac` reads it: `ls` was typed first and last, so it comes first.
        let history = "ls\ncd /tmp\nls\ngit status\ncd /tmp\nmake\nls\n"
        var once = CatalogFile.Format(repeats: .listedOnce)
        once.order = .lastFirst
        let read = try parse(history, once)
        #expect(paths(read, read.recordsInOrder) == ["ls", "make", "cd /tmp", "git status"])
        // The line printed for a repeated path is its last: `./a` here.
        let shell = try parse("a\nb\n./a\n", once)
        #expect(
            shell.recordsInOrder.map { shell.table.withLineBytes(Int($0)) { String(decoding: $0, as: UTF8.self) } }
                == ["./a", "b"])
        // --flat and names read another way, too; an error still names its line as read.
        var flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        flat.order = .lastFirst
        let names = try parse(history, flat)
        #expect(paths(names, names.recordsInOrder) == ["ls", "make", "cd /tmp", "git status"])
        // (A name that is not UTF-8 sends the list to be rewritten, last first, before the NUL is found.)
        #expect(throws: CatalogFile.Error(line: 3, problem: "the line contains a NUL byte")) {
            let _: Snapshot<Void> = try CatalogFile.parse(
                Array("a\n".utf8) + [0xFF] + Array("\nb\u{0}c\nd\ne\nf\n".utf8), format: once)
        }
        // Read first to last, the first line stands for its repeats, as before.
        once.order = .asRead
        let forwards = try parse(history, once)
        #expect(paths(forwards, forwards.recordsInOrder) == ["ls", "cd /tmp", "git status", "make"])
    }

    @Test("a --flat line's TAB shows as spaces to the next eighth column and is printed as read; a name's is escaped")
    func flatTabs() throws {
        let flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        let lines = try parse("beta\tthree\nx\ty\tz\n漢字\tw\n\tlead\n", flat)
        let titles = (0..<lines.count).map { lines.table.title($0) }
        #expect(Set(titles) == ["beta    three", "x       y       z", "漢字    w", "        lead"], "\(titles)")
        #expect(
            Set((0..<lines.count).map { lines.table.withLineBytes($0) { String(decoding: $0, as: UTF8.self) } })
                == ["beta\tthree", "x\ty\tz", "漢字\tw", "\tlead"], "printed as read")
        // A file name read with --read0 is no line of text: its TAB shows as the escape it is.
        let names = try parse("a\tb\u{0}", CatalogFile.Format(terminator: 0))
        #expect(names.table.title(0) == "a\\u{9}b")
    }

    @Test("a list kept as read shows its directories in the order of their lines: first seen, or with --tac last")
    func groupsInReadOrder() throws {
        let text = Array("b/one\na/two\nc/three\nb/four\n".utf8)
        // Enough directories that the launcher's loader groups them beside its sort, which orders them by name.
        let many = Array((0..<3_000).map { "d\(($0 * 7_919 + 1_234) % 3_000)/x\($0)\n" }.joined().utf8)
        for (order, expected) in [
            (CatalogFile.Format.Order.natural, ["two", "b", "three"]), (.asRead, ["b", "two", "three"]),
            (.lastFirst, ["b", "three", "two"]),
        ] {
            var format = CatalogFile.Format()
            format.order = order
            let snapshot: Snapshot<Void> = try CatalogFile.parse(text, format: format)
            let hierarchy = try Hierarchy(snapshot)
            #expect(hierarchy.children(of: hierarchy.root).map { hierarchy.title(of: $0) } == expected, "\(order)")
            let (_, grouped): (Snapshot<Void>, Hierarchy) = try CatalogFile.parseGrouped(many, format: format)
            // Each directory holds one line, so the root's first bucket starts with that line's directory.
            let first = grouped.title(of: grouped.children(of: grouped.root)[0])
            let wanted = ["natural": "d0 …", "asRead": "d1234 …", "lastFirst": "d2315 …"]["\(order)"] ?? ""
            #expect(first.hasPrefix(wanted), "\(order): \(first), where the loader groups beside its sort")
        }
    }

    @Test("a picker's repeats are left out where they were read, with no rewriting of the list")
    func repeatsLeftOutInPlace() throws {
        // Half a list repeated: read as it is, each repeat's line blanked, not rewritten line by line.
        let paths = (0..<3_000).map { "/usr/share/doc/package\($0 % 1_500 / 3)/file\($0 % 1_500)" }
        let text = paths.joined(separator: "\n") + "\n"
        for order in [CatalogFile.Format.Order.asRead, .lastFirst] {
            var once = CatalogFile.Format(repeats: .listedOnce)
            once.order = order
            let read = try parse(text, once)
            #expect(read.count == 1_500)
            #expect(read.table.lines == nil, "the list was rewritten")
            let kept = read.recordsInOrder.map {
                read.table.withLineBytes(Int($0)) { String(decoding: $0, as: UTF8.self) }
            }
            // The first of each path as read, or with --tac the last, in that order.
            var seen = Set<String>()
            let expected =
                order == .asRead
                ? paths.filter { seen.insert($0).inserted }
                : paths.reversed().filter { seen.insert($0).inserted }
            #expect(kept == expected)
        }
        // Equal as paths (`./a`, `a/`), not as bytes: the line kept is printed as it was read.
        var once = CatalogFile.Format(repeats: .listedOnce)
        once.order = .lastFirst
        let shell = try parse("./a\nb\na/\nb\n", once)
        #expect(
            shell.recordsInOrder.map { shell.table.withLineBytes(Int($0)) { String(decoding: $0, as: UTF8.self) } }
                == ["b", "a/"])
    }

    @Test(
        "a picker's lines that share a path but not what follows its TAB are columns: each is read whole, none left out"
    )
    func columnsReadWhole() throws {
        // `git diff --numstat`: the text before the first TAB (`2`) repeats, with another file after it each time.
        let numstat = "5\t1\tdir/file2.txt\n2\t0\tfile0.txt\n2\t0\tfile1.txt\n"
        for order in [CatalogFile.Format.Order.natural, .asRead, .lastFirst] {
            var once = CatalogFile.Format(repeats: .listedOnce)
            once.order = order
            let read = try parse(numstat, once)
            let lines = entries(read).map { String(decoding: $0.2, as: UTF8.self) }
            // In the order read, as a picker keeps `--flat` lines (or with --tac, the last first).
            let asRead = ["5\t1\tdir/file2.txt", "2\t0\tfile0.txt", "2\t0\tfile1.txt"]
            #expect(lines == (order == .lastFirst ? asRead.reversed() : asRead), "\(order)")
            #expect(entries(read).allSatisfy { $0.0.isEmpty }, "whole lines, as --flat reads them: no groups")
            #expect(read.search("file1").count == 1)
        }
        // So does a list that is rewritten first (a name that is not UTF-8), and a one-shot search of it.
        let bytes: [UInt8] = Array("a".utf8) + [0xFF] + Array("\tx\na".utf8) + [0xFF] + Array("\ty\n".utf8)
        let once = CatalogFile.Format(repeats: .listedOnce)
        let rewritten: Snapshot<Void> = try CatalogFile.parse(bytes, format: once)
        #expect(rewritten.count == 2)
        let found: Snapshot<Void> = try CatalogFile.matching(Array(numstat.utf8), Query("txt"), format: once)
        #expect(found.count == 3)
        // The same keywords after the same path are a repeat as before, left out, and the list stays paths.
        let same = try parse("a\tx\na\tx\nb/c\n", once)
        #expect(same.count == 2)
        #expect(entries(same).contains { $0.0 == ["b"] }, "still grouped")
        // A catalog file still refuses the line.
        #expect(throws: CatalogFile.Error(line: 3, problem: "duplicate path '2' (first on line 2)")) {
            try parse(numstat)
        }
    }

    @Test("a list rewritten on the cores reads as one piece would: repeats across pieces, names, line numbers")
    func rewrittenInPieces() throws {
        // Over a megabyte, so it is rewritten in pieces: lines 20,000 to 29,999 repeat lines 10,000 to 19,999, a
        // piece away, and the last 10,000 are new.
        let numbers = (0..<40_000).map { $0 < 20_000 || $0 >= 30_000 ? $0 : $0 - 10_000 }
        let names = numbers.map { "directory \($0)/name/\($0) \u{1F600}" }
        let text = names.joined(separator: "\n") + "\n"
        #expect(text.utf8.count > 1 << 20)
        for order in [CatalogFile.Format.Order.natural, .asRead, .lastFirst] {
            var flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
            flat.order = order
            let read = try parse(text, flat)
            #expect(read.count == 30_000, "\(order)")
            // Each entry's line as read, from either piece.
            let lines = read.recordsInOrder.map { read.table.path(Int($0)) }
            if order == .asRead {
                #expect(lines.prefix(2) == names.prefix(2) && lines.suffix(2) == names.suffix(2))
            }
            if order == .lastFirst {
                // The last of each repeated line, last first.
                #expect(lines.prefix(2) == [names[39_999], names[39_998]])
                #expect(lines.suffix(2) == [names[1], names[0]])
                #expect(lines[10_000] == names[29_999], "the repeat, where it was read last")
            }
        }
        // NUL-ended names the same way, with an error on its line as read, past the first piece.
        let read0 = CatalogFile.Format(terminator: 0, repeats: .listedOnce)
        let ended = names.joined(separator: "\u{0}") + "\u{0}"
        #expect(try parse(ended, read0).count == 30_000)
        var refused = CatalogFile.Format(paths: PathComponents(separator: [0x3A], flat: false))
        refused.order = .natural
        #expect(
            throws: CatalogFile.Error(
                line: 20_001, problem: "duplicate path 'directory 10000/name/10000 😀' (first on line 10001)")
        ) {
            try parse(text.replacingOccurrences(of: "/", with: ":"), refused)
        }
    }

    @Test("a picker's list keeps the first line of each path and leaves out its repeats, in every format")
    func repeatsListedOnce() throws {
        let once = CatalogFile.Format(repeats: .listedOnce)
        // `./a/b`, `a/b/` and `a//b` name what `a/b` names; the first line as read is the one printed. (Other
        // keywords after one of them would make the TABs columns: ``columnsReadWhole()``.)
        expect(
            try parse("./a/b\tk\nc\na/b\tk\na/b/\tk\nc\na//b\tk\nd\n", once),
            [(["a"], "b", "./a/b"), ([], "c", "c"), ([], "d", "d")])
        let keywords = try parse("./a/b\tk\na/b\tk\n", once)
        #expect(keywords.table.keywords(Int(keywords.recordsInOrder[0])) == ["k"])
        // Names that differ only in bytes that are not UTF-8 read as one path, so the second is left out too.
        let invalid: Snapshot<Void> = try CatalogFile.parse(
            Array("a/".utf8) + [0xFE, 0x0A] + Array("a/".utf8) + [0xFF, 0x0A, 0x61, 0x0A], format: once)
        #expect(invalid.count == 2)
        // NUL-ended names and another delimiter leave out repeats as well.
        let read0 = CatalogFile.Format(terminator: 0, repeats: .listedOnce)
        let names: Snapshot<Void> = try CatalogFile.parse(Array("x/y\0./x/y\0z\0".utf8), format: read0)
        #expect(names.count == 2)
        let dotted = CatalogFile.Format(paths: PathComponents(separator: [0x2E], flat: false), repeats: .listedOnce)
        expect(try parse("os.path\nos..path\nsys\n", dotted), [(["os"], "path", "os.path"), ([], "sys", "sys")])
        // A line no path can be read from is listed whole, as --flat lists it, and printed as it was read: a blank
        // group, a title of spaces (grep output ending in "/ "), keywords with no path, more groups than allowed.
        let deep = (0...CatalogFile.maximumGroups).map { "d\($0)" }.joined(separator: "/")
        let odd: Snapshot<Void> = try CatalogFile.parse(
            Array("a\nx/ /y\nsee http://x.com/ \n\tindented\n\(deep)\nx/ /y\n".utf8), format: once)
        let lines = Set((0..<odd.count).map { odd.table.withLineBytes($0) { String(decoding: $0, as: UTF8.self) } })
        #expect(lines == ["a", "x/ /y", "see http://x.com/ ", "\tindented", deep], "\(lines)")
        #expect(odd.table.groups(Int(odd.index.search(Query("x/ /y"))[0])).isEmpty, "whole, at the root")
        // One odd line rewrites the whole list, and a pick is still the whole line as read, TAB and all, as in a
        // list read as it is: `#define X<TAB>1` among tab-indented source, never `#define X`.
        for text in ["#define X\t1\n\treturn 0;\n", "#define X\t1\n", "./#define X\t1\nsee a/ \n"] {
            let source: Snapshot<Void> = try CatalogFile.parse(Array(text.utf8), format: once)
            let picked = (0..<source.count).map {
                source.table.withWholeLineBytes($0) { String(decoding: $0, as: UTF8.self) }
            }
            #expect(picked.contains { $0.hasSuffix("#define X\t1") }, "\(picked)")
            let listed = (0..<source.count).map {
                source.table.withLineBytes($0) { String(decoding: $0, as: UTF8.self) }
            }
            #expect(listed.contains { $0.hasSuffix("#define X") }, "list prints the path before the TAB: \(listed)")
        }
        // A catalog file still refuses such a line, on its line as read.
        #expect(throws: CatalogFile.Error(line: 2, problem: "the path has an empty group name")) {
            try parse("a\nx/ /y\n")
        }
        // What a catalog file refuses by default.
        #expect(throws: CatalogFile.Error(line: 3, problem: "duplicate path 'a/b/' (first on line 1)")) {
            try parse("./a/b\nc\na/b/\n")
        }
    }

    @Test("what is not a path stays an error: blank names, invalid UTF-8 in keywords, a NUL in any format")
    func stillRefused() throws {
        #expect(throws: CatalogFile.Error(line: 2, problem: "the path has an empty group name")) {
            try parse("/ok\na/ /b\n")
        }
        #expect(throws: CatalogFile.Error(line: 2, problem: "the line is not valid UTF-8")) {
            try CatalogFile.parse(Array("./a\n./b\tk".utf8) + [0xFF, 0x0A]) as Snapshot<Void>
        }
        #expect(throws: CatalogFile.Error(line: 1, problem: "the line contains a NUL byte")) {
            try CatalogFile.parse(Array("/a".utf8) + [0, 0x0A]) as Snapshot<Void>
        }
        // No file name holds a NUL, and --print0 could not print one: a names format refuses it too.
        for format in [
            CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true)),
            CatalogFile.Format(paths: PathComponents(separator: Array("::".utf8), flat: false)),
        ] {
            #expect(throws: CatalogFile.Error(line: 2, problem: "the line contains a NUL byte")) {
                try CatalogFile.parse(Array("a\nb".utf8) + [0] + Array("c\nd\n".utf8), format: format) as Snapshot<Void>
            }
        }
    }

    @Test("a file name that is not UTF-8 is shown with U+FFFD and printed byte for byte, as find prints it")
    func invalidUTF8Names() throws {
        let catalog: Snapshot<Void> = try CatalogFile.parse(
            Array("/tmp/caf".utf8) + [0xE9] + Array(".txt\n./ok\n".utf8))
        expect(
            catalog,
            [
                (
                    ["∕", "tmp"], "caf\u{FFFD}.txt",
                    String(decoding: Array("/tmp/caf".utf8) + [0xE9] + Array(".txt".utf8), as: UTF8.self)
                ),
                ([], "ok", "./ok"),
            ])
        let record = try #require(catalog.search("caf").first)
        #expect(
            catalog.table.withLineBytes(Int(record)) { Array($0) } == Array("/tmp/caf".utf8) + [0xE9]
                + Array(".txt".utf8))
        // One U+FFFD for each maximal invalid part, as Swift decodes it: a cut-off scalar is one, not two.
        let cut: Snapshot<Void> = try CatalogFile.parse(Array("a/x".utf8) + [0xF0, 0xBD, 0x0A])
        #expect(cut.table.title(0) == "x\u{FFFD}")
        // Two names that differ only in bytes that are not UTF-8 read as one path: the second is a duplicate.
        #expect(throws: CatalogFile.Error(line: 2, problem: "duplicate path 'a/\u{FFFD}' (first on line 1)")) {
            try CatalogFile.parse(Array("a/".utf8) + [0xFE, 0x0A] + Array("a/".utf8) + [0xFF, 0x0A]) as Snapshot<Void>
        }
    }

    @Test("a byte order mark is left out of a rewritten list too, and a name that starts with U+FEFF after it stays")
    func byteOrderMarkOnRewrittenLists() throws {
        // Fuzz input: a mark before a --read0 list with a name that is not UTF-8 lost the first name and printed the
        // second twice, and so did a newline list whose first name starts with U+FEFF after the mark.
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let read0 = CatalogFile.Format(terminator: 0)
        for (bytes, format, lines) in [
            (
                mark + Array("a".utf8) + [0xF9, 0] + Array("b\0".utf8), read0,
                [Array("a".utf8) + [0xF9], Array("b".utf8)]
            ),
            (mark + Array("a\0b".utf8) + [0xF9, 0], read0, [Array("a".utf8), Array("b".utf8) + [0xF9]]),
            (mark + Array("a\0b\0".utf8), read0, [Array("a".utf8), Array("b".utf8)]),
            (
                mark + mark + Array("a".utf8) + [0xF9, 0x0A] + Array("b\n".utf8), CatalogFile.Format.standard,
                [mark + Array("a".utf8) + [0xF9], Array("b".utf8)]
            ),
            (
                mark + mark + Array("a\nb\n".utf8), CatalogFile.Format.standard,
                [mark + Array("a".utf8), Array("b".utf8)]
            ),
        ] {
            let catalog: Snapshot<Void> = try CatalogFile.parse(bytes, format: format)
            #expect(Set(entries(catalog).map(\.2)) == Set(lines), "\(bytes)")
        }
    }

    @Test("keywords after a TAB are kept on a rewritten line, and the line printed is the path")
    func keywords() throws {
        let catalog = try parse("Docs/x\tone\n./Docs/y\ttwo,three\n")
        let record = try #require(catalog.search("three").first)
        #expect(catalog.table.keywords(Int(record)) == ["two", "three"])
        #expect(catalog.table.path(Int(record)) == "./Docs/y")
    }

    @Test("a shell path after many plain lines is read, whichever piece of the file it is in")
    func lateShellPath() throws {
        let lines = (0..<200_000).map { "Group \($0 % 7)/Entry \($0)" } + ["/abs/last"]
        let catalog = try parse(lines.joined(separator: "\n"))
        #expect(catalog.count == 200_001)
        #expect(paths(catalog, catalog.search("abs/last")) == ["/abs/last"])
        #expect(paths(catalog, catalog.search("entry 199999")) == ["Group 2/Entry 199999"])
    }

    @Test("--flat: each line is a title, a / in it stays, and a repeated line is listed once")
    func flat() throws {
        let flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        let catalog = try parse("TCP/IP notes\nls -l\ngit status\nls -l\n./x\n", flat)
        expect(
            catalog,
            [
                ([], ".∕x", "./x"), ([], "git status", "git status"), ([], "ls -l", "ls -l"),
                ([], "TCP∕IP notes", "TCP/IP notes"),
            ])
        #expect(paths(catalog, catalog.search("tcp/ip")) == ["TCP/IP notes"])
    }

    @Test("--delimiter divides groups at other text; a / inside a component stays in its name")
    func delimiter() throws {
        let colons = CatalogFile.Format(paths: PathComponents(separator: Array("::".utf8)))
        let catalog = try parse("net::http::Server\nnet::http::Client\nTCP/IP::notes\n", colons)
        expect(
            catalog,
            [
                (["net", "http"], "Client", "net::http::Client"), (["TCP∕IP"], "notes", "TCP/IP::notes"),
                (["net", "http"], "Server", "net::http::Server"),
            ])
        let dots = CatalogFile.Format(paths: PathComponents(separator: [0x2E]))
        #expect(entries(try parse("com.example.App\n", dots)).map(\.0) == [["com", "example"]])
    }

    @Test("--read0: names end at NUL, may hold newlines, TABs and any bytes, and are printed exactly")
    func read0() throws {
        let read0 = CatalogFile.Format(terminator: 0)
        let bytes: [UInt8] =
            Array("dir/two\nlines\0dir/tab\there\0odd/".utf8) + [0x66, 0xFF, 0] + Array("/abs/x\0".utf8)
        let catalog: Snapshot<Void> = try CatalogFile.parse(bytes, format: read0)
        let byTitle = Dictionary(uniqueKeysWithValues: entries(catalog).map { ($0.1, $0) })
        #expect(Set(byTitle.keys) == ["two\\u{A}lines", "tab\\u{9}here", "f\u{FFFD}", "x"])
        #expect(byTitle["two\\u{A}lines"]?.2 == Array("dir/two\nlines".utf8))
        #expect(byTitle["tab\\u{9}here"]?.2 == Array("dir/tab\there".utf8))
        #expect(byTitle["f\u{FFFD}"]?.2 == [0x6F, 0x64, 0x64, 0x2F, 0x66, 0xFF])
        #expect(byTitle["x"]?.0 == ["∕", "abs"])
        #expect(catalog.search("lines").count == 1)
        // A name that ends with a CR keeps it when printed (fuzz input "I \r").
        let cr: Snapshot<Void> = try CatalogFile.parse(Array("I \r".utf8), format: read0)
        #expect(entries(cr).map(\.2) == [Array("I \r".utf8)])
        // Names with nothing to rewrite are read as they are, with no copy of the lines kept.
        let plain: Snapshot<Void> = try CatalogFile.parse(Array("/a/b\0c/d\0".utf8), format: read0)
        #expect(entries(plain).map(\.2) == [Array("/a/b".utf8), Array("c/d".utf8)])
    }

    @Test("a name of only spaces is a name with --read0, shown escaped; a blank line of a flat list is skipped")
    func blankNames() throws {
        let read0: Snapshot<Void> = try CatalogFile.parse(Array("dir/ \0./ /x\0".utf8), format: .init(terminator: 0))
        expect(read0, [(["dir"], "\\u{20}", "dir/ "), (["\\u{20}"], "x", "./ /x")])
        let flat = try parse("a\n   \nb\n", .init(paths: PathComponents(separator: [0x2F], flat: true)))
        #expect(flat.count == 2)
    }

    @Test("a one-shot search of mapped bytes reads shell paths, and prints their lines")
    func matchingMapped() throws {
        let bytes = Array("/usr/share/doc/a\n/usr/share/doc/b\n/etc/doc\n/etc/other\n".utf8)
        let found: Snapshot<Void> = try bytes.withUnsafeBufferPointer { try CatalogFile.matching($0, Query("doc")) }
        #expect(
            Set(found.recordsInOrder.map { found.table.path(Int($0)) }) == [
                "/usr/share/doc/a", "/usr/share/doc/b", "/etc/doc",
            ])
    }

    @Test("the fast reader and the exact one agree on shell paths")
    func fastAndExactAgree() throws {
        let text = "./a/b\n/c/d\n./e/./f\ng//h/\n./ü/Übersicht\n"
        let fast = try parse(text)
        let exact: Snapshot<Void> = try CatalogFile.read(Array(text.utf8), keeping: nil, plainLines: false)
        #expect(entries(fast).map(\.1) == entries(exact).map(\.1))
        #expect(entries(fast).map(\.0) == entries(exact).map(\.0))
        // The search text too, which the fast reader folds itself.
        #expect(fast.index.folded == exact.index.folded)
    }

    @Test("--no-sort keeps the lines as read, --tac turns them round; fuzzy hits go best first unless --no-sort")
    func inputOrder() throws {
        let lines = ["zeta", "alpha", "mike 10", "mike 2", "xalpha"] + (1...20).map { "item \($0)" }
        let text = lines.joined(separator: "\n") + "\n"
        var flat = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        #expect(
            paths(try parse(text, flat), try parse(text, flat).recordsInOrder).prefix(3) == [
                "alpha", "item 1", "item 2",
            ])
        flat.order = .asRead
        let asRead = try parse(text, flat)
        #expect(paths(asRead, asRead.recordsInOrder) == lines)
        #expect(paths(asRead, asRead.search("alpha")) == ["alpha", "xalpha"], "exact hits in the order read")
        #expect(paths(asRead, asRead.search("alpha", fuzzy: true)) == ["alpha", "xalpha"], "the better hit first")
        flat.order = .lastFirst
        let lastFirst = try parse(text, flat)
        #expect(paths(lastFirst, lastFirst.recordsInOrder) == lines.reversed())
        #expect(paths(lastFirst, lastFirst.search("alpha")) == ["xalpha", "alpha"])
        #expect(paths(lastFirst, lastFirst.search("alpha", fuzzy: true)) == ["alpha", "xalpha"], "still best first")
        flat.ranksFuzzyHits = false
        let unranked = try parse(text, flat)
        #expect(paths(unranked, unranked.search("alpha", fuzzy: true)) == ["xalpha", "alpha"], "as read, turned round")
        // A search of a mapped catalog file, read in place, keeps the order too; and the menu's shelves hold runs
        // of lines as read.
        var standard = CatalogFile.Format.standard
        standard.order = .lastFirst
        let matched: Snapshot<Void> = try Array(text.utf8).withUnsafeBufferPointer {
            try CatalogFile.matching($0, Query("alpha"), format: standard)
        }
        #expect(paths(matched, matched.recordsInOrder) == ["xalpha", "alpha"])
        let hierarchy = try Hierarchy(asRead)
        try hierarchy.checkInvariants()
        let shelves = hierarchy.children(of: hierarchy.root).map(hierarchy.title(of:))
        // A run of lines as read is named by its first line: it is no range of titles.
        #expect(shelves.first == "zeta" && shelves.last?.hasSuffix(" …") == true, "\(shelves)")
    }
}
