import CatalogKit
import CatalogTerminal

/// `tree`: the menus the launcher shows, drawn as a tree or written as nested JSON.
enum TreeCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let snapshot: Snapshot<any Screen>
        let hierarchy: Hierarchy
        // Checked first: --flat, --delimiter and --read0 need --file.
        let format = try CatalogSource.format(arguments)
        if let path = arguments.values["--file"] {
            // A file is grouped while its entries sort, as the launcher loads it.
            (snapshot, hierarchy) = try CatalogSource.parseGrouped(
                try CatalogSource.read(path, format: format), name: CatalogSource.displayName(path), format: format,
                rootTitle: context.title, maxChildren: maxChildren)
        } else {
            snapshot = context.registry.snapshot()
            hierarchy = try Hierarchy(snapshot, rootTitle: context.title, maxChildren: maxChildren)
        }
        if arguments.has("--json") {
            TreeJSON.write(hierarchy, snapshot.table, controls: snapshot.controls, to: &context.out)
        } else {
            TreeOutput.write(hierarchy, to: &context.out)
        }
        return 0
    }
}
