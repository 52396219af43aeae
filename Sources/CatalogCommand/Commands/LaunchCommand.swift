import CatalogKit
import CatalogTerminal

/// The launcher: the menu over the registry, or a picker over `--file`.
enum LaunchCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let maxChildren = try arguments.number("--max-children", in: 2...1_000_000, default: 10)
        let fuzzy = arguments.has("--fuzzy")
        let preview = try previewPlacement(arguments)
        let menu: MenuScreen
        if let path = arguments.values["--file"] {
            // Read the file now (fast); fold, check and sort it in the background so the first frame is immediate.
            let bytes = try CatalogSource.read(path)
            let name = CatalogSource.displayName(path)
            menu = try MenuScreen(loading: name, maxChildren: maxChildren, fuzzy: fuzzy, preview: preview) {
                do {
                    return try CatalogFile.parse(bytes)
                } catch let error as CatalogFile.Error {
                    throw InputError(description: "\(name): \(error)")
                }
            }
        } else {
            menu = try MenuScreen(
                source: .registry(context.registry), maxChildren: maxChildren, fuzzy: fuzzy, preview: preview)
        }
        let environment = Launcher.environment(arguments, context)
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

    /// `--preview right|bottom|hidden`, or the menu's own choice by the terminal's size.
    static func previewPlacement(_ arguments: Arguments) throws -> MenuScreen.PreviewPlacement {
        guard let text = arguments.values["--preview"] else { return .auto }
        guard let placement = MenuScreen.PreviewPlacement(rawValue: text), placement != .auto else {
            throw Arguments.UsageError(description: "option '--preview' needs right, bottom or hidden, not '\(text)'.")
        }
        return placement
    }
}
