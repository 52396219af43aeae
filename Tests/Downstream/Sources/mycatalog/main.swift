import CatalogCommand
import MyScreens

CatalogCommand.main(name: "mycatalog", version: "1.0.0") { registry in
    try MyScreens.register(in: registry)
}
