/// The command line as data: every command and option with its help. Parsing, `--help`, `help COMMAND`, the manual
/// page and the completion scripts all read this one table, so they can't drift apart.
struct CommandTable {
    /// A command: the launcher (no name) or a subcommand.
    struct Command: Sendable, Hashable {
        /// The name typed after the program, or "" for the launcher.
        var name: String
        /// One line: what it does.
        var summary: String
        /// A paragraph for the help and the manual.
        var description: String
        /// The positional arguments' name in the synopsis (`QUERY...`), if any.
        var operands: Operands?
        /// Whether the command is left out of the help and the manual (the completion callback).
        var hidden = false
    }

    /// What a command takes besides options.
    struct Operands: Sendable, Hashable {
        /// The name in the synopsis: `QUERY...`, `ID|TITLE`.
        var name: String
        /// How many: at least, at most (`nil` for any number).
        var minimum: Int
        var maximum: Int?
        /// What the shell completes them with.
        var completion: Completion
        /// What they are.
        var help: String
    }

    /// What a value or operand completes to.
    enum Completion: Sendable, Hashable {
        /// Nothing: a free value.
        case none
        /// File paths.
        case files
        /// Directory paths.
        case directories
        /// One of fixed words.
        case choices([String])
        /// Entry ids and titles of the catalog, asked of the program itself.
        case entries
        /// The names of the subcommands.
        case commands
        /// `--set`'s words for the controls of the entry `open` names: `name=`, then a choice's names or `true` and
        /// `false`, asked of the program itself.
        case settings
        /// The names of the scenarios of the entry the command line names, asked of the program itself.
        case scenarios
    }

    /// An option.
    struct Option: Sendable, Hashable {
        /// The long name, `--file`.
        var name: String
        /// A one-letter alias, `-m`, if any.
        var short: Character?
        /// The value's name (`PATH`), or `nil` for a flag.
        var value: String?
        /// For a flag that may take a value (fzf's `--border[=STYLE]`), the value's name: given after `=`, or as
        /// the next word when that is one of its ``completion``'s choices.
        var inlineValue: String?
        /// What the value completes to.
        var completion: Completion = .none
        /// The commands that accept it, by name ("" is the launcher).
        var commands: Set<String>
        /// What it does.
        var help: String
        /// Whether it may be given more than once, each value kept (`--bind`).
        var repeatable = false
        /// Whether every command that accepts it needs it (`record --cast FILE`): the parser refuses a command line
        /// without it, the synopses show it without brackets, and the completions describe it as required.
        var required = false
    }

    /// An example for the manual: the arguments after the program's name, and what they do.
    struct Example: Sendable, Hashable {
        var arguments: String
        var explanation: String
        /// The id of the built-in demo the example names, which another program's catalog may not have.
        var needs: String?
    }

    static let launch = Command(
        name: "", summary: "browse and search the catalog of screens",
        description:
            "Opens the launcher: the catalog grouped into menus of at most ten items, numbered so a digit opens one. "
            + "Type to filter the whole catalog, Enter to open, Esc to go back a step, F1 for the keys, F6 to switch "
            + "exact and fuzzy matching. With --file, the launcher is a picker: the entry you open is printed to "
            + "standard output, and the filter matches fuzzily unless --exact, as fzf's does. On a terminal it runs full "
            + "screen, drawing on /dev/tty when standard input or output is a pipe; with --plain, TERM=dumb, commands "
            + "piped to standard input, or no terminal at all, it runs in line mode.")

    static let commands: [Command] = [
        launch,
        Command(
            name: "list", summary: "print every entry's full path, in search order",
            description:
                "Prints every entry's full path, one a line, in search order: natural order of titles, as read with"
                + " --no-sort, or last first with --tac.",
            operands: nil),
        Command(
            name: "search", summary: "print the entries that match a query (exit 1 when none do)",
            description:
                "Prints the entries whose full path or keywords hold every term of the query, folded (case, "
                + "accents and compatibility forms), in search order; with --fuzzy, the characters of each term in "
                + "order, best first. Terms read as fzf's: 'word (the other mode), ^start, end$, !not, a | b. "
                + "Exits 1 when nothing matches.",
            operands: Operands(
                name: "QUERY...", minimum: 1, maximum: nil, completion: .none, help: "the terms to search for")),
        Command(
            name: "tree", summary: "draw the grouped hierarchy",
            description: "Draws the menus the launcher shows, as a tree: groups, buckets and entries.",
            operands: nil),
        Command(
            name: "open", summary: "run one screen by id or title",
            description:
                "Runs one screen, found by its id or by a title that only it has (folded). Esc or q closes it. With "
                + "--set NAME=VALUE, a control of the entry starts with that value instead of its default; list "
                + "--json shows each entry's controls. --keys, --size and --color reopen an exact state, as a link "
                + "made with F8 in the launcher does: the keys are replayed on a virtual clock, the screen's work runs "
                + "again but nothing is saved, and the screen goes on from there. With --file, prints the entry's path "
                + "instead, as picking it in the launcher would.",
            operands: Operands(
                name: "ID|PATH|TITLE", minimum: 1, maximum: 1, completion: .entries, help: "the entry to open")),
        Command(
            name: "snapshot", summary: "check every screen's scenarios against their golden files",
            description:
                "Plays every scenario of every entry (or of the entries the query matches) on a virtual terminal and "
                + "compares its last frame, text and styles, with its golden file in the directory. A difference "
                + "prints a unified diff and exits 1. Goldens of entries that are gone are reported as stale. Record "
                + "modes: missing (the default) writes goldens that don't exist yet, all rewrites every one, never "
                + "only compares (for CI), failed rewrites those that differ; CATALOG_RECORD sets the mode too.",
            operands: Operands(
                name: "QUERY...", minimum: 0, maximum: nil, completion: .entries,
                help: "only the entry with that id, or else the entries that match")),
        Command(
            name: "record", summary: "record a scenario as an asciicast for asciinema",
            description:
                "Plays one scenario of an entry on a virtual terminal and writes every frame, timed by the virtual "
                + "clock, as an asciicast v2 recording that asciinema plays. The screen is shown for --pace at the "
                + "start and after each key, unless the scenario waits after it, so a scenario plays as a demo.",
            operands: Operands(
                name: "ID|PATH|TITLE", minimum: 1, maximum: 1, completion: .entries, help: "the entry to record")),
        Command(
            name: "help", summary: "show the help of a command",
            description: "Prints the help of a command, the same text as COMMAND --help.",
            operands: Operands(
                name: "COMMAND", minimum: 0, maximum: 1,
                completion: .commands, help: "the command")),
        Command(
            name: "---complete", summary: "print completions for the shell scripts",
            description: "Called back by the completion scripts: prints the entry ids and titles that start with "
                + "a prefix, one a line, of the catalog file read as the command line being completed reads it; or "
                + "the --set words for the controls of an entry.",
            operands: Operands(
                name: "open PREFIX | set ID PREFIX", minimum: 1, maximum: 3, completion: .none,
                help: "what to complete"),
            hidden: true),
    ]

    static let options: [Option] = readingOptions + historyOptions + pickingOptions

    /// The options that read and pick from the list, and the launcher's own.
    private static let pickingOptions: [Option] = [
        Option(
            name: "--read0", commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "read the file's entries ended by NUL, as find -print0 writes them, instead of newlines"),
        Option(
            name: "--ansi", commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "leave out the colours a program wrote into the file's lines (grep's, rg's), as fzf's --ansi does"),
        Option(
            name: "--no-sort", commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "keep the file's entries in the order read, and fuzzy hits too, as fzf's --no-sort (history, git log)"
        ),
        Option(
            name: "--tac", commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "list the file's entries last read first, as fzf's --tac; fuzzy hits still go best first"),
        Option(name: "--json", commands: ["list", "search", "tree", "snapshot"], help: "print JSON"),
        Option(
            name: "--fuzzy", commands: ["", "search"],
            help: "match characters in order, best first; what the picker (--file) starts with, as fzf does"),
        Option(
            name: "--exact", short: "e", commands: ["", "search"],
            help: "match each term as a substring: in search order, or best first in a picker (the default but in "
                + "a picker; 'term switches one term)"),
        Option(
            name: "--ignore-case", short: "i", commands: [""],
            help: "match a term with a capital or an accented letter in any case and accent too; a picker otherwise "
                + "keeps them, as fzf does"),
        Option(name: "--limit", value: "N", commands: ["search"], help: "print at most N matches"),
        Option(
            name: "--max-children", value: "N", commands: ["", "tree"],
            help: "at most N items in a menu level (default 10; 10,000 for a picker's --flat lines)"),
        Option(name: "--plain", commands: ["", "open"], help: "run in line mode even on a terminal"),
        Option(
            name: "--set", value: "NAME=VALUE", completion: .settings, commands: ["open"],
            help: "give a control of the entry a value, such as start=1234 or compact=true; may be repeated",
            repeatable: true),
        Option(
            name: "--preview", value: "WHERE", completion: .choices(["right", "bottom", "hidden"]), commands: [""],
            help:
                "where the preview pane goes: right, bottom or hidden (default: right from 100 columns); any other "
                + "value is a command to preview with, as fzf's --preview and --preview-command take"),
        Option(
            name: "--preview-command", value: "CMD", commands: [""],
            help:
                "preview a file's entries with CMD's output in $SHELL, {} standing for the line, {q} for the query, "
                + "{+} for the marked entries and {1}, {-1}, {2..} for the line's fields (shell-quoted)"
        ),
        Option(name: "--no-mouse", commands: ["", "open"], help: "leave the mouse to the terminal"),
        Option(
            name: "--no-history", commands: [""],
            help: "neither read nor save the entries opened (no Recent, no Favourites)"),
        Option(
            name: "--history", value: "FILE", completion: .files, commands: [""],
            help: "fzf's query history: Ctrl-P and Ctrl-N step through the queries kept in FILE, and a run that picks "
                + "or finds nothing adds its query"),
        Option(
            name: "--history-size", value: "N", commands: [""],
            help: "the most queries the file of --history keeps, the oldest dropped (1000)"),
        Option(
            name: "--sort", value: "ORDER", completion: .choices(["name", "frecency"]), commands: ["search"],
            help: "name (the default, the same on every run) or frecency (opened often and lately first)"),
        Option(
            name: "--multi", short: "m", commands: [""],
            help: "Tab marks entries (a group marks all under it); Enter prints every marked entry"),
        Option(name: "--query", short: "q", value: "TEXT", commands: [""], help: "start with this filter"),
        Option(
            name: "--bind", value: "KEY:ACTION", commands: [""],
            help:
                "bind a key to menu actions, fzf's way (ctrl-a:first,alt-j:down+down, ctrl-o:execute(less {})); "
                + "may be repeated",
            repeatable: true),
        Option(name: "--select-1", short: "1", commands: [""], help: "pick at once when exactly one entry matches"),
        Option(name: "--exit-0", short: "0", commands: [""], help: "exit 1 at once when no entry matches"),
        Option(
            name: "--print-query", commands: [""],
            help: "print the filter's text first, then the picks, unless cancelled"),
        Option(
            name: "--filter", short: "f", value: "QUERY", commands: [""],
            help: "print the lines that match QUERY, best first, with no screen, as fzf's does; reads standard "
                + "input without --file"),
        Option(
            name: "--cycle", commands: [""], help: "↑ on the first row goes to the last, ↓ on the last to the first"),
        Option(
            name: "--preview-window", value: "SPEC", commands: [""],
            help: "fzf's preview window: right or down, a size (60% or 40), hidden, wrap, +SCROLL; border options "
                + "change nothing"),
        Option(
            name: "--no-unicode", commands: ["", "open"],
            help: "draw marks, rules, borders and groups' arrows in ASCII (> [x] - | +), as fzf's --no-unicode and as "
                + "when the locale isn't UTF-8; the words keep their own … and quotes"),
        Option(
            name: "--disabled", commands: [""],
            help: "the filter filters nothing: its text is for commands' {q} (change:reload(rg {q}))"),
        Option(name: "--phony", commands: [""], help: "the same as --disabled (fzf's older name)"),
        Option(
            name: "--layout", value: "LAYOUT", completion: .choices(["reverse"]), commands: [""],
            help: "reverse: the prompt on top and the list below it, as catalog always draws them (fzf's option)"),
        Option(name: "--reverse", commands: [""], help: "the same as --layout reverse"),
        Option(
            name: "--expect", value: "KEYS", commands: [""],
            help: "keys that pick as Enter does (ctrl-v,alt-x), the one pressed printed before the picks"),
        Option(
            name: "--header", value: "TEXT", commands: [""],
            help: "text to show above the list, a row for each of its lines"),
        Option(
            name: "--header-lines", value: "N", commands: [""],
            help: "show the list's first N lines above it, as a header that is never picked"),
        Option(
            name: "--border", inlineValue: "STYLE",
            completion: .choices(Border.Shape.allCases.map(\.rawValue)), commands: [""],
            help: "draw lines around the launcher, as fzf's option does: rounded, or the STYLE given after = or as "
                + "the next word: sharp, bold, double, horizontal, vertical, top, bottom, left, right or none"),
        Option(
            name: "--info", value: "STYLE", completion: .choices(["default", "inline", "hidden"]), commands: [""],
            help: "where the counts and the spinner go: default (the status line), inline (the prompt's row, shown "
                + "from the start) or hidden (nowhere; the list has the row), as fzf's --info"),
        Option(
            name: "--prompt", value: "TEXT", commands: [""],
            help: "the filter's prompt, shown from the start (default '/ ' once you type)"),
        Option(
            name: "--print0", commands: ["", "list", "search"],
            help: "end each entry printed with NUL instead of a newline"),
        Option(
            name: "--height", value: "N[%]", commands: [""],
            help: "draw in N rows (at least 4, and a border's) or N% of the window (at least 10 rows) below the "
                + "prompt, instead of the whole screen"),
        Option(
            name: "--locale", value: "LOCALE", completion: .choices(["en", "de", "ja", "ko", "ru"]),
            commands: ["", "open"],
            help: "the language screens use, such as de or ko_KR (default: LC_ALL, LC_MESSAGES or LANG)"),
        Option(
            name: "--dir", value: "DIR", completion: .directories, commands: ["snapshot"],
            help: "where the golden files are (default Tests/Snapshots in the package root; required elsewhere)"),
        Option(
            name: "--record", value: "MODE", completion: .choices(["missing", "all", "never", "failed"]),
            commands: ["snapshot"], help: "when to write goldens: missing (default), all, never or failed"),
        Option(
            name: "--size", value: "COLSxROWS", commands: ["snapshot", "open"],
            help: "the terminal's size: every scenario's instead of its own (snapshot), or where --keys are replayed"),
        Option(
            name: "--keys", value: "STEPS", commands: ["open"],
            help: "replay steps first: key names (up, enter, ctrl-a, f5, a), up*3, type:TEXT, wait:500ms, "
                + "resize:100x30"),
        Option(
            name: "--color", value: "WHEN", completion: .choices(["never", "always", "auto"]), commands: ["", "open"],
            help: "draw in colour: never (or fzf's bw), always, or auto (the default: as the terminal says)"),
        Option(name: "--no-color", commands: ["", "open"], help: "draw in no colour, as --color never (fzf's option)"),
        Option(
            name: "--print-link", commands: ["", "open"],
            help: "print each link made with F8 to standard error on exit"),
        Option(
            name: "--watch", commands: [""],
            help: "live reload: rebuild when a source file is saved, and come back to the same screen in the new build"),
        Option(
            name: "--watch-product", value: "NAME", commands: [""],
            help: "the product --watch builds (default: this program's own name)"),
        Option(
            name: "--watch-path", value: "DIR", completion: .directories, commands: [""],
            help: "another folder --watch watches, beside Sources and Catalog; may be repeated", repeatable: true),
        Option(
            name: "--scenario-file", value: "FILE", completion: .files, commands: ["snapshot"],
            help:
                "check or record the captured scenarios in FILE (one a line, as F9 keeps them) for one entry, whose FILE it must be"
        ),
        Option(name: "--prune", commands: ["snapshot"], help: "remove stale goldens"),
        Option(
            name: "--svg", value: "DIR", completion: .directories, commands: ["snapshot"],
            help: "also keep an SVG picture of each scenario in DIR, checked like the goldens"),
        Option(
            name: "--scenario", value: "NAME", completion: .scenarios, commands: ["record"],
            help: "the scenario to record (default: the entry's first)"),
        Option(
            name: "--cast", value: "FILE", completion: .files, commands: ["record"],
            help: "the asciicast file, or - for standard output", required: true),
        Option(
            name: "--pace", value: "TIME", commands: ["record"],
            help: "how long each key is shown, as wait: writes it (default: 400ms; 0 plays the keys at once)"),
        Option(name: "--help", short: "h", commands: Set(commands.map(\.name)), help: "show this help"),
        Option(name: "--version", commands: [""], help: "show the version"),
        Option(
            name: "--generate-completion-script", value: "SHELL", completion: .choices(["bash", "zsh", "fish"]),
            commands: [""], help: "print a completion script for bash, zsh or fish"),
        Option(name: "--generate-manual", commands: [""], help: "print the manual page (mdoc)"),
    ]

    /// The manual's examples; `open` names the catalog's first entry, when it has one.
    ///
    /// - Parameters:
    ///   - id: The catalog's first entry, which `open`'s example names.
    ///   - has: Whether the catalog has an entry, for examples that name a built-in demo.
    static func examples(first id: String?, has: (String) -> Bool = { _ in true }) -> [Example] {
        examples.compactMap { example in
            if let needed = example.needs, !has(needed) { return nil }
            guard example.arguments.hasPrefix("open ") else { return example }
            return id.map { Example(arguments: "open \(Self.shellWord($0))", explanation: example.explanation) }
        }
    }

    /// A word as a shell reads it: quoted when it holds anything but letters, digits and `-_./`.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || $0.properties.numericType != nil) || "-_./".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    static let examples: [Example] = [
        Example(arguments: "", explanation: "Browse the built-in catalog."),
        Example(
            arguments: "search outline picker", explanation: "Print the entries whose path holds both words.",
            needs: "pickers/outline-picker"),
        Example(
            arguments: "search --fuzzy anmgrd --json", explanation: "Match characters in order; print JSON objects.",
            needs: "animation/animated-grid"),
        Example(arguments: "tree --max-children 5", explanation: "Draw the menus with at most five items a level."),
        Example(arguments: "open ID", explanation: "Run one screen by its id."),
        Example(arguments: "--file titles.txt", explanation: "Pick an entry of a catalog file; the path is printed."),
        Example(
            arguments: "snapshot --record never", explanation: "Check every screen's goldens, as CI does."),
        Example(
            arguments: "record animation/animated-grid --cast grid.cast",
            explanation: "Record the Animated Grid for asciinema play grid.cast.", needs: "animation/animated-grid"),
    ]

    /// The environment variables the program reads, for the manual.
    static let environment: [(name: String, help: String)] = [
        ("TERM", "dumb selects line mode; a value containing 256color selects 256 colours."),
        ("COLORTERM", "truecolor or 24bit selects 24-bit colour."),
        ("NO_COLOR", "set to anything but the empty string: no colour (bold and reverse stay)."),
        ("COLUMNS", "the width of line mode's lines when standard output is not a terminal."),
        ("LC_ALL, LC_MESSAGES, LANG", "the language of lists and summaries; UTF-8 selects Unicode glyphs."),
        ("XDG_CONFIG_HOME", "where the @AppStorage demo keeps settings.json (default ~/.config)."),
        ("XDG_STATE_HOME", "where the launcher remembers what was opened, per catalog (default ~/.local/state)."),
        ("CATALOG_RECORD", "the record mode of snapshot: missing, all, never or failed."),
        (
            "CATALOG_DEFAULT_OPTS",
            "options read before the command line's when it opens the launcher or picker (named after the program: "
                + "MYCAT_DEFAULT_OPTS for mycat), split as the shell splits words; those for a file apply when one is read."
        ),
        (
            "CATALOG_DEFAULT_COMMAND",
            "the shell command whose output a picker lists when --file - has a terminal for standard input (named "
                + "after the program); by default, the files and links below the current directory, hidden ones left out."
        ),
        ("SOURCE_DATE_EPOCH", "the timestamp record writes, for recordings that are the same on every run."),
    ]

    /// The command with a name.
    static func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// The option a word names without its value: long (`--query`) or short (`-q`).
    static func option(named word: some StringProtocol) -> Option? {
        if !word.hasPrefix("--"), word.count == 2, word.hasPrefix("-"), let letter = word.last {
            return options.first { $0.short == letter }
        }
        return options.first { $0.name == word }
    }

    /// The options a command accepts, in table order.
    static func options(for command: Command) -> [Option] {
        options.filter { $0.commands.contains(command.name) }
    }

    /// The subcommands a user can type, in table order.
    static var visibleSubcommands: [Command] { commands.filter { !$0.name.isEmpty && !$0.hidden } }
}
