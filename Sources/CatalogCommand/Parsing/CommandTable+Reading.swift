extension CommandTable {
    /// The options that say where the list comes from and how its lines divide.
    static let readingOptions: [Option] = [
        Option(
            name: "--file", value: "PATH", completion: .files,
            commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "read a catalog file instead of the built-in catalog ('-' for standard input)"),
        Option(
            name: "--flat", commands: ["", "list", "search", "tree", "open", "---complete"],
            help:
                "read each line of the file as a title, not a path of groups: a picker lists them as read, as one"
                + " list; a repeated line is listed once"),
        Option(
            name: "--delimiter", short: "d", value: "TEXT",
            commands: ["", "list", "search", "tree", "open", "---complete"],
            help: "divide the groups of the file's lines at TEXT, such as :: or ., instead of /; and their fields for "
                + "{1}, {2..} in commands, which are otherwise parted by spaces, as fzf's -d does (with --flat, the "
                + "fields only)"),
    ]
}
