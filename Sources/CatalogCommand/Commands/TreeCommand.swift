import CatalogKit
import CatalogTerminal

/// `tree`: the menus the launcher shows, drawn as a tree or written as nested JSON.
enum TreeCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let (snapshot, _) = try CatalogSource.load(arguments, context)
        let hierarchy = try Hierarchy(snapshot, rootTitle: context.title, maxChildren: maxChildren)
        if arguments.has("--json") {
            TreeJSON.write(hierarchy, snapshot.table, to: &context.out)
        } else {
            TreeOutput.write(hierarchy, to: &context.out)
        }
        return 0
    }
}
