import Foundation
import ListKit
import Testing

@testable import FileDatasets

/// A folder of files written for one test, removed when the test ends.
final class Scratch {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("file-datasets-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` as UTF-8 to a file named `name`; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to a file named `name`; returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// The path of a file in `Fixtures/`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .appendingPathComponent(name).path
}

/// A loaded file screen and what its load said.
@MainActor
struct Opened {
    let screen: GenericListController<FileRow, ColumnsRow>
    let notes: [String]

    /// Every row of the view, as the cells' text.
    var texts: [[String]] {
        screen.rows(in: 0..<screen.count).map { $0.map(\.cell.text) }
    }

    /// Every row of the view, as the cells' values.
    var values: [[CellValue]] {
        screen.rows(in: 0..<screen.count).map { $0.map(\.cell.value) }
    }

    /// The column a name refers to, as text, down the view.
    func column(_ name: String) -> [String] {
        screen.rows(in: 0..<screen.count).map { row in row.first { $0.name == name }?.cell.text ?? "?" }
    }

    /// Why the load failed, or `nil`.
    var failure: String? {
        if case .failed(let reason) = screen.state { return reason }
        return nil
    }
}

/// Opens and loads `name` the way `browse NAME` does.
@MainActor
func open(
    _ name: String, options: [String: String] = [:], opener: FileOpener = FileOpener(), offline: Bool = false,
    maxInputBytes: Int = ByteSize.defaultInputLimit.bytes, cacheDirectory: URL? = nil
) async throws -> Opened {
    let context = DatasetContext(
        cacheDirectory: cacheDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("file-datasets-cache"),
        offline: offline, options: options, maxInputBytes: maxInputBytes,
        program: ProgramIdentity(name: "file-datasets-tests", version: "1.0.0", summary: "FileDatasets' tests"))
    let screen = try opener.screen(for: name, context: context)
    let progress = ProgressReporter()
    await screen.load(force: false, progress: progress)
    return Opened(screen: screen, notes: progress.takeNotes())
}

/// A deterministic random number generator (SplitMix64), so failures can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
