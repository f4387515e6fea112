// Generated from Sources/FileDatasets/FileDatasets.docc/FileDatasets.md by DocumentationCodeTests: edit the document, not this file.
// swift-format-ignore-file

import BrowseSupport
import FileDatasets
import ListKit

// Sources/FileDatasets/FileDatasets.docc/FileDatasets.md, block 1

/// A harbour, from a file of `name,country,depth` (the depth in metres).
struct Harbour: Identifiable, Sendable {
    let name: String
    let country: String
    let depth: ExactDecimal?
    var id: String { name }

    /// Every harbour of the file at `path`, in the file's order.
    static func read(path: String) async throws -> [Harbour] {
        let table = try await FileTable.read(path: path)
        return (0..<table.rowCount).map { row in
            let values = table.cells(ofRow: row).map(\.value)
            return Harbour(name: values[0].text ?? "", country: values[1].text ?? "", depth: values[2].decimal)
        }
    }
}

/// The harbours of a bundled file, deepest first.
struct HarboursDataset: Dataset {
    /// The file: `Bundle.module.path(forResource: "harbours", ofType: "csv", inDirectory: "Data")`
    /// in the program's own target.
    let path: String

    var id: String { "harbours" }
    var title: String { "Harbours" }
    var summary: String { "harbours and their depths, from a file bundled with the program" }

    @MainActor
    func makeRootScreen(context: DatasetContext) -> any ListScreen {
        let file = path
        let source = ListSource(id: "bundled", title: "harbours.csv") { _ in try await Harbour.read(path: file) }
        return GenericListController(
            title: id, sources: [source], order: { ($0.depth ?? ExactDecimal(0)) > ($1.depth ?? ExactDecimal(0)) },
            columns: [.text("harbour", \.name, priority: 10), .text("country", \.country), .decimal("depth", \.depth)])
    }
}
