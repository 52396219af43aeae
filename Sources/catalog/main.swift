import CatalogCommand
import CatalogDemos

// The executable: the built-in demos, and the whole command line from CatalogCommand.
CatalogCommand.main(name: "catalog", version: CatalogKit.version) { registry in
    try Demos.register(in: registry)
}
