import LineMode
import ListKit
import Testing

/// A list of declared columns exports each column's cells made alone, with the bytes a list
/// that makes whole rows writes (a hidden column's cells not made at all), and stops as soon
/// when cancelled.
@Suite @MainActor struct ColumnExportTests {
    private struct Part: Identifiable, Sendable {
        let id: Int
        let name: String
        let price: Int64?
    }

    /// Counts the cells the name column makes.
    private final class Tally {
        var made = 0
    }

    private static func columns(_ tally: Tally = Tally()) -> [ListColumn<Part>] {
        [
            ListColumn("name", kind: .text) { part in
                tally.made += 1
                return .text(part.name)
            },
            .integer("price", \.price, grouped: true),
            ListColumn("note", kind: .text, isShownByDefault: false) {
                .text($0.id % 3 == 0 ? "a \"quoted\", note" : "")
            },
        ]
    }

    private static func parts(_ count: Int) -> [Part] {
        (0..<count).map { Part(id: $0, name: "part \($0) 台", price: $0 % 7 == 0 ? nil : Int64($0 * 1_013 % 9_999)) }
    }

    private static func byColumn(_ count: Int, _ tally: Tally = Tally()) -> GenericListController<Part, ColumnsRow> {
        GenericListController(title: "parts", items: parts(count), columns: columns(tally))
    }

    private static func wholeRows(_ count: Int) -> GenericListController<Part, ColumnsRow> {
        let columns = columns()
        return GenericListController(
            title: "parts", items: parts(count), columns: columns.columns(),
            configure: { row, part in row = ColumnsRow(cells: columns.cells(of: part)) }, select: { _ in .none })
    }

    private static func exported(_ list: any ListScreen, _ format: ExportFormat) throws -> String {
        var text = ""
        try ViewExporter.export(list, format: format) { text += $0 }
        return text
    }

    @Test func everyFormatWritesTheBytesOfWholeRows() throws {
        for format in [ExportFormat.csv, .tsv, .json, .markdown] {
            let tally = Tally()
            let byColumn = Self.byColumn(500, tally)
            let whole = Self.wholeRows(500)
            #expect(try Self.exported(byColumn, format) == Self.exported(whole, format), "\(format)")
            for list in [byColumn, whole] {
                try list.applySort(SortOrder(column: "price", descending: true))
                list.columnChoice.hidden = ["name"]
            }
            tally.made = 0
            let sorted = try Self.exported(byColumn, format)
            #expect(tally.made == 0, "the hidden column's cells are never made")
            #expect(sorted == (try Self.exported(whole, format)), "\(format), sorted and hidden")
            #expect(!sorted.contains("part 1 台"), "the hidden column is left out")
        }
        let csv = try Self.exported(Self.byColumn(3), .csv)
        #expect(csv == "name,price,note\npart 0 台,,\"a \"\"quoted\"\", note\"\npart 1 台,1013,\npart 2 台,2026,\n")
    }

    @Test func aCancelledExportStopsWithinAFewThousandRows() async {
        let list = Self.byColumn(100_000)
        let written = await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            var lines = 0
            do {
                try ViewExporter.export(list, format: .csv) { lines += $0.split(separator: "\n").count }
            } catch {
                return error is CancellationError ? lines : -1
            }
            return lines
        }.value
        #expect(written >= 0 && written < 10_000, "\(written) lines")
    }
}
