// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Catalog",
    products: [
        .library(name: "CatalogKit", targets: ["CatalogKit"]),
        .library(name: "CatalogTerminal", targets: ["CatalogTerminal"]),
        .library(name: "CatalogCommand", targets: ["CatalogCommand"]),
        .library(name: "CatalogSnapshots", targets: ["CatalogSnapshots"]),
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    targets: [
        // The model: registry, folding, search index, ordering, grouping, trees. No I/O.
        .target(name: "CatalogKit"),
        // Screens as pure state machines, widgets, line mode, and the one thin terminal shell.
        .target(name: "CatalogTerminal", dependencies: ["CatalogKit"]),
        // The whole command-line application as a library: any package's executable is one call to it.
        .target(name: "CatalogCommand", dependencies: ["CatalogKit", "CatalogTerminal"]),
        // Snapshot checks for a package's own `swift test` (Swift Testing).
        .target(name: "CatalogSnapshots", dependencies: ["CatalogTerminal"]),
        // The content: the built-in demo screens, one file each.
        .target(
            name: "CatalogDemos", dependencies: ["CatalogKit", "CatalogTerminal"], path: "Catalog",
            plugins: ["DemoListPlugin"]),
        // Generates `Demos.all` from the `static let … = demo(…)` declarations in Catalog/*.swift, so adding a demo
        // is one new file and no second edit.
        .plugin(
            name: "DemoListPlugin", capability: .buildTool(), dependencies: ["DemoListGenerator"],
            path: "Sources/DemoListPlugin"),
        .executableTarget(name: "DemoListGenerator"),
        .testTarget(name: "DemoListGeneratorTests", dependencies: ["DemoListGenerator"]),
        // The executable: the built-in demos and one call to CatalogCommand, nothing else. A release build is one
        // static executable, the Swift runtime, Foundation and the C libraries linked in, at a fixed address, as
        // fzf's Go binary is: no dynamic loader binding symbols across a dozen shared libraries (16 ms a start
        // against 5 ms with the Swift libraries static) and no 77,000 relocations of Swift's metadata at each start
        // (2.1 ms against 4.6 ms for `--version` with only the Swift libraries static, and 3.6 MB less memory in the
        // launcher). Catalog looks up no users or hosts, the calls a static C library can't make. The flag is on
        // this executable alone, so packages that use the libraries never see it.
        .executableTarget(
            name: "catalog", dependencies: ["CatalogCommand", "CatalogDemos"],
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                // What the static Foundation needs besides, which the dynamic modules' autolink entries don't name.
                .linkedLibrary("CoreFoundation", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationICU", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("stdc++", .when(platforms: [.linux], configuration: .release)),
            ]),
        // The benchmark: in-process figures, and `compare` against fzf and grep (it runs the catalog executable).
        .executableTarget(name: "catalog-bench", dependencies: ["CatalogKit", "CatalogTerminal", "CatalogDemos"]),
        // The registry's concurrent scenarios, which CatalogKitTests run too: CI runs them under ThreadSanitizer from
        // a build of CatalogKit alone.
        .executableTarget(name: "catalog-stress", dependencies: ["CatalogKit"]),
        // Test helpers shared by the test targets: a pseudo-terminal driver and a screen model.
        .target(name: "CatalogTestSupport", dependencies: ["CatalogTerminal"], path: "Tests/CatalogTestSupport"),
        .testTarget(name: "CatalogKitTests", dependencies: ["CatalogKit", "CatalogTestSupport", "catalog-stress"]),
        .testTarget(
            name: "CatalogTerminalTests", dependencies: ["CatalogKit", "CatalogTerminal", "CatalogTestSupport"]),
        .testTarget(
            name: "CatalogSnapshotsTests", dependencies: ["CatalogSnapshots", "CatalogTerminal"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "CatalogDemosTests",
            dependencies: ["CatalogKit", "CatalogTerminal", "CatalogDemos", "CatalogTestSupport"]),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: [
                "catalog", "CatalogCommand", "CatalogKit", "CatalogTerminal", "CatalogDemos", "CatalogTestSupport",
            ],
            // Fixtures are read by path from the source tree, as the binary would read a user's file.
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
