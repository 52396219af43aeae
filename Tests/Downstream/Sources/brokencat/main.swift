import CatalogCommand
import MyScreens

// A registration mistake on purpose: the counter's title twice. The command must say so in one line and exit 2,
// whatever it was asked to do, instead of crashing.
CatalogCommand.main(name: "brokencat", version: "1.0.0") { registry in
    try MyScreens.register(in: registry)
    try MyScreens.register(in: registry)
}
