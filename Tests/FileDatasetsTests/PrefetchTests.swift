import ListKit
import Testing

@testable import FileDatasets

/// Rows made ahead on another core are the rows asked for, whatever order they are asked in.
@MainActor
@Suite struct PrefetchTests {
    @Test func exportingAViewGivesEachRowItsOwnCells() async throws {
        var text = "id,name,price\n"
        for row in 0..<3_000 { text += "\(row),\(row % 7 == 0 ? "台積電" : "other")\(row),\((row * 37) % 1_000).5\n" }
        let scratch = try Scratch()
        let path = try scratch.write("many.csv", text)
        let opened = try await open(path)
        // The same file loaded again has the same rows at the same offsets: the reference cells.
        let table = try await FileLoader(
            location: .path(path), options: FileOptions(), fetcher: { UnusedFetcher() }, offline: true,
            standardInput: -1
        ).load(progress: ProgressReporter())

        func expectRowsMatch(_ label: String) {
            var exported: [[String]] = []
            opened.screen.forEachRow { cells in exported.append(cells.map(\.cell.text)) }
            let expected = (0..<opened.screen.count).map { position in
                table.cells(of: opened.screen.item(at: position)).map(\.text)
            }
            #expect(exported == expected, "\(label)")
        }
        expectRowsMatch("file order")
        try opened.screen.applyFilter("台積電")
        expectRowsMatch("filtered")
        try opened.screen.applySort(SortOrder(column: "price", descending: true))
        expectRowsMatch("filtered and sorted")
        try opened.screen.applyFilter("")
        expectRowsMatch("sorted")
        try opened.screen.applySort(nil)
        expectRowsMatch("file order again, after the hooks' last order went stale")
        // Pages out of order, then in order, then a jump.
        for start in [2_000, 0, 20, 40, 60, 80, 100, 120, 1_500] {
            let page = opened.screen.rows(in: start..<(start + 20)).map { $0.map(\.cell.text) }
            let expected = (start..<(start + 20)).map { table.cells(of: opened.screen.item(at: $0)).map(\.text) }
            #expect(page == expected, "page at \(start)")
        }
    }
}
