// swift-tools-version: 6.0
// Benchmarks live in their own package so the root package never gains a dependency.
import PackageDescription

let package = Package(
    name: "browse-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "browse", path: "..")],
    targets: [
        .executableTarget(
            name: "browse-bench",
            dependencies: [
                .product(name: "BrowseSupport", package: "browse"),
                .product(name: "ListKit", package: "browse"),
                .product(name: "LineMode", package: "browse"),
            ]
        ),
        .executableTarget(
            name: "file-bench",
            dependencies: [
                .product(name: "ListKit", package: "browse"),
                .product(name: "LineMode", package: "browse"),
                .product(name: "FileDatasets", package: "browse"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
