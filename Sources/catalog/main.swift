import CatalogCommand
import CatalogDemos

// The executable: the built-in demos, and the whole command line from CatalogCommand.
let registry = Registry<any Screen>()
try Demos.register(in: registry)
CatalogCommand.main(registry: registry, name: "catalog", version: CatalogKit.version)
