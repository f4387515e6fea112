import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import TWStock

/// 融資融券: MI_MARGN's second table and TPEx's margin/balance, read by position and held
/// value by value to the files.
@Suite struct MarginTests {
    static let day = CalendarDate(year: 2023, month: 1, day: 30)!

    static func expectTWSE(_ bytes: [UInt8], rows expected: Int) throws {
        let report = try MarginParser.parseTWSE(bytes, day: day)
        let raw = try RawReport.rows(bytes, table: 1)
        #expect(report.rows.count == expected)
        // MI_MARGN's order, spelt out: 融資 then 融券, each bought, sold, repaid, previous,
        // today's balance and quota; then the offsets.
        let order =
            ["margin", "short"].flatMap { side in
                ["buy", "sell", "repay", "previous", "balance", "quota"].map { "\(side)_\($0)" }
            } + ["offset"]
        for (row, fields) in zip(report.rows, raw.rows) {
            let exported = MarginDataset.columns.exported(row)
            #expect(exported["date"] == "2023-01-30")
            #expect(exported["code"] == fields[0])
            #expect(exported["name"] == fields[1])
            #expect(exported["market"] == "上市")
            for (offset, column) in order.enumerated() {
                #expect(exported[column] == RawReport.number(fields[offset + 2]), "\(fields[0]) \(column)")
            }
            #expect(exported["note"] == fields[15], "the note exports as sent, trailing space and all")
            for column in ["margin_financed", "short_financed", "margin_usage", "short_usage"] {
                #expect(exported[column] == "", "TWSE has no \(column): missing, not zero")
            }
        }
    }

    static func expectTPEx(_ bytes: [UInt8], rows expected: Int) throws {
        let report = try MarginParser.parseTPEx(bytes, day: day)
        let raw = try RawReport.rows(bytes)
        #expect(report.rows.count == expected)
        let order = [
            "margin_previous", "margin_buy", "margin_sell", "margin_repay", "margin_balance", "margin_financed",
            "margin_usage", "margin_quota", "short_previous", "short_sell", "short_buy", "short_repay", "short_balance",
            "short_financed", "short_usage", "short_quota", "offset", "note",
        ]
        for (row, fields) in zip(report.rows, raw.rows) {
            let exported = MarginDataset.columns.exported(row)
            #expect(exported["code"] == fields[0])
            #expect(exported["name"] == fields[1])
            #expect(exported["market"] == "上櫃")
            for (offset, column) in order.enumerated() {
                let text = fields[offset + 2]
                let expected = column == "note" ? text : (text == "-" ? "" : RawReport.number(text))
                #expect(exported[column] == expected, "\(fields[0]) \(column)")
            }
        }
    }

    @Test func theSecondTableIsReadByPositionAndNotesKeepTheirSpaces() throws {
        let bytes = try Fixture.bytes("MI_MARGN_20230130_sample.json")
        try Self.expectTWSE(bytes, rows: 3)
        let report = try MarginParser.parseTWSE(bytes, day: Self.day)
        #expect(try report.row(1).note == "OX ")
        #expect(try report.row(0)[.shortSell] == 217)
        #expect(try report.row(0)[.marginQuota] == 565_125)
        let second = try report.row(1)
        let cell = try #require(MarginDataset.columns.first { $0.name == "note" }?.cell(second))
        #expect(cell.text == "OX", "shown without its padding")
    }

    @Test func tpexUsageKeepsItsDigitsAndADashIsMissing() throws {
        let bytes = try Fixture.bytes("tpex_margin_20230130_sample.json")
        try Self.expectTPEx(bytes, rows: 2)
        let report = try MarginParser.parseTPEx(bytes, day: Self.day)
        #expect(try report.row(0).shortUsage?.description == "0.01")
        #expect(try report.row(1).marginUsage == nil)
        #expect(try report.row(1).shortUsage?.description == "0.0")
        #expect(try report.row(1).note == "11OX   C")
    }

    @Test func anotherLayoutIsRefusedByName() throws {
        let body = #"{"stat":"OK","date":"20230130","tables":[{},{"fields":["代號","名稱","買進"],"data":[["1","a","2"]]}]}"#
        #expect(throws: TWSEParseError.self) { try MarginParser.parseTWSE(Array(body.utf8), day: Self.day) }
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealFilesAreExportedValueByValue() throws {
        try Self.expectTWSE(try SharedData.bytes("MI_MARGN_ALL_20230130.json"), rows: 1103)
        try Self.expectTPEx(try SharedData.bytes("tpex_margin_balance_20230130.json"), rows: 769)
        let holiday = try #require(CalendarDate(year: 2023, month: 1, day: 1))
        let twse = try MarginParser.parseTWSE(try SharedData.bytes("MI_MARGN_nodata_20230101.json"), day: holiday)
        #expect(twse.noData == "很抱歉，沒有符合條件的資料", "the form without ! is no data too")
        let tpex = try MarginParser.parseTPEx(
            try SharedData.bytes("tpex_margin_balance_nodata_20230101.json"), day: holiday)
        #expect(tpex.noData == "TPEx answered with no rows")
    }
}
