import CatalogCommand

CatalogCommand.main(name: "tally", version: "1.0") { registry in
    try registry.register("Tally", in: ["Basics"], summary: "Counts up") { Tally() }
}
