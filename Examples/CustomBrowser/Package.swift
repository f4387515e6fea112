// swift-tools-version: 6.0
// An outside package that builds its own browser on browse's library products.
import PackageDescription

let package = Package(
    name: "CustomBrowser",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "browse", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-browser",
            dependencies: [
                .product(name: "ListKit", package: "browse"),
                .product(name: "LineMode", package: "browse"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
