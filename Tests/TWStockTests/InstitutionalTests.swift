import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import Testing

@testable import TWStock

/// 三大法人: T86 in its three layouts, TPEx's positional fields, BFI82U, held value by value to
/// the files they were read from.
@Suite struct InstitutionalTests {
    static let day2023 = CalendarDate(year: 2023, month: 1, day: 30)!

    /// T86's field names (every layout) to the export's columns, written out here apart from
    /// the parser's own table.
    static let t86Columns: [String: String] = [
        "外陸資買進股數(不含外資自營商)": "foreign_buy", "外陸資賣出股數(不含外資自營商)": "foreign_sell",
        "外陸資買賣超股數(不含外資自營商)": "foreign_net", "外資買進股數": "foreign_buy", "外資賣出股數": "foreign_sell",
        "外資買賣超股數": "foreign_net", "外資自營商買進股數": "foreign_dealer_buy", "外資自營商賣出股數": "foreign_dealer_sell",
        "外資自營商買賣超股數": "foreign_dealer_net", "投信買進股數": "trust_buy", "投信賣出股數": "trust_sell",
        "投信買賣超股數": "trust_net", "自營商買進股數": "dealer_buy", "自營商賣出股數": "dealer_sell",
        "自營商買賣超股數": "dealer_net", "自營商買進股數(自行買賣)": "dealer_own_buy",
        "自營商賣出股數(自行買賣)": "dealer_own_sell", "自營商買賣超股數(自行買賣)": "dealer_own_net",
        "自營商買進股數(避險)": "dealer_hedge_buy", "自營商賣出股數(避險)": "dealer_hedge_sell",
        "自營商買賣超股數(避險)": "dealer_hedge_net", "三大法人買賣超股數": "total_net",
    ]

    /// Holds every exported value of a T86 answer to the file: the day, code, the name as
    /// sent, the market, each field of the layout in its column and every other figure missing.
    static func expectT86(_ bytes: [UInt8], day: CalendarDate, rows expectedRows: Int) throws {
        let report = try InstitutionalParser.parse(bytes, day: day)
        let raw = try RawReport.rows(bytes)
        #expect(report.rows.count == expectedRows)
        #expect(report.layout == "T86 \(raw.fields.count) fields")
        let columns = InstitutionalDataset.columns
        let figureColumns = Set(InstitutionalFigure.allCases.map(\.column))
        for (row, fields) in zip(report.rows, raw.rows) {
            let exported = columns.exported(row)
            #expect(exported["date"] == day.description)
            #expect(exported["code"] == fields[0].trimmingCharacters(in: .whitespaces))
            #expect(exported["name"] == fields[1], "the name exports as sent, padding and all")
            #expect(exported["market"] == "上市")
            var filled = Set<String>()
            for (index, field) in raw.fields.enumerated().dropFirst(2) {
                let column = try #require(t86Columns[field], "T86 field \(field) has a column")
                #expect(exported[column] == RawReport.number(fields[index]), "\(fields[0]) \(column)")
                filled.insert(column)
            }
            for column in figureColumns.subtracting(filled) {
                #expect(exported[column] == "", "\(column) is missing in a \(raw.fields.count)-field layout, not zero")
            }
        }
    }

    static func expectTPEx(_ bytes: [UInt8], day: CalendarDate, rows expectedRows: Int) throws {
        let report = try TPExInstitutionalParser.parse(bytes, day: day)
        let raw = try RawReport.rows(bytes)
        #expect(report.rows.count == expectedRows)
        // TPEx's order, spelt out: foreign, foreign dealers, the two together, trusts, dealers'
        // own account, hedging, dealers together, then the total.
        let order =
            [
                "foreign", "foreign_dealer", "foreign_all", "trust", "dealer_own", "dealer_hedge", "dealer",
            ].flatMap { ["\($0)_buy", "\($0)_sell", "\($0)_net"] } + ["total_net"]
        for (row, fields) in zip(report.rows, raw.rows) {
            let exported = InstitutionalDataset.columns.exported(row)
            #expect(exported["date"] == day.description)
            #expect(exported["code"] == fields[0].trimmingCharacters(in: .whitespaces))
            #expect(exported["name"] == fields[1])
            #expect(exported["market"] == "上櫃")
            for (offset, column) in order.enumerated() {
                #expect(exported[column] == RawReport.number(fields[offset + 2]), "\(fields[0]) \(column)")
            }
        }
    }

    @Test func theTwelveFieldLayoutLeavesTheDealersSplitMissing() throws {
        let bytes = try Fixture.bytes("T86_12fields_20121203_sample.json")
        let day = try #require(CalendarDate(year: 2012, month: 12, day: 3))
        try Self.expectT86(bytes, day: day, rows: 2)
        let report = try InstitutionalParser.parse(bytes, day: day)
        #expect(try report.row(0)[.dealerBuy] == 50_000)
        #expect(try report.row(0)[.dealerOwnNet] == nil)
        #expect(try report.row(1).name.shown == "聯電", "U+3000 padding is not part of the name")
    }

    @Test func theSixteenFieldLayoutSkipsABadRowAndSaysWhere() throws {
        let bytes = try Fixture.bytes("T86_16fields_20141201_sample.json")
        let day = try #require(CalendarDate(year: 2014, month: 12, day: 1))
        try Self.expectT86(bytes, day: day, rows: 2)
        let report = try InstitutionalParser.parse(bytes, day: day)
        #expect(try report.row(1)[.trustNet] == -1_265_000)
        #expect(try report.row(0)[.foreignDealerNet] == nil, "no foreign dealers in 2014")
        #expect(
            report.issues.map(\.description) == [
                "T86 JSON, line 1, row 3: skipped row 9999: 外資買進股數 \"abc\" is not a whole number"
            ])
    }

    @Test func theNineteenFieldLayoutReadsNegativesAndPaddedNames() throws {
        let bytes = try Fixture.bytes("T86_19fields_20230130_sample.json")
        try Self.expectT86(bytes, day: Self.day2023, rows: 2)
        let report = try InstitutionalParser.parse(bytes, day: Self.day2023)
        #expect(try report.row(1)[.foreignNet] == -38_423_300)
        #expect(try report.row(1).name.shown == "華航")
    }

    @Test func tpexIsReadByPositionFromTheSecondTable() throws {
        let bytes = try Fixture.bytes("tpex_insti_tables1_20230130_sample.json")
        try Self.expectTPEx(bytes, day: Self.day2023, rows: 2)
        let report = try TPExInstitutionalParser.parse(bytes, day: Self.day2023)
        #expect(try report.row(1)[.dealerNet] == -7_298_229)
        #expect(try report.row(0).name.shown == "元大富櫃50")
    }

    @Test func theMarketTotalsAreRead() throws {
        let report = try InstitutionalTotalsParser.parse(
            try Fixture.bytes("BFI82U_20230130_sample.json"), day: Self.day2023)
        #expect(report.rows.map(\.net) == [2_818_671_322, -36_789_050, 83_133_659_499])
        let box = InstitutionalTotalsBox()
        box.set(report)
        #expect(
            box.lines == [
                "上市 net NT$ 合計 83,133,659,499", "自營商 自行 2,818,671,322 · 外資自營商 -36,789,050",
            ])
    }

    // MARK: - The real files

    @Test(.enabled(if: SharedData.isAvailable)) func everyRealT86FileIsExportedValueByValue() throws {
        try Self.expectT86(try SharedData.bytes("T86_ALLBUT0999_20230130.json"), day: Self.day2023, rows: 1120)
        let day2014 = try #require(CalendarDate(year: 2014, month: 12, day: 1))
        try Self.expectT86(try SharedData.bytes("T86_ALLBUT0999_20141201_oldfields.json"), day: day2014, rows: 860)
        let holiday = try #require(CalendarDate(year: 2023, month: 1, day: 1))
        let none = try InstitutionalParser.parse(try SharedData.bytes("T86_nodata_20230101.json"), day: holiday)
        #expect(none.noData == "很抱歉，沒有符合條件的資料!")
        #expect(none.rows.isEmpty)
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealTPExFilesAreExportedValueByValue() throws {
        try Self.expectTPEx(
            try SharedData.bytes("tpex_insti_dailyTrade_EW_20230130.json"), day: Self.day2023, rows: 740)
        let holiday = try #require(CalendarDate(year: 2023, month: 1, day: 1))
        let none = try TPExInstitutionalParser.parse(
            try SharedData.bytes("tpex_insti_dailyTrade_nodata_20230101.json"), day: holiday)
        #expect(none.noData == "TPEx answered with no rows")
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealBFI82UIsRead() throws {
        let bytes = try SharedData.bytes("BFI82U_day_20230130.json")
        let report = try InstitutionalTotalsParser.parse(bytes, day: Self.day2023)
        let raw = try RawReport.rows(bytes)
        #expect(report.rows.count == 6)
        let box = InstitutionalTotalsBox()
        box.set(report)
        // 75 and 69 columns: the totals read whole on an 80-column terminal.
        #expect(
            box.lines == [
                "上市 net NT$ 合計 83,133,659,499 · 外資 72,255,686,291 · 投信 3,089,662,921",
                "自營商 自行 2,818,671,322 避險 4,969,638,965 · 外資自營商 -36,789,050",
            ])
        for (row, fields) in zip(report.rows, raw.rows) {
            #expect(row.name == fields[0])
            #expect(
                [row.bought, row.sold, row.net].map(String.init) == fields[1...3].map(RawReport.number))
        }
    }
}
