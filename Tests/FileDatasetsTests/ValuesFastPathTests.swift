import BrowseSupport
import ListKit
import Testing

@testable import FileDatasets

/// `chart` reads a file's values from its bytes; they must be the values its rows show.
@MainActor
@Suite struct ValuesFastPathTests {
    /// Quirks of numeric, date, date-time and time columns: text where a number is expected,
    /// missing values (`--`, blank), quoted numbers with separators, signs, offsets and
    /// fractions of seconds, and a short row, which the table leaves out.
    static let file = #"""
        date,close,volume,change,name,at,clock
        2025/06/02,"1,045.00","3,383,881",X0.00,台積電,2025-06-02T13:30+08:00,13:30
        2025/06/03,--,120,+1.5,"quoted, name",--,13:30:05.5
        --,-0.50,,-2,鴻海,2025-06-02 05:30:00.123,
        2025/06/05,+2.00,-0,0,"say ""hi""","2025-06-02T05:30Z","23:59"
        2025/06/06,-0.50,7
        """#

    @Test func valuesReadFromBytesEqualTheRowsValuesInTheViewsOrder() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("quirks.csv", Self.file + "\n"))
        let screen = opened.screen
        let columns = ["volume", "close", "date", "change", "name", "at", "clock"]
        func throughRows() -> [[CellValue]] {
            screen.rows(in: 0..<screen.count).map { cells in
                columns.map { name in cells.first { $0.name == name }?.cell.value ?? .missing }
            }
        }
        func fast() -> [[CellValue]] {
            var read: [[CellValue]] = []
            screen.forEachValues(of: columns) { read.append($0) }
            return read
        }
        // A column read alone is found by the record's marks where the record allows it (a
        // quoted number with a separator does; a doubled quote does not).
        func eachAlone() -> [[CellValue]] {
            let alone = columns.map { name in
                var read: [CellValue] = []
                screen.forEachValues(of: [name]) { read.append($0[0]) }
                return read
            }
            return (0..<(alone.first?.count ?? 0)).map { row in alone.map { $0[row] } }
        }
        #expect(fast().count == 4, "the short row is left out, as on screen")
        #expect(fast() == throughRows())
        #expect(eachAlone() == throughRows())
        #expect(fast()[0][0] == .integer(3_383_881) && fast()[0][1] == .decimal(ExactDecimal("1045.00")!))
        #expect(fast()[1][1] == .missing, "-- is missing")
        #expect(fast()[2][2] == .missing)
        #expect(fast()[0][3] == .text("X0.00"), "text stays text")
        #expect(fast()[0][5] == .dateTime(try #require(DateTime(iso: "2025-06-02T13:30+08:00"))))
        #expect(fast()[0][5].dateTime?.description == "2025-06-02T13:30+08:00", "kept as written")
        #expect(fast()[3][5] == fast()[0][5], "the same instant")
        #expect(fast()[1][5] == .missing && fast()[2][6] == .missing)
        #expect(fast()[1][6].time?.description == "13:30:05.5")
        try screen.applySort(SortOrder(column: "at"))
        #expect(fast() == throughRows(), "sorted by a date-time")
        try screen.applySort(SortOrder(column: "close", descending: true))
        try screen.applyFilter("2025")
        #expect(fast() == throughRows(), "the view's rows, in the view's order")
        #expect(eachAlone() == throughRows())
    }

    @Test func aColumnTheFileLacksFallsBackToTheRows() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("quirks.csv", Self.file + "\n"))
        var read: [[CellValue]] = []
        opened.screen.forEachValues(of: ["close", "nope"]) { read.append($0) }
        #expect(read.count == 4)
        #expect(read.allSatisfy { $0[1] == .missing })
    }
}
