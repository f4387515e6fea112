// swift-tools-version: 6.0
// An outside package: the weather program, on the browse package's library products.
import PackageDescription

let package = Package(
    name: "Weather",
    platforms: [.macOS(.v15)],
    // The package's identity is its folder's name (the last path component), whatever the clone
    // is called here; `name:` pins it, so that `package: "browse"` below always finds it. A
    // package of yours names the repository instead: `.package(url: "https://…/browse.git", …)`,
    // whose identity is the URL's last path component without `.git`.
    dependencies: [.package(name: "browse", path: "../..")],
    targets: [
        // The stations (a bundled CSV) and their readings (downloaded, cached, offline).
        .target(
            name: "WeatherDatasets",
            dependencies: [
                .product(name: "BrowseSupport", package: "browse"),
                .product(name: "ListKit", package: "browse"),
                .product(name: "FileDatasets", package: "browse"),
                .product(name: "ListKitNetworking", package: "browse"),
            ],
            resources: [.copy("Data")]
        ),
        // The program: one call to Launcher.main.
        .executableTarget(
            name: "weather",
            dependencies: ["WeatherDatasets", .product(name: "LineMode", package: "browse")]
        ),
        // Screens through ScreenDriver, the program through Launcher, readings from a LoopbackServer.
        .testTarget(
            name: "WeatherDatasetsTests",
            dependencies: [
                "WeatherDatasets",
                .product(name: "BrowseSupport", package: "browse"),
                .product(name: "ListKit", package: "browse"),
                .product(name: "LineMode", package: "browse"),
                .product(name: "ListKitNetworking", package: "browse"),
                .product(name: "ListKitTesting", package: "browse"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
