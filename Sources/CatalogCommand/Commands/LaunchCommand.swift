import CatalogKit
import CatalogTerminal
import Foundation
import Glibc
import Synchronization

/// The launcher: the menu over the registry, or a picker over `--file`.
enum LaunchCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        var arguments = arguments
        // --filter without --file reads standard input, so the picker's options are --file's.
        if CatalogCommand.filtersInput(
            filter: arguments.values["--filter"] != nil, file: arguments.values["--file"] != nil)
        {
            arguments.values["--file"] = "-"
        }
        // Read first, so an option that can't be read is refused with --filter too, as fzf refuses it.
        var options = try menuOptions(arguments)
        let queries = try QueryHistoryFile(arguments)
        queries?.apply(to: &options)
        if let text = arguments.values["--filter"] {
            _ = try Launcher.height(arguments)
            _ = try Launcher.colorMode(arguments, detected: .none)
            _ = try Launcher.border(arguments)
            return try filter(text, arguments, &context)
        }
        options.title = context.title
        options.shell = shell(context)
        // A process that took over from a rebuilt one (`--watch`) filters as the one before did.
        let handover = arguments.has("--watch") ? Handover.read(from: context.environment) : nil
        if let query = handover?.query { options.query = query }
        let store = HistoryFiles.store(arguments, context)
        if let store {
            let (history, problem) = store.load()
            options.history = history
            options.historyStore = store
            options.historyProblem = problem
            options.now = Date()
        }
        let menu: MenuScreen
        let picker = arguments.values["--file"] != nil
        // A picker lists a repeated line once, as fzf users pipe `history` or `cat a b` to it; a catalog file
        // read by list, search and tree still names the line.
        let format = try CatalogSource.format(arguments, repeats: .listedOnce)
        let headerLines = try arguments.number("--header-lines", in: 0...1000, default: 0)
        if picker {
            // fzf's reload(…): the command's output is the list, read as a pipe is, its lines all entries.
            options.reload = { command, shell, waitingForEnd in
                streamSteps(
                    commandOutput(command, shell: shell, terminator: format.terminator), name: command, format: format,
                    linesBefore: 0, waitingForEnd: waitingForEnd)
            }
        }
        // A pipe: its entries show as they arrive, while the producer (find /, say) is still writing. As fzf, with no
        // list piped in, the list is $CATALOG_DEFAULT_COMMAND's output, or the files below here, streamed the same way.
        var piped: (name: String, stream: @Sendable () throws -> CatalogStream)?
        if arguments.values["--file"] == "-", isatty(STDIN_FILENO) == 1 {
            let command = defaultCommand(context)
            piped = (command, commandOutput(command, shell: options.shell, terminator: format.terminator))
        } else if let path = arguments.values["--file"],
            let stream = try CatalogSource.stream(path, terminator: format.terminator)
        {
            piped = (CatalogSource.displayName(path), { stream })
        }
        if let (name, stream) = piped {
            let header = try CatalogSource.readHeader(headerLines, from: try stream(), name: name)
            options.header = CatalogSource.headerText(options.header, lines: header, format: format)
            let linesBefore = header.count { $0 == format.terminator }
            menu = try MenuScreen(
                streaming: name, options: options,
                stepGrouped: streamSteps(stream, name: name, format: format, linesBefore: linesBefore))
        } else if let path = arguments.values["--file"] {
            // Read the file now (fast); fold, check and sort it in the background so the first frame is immediate.
            var bytes = try CatalogSource.read(path)
            let name = CatalogSource.displayName(path)
            let header = CatalogSource.takeHeader(headerLines, from: &bytes, terminator: format.terminator)
            options.header = CatalogSource.headerText(options.header, lines: header, format: format)
            let linesBefore = header.count { $0 == format.terminator }
            menu = try MenuScreen(loading: name, options: options) { [bytes] title, maxChildren, topLevel in
                // Large blocks go back to the system from the grouping on, as they did after parsing. The top level
                // shows first, while the entries are sorted, where it needs no sort.
                try CatalogSource.parseGrouped(
                    bytes, name: name, format: format, rootTitle: title, maxChildren: maxChildren,
                    linesBefore: linesBefore, afterReading: { ProcessMemory.returnLargeBlocks() }, topLevel: topLevel)
            }
        } else {
            ProcessMemory.returnLargeBlocks()
            menu = try MenuScreen(source: .registry(context.registry), options: options)
        }
        let environment = try Launcher.environment(arguments, context)
        let watch = try WatchSetup.watch(arguments, context)
        var session = Session(root: menu, environment: environment)
        var resuming: [(after: Duration, owner: Session.ScreenID)]?
        if let watch, let handover {
            (session, resuming) = Reopen.session(
                handover, menu: menu, environment: environment, product: watch.rebuild.product, context: context)
        }
        let outcome = try Launcher.run(
            session, arguments: arguments, context: &context, resuming: resuming, watch: watch)
        let final = outcome.session.stack.first as? MenuScreen
        if let error = final?.loadError {
            throw InputError(description: error)
        }
        if let problem = queries?.keep(final, after: outcome.status) { context.fail(problem) }
        // fzf's become(…): the command takes this process's place, the terminal already given back.
        if outcome.status == 0, let become = final?.becomes {
            context.out.flush()
            throw InputError(
                description: ProcessImage.become(become.command, shell: become.shell, environment: context.environment))
        }
        let picks = final?.pickedBytes ?? []
        if let store, let menu = final, !menu.picked.isEmpty {
            // Picks end the run at once, so they are remembered here rather than by the menu's jobs.
            let ids = menu.pickedIDs
            _ = try? store.update { history in
                for id in ids { history.recordOpening(id, at: Date()) }
            }
        }
        let terminator: UInt8 = arguments.has("--print0") ? 0 : 0x0A
        let forPerson = context.out.isTerminal
        func emit(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { bytes in
                if forPerson {
                    // For a person reading the terminal: a control character in a name is shown, never obeyed.
                    context.out.line(bytes: bytes, terminator: terminator)
                } else {
                    // For the next program (a pipe, a capture, a file): exactly the bytes that were read.
                    context.out.exact(bytes, terminator: terminator)
                }
            }
        }
        // The query first, as fzf's --print-query: also when nothing was picked (status 1), but not when cancelled.
        if arguments.has("--print-query") || final?.printsQuery == true, outcome.status == 0, let menu = final {
            emit(Array(menu.query.utf8))
        }
        // fzf's print-query action: the query alone, and success.
        if final?.printsQuery == true, outcome.status == 0 { return 0 }
        // Then, with --expect, the key that picked: empty for Enter, as fzf prints it.
        if arguments.values["--expect"] != nil, outcome.status == 0, let menu = final {
            emit(Array((menu.pickedWith ?? "").utf8))
        }
        picks.forEach(emit)
        if outcome.status != 0 { return outcome.status }
        // Nothing matched at the start (--exit-0), in the launcher too, or a picker picked nothing: as fzf says so.
        if final?.foundNothing == true { return 1 }
        return picker && picks.isEmpty ? 1 : 0
    }

    /// `--filter QUERY` (fzf's `-f`): the lines that match, best first when fuzzy (the picker's default), with no
    /// screen; a repeated line is listed once, as the picker lists it. Without `--file`, standard input is the list,
    /// and with nothing piped in, the default command's output (``defaultCommand(_:)``), as fzf's `-f` reads it.
    ///
    /// - Returns: 0, or 1 when nothing matches.
    static func filter(_ text: String, _ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        var arguments = arguments
        var input: [UInt8]?
        if arguments.values["--file"] ?? "-" == "-" {
            if isatty(STDIN_FILENO) == 1 {
                let terminator: UInt8 = arguments.has("--read0") ? 0 : 0x0A
                input = try wholeOutput(defaultCommand(context), shell: shell(context), terminator: terminator)
            }
            arguments.values["--file"] = "-"
        }
        let query = Query(
            text, matching: try SearchCommand.matching(arguments, default: .fuzzy),
            smartCase: !arguments.has("--ignore-case"))
        // The header is above the list, not in it: its lines are left out, as the picker shows them apart.
        let headerLines = try arguments.number("--header-lines", in: 0...1000, default: 0)
        let (snapshot, _) = try CatalogSource.load(
            arguments, context, matching: query, repeats: .listedOnce, headerLines: headerLines, input: input)
        // Best first in exact mode too, as fzf's -f --exact lists them, unless the order is the input's. With --nth,
        // the lines that matched whole are searched again in their fields, which hold less.
        var index = snapshot.index
        if let fields = try CatalogSource.searchedFields(arguments) {
            let table = snapshot.table
            var searched = fields.index(count: index.count, order: index.recordsInOrder) { record in
                table.withWholeLineBytes(Int(record)) { String(decoding: $0, as: UTF8.self) }
            }
            searched.ranksFuzzyHits = index.ranksFuzzyHits
            searched.breaksTiesByLength = index.breaksTiesByLength
            index = searched
        }
        let found = index.hits(for: query)
        let hits = (CatalogSource.ranksHits(arguments) ? index.rankedByScore(found, for: query) : found).ordered
        // The query first with --print-query, as fzf's -f prints it, and on its own when nothing matches.
        if arguments.has("--print-query") {
            let terminator: UInt8 = arguments.has("--print0") ? 0 : 0x0A
            Array(text.utf8).withUnsafeBufferPointer { context.out.exact($0, terminator: terminator) }
        }
        EntryWriter.write(snapshot, hits[...], arguments, wholeLines: true, to: &context.out)
        return hits.isEmpty ? 1 : 0
    }

    /// `--expect`'s keys, fzf's way (`ctrl-v,alt-x,f10`), each with its name as given, to print.
    ///
    /// - Throws: ``Arguments/UsageError`` for a key that can't be read or that the launcher keeps.
    static func expectedKeys(_ text: String) throws -> [Key: String] {
        var keys: [Key: String] = [:]
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let key = MenuKeys.key(named: name) else {
                throw Arguments.UsageError(
                    description:
                        "option '--expect': '\(name)' is not a key catalog knows, such as ctrl-v, alt-x or f10.")
            }
            if Session.reservedKeys.contains(key) || key == .control("z") {
                throw Arguments.UsageError(
                    description: "option '--expect': '\(name)' is kept by the launcher and can't be expected.")
            }
            keys[key] = name
        }
        return keys
    }

    /// The menu's options from the command line.
    static func menuOptions(_ arguments: Arguments) throws -> MenuScreen.Options {
        // Picks are printed only for a catalog file; on the built-in catalog, Enter opens a screen.
        if arguments.values["--file"] == nil {
            for option in CatalogCommand.pickOptions
            where arguments.has(option) || arguments.values[option] != nil {
                throw Arguments.UsageError(
                    description: "option '\(option)' is for picking from --file; give --file too.")
            }
            if arguments.values["--preview"] != nil, previewPlacement(arguments) == .auto {
                throw Arguments.UsageError(
                    description: "option '--preview' takes right, bottom or hidden here; a command to preview with "
                        + "is for picking from --file; give --file too.")
            }
        }
        // A picker matches fuzzily unless --exact, as fzf does, so `swiftformat` finds `.swift-format`; the built-in
        // launcher looks titles up exactly, as `catalog search` does.
        let picker = arguments.values["--file"] != nil
        // A picker's --flat lines are one list, scrolled as fzf's is: they have no groups to browse, and its digits
        // filter rather than open.
        let flatList = picker && CatalogSource.readsWholeLines(arguments)
        var options = MenuScreen.Options(
            maxChildren: try arguments.number(
                "--max-children", in: 2...1_000_000, default: flatList ? MenuScreen.flatListChildren : 10),
            fuzzy: try SearchCommand.matching(arguments, default: picker ? .fuzzy : .exact) == .fuzzy,
            preview: previewPlacement(arguments))
        options.smartCase = picker && !arguments.has("--ignore-case")
        options.ranksExactHits = picker && CatalogSource.ranksHits(arguments)
        options.slashesInNames = CatalogSource.readsWholeLines(arguments) || arguments.values["--delimiter"] != nil
        options.multi = arguments.has("--multi")
        options.query = arguments.values["--query"]
        options.header = arguments.values["--header"]
        options.prompt = arguments.values["--prompt"]
        if let info = arguments.values["--info"] {
            guard let style = MenuScreen.InfoStyle(rawValue: info) else {
                throw Arguments.UsageError(
                    description: "option '--info' needs default, inline or hidden, not '\(info)'.")
            }
            options.info = style
        }
        options.selectOne = arguments.has("--select-1")
        options.exitZero = arguments.has("--exit-0")
        options.previewCommand = try previewCommand(arguments)
        options.fieldDelimiter = CatalogSource.delimiter(arguments).map { .text($0) } ?? .whitespace
        options.searchedFields = try CatalogSource.searchedFields(arguments)
        options.hitOrder = CatalogSource.ranksHits(arguments) ? .bestFirst : .asListed
        // A preview command is asked for: shown wherever it fits, as fzf's is, not only from 100 columns.
        if options.previewCommand != nil && options.preview == .auto { options.preview = .forced }
        // A --flat line (`ps`, `history`) is all the pane could show: the row keeps the width unless one is asked
        // for (F4, --preview).
        if CatalogSource.readsWholeLines(arguments) && options.preview == .auto { options.preview = .hidden }
        if let window = arguments.values["--preview-window"] {
            let read = try previewWindow(window)
            if let placement = read.placement { options.preview = placement }
            // Hidden where the place says, so F4 shows the pane there.
            options.previewHidden = read.hidden
            options.previewSize = read.size
            options.previewScroll = read.scroll
            options.previewWraps = read.wraps
        }
        for value in arguments.lists["--bind"] ?? [] {
            do {
                options.bindings += try MenuKeys.bindings(value)
            } catch let error as MenuKeys.BindError {
                throw Arguments.UsageError(description: "option '--bind': \(error)")
            }
        }
        if let keys = arguments.values["--expect"] { options.expectedKeys = try expectedKeys(keys) }
        options.cycle = arguments.has("--cycle")
        options.disabled = arguments.has("--disabled") || arguments.has("--phony")
        // fzf's layouts, so options copied from FZF_DEFAULT_OPTS read: catalog draws fzf's reverse one only.
        if let layout = arguments.values["--layout"], layout != "reverse" {
            throw Arguments.UsageError(
                description: "option '--layout' takes reverse, the layout catalog draws (the prompt on top, the list "
                    + "below it), not '\(layout)'.")
        }
        options.historyOff = historyOff(arguments)
        return options
    }

    /// Why a launcher has no history, for the message the favourite key gets.
    static func historyOff(_ arguments: Arguments) -> MenuScreen.HistoryOff {
        if arguments.has("--no-history") { return .asked }
        if arguments.values["--file"] == "-" { return .standardInput }
        return .noDirectory
    }

    /// `--preview right|bottom|hidden`, or the menu's own choice by the terminal's size: any other `--preview` is a
    /// command (``previewCommand(_:)``).
    static func previewPlacement(_ arguments: Arguments) -> MenuScreen.PreviewPlacement {
        guard let text = arguments.values["--preview"], let placement = MenuScreen.PreviewPlacement(rawValue: text),
            [.right, .bottom, .hidden].contains(placement)
        else { return .auto }
        return placement
    }

    /// fzf's `--preview-window`: its position (`right`, or `down`/`bottom`), its size (`60%`, or `40` columns or
    /// rows), `hidden` (shown by F4 or `toggle-preview`) and `wrap`, separated by `,` or `:`. fzf's border options are taken
    /// and change nothing, as catalog draws its one rule; anything else is refused by name.
    static func previewWindow(_ text: String) throws -> PreviewWindow {
        var window = PreviewWindow()
        for token in text.split(whereSeparator: { $0 == "," || $0 == ":" }) {
            switch token {
            case _ where token.hasPrefix("+"):
                window.scroll = try previewScroll(token)
            case "right": window.placement = .right
            case "down", "bottom": window.placement = .bottom
            case "hidden": window.hidden = true
            case "nohidden": window.hidden = false
            case "wrap": window.wraps = true
            case "nowrap": window.wraps = false
            case "noborder", "sharp", "rounded", "bold", "double", "block", "thinblock", "horizontal",
                "vertical":
                continue
            case _ where token.hasPrefix("border"): continue
            case "left", "up", "top":
                throw Arguments.UsageError(
                    description: "option '--preview-window': catalog puts the preview right of the list or below it "
                        + "(right, down), not '\(token)'.")
            default:
                // Digits only: fzf's `+SCROLL` and `~HEADER` start with a sign of their own.
                let percent = token.hasSuffix("%")
                let digits = percent ? token.dropLast() : token[...]
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
                    percent ? (1...99).contains(number) : number > 0
                else {
                    throw Arguments.UsageError(
                        description: "option '--preview-window' takes right or down, a size (60% or 40), hidden, "
                            + "wrap, +SCROLL and fzf's border options, not '\(token)'.")
                }
                window.size = percent ? .percent(number) : .cells(number)
            }
        }
        return window
    }

    /// What `--preview-window` says: the pane's place and size, whether it starts hidden, where a command's output
    /// starts, and whether its long lines wrap.
    struct PreviewWindow: Equatable {
        var placement: MenuScreen.PreviewPlacement?
        var hidden = false
        var size: MenuScreen.PreviewSize?
        var scroll: MenuScreen.PreviewScroll?
        var wraps = false
    }

    /// fzf's `+SCROLL[OFFSETS][/DENOM]`: `+{2}`, `+{2}-5`, `+{2}-/2`, `+30`.
    static func previewScroll(_ token: Substring) throws -> MenuScreen.PreviewScroll {
        let problem = Arguments.UsageError(
            description: "option '--preview-window' needs +SCROLL as fzf writes it (+{2}, +{2}-5, +{2}-/2, +30), "
                + "not '\(token)'.")
        var rest = token.dropFirst()
        let base: Substring
        if rest.first == "{" {
            guard let close = rest.firstIndex(of: "}") else { throw problem }
            base = rest[...close]
            rest = rest[rest.index(after: close)...]
        } else {
            base = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(base.count)
        }
        guard ShellCommand.isLinePlaceholder(String(base)) || Int(base) != nil else { throw problem }
        var scroll = MenuScreen.PreviewScroll(base: String(base))
        while let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            if rest.first == "/" {
                let digits = rest.dropFirst()
                guard sign == "-", let denominator = Int(digits), denominator > 0 else { throw problem }
                scroll.denominator = denominator
                rest = rest.dropFirst(rest.count)
                break
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let value = Int(digits) else { throw problem }
            scroll.offset += sign == "+" ? value : -value
            rest = rest.dropFirst(digits.count)
        }
        guard rest.isEmpty else { throw problem }
        return scroll
    }

    /// The preview command: `--preview-command CMD`, or `--preview CMD` as fzf's users write it, any value but a
    /// place for the pane being a command.
    static func previewCommand(_ arguments: Arguments) throws -> String? {
        let given = arguments.values["--preview-command"]
        if let given, given.trimmingCharacters(in: .whitespaces).isEmpty {
            throw Arguments.UsageError(
                description: "option '--preview-command' needs a command to preview with, not '\(given)'.")
        }
        if let given, let placeholder = ShellCommand.unsupportedPlaceholder(in: given) {
            throw Arguments.UsageError(
                description: ShellCommand.placeholderProblem(placeholder, in: "option '--preview-command'"))
        }
        guard let text = arguments.values["--preview"], previewPlacement(arguments) == .auto else { return given }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Arguments.UsageError(
                description:
                    "option '--preview' needs right, bottom, hidden or a command to preview with, not '\(text)'.")
        }
        if let given {
            throw Arguments.UsageError(
                description: "option '--preview' gives the preview command \(Link.quoted(text)), and "
                    + "'--preview-command' gives \(Link.quoted(given)); give one.")
        }
        if let placeholder = ShellCommand.unsupportedPlaceholder(in: text) {
            throw Arguments.UsageError(
                description: ShellCommand.placeholderProblem(placeholder, in: "option '--preview'"))
        }
        return text
    }
}
