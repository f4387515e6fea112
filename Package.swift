// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "browse",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ListKit", targets: ["ListKit"]),
        // The exact values every dataset uses (`ExactDecimal`, `CalendarDate`), exit codes and
        // `UserFacingError`: imported by name, never re-exported.
        .library(name: "BrowseSupport", targets: ["BrowseSupport"]),
        .library(name: "LineMode", targets: ["LineMode"]),
        .library(name: "DemoDatasets", targets: ["DemoDatasets"]),
        .library(name: "TWStock", targets: ["TWStock"]),
        .library(name: "FileDatasets", targets: ["FileDatasets"]),
        .library(name: "ListKitNetworking", targets: ["ListKitNetworking"]),
        .library(name: "ListKitTesting", targets: ["ListKitTesting"]),
        .library(name: "ManifestDatasets", targets: ["ManifestDatasets"]),
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
        .target(name: "LineMode", dependencies: ["BrowseSupport", "ListKit"]),
        // people and films: offline demos.
        .target(name: "DemoDatasets", dependencies: ["ListKit"]),
        // The one CSV scanner and JSON reader over bytes, Big5 decoding and the missing-value rule,
        // shared by the file and exchange parsers.
        .target(name: "Tabular", dependencies: ["BrowseSupport", "CSVStops"]),
        // The scanner's one step Swift's SIMD types cannot take: 64 bytes compared and gathered
        // into a word of bits (SSE2's `pmovmskb`), in C; and a prefetch, which Swift lacks.
        .target(name: "CSVStops"),
        // The executable's allocator: the C library's, with large allocations advised to be
        // backed by large pages. Its debug information is DWARF 4, as Swift's is: Valgrind 3.19
        // (Debian 12) cannot read the DWARF 5 that clang writes by default, and gave up on the
        // whole program.
        .target(name: "LargePages", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Polite downloads for datasets: libcurl loaded at the first download on Linux (URLSession
        // elsewhere) with deadlines, the per-host throttle across
        // processes, block-page handling and the crash-safe cache. A product of its own, so that
        // plug-ins download the way the built-in datasets do.
        .target(name: "ListKitNetworking", dependencies: ["BrowseSupport", "ListKit"]),
        // Generates dataset plug-ins: names, models, registry edits (used by the new-dataset plugin).
        .target(name: "DatasetScaffold"),
        // A test probe that writes cache entries until it is killed (crash-safety tests).
        .executableTarget(
            name: "cache-writer-probe", dependencies: ["ListKitNetworking"], path: "Tests/Support/CacheWriterProbe"),
        // A test probe that runs a command and reports its own peak memory (input-limit tests).
        .executableTarget(name: "peak-memory-probe", path: "Tests/Support/PeakMemoryProbe"),
        // Datasets added by `swift package new-dataset`; registered in Registry.swift.
        .target(
            name: "CustomDatasets", dependencies: ["BrowseSupport", "ListKit", "FileDatasets"],
            resources: [.copy("Data")]),
        // The work of the new-dataset plugin, as a tool the plugin runs (so it can be unit-tested).
        .executableTarget(
            name: "new-dataset-tool",
            dependencies: ["BrowseSupport", "DatasetScaffold", "FileDatasets", "ListKit", "ManifestDatasets"]),
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
        // The testing library for plug-in authors (and this package's tests): a loopback HTTP
        // server with the network's faults.
        .target(name: "ListKitTesting", dependencies: ["BrowseSupport", "ListKit", "LineMode"]),
        // Test support shared by the test targets, kept under Tests/: a seeded random number
        // generator for property tests, and a pseudo-terminal to run a program in.
        .target(name: "TestSupport", path: "Tests/Support/TestSupport"),
        // A loopback stand-in for the Taiwan exchanges, serving fixtures on their paths, and the
        // sandbox a run of the program meets it in: test support only, kept under Tests/.
        .target(name: "FakeExchange", dependencies: ["ListKitTesting", "TWStock"], path: "Tests/Support/FakeExchange"),
        // Taiwan Stock Exchange / TPEx data: models, parsers, HTTP, cache, datasets.
        .target(name: "TWStock", dependencies: ["BrowseSupport", "ListKit", "Tabular", "ListKitNetworking"]),
        // Any CSV/TSV/JSON file, URL or standard input as a dataset, over an index of its bytes.
        .target(
            name: "FileDatasets",
            dependencies: ["BrowseSupport", "CSVStops", "ListKit", "Tabular", "ListKitNetworking"]),
        // Datasets described by JSON manifests (a file, files or a URL, columns, sort, drill),
        // read from a folder when the program starts: plug-ins without compiling.
        .target(
            name: "ManifestDatasets",
            dependencies: [
                "BrowseSupport", "ListKit", "FileDatasets", "Tabular", "ListKitNetworking", "DatabaseDatasets",
            ]),
        // SQLite files and PostgreSQL servers browsed in place, each question one statement run
        // by the engine; the engines' C libraries are loaded when a database is first opened.
        .target(name: "DatabaseDatasets", dependencies: ["BrowseSupport", "ListKit", "Tabular"]),
        // Argument parsing and wiring only.
        .executableTarget(
            name: "browse",
            dependencies: [
                "BrowseSupport", "ListKit", "LineMode", "DemoDatasets", "TWStock", "FileDatasets", "CustomDatasets",
                "ManifestDatasets", "DatabaseDatasets", "LargePages",
            ]),

        .testTarget(name: "ListKitTests", dependencies: ["BrowseSupport", "ListKit", "TestSupport"]),
        .testTarget(name: "LargePagesTests", dependencies: ["LargePages"]),
        .testTarget(
            name: "LineModeTests", dependencies: ["BrowseSupport", "LineMode", "ListKit", "TestSupport"],
            exclude: ["Snapshots"]),
        // Every screen of the program laid out at widths 40 to 200.
        .testTarget(
            name: "LayoutTests",
            dependencies: [
                "LineMode", "ListKit", "DemoDatasets", "TWStock", "FileDatasets", "FakeExchange", "ListKitNetworking",
            ]),
        .testTarget(name: "DemoDatasetsTests", dependencies: ["DemoDatasets", "ListKit"]),
        .testTarget(name: "TabularTests", dependencies: ["Tabular", "TestSupport"]),
        .testTarget(name: "ListKitTestingTests", dependencies: ["ListKitTesting", "ListKit"]),
        // The datasets browse registers, taken together; and those new-dataset adds.
        .testTarget(
            name: "CustomDatasetsTests",
            dependencies: ["CustomDatasets", "DemoDatasets", "LineMode", "ListKit", "ListKitTesting", "TWStock"]),
        .testTarget(name: "DatasetScaffoldTests", dependencies: ["DatasetScaffold"]),
        .testTarget(
            name: "ManifestDatasetsTests",
            dependencies: ["ManifestDatasets", "FileDatasets", "ListKit", "ListKitTesting", "ListKitNetworking"]),
        // Every Swift block of the README and the guides, compiled together (Generated/), and tests of
        // them; Data/ is the file "A program of your own" bundles.
        .testTarget(
            name: "GuideTests",
            dependencies: [
                "BrowseSupport", "ListKit", "LineMode", "ListKitNetworking", "ListKitTesting", "FileDatasets",
                "TWStock",
            ],
            resources: [.copy("Data")]),
        .testTarget(
            name: "ListKitNetworkingTests",
            dependencies: ["BrowseSupport", "ListKitNetworking", "ListKit", "ListKitTesting"]),
        .testTarget(
            name: "TWStockTests",
            dependencies: [
                "BrowseSupport", "TWStock", "ListKit", "ListKitNetworking", "ListKitTesting", "FakeExchange",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FileDatasetsTests",
            dependencies: [
                "BrowseSupport", "FileDatasets", "ListKit", "LineMode", "Tabular", "ListKitTesting",
                "ListKitNetworking", "TestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        // PostgreSQL servers of the tests' own (initdb, pg_ctl on a private port), and the sharded
        // postgres_fdw table beside a plain copy: test support only, kept under Tests/.
        .target(name: "PostgresTesting", path: "Tests/Support/PostgresServer"),
        .testTarget(
            name: "DatabaseDatasetsTests",
            dependencies: [
                "BrowseSupport", "DatabaseDatasets", "ListKit", "LineMode", "TestSupport", "PostgresTesting",
            ]),
        .testTarget(
            name: "BrowseTests",
            dependencies: [
                "browse", "ListKit", "TWStock", "ListKitTesting", "FakeExchange", "ListKitNetworking", "TestSupport",
                "DatabaseDatasets", "cache-writer-probe",
                "peak-memory-probe",
            ],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
