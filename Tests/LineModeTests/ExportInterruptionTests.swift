import Foundation
import LineMode
import ListKit
import Testing

/// Ctrl-C during an export cancels the task it runs in: the export stops, and an export to a
/// file leaves no file.
@Suite @MainActor struct ExportInterruptionTests {
    func numbers(_ count: Int) -> GenericListController<Item, ColumnsRow> {
        let items = (1...count).map { Item(id: $0, name: "item \($0)", price: nil) }
        return GenericListController(title: "numbers", items: items) { (row: inout ColumnsRow, item) in
            row["name"] = .text(item.name)
        } select: { _ in
            .none
        }
    }

    @Test func aCancelledExportToAFileLeavesNoFile() async throws {
        let list = numbers(10_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                return "wrote \(try ViewExporter.export(list, format: .csv, toFile: path))"
            } catch {
                return error is CancellationError ? "cancelled" : "\(error)"
            }
        }.value
        #expect(outcome == "cancelled")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try ViewExporter.export(list, format: .csv, toFile: path) == 10_000, "not cancelled, it writes")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aCancelledExportStopsWithinAFewThousandRows() async {
        let list = numbers(100_000)
        let written = await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            var lines = 0
            _ = try? ViewExporter.export(list, format: .tsv) { text in
                lines += text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            }
            return lines
        }.value
        #expect(written <= 4_097)
    }
}
