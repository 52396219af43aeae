// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Catalog",
    products: [
        .library(name: "CatalogKit", targets: ["CatalogKit"]),
        .library(name: "CatalogTerminal", targets: ["CatalogTerminal"]),
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    targets: [
        // The model: registry, folding, search index, ordering, grouping, trees. No I/O.
        .target(name: "CatalogKit"),
        // Screens as pure state machines, widgets, line mode, and the one thin terminal shell.
        .target(name: "CatalogTerminal", dependencies: ["CatalogKit"]),
        // The content: the built-in demo screens, one file each.
        .target(name: "CatalogDemos", dependencies: ["CatalogKit", "CatalogTerminal"], path: "Catalog"),
        // The executable: argument parsing and wiring, nothing else.
        .executableTarget(name: "catalog", dependencies: ["CatalogKit", "CatalogTerminal", "CatalogDemos"]),
        .executableTarget(name: "catalog-bench", dependencies: ["CatalogKit", "CatalogTerminal"]),
        // Test helpers shared by the test targets: a pseudo-terminal driver and a screen model.
        .target(name: "CatalogTestSupport", dependencies: ["CatalogTerminal"], path: "Tests/CatalogTestSupport"),
        .testTarget(name: "CatalogKitTests", dependencies: ["CatalogKit"]),
        .testTarget(
            name: "CatalogTerminalTests", dependencies: ["CatalogKit", "CatalogTerminal", "CatalogTestSupport"]),
        .testTarget(name: "CatalogDemosTests", dependencies: ["CatalogKit", "CatalogTerminal", "CatalogDemos"]),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: ["catalog", "CatalogKit", "CatalogTerminal", "CatalogDemos", "CatalogTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
