// swift-tools-version: 6.0
// An outside package that builds its own browser on browse's library products.
import PackageDescription

let package = Package(
    name: "CustomBrowser",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "browse", path: "../..")],
    targets: [
        // The datasets: a shelf in memory, and a library read from a book server.
        .target(
            name: "Bookshelf",
            dependencies: [
                .product(name: "BrowseSupport", package: "browse"),
                .product(name: "ListKit", package: "browse"),
                .product(name: "ListKitNetworking", package: "browse"),
            ]
        ),
        // The program: one call to Launcher.main.
        .executableTarget(
            name: "custom-browser",
            dependencies: [
                "Bookshelf",
                .product(name: "ListKit", package: "browse"),
                .product(name: "LineMode", package: "browse"),
            ]
        ),
        // Tested the way browse tests its own datasets: screens and a loopback server.
        .testTarget(
            name: "BookshelfTests",
            dependencies: [
                "Bookshelf",
                .product(name: "ListKit", package: "browse"),
                .product(name: "ListKitTesting", package: "browse"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
