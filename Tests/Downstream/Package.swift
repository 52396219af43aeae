// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyCatalog",
    dependencies: [
        .package(name: "Catalog", path: "../..")
    ],
    targets: [
        .target(name: "MyScreens", dependencies: [.product(name: "CatalogCommand", package: "Catalog")]),
        .executableTarget(
            name: "mycatalog", dependencies: ["MyScreens", .product(name: "CatalogCommand", package: "Catalog")]),
        // Registers an entry twice on purpose, so a test can see the one-line error and the exit status 2.
        .executableTarget(
            name: "brokencat", dependencies: ["MyScreens", .product(name: "CatalogCommand", package: "Catalog")]),
        // Every screen's scenarios against the goldens in Tests/Snapshots, from this package's own `swift test`;
        // assertSnapshot's goldens are in __Snapshots__, beside the test files: make that folder with the
        // target, or SwiftPM warns that the exclude names nothing until the first golden is written.
        .testTarget(
            name: "MyCatalogTests",
            dependencies: [
                "MyScreens", .product(name: "CatalogSnapshots", package: "Catalog"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
