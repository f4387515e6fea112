import BrowseSupport
import ListKit
import Testing

/// A list whose rows come from declared columns answers a question about some columns by
/// making only those columns' cells, with the answers of a list that makes whole rows.
@MainActor
@Suite struct ColumnCellsTests {
    private struct Part: Identifiable, Sendable {
        let id: Int
        let name: String
        let price: Int64?
    }

    /// Counts the cells a column makes.
    private final class Tally {
        var made = 0
    }

    private static let parts: [Part] = (0..<300).map { index in
        Part(
            id: index, name: String(repeating: "x", count: index * 7 % 13) + "台",
            price: index % 11 == 0 ? nil : Int64(index * 37 % 101))
    }

    private static func columns(_ tally: Tally) -> [ListColumn<Part>] {
        [
            .text("name", \.name),
            .integer("price", \.price),
            ListColumn("notes", kind: .text) { part in
                tally.made += 1
                return .text(String(repeating: "n", count: part.id % 40))
            },
        ]
    }

    /// The same rows made whole by `configure`, as a list of any row type makes them.
    private static func wholeRows() -> GenericListController<Part, ColumnsRow> {
        let columns = columns(Tally())
        return GenericListController(
            title: "parts", items: parts, columns: columns.columns(),
            configure: { row, part in row = ColumnsRow(cells: columns.cells(of: part)) },
            select: { _ in .none })
    }

    private func ids(_ list: GenericListController<Part, ColumnsRow>) -> [Int] {
        (0..<list.count).map { list.item(at: $0).id }
    }

    @Test func questionsAboutOtherColumnsNeverMakeTheUnaskedOne() throws {
        let tally = Tally()
        let byColumn = GenericListController(title: "parts", items: Self.parts, columns: Self.columns(tally))
        let whole = Self.wholeRows()
        let width = TextWidth { $0.count }

        #expect(
            try byColumn.widestTexts(of: ["name", "price"], width: width, stop: .never)
                == whole.widestTexts(of: ["name", "price"], width: width, stop: .never))
        let expression = try WhereParser.parse("price > 40", columns: byColumn.columns)
        try byColumn.applyWhere(expression)
        try whole.applyWhere(expression)
        #expect(ids(byColumn) == ids(whole))
        #expect(byColumn.count > 50 && byColumn.count < 250)
        try byColumn.applySort(SortOrder(column: "price", descending: true))
        try whole.applySort(SortOrder(column: "price", descending: true))
        #expect(ids(byColumn) == ids(whole))
        var prices: [CellValue] = []
        try byColumn.forEachValues(of: ["price"], stop: .never) { prices.append($0[0]) }
        var wholePrices: [CellValue] = []
        try whole.forEachValues(of: ["price"], stop: .never) { wholePrices.append($0[0]) }
        #expect(prices == wholePrices)
        #expect(tally.made == 0)

        // Asking for it makes it, once a row.
        let widest = try byColumn.widestTexts(of: ["notes"], width: width, stop: .never)
        #expect(widest == [39])
        #expect(tally.made == byColumn.count)
    }

    @Test func aColumnNoDeclarationNamesIsMeasuredAsTheWholeRowsMeasureIt() throws {
        let byColumn = GenericListController(title: "parts", items: Self.parts, columns: Self.columns(Tally()))
        let width = TextWidth { $0.count }
        #expect(
            try byColumn.widestTexts(of: ["name", "nope"], width: width, stop: .never)
                == Self.wholeRows().widestTexts(of: ["name", "nope"], width: width, stop: .never))
    }
}
