import CatalogKit
import CatalogTerminal

/// The launcher: the menu over the registry, or a picker over `--file`.
enum LaunchCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let fuzzy = arguments.has("--fuzzy")
        let menu: MenuScreen
        if let path = arguments.values["--file"] {
            // Read the file now (fast); fold, check and sort it in the background so the first frame is immediate.
            let bytes = try CatalogSource.read(path)
            let name = CatalogSource.displayName(path)
            menu = try MenuScreen(loading: name, maxChildren: maxChildren, fuzzy: fuzzy) {
                do {
                    return try CatalogFile.parse(bytes)
                } catch let error as CatalogFile.Error {
                    throw InputError(description: "\(name): \(error)")
                }
            }
        } else {
            menu = try MenuScreen(source: .registry(context.registry), maxChildren: maxChildren, fuzzy: fuzzy)
        }
        let environment = ScreenEnvironment.detect(context.environment)
        let outcome = try Launcher.run(
            Session(root: menu, environment: environment), arguments: arguments, context: &context)
        let final = outcome.session.stack.first as? MenuScreen
        if let error = final?.loadError {
            throw InputError(description: error)
        }
        if let picked = final?.pickedPath {
            context.out.line(picked)
        }
        return outcome.status
    }
}
