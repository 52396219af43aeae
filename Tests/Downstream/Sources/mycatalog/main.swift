import CatalogCommand
import LoginScreens
import ReportScreens

let registry = Registry<any Screen>()
try LoginScreens.register(in: registry)
try ReportScreens.register(in: registry)
CatalogCommand.main(registry: registry, name: "mycatalog", version: "1.2.0")
