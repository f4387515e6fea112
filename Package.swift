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
        .plugin(name: "NewDataset", targets: ["NewDataset"]),
        .executable(name: "browse", targets: ["browse"]),
    ],
    targets: [
        // The bottom layer every module may use, and which uses nothing of ours: exact values
        // (decimals, dates), text folding, exit codes and the C library's descriptor calls.
        .target(name: "BrowseSupport"),
        // The framework: controllers, rows, query, datasets, navigation. No terminal I/O, no network.
        .target(name: "ListKit", dependencies: ["BrowseSupport"]),
        // The line-mode front end that drives any ListKit screen.
        .target(name: "LineMode", dependencies: ["ListKit"]),
        .target(name: "DemoDatasets", dependencies: ["ListKit"]),
        // Byte-level CSV scanning and Big5 decoding, shared by the file and TWSE parsers.
        .target(name: "Tabular", dependencies: ["BrowseSupport"]),
        // HTTP downloads (URLSession), the per-host throttle and the download cache.
        .target(name: "Fetching", dependencies: ["BrowseSupport"]),
        // Generates dataset plug-ins: names, models, registry edits (used by the new-dataset plugin).
        .target(name: "DatasetScaffold"),
        // A test probe that writes cache entries until it is killed (crash-safety tests).
        .executableTarget(
            name: "cache-writer-probe", dependencies: ["Fetching"], path: "Tests/Support/CacheWriterProbe"),
        // A test probe that runs a command and reports its own peak memory (input-limit tests).
        .executableTarget(name: "peak-memory-probe", path: "Tests/Support/PeakMemoryProbe"),
        // Datasets added by `swift package new-dataset`; registered in Registry.swift.
        .target(name: "CustomDatasets", dependencies: ["ListKit", "FileDatasets"], resources: [.copy("Data")]),
        // The work of the new-dataset plugin, as a tool the plugin runs (so it can be unit-tested).
        .executableTarget(name: "new-dataset-tool", dependencies: ["DatasetScaffold", "FileDatasets", "ListKit"]),
        .plugin(
            name: "NewDataset",
            capability: .command(
                intent: .custom(verb: "new-dataset", description: "Add a dataset plug-in to this package"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "new-dataset writes the dataset's source, its test and its data, and registers it")
                ]
            ),
            dependencies: ["new-dataset-tool"]
        ),
        // A loopback HTTP server with network faults, for tests only.
        .target(name: "LoopbackServer", dependencies: ["BrowseSupport"]),
        // Taiwan Stock Exchange / TPEx data: models, parsers, HTTP, cache, datasets.
        .target(name: "TWStock", dependencies: ["ListKit", "Tabular", "Fetching"]),
        // Any CSV/TSV/JSON file, URL or standard input as a dataset, over an index of its bytes.
        .target(name: "FileDatasets", dependencies: ["ListKit", "Tabular", "Fetching"]),
        // Argument parsing and wiring only.
        .executableTarget(
            name: "browse",
            dependencies: ["ListKit", "LineMode", "DemoDatasets", "TWStock", "FileDatasets", "CustomDatasets"]),

        .testTarget(name: "ListKitTests", dependencies: ["ListKit"]),
        .testTarget(name: "LineModeTests", dependencies: ["LineMode", "ListKit"]),
        // Every screen of the program laid out at widths 40 to 200.
        .testTarget(
            name: "LayoutTests",
            dependencies: ["LineMode", "ListKit", "DemoDatasets", "TWStock", "FileDatasets", "LoopbackServer"]),
        .testTarget(name: "DemoDatasetsTests", dependencies: ["DemoDatasets", "ListKit"]),
        .testTarget(name: "TabularTests", dependencies: ["Tabular"]),
        .testTarget(name: "CustomDatasetsTests", dependencies: ["CustomDatasets", "ListKit"]),
        .testTarget(name: "DatasetScaffoldTests", dependencies: ["DatasetScaffold"]),
        // Compiles and tests the guide's example (Documentation/WritingADatasetPlugin.md).
        .testTarget(name: "GuideTests", dependencies: ["ListKit"]),
        .testTarget(name: "FetchingTests", dependencies: ["Fetching", "LoopbackServer"]),
        .testTarget(
            name: "TWStockTests", dependencies: ["TWStock", "ListKit", "Fetching", "LoopbackServer"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FileDatasetsTests",
            dependencies: ["FileDatasets", "ListKit", "Tabular", "LoopbackServer", "Fetching"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BrowseTests",
            dependencies: ["browse", "LoopbackServer", "Fetching", "cache-writer-probe", "peak-memory-probe"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
