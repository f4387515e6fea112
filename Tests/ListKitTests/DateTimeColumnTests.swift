import BrowseSupport
import ListKit
import Testing

/// A list whose columns are bound to date-time and time-of-day properties: they sort, filter,
/// count, chart and export as the values they hold, not as text.
@MainActor
@Suite struct DateTimeColumnTests {
    struct Reading: Identifiable, Sendable {
        let id: Int
        let at: DateTime
        let shift: TimeOfDay?
        let temperature: ExactDecimal?
    }

    static func reading(_ id: Int, _ at: String, _ shift: String?, _ temperature: String?) throws -> Reading {
        Reading(
            id: id, at: try #require(DateTime(iso: at)), shift: shift.flatMap { TimeOfDay(iso: $0) },
            temperature: temperature.flatMap { ExactDecimal($0) })
    }

    static let columns: [ListColumn<Reading>] = [
        .dateTime("at", \.at, priority: 10),
        .time("shift", \.shift),
        .decimal("temperature", \.temperature),
    ]

    func screen() throws -> GenericListController<Reading, ColumnsRow> {
        let readings = [
            try Self.reading(1, "2025-06-02T13:30:00+08:00", "08:00", "30.5"),
            try Self.reading(2, "2025-06-02T05:00:00Z", "13:30:05", "28.0"),
            try Self.reading(3, "2025-06-02T14:30:00+08:00", nil, "31.25"),
            try Self.reading(4, "2025-06-02T12:00:00+08:00", "08:00:00", nil),
            try Self.reading(5, "2025-06-02T05:30:00Z", "22:15", "29.0"),
        ]
        return GenericListController(title: "readings", items: readings, columns: Self.columns)
    }

    @Test func theColumnsKindsAndCellsComeFromTheKeyPaths() throws {
        let list = try screen()
        #expect(list.columns.map(\.kind) == [.dateTime, .time, .decimal])
        #expect(list.columns[0].alignment == .leading && list.columns[0].kind.isNeverCut, "aligned and kept as a date")
        let first = list.rows(in: 0..<1)[0]
        #expect(first[0].cell.text == "2025-06-02T13:30:00+08:00", "shown as written")
        #expect(first[0].cell.value == .dateTime(try #require(DateTime(iso: "2025-06-02T05:30Z"))))
        #expect(list.rows(in: 2..<3)[0][1].cell == .missing)
    }

    @Test func sortOrdersInstantsAndTimesWithMissingLast() throws {
        let list = try screen()
        try list.applySort(SortOrder(column: "at"))
        #expect(
            list.column("at") == [
                "2025-06-02T12:00:00+08:00", "2025-06-02T05:00:00Z", "2025-06-02T13:30:00+08:00",
                "2025-06-02T05:30:00Z", "2025-06-02T14:30:00+08:00",
            ], "12:00+08:00 is 04:00Z; 13:30+08:00 and 05:30Z are the same instant, in row order")
        try list.applySort(SortOrder(column: "shift", descending: true))
        #expect(list.column("shift") == ["22:15", "13:30:05", "08:00", "08:00:00", ""])
    }

    @Test func whereReadsTimesAndComparesClockReadingsOrInstants() throws {
        let list = try screen()
        func matching(_ text: String) throws -> [String] {
            try list.applyWhere(try WhereParser.parse(text, columns: list.columns))
            return list.column("at")
        }
        #expect(
            try matching("at >= 2025-06-02T13:00") == ["2025-06-02T13:30:00+08:00", "2025-06-02T14:30:00+08:00"],
            "no offset: each cell's own clock reading")
        #expect(
            try matching("at >= 2025-06-02T13:00+08:00") == [
                "2025-06-02T13:30:00+08:00", "2025-06-02T05:00:00Z", "2025-06-02T14:30:00+08:00",
                "2025-06-02T05:30:00Z",
            ], "an offset: instants")
        #expect(try matching("at = 2025-06-02T05:30Z") == ["2025-06-02T13:30:00+08:00", "2025-06-02T05:30:00Z"])
        #expect(try matching("at < 2025-06-03").count == 5, "a day alone is its midnight")
        #expect(try matching("at < \"2025-06-02 12:00\"") == ["2025-06-02T05:00:00Z", "2025-06-02T05:30:00Z"])
        try list.applyWhere(try WhereParser.parse("shift >= 12:00", columns: list.columns))
        #expect(list.column("shift") == ["13:30:05", "22:15"])
        try list.applyWhere(try WhereParser.parse("shift = 08:00", columns: list.columns))
        #expect(list.column("shift") == ["08:00", "08:00:00"], "equal at any precision")
        #expect {
            try WhereParser.parse("at > noon", columns: list.columns)
        } throws: { error in
            (error as? WhereError)?.message
                == "at holds dates and times; give yyyy-mm-ddThh:mm (or a day, yyyy-mm-dd), not noon"
        }
        #expect {
            try WhereParser.parse("at >= 2025-06-02 12:00 and shift > 08:00", columns: list.columns)
        } throws: { error in
            (error as? WhereError)?.description
                == "a date and time with a space between goes in double quotes: \"2025-06-02 12:00\", or write "
                + "2025-06-02T12:00 (at character 7)"
        }
        #expect {
            try WhereParser.parse("shift > 9:30", columns: list.columns)
        } throws: { error in
            (error as? WhereError)?.message == "shift holds times of day; give hh:mm or hh:mm:ss, not 9:30"
        }
    }

    @Test func statsFindTheEarliestAndLatestAndCountInstantsOnce() throws {
        let list = try screen()
        let stats = try ColumnAnalysis.statistics(of: list)
        #expect(stats[0].minimum?.text == "2025-06-02T12:00:00+08:00", "04:00Z")
        #expect(stats[0].maximum?.text == "2025-06-02T14:30:00+08:00")
        #expect(stats[0].distinct == 4, "13:30+08:00 and 05:30Z are one instant")
        #expect(stats[0].sum == nil && stats[0].mean == nil)
        #expect(stats[1].minimum?.text == "08:00" && stats[1].maximum?.text == "22:15")
        #expect(stats[1].distinct == 3 && stats[1].missing == 1, "08:00 and 08:00:00 are one time")
        let counts = try ColumnAnalysis.frequencies(of: list.columns[1], in: list)
        #expect(counts.first?.text == "08:00" && counts.first?.count == 2)
    }

    @Test func aChartByDateTimePlotsInstantsInOrder() throws {
        let list = try screen()
        let request = ChartRequest(y: list.columns[2], x: list.columns[0])
        let chart = try ChartData.make(from: list, request: request)
        #expect(chart.xs == chart.xs.sorted())
        #expect(chart.xs.first == 1_748_836_800, "2025-06-02T04:00Z, in seconds since 1970")
        #expect(chart.ys == [nil, 28.0, 30.5, 29.0, 31.25])
        #expect(chart.xOffset == UTCOffset(iso: "+08:00"), "the axis reads on the first value's clock")
        #expect(chart.xEnds?.first.exportText == "2025-06-02T12:00:00+08:00")
        #expect(chart.xEnds?.last.exportText == "2025-06-02T14:30:00+08:00")
        let points = try ChartData.exactPoints(from: list, request: request)
        #expect(points.map { $0[0].exportText }.first == "2025-06-02T12:00:00+08:00")
        let byShift = try ChartData.make(from: list, request: ChartRequest(y: list.columns[2], x: list.columns[1]))
        #expect(
            byShift.xs == [28_800, 28_800, 48_605, 80_100], "seconds since midnight; a missing time is not plotted")
    }

    @Test func exportsWriteTheValuesAsWrittenAndJSONStrings() throws {
        let list = try screen()
        var csv = ""
        var exporter = TableExporter(format: .csv, columns: list.columns.map(\.name)) { csv += $0 }
        try exporter.begin()
        list.forEachRow { try? exporter.row(cells: $0.map(\.cell)) }
        #expect(csv.split(separator: "\n")[1] == "2025-06-02T13:30:00+08:00,08:00,30.5")
        var json = ""
        var jsonExporter = TableExporter(format: .json, columns: list.columns.map(\.name)) { json += $0 }
        try jsonExporter.begin()
        list.forEachRow { try? jsonExporter.row(cells: $0.map(\.cell)) }
        try jsonExporter.end()
        #expect(json.contains(#"{"at": "2025-06-02T13:30:00+08:00", "shift": "08:00", "temperature": 30.5}"#))
        #expect(json.contains(#"{"at": "2025-06-02T14:30:00+08:00", "shift": null, "temperature": 31.25}"#))
    }
}
