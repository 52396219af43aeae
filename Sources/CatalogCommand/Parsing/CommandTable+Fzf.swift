extension CommandTable {
    /// fzf's options that catalog doesn't take, each with why or what to use instead: a command line or a
    /// `CATALOG_DEFAULT_OPTS` copied from fzf's gets one line that says so, not a guess at a near name.
    static let fzfOnly: [String: String] = [
        "--with-nth": "a line is shown as it is read; fields name what a command gets ({1}, {2..})",
        "--pointer": "the highlighted row is drawn in reverse, with no pointer column",
        "--marker": "--multi marks a row with a check box",
        "--margin": "--border draws lines around the launcher, with a space inside them",
        "--padding": "--border keeps a space inside its lines",
        "--scrollbar": "the status line says which row of how many is highlighted",
        "--no-scrollbar": "the status line says which row of how many is highlighted",
        "--separator": "the status line is its own row, with no rule",
        "--no-separator": "the status line is its own row, with no rule",
        "--literal": "letters are found with or without their accents, as --ignore-case says",
        "--algo": "fuzzy hits are scored by the best alignment, always",
        "--no-bold": "bold marks what matched, which --no-color leaves as the only mark",
        "--keep-right": "a long line keeps what matched in view, cut with … before it",
        "--sync": "typing works while the list is read, and a query typed then waits for the whole list",
        "--listen": "the launcher takes no commands over HTTP",
        "--jump-labels": "digits reach the first ten rows of a menu level",
        "--ellipsis": "a cut line ends with …",
        "--tabstop": "a TAB starts a line's keywords, shown after the path",
    ]

    /// fzf's options for a shell's history, which its Ctrl-R widgets pass (`-n2..,.. --scheme=history +m`), after
    /// the options that read the list and before those that read it further (``options``).
    static let historyOptions: [Option] = [
        Option(
            name: "--scheme", value: "SCHEME", completion: .choices(["default", "path", "history"]),
            commands: [""],
            help: "how the file's lines are read, as fzf's: history reads each line whole, as --flat does, in the "
                + "order read, and hits found equally well stay in that order (fzf's Ctrl-R widgets pass it); default "
                + "and path read them as paths of groups, as the picker does without it"),
        Option(
            name: "--nth", short: "n", value: "FIELDS", commands: [""],
            help: "search only these fields of each line, fzf's way (1, 2.., ..3, -1, 2..,..; each range on its own), "
                + "parted as --delimiter says, else by spaces and TABs; the line is still shown and printed whole. "
                + "Only for lines read whole, with --flat or --scheme history: a path's groups are no fields"),
        Option(
            name: "--tiebreak", value: "CRITERION", completion: .choices(["length", "index"]), commands: [""],
            help: "what orders hits the query fits as well: length (shorter name, then shorter path; the default) "
                + "or index (the order read, as the history scheme keeps them); fzf's others are refused"),
        Option(name: "--no-multi", commands: [""], help: "take back --multi, as fzf's +m does"),
    ]
}
