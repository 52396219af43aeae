// swift-tools-version:6.0
// The package the live-reload tests copy, edit and rebuild (`tally --watch`). The copy's dependency points at this
// repository: the tests write its path in place of CATALOG_PATH.
import PackageDescription

let package = Package(
    name: "WatchFixture",
    dependencies: [.package(name: "Catalog", path: "CATALOG_PATH")],
    targets: [
        .executableTarget(name: "tally", dependencies: [.product(name: "CatalogCommand", package: "Catalog")])
    ]
)
