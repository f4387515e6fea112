import BrowseSupport
import Foundation
import LineMode
import ListKit
import Testing

@testable import FileDatasets

/// A file's columns are measured from its bytes on every core (what keeps a column as wide on
/// every page of a large file); the widths must be those of its rows' cells as the screen
/// draws them.
@MainActor
@Suite struct WidthsFastPathTests {
    /// Each column's widest cell text over the view, measured through the rows' cells.
    func throughCells(_ screen: GenericListController<FileRow, ColumnsRow>, _ columns: [String]) -> [Int] {
        screen.rows(in: 0..<screen.count).reduce(into: [Int](repeating: 0, count: columns.count)) { widest, cells in
            for (slot, name) in columns.enumerated() {
                let text = cells.first { $0.name == name }?.cell.text ?? ""
                widest[slot] = max(widest[slot], DisplayWidth.of(VisibleText.make(text)))
            }
        }
    }

    /// The file at `path` opened and loaded as the terminal loads it, to be drawn: its index
    /// measures the columns.
    func loadedToBeDrawn(_ path: String) async throws -> (GenericListController<FileRow, ColumnsRow>, FileTable) {
        let context = DatasetContext(
            cacheDirectory: FileManager.default.temporaryDirectory, offline: true,
            program: ProgramIdentity(name: "file-datasets-tests", version: "1.0.0", summary: "FileDatasets' tests"))
        let screen = try FileOpener().screen(for: path, context: context)
        await screen.load(force: false, progress: ProgressReporter(), drawingWith: .terminal)
        return (screen, try #require((screen.store as? FileTableStore)?.tables.current))
    }

    /// Every quirk a field can have (quotes undone, control characters shown as pictures, CJK,
    /// combining marks, bytes that are not UTF-8, rows too short), more than one piece of work
    /// on every core, in every view.
    @Test func widthsReadFromBytesAreThoseOfTheCells() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "quirks.csv", bytes: ExportFastPathTests.file(rows: 120_000, delimiter: ",", seed: 23))
        let screen = try await open(path).screen
        let columns = screen.columns.map(\.name)
        func fast() throws -> [Int] {
            let answered = try screen.store.widestTexts(
                of: columns, at: screen.store.view, width: .terminal, stop: .never)
            return try #require(answered, "the table measured its bytes")
        }
        #expect(try fast() == throughCells(screen, columns))
        #expect(try screen.widestTexts(of: columns, width: .terminal, stop: .never) == fast())
        // Every row in another order: read as the table.
        try screen.applySort(SortOrder(column: "price", descending: true))
        #expect(try fast() == throughCells(screen, columns), "the whole file sorted")
        try screen.applySort(nil)
        try screen.applyFilter("台")
        #expect(try fast() == throughCells(screen, columns), "a filtered view")
        try screen.applySort(SortOrder(column: "price", descending: true))
        #expect(try fast() == throughCells(screen, columns), "a sorted view")
    }

    /// Loaded to be drawn, the index measures every column as it reads the rows: the widths of
    /// the whole file, in file order or sorted, are those of the cells, with no pass of their
    /// own; a filtered view is measured over its rows.
    @Test func widthsMeasuredByTheIndexAreThoseOfTheCells() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "quirks.csv", bytes: ExportFastPathTests.file(rows: 120_000, delimiter: ",", seed: 29))
        let (screen, table) = try await loadedToBeDrawn(path)
        let measured = try #require(table.measuredWidths, "the index measured the columns")
        #expect(measured.width.measuresAlike(.terminal))
        let columns = screen.columns.map(\.name)
        let cells = throughCells(screen, columns)
        #expect(columns.map { measured.widest[table.column(named: $0)!] } == cells)
        #expect(try screen.widestTexts(of: columns, width: .terminal, stop: .never) == cells)
        try screen.applySort(SortOrder(column: "price", descending: true))
        #expect(try screen.widestTexts(of: columns, width: .terminal, stop: .never) == cells, "sorted")
        try screen.applyFilter("台")
        let filtered = try screen.widestTexts(of: columns, width: .terminal, stop: .never)
        #expect(filtered == throughCells(screen, columns), "a filtered view")
        let first = try #require(table.widestTexts(of: columns, rows: [0], width: .terminal))
        let firstCells = table.cells(ofRow: 0).map { DisplayWidth.of(VisibleText.make($0.text)) }
        #expect(first == Array(firstCells.prefix(columns.count)), "one row is measured over that row")
    }

    /// In a file that is UTF-8 throughout, a name of ASCII and CJK ideographs is measured as
    /// its bytes are checked: the widest name and code are those of the kept rows, and a row
    /// the table drops (too many fields, a quote never closed) widens nothing.
    @Test func namesCheckedAndMeasuredAtOnceAreThoseOfTheKeptRows() async throws {
        var text = "code,name,market\n"
        let names = ["台積電", "鴻海", "聯發科", "ETF元大台灣50", "中華電"]
        for row in 0..<60_000 {
            text += "\(row),\(row == 31_000 ? "中華民國台灣積體電路" : names[row % names.count]),上市\n"
            if row == 40_000 { text += "x,一二三四五六七八九十一二三四五,上櫃,extra\n" }
        }
        text += "y,\"一二三四五六七八九十一二三四五六七,上櫃\n"
        let scratch = try Scratch()
        let path = try scratch.write("names.csv", bytes: Array(text.utf8))
        let (screen, table) = try await loadedToBeDrawn(path)
        #expect(table.rowCount == 60_000)
        let measured = try #require(table.measuredWidths, "the index measured the columns")
        #expect(measured.widest == [5, 20, 4], "中華民國台灣積體電路 is 20 cells wide; 上市 4")
        #expect(measured.widest == throughCells(screen, ["code", "name", "market"]))
    }

    /// Stopped, the measure says so rather than answer for part of the rows.
    @Test func aStoppedMeasureThrows() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "quirks.csv", bytes: ExportFastPathTests.file(rows: 2_000, delimiter: ",", seed: 5))
        let screen = try await open(path).screen
        let stop = StopFlag()
        stop.raise()
        #expect(throws: ListError.interrupted) {
            try screen.widestTexts(of: ["名稱"], width: .terminal, stop: stop)
        }
    }
}
