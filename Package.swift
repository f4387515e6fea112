// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "browse",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ListKit", targets: ["ListKit"]),
        .library(name: "LineMode", targets: ["LineMode"]),
        .library(name: "DemoDatasets", targets: ["DemoDatasets"]),
        .library(name: "TWStock", targets: ["TWStock"]),
        .library(name: "FileDatasets", targets: ["FileDatasets"]),
        .executable(name: "browse", targets: ["browse"]),
    ],
    targets: [
        // The framework: controllers, rows, query, datasets, navigation. No terminal I/O, no network.
        .target(name: "ListKit"),
        // The line-mode front end that drives any ListKit screen.
        .target(name: "LineMode", dependencies: ["ListKit"]),
        .target(name: "DemoDatasets", dependencies: ["ListKit"]),
        // Byte-level CSV scanning and Big5 decoding, shared by the file and TWSE parsers.
        .target(name: "Tabular"),
        // HTTP downloads (URLSession), the per-host throttle and the download cache.
        .target(name: "Fetching", dependencies: ["ListKit"]),
        // A loopback HTTP server with network faults, for tests only.
        .target(name: "LoopbackServer"),
        // Taiwan Stock Exchange / TPEx data: models, parsers, HTTP, cache, datasets.
        .target(name: "TWStock", dependencies: ["ListKit", "Tabular"]),
        // Any CSV/TSV/JSON file, URL or standard input as a dataset, over an index of its bytes.
        .target(name: "FileDatasets", dependencies: ["ListKit", "Tabular", "Fetching"]),
        // Argument parsing and wiring only.
        .executableTarget(name: "browse", dependencies: ["ListKit", "LineMode", "DemoDatasets", "FileDatasets"]),

        .testTarget(name: "ListKitTests", dependencies: ["ListKit"]),
        .testTarget(name: "LineModeTests", dependencies: ["LineMode", "ListKit"]),
        .testTarget(name: "DemoDatasetsTests", dependencies: ["DemoDatasets", "ListKit"]),
        .testTarget(name: "TabularTests", dependencies: ["Tabular"]),
        .testTarget(name: "FetchingTests", dependencies: ["Fetching", "LoopbackServer"]),
        .testTarget(name: "TWStockTests", dependencies: ["TWStock", "ListKit"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FileDatasetsTests",
            dependencies: ["FileDatasets", "ListKit", "Tabular", "LoopbackServer", "Fetching"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BrowseTests",
            dependencies: ["browse"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
