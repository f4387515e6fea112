import BrowseSupport
import ListKit
import Testing

@testable import FileDatasets

/// Column types come from the data: they right-align numbers and sort them as numbers.
@MainActor
@Suite struct TypeInferenceTests {
    @Test func integersDecimalsDatesAndTextAreTold() async throws {
        let opened = try await open(fixture("companies.csv"))
        let row = try #require(opened.values.first)
        #expect(row[0] == .text("2330"), "a code column with 0050 in it stays text")
        #expect(row[1] == .text("台積電"))
        #expect(row[2] == .integer(259_327_332_420), "thousands separators are read")
        #expect(row[3] == .date(try #require(CalendarDate(year: 1994, month: 9, day: 5))))
        let missing = try #require(opened.values.dropFirst(2).first)
        #expect(missing[2] == .missing, "-- is missing")
        #expect(missing[3] == .date(try #require(CalendarDate(year: 2003, month: 6, day: 30))))
        #expect(opened.values.last?[3] == .date(try #require(CalendarDate(year: 1962, month: 2, day: 9))))
        #expect(opened.values.last?[4] == .missing, "an empty cell is missing")
    }

    @Test func decimalsKeepTheirDigitsAndAlignRight() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("prices.csv", "close,change\n\"1,234.50\",+0.30\n\"987.00\",\" 0.00\"\n5,-1.25\n")
        let opened = try await open(path)
        let cells = opened.screen.rows(in: 0..<3)
        #expect(cells[0][0].cell.value == .decimal(ExactDecimal(units: 123_450, scale: 2)))
        #expect(cells[0][0].cell.text == "1,234.50", "the screen shows the number as written")
        #expect(cells[0][0].cell.alignment == .trailing)
        #expect(cells[2][0].cell.value == .integer(5))
        #expect(cells[1][1].cell.value == .decimal(ExactDecimal(units: 0, scale: 2)))
        #expect(cells[0][1].cell.value.exportText == "0.30")
    }

    @Test func aRareMisfitDoesNotTurnNumbersIntoText() async throws {
        let scratch = try Scratch()
        var text = "close\n"
        for index in 0..<300 { text += "\(index).25\n" }
        text += "X0.00\n"
        let opened = try await open(try scratch.write("misfit.csv", text))
        let table = try #require(opened.screen.rows(in: 0..<opened.screen.count).last)
        #expect(table[0].cell.value == .text("X0.00"), "the misfit is a text cell")
        #expect(opened.screen.rows(in: 0..<1)[0][0].cell.value == .decimal(ExactDecimal(units: 25, scale: 2)))
    }

    @Test(arguments: [
        ("1,2,3\n", ColumnType.integer), ("1.5\n2\n", .decimal), ("2025-01-02\n2025/1/3\n", .date),
        ("20250102\n20250103\n", .date), ("0050\n2330\n", .text), ("abc\n12\n", .text), ("--\n\n", .text),
        ("2025-06-02T13:30\n2025-06-02 13:30:05+08:00\n--\n2025/06/02T00:00:00.5Z\n", .dateTime),
        ("13:30\n09:05:01\n\n23:59:59.999\n", .time), ("2025-06-02T13:30\n2025-06-02\n", .text),
        ("13:30\n9:30\n", .text), ("13:30\n2025-06-02T13:30\n", .text), ("1330\n0930\n", .text),
    ])
    func inference(values: String, expected: ColumnType) async throws {
        let scratch = try Scratch()
        let path = try scratch.write("column.csv", "v\n" + values.replacingOccurrences(of: ",", with: "\n"))
        let table = try #require(try await loadTable(path))
        #expect(table.columns.first?.type == expected, "\(values.debugDescription)")
    }

    @Test func aDateTimeColumnNeedsEveryValueReadToBeOne() async throws {
        let scratch = try Scratch()
        var text = "at,clock\n"
        for hour in 0..<300 { text += "2025-06-02T\(hour % 24 < 10 ? "0" : "")\(hour % 24):00+08:00,12:00\n" }
        let misfit = try await open(try scratch.write("misfit.csv", text + "soon,noon\n"))
        #expect(misfit.screen.columns.map(\.kind) == [.text, .text], "one value that is not a date-time, and none is")
        let typed = try await open(try scratch.write("typed.csv", text))
        #expect(typed.screen.columns.map(\.kind) == [.dateTime, .time])
        #expect(
            typed.values.first == [
                .dateTime(try #require(DateTime(iso: "2025-06-01T16:00Z"))),
                .time(try #require(TimeOfDay(hour: 12, minute: 0))),
            ])
        #expect(typed.texts.first == ["2025-06-02T00:00+08:00", "12:00"])

        // Past the rows inference reads (the first 1,000, then one in 64), a misfit is a text cell.
        var long = "at\n"
        for row in 0..<2_000 { long += row == 1_500 ? "soon\n" : "2025-06-02T13:30:\(row % 50 + 10)\n" }
        let past = try await open(try scratch.write("past.csv", long))
        #expect(past.screen.columns.first?.kind == .dateTime)
        #expect(past.values[1_500] == [.text("soon")])
        #expect(past.values[1_501].first?.dateTime?.description == "2025-06-02T13:30:11")
    }

    @Test func jsonStringsOfDateTimesAndTimesAreTyped() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "readings.json",
            #"[{"time": "2025-06-02T13:30:00+08:00", "clock": "13:30", "t": 1.5},"#
                + #" {"time": "2025-06-02T05:00:00Z", "clock": "09:00:05", "t": 2}, {"time": null, "clock": "23:59"}]"#)
        let opened = try await open(path)
        #expect(opened.screen.columns.map(\.kind) == [.dateTime, .time, .decimal])
        try opened.screen.applySort(SortOrder(column: "time"))
        #expect(opened.column("time") == ["2025-06-02T05:00:00Z", "2025-06-02T13:30:00+08:00", ""])
        #expect(opened.column("clock") == ["09:00:05", "13:30", "23:59"])
    }

    /// The table behind a path, for looking at its columns.
    private func loadTable(_ path: String) async throws -> FileTable? {
        let loader = FileLoader(
            location: .path(path), options: FileOptions(), fetcher: { UnusedFetcher() }, offline: true,
            standardInput: -1)
        return try await loader.load(progress: ProgressReporter())
    }
}
