// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyCatalog",
    dependencies: [
        .package(name: "Catalog", path: "../..")
    ],
    targets: [
        .target(name: "LoginScreens", dependencies: [.product(name: "CatalogCommand", package: "Catalog")]),
        .target(name: "ReportScreens", dependencies: [.product(name: "CatalogCommand", package: "Catalog")]),
        .executableTarget(
            name: "mycatalog",
            dependencies: ["LoginScreens", "ReportScreens", .product(name: "CatalogCommand", package: "Catalog")]),
        // Every screen's scenarios against the goldens in Tests/Snapshots, from this package's own `swift test`;
        // assertSnapshot's goldens are in __Snapshots__, beside the test files.
        .testTarget(
            name: "MyCatalogTests",
            dependencies: [
                "LoginScreens", "ReportScreens", .product(name: "CatalogSnapshots", package: "Catalog"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
