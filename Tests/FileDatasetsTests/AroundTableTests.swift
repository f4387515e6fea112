import Foundation
import ListKit
import Testing

@testable import FileDatasets

/// Files whose table has lines around it: a title above the header and notes below the rows
/// (the exchanges' per-stock CSV, government files), and JSON reports holding `fields` and
/// `data` (TWSE) or `tables` of them (TPEx). The table opens; the lines are shown above it.
@MainActor
@Suite struct AroundTableTests {
    nonisolated static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/twse")
    nonisolated static var sharedAvailable: Bool {
        FileManager.default.fileExists(atPath: shared.appendingPathComponent("SOURCES.md").path)
    }

    @Test func titleLinesAboveTheHeaderAndNotesBelowTheRowsAreShownNotRead() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "report.csv",
            """
            "114年06月 2330 台積電           各日成交資訊"
            "日期","成交股數","收盤價",
            "114/06/02","40,608,468","946.00",
            "114/06/03","27,482,916","950.00",
            "說明:"
            "符號說明:+/-/X表示漲/跌/不比價"

            """)
        let opened = try await open(path)
        #expect(opened.screen.columnNames == ["日期", "成交股數", "收盤價", "D"], "the header is the body's line")
        #expect(opened.column("日期") == ["114/06/02", "114/06/03"])
        #expect(
            opened.screen.headerLines == [
                "114年06月 2330 台積電           各日成交資訊", "說明:", "符號說明:+/-/X表示漲/跌/不比價",
            ])
        #expect(opened.notes.isEmpty, "the notes are not malformed rows")
    }

    @Test func aRowGoneWrongIsStillReportedAndAPlainFileIsAsBefore() async throws {
        let scratch = try Scratch()
        let plain = try scratch.write("plain.csv", "a,b,c\n1,2,3\n4,5\n6,7,8\nthe end\n")
        let opened = try await open(plain)
        #expect(opened.screen.columnNames == ["a", "b", "c"])
        #expect(opened.column("a") == ["1", "6"])
        #expect(opened.screen.headerLines == ["the end"], "a one-value line after the rows is a note")
        #expect(opened.notes == ["plain.csv: skipped 1 malformed row: line 3 has 2 fields, not 3"])
        let tail = try scratch.write("tail.csv", "a,b,c\n1,2,3\n4,5\n")
        let cut = try await open(tail)
        #expect(
            cut.notes == ["tail.csv: skipped 1 malformed row: line 3 has 2 fields, not 3"], "not a note: two values")
        #expect(cut.screen.headerLines.isEmpty)
    }

    @Test func aLastRecordWhoseQuoteNeverClosesIsReportedNotShownAsANote() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("open-quote.csv", "a,b\n1,2\n\"x\"\"y,3\n")
        let opened = try await open(path)
        #expect(opened.column("a") == ["1"])
        #expect(opened.screen.headerLines.isEmpty, "the swallowed record is not a line around the table")
        #expect(opened.notes == ["open-quote.csv: skipped 1 malformed row: line 3: a quoted field is never closed"])
    }

    @Test func aJSONReportOfFieldsAndDataOpensAsItsTable() async throws {
        let scratch = try Scratch()
        let twse = try scratch.write(
            "STOCK_DAY.json",
            #"{"stat":"OK","title":"114年06月 2330 台積電","fields":["日期","收盤價"],"#
                + #""data":[["114/06/02","946.00"],["114/06/03"],["114/06/04","990.00"]],"notes":["符號說明"]}"#)
        let opened = try await open(twse)
        #expect(opened.screen.columnNames == ["日期", "收盤價"])
        #expect(opened.column("收盤價") == ["946.00", "990.00"])
        #expect(opened.screen.headerLines == ["114年06月 2330 台積電", "符號說明"])
        #expect(opened.notes == ["STOCK_DAY.json: skipped 1 malformed row: line 1: row 2 of data has 1 value, not 2"])
        let tpex = try scratch.write(
            "tradingStock.json",
            #"{"tables":[{"title":"個股日成交資訊","subtitle":"2926 誠品生活 114年05月","fields":["日 期","收盤"],"#
                + #""data":[["114/05/02","47.20"]],"notes":["以上資料不含上櫃股票鉅額交易"]}],"code":"2926","stat":"ok"}"#)
        let tables = try await open(tpex)
        #expect(tables.screen.columnNames == ["日 期", "收盤"])
        #expect(tables.column("收盤") == ["47.20"])
        #expect(tables.screen.headerLines == ["個股日成交資訊", "2926 誠品生活 114年05月", "以上資料不含上櫃股票鉅額交易"])
        let other = try scratch.write("other.json", #"{"a":1}"#)
        #expect(try await open(other).failure?.contains("it is a JSON object holding no table (its keys: a)") == true)
    }

    @Test(.enabled(if: AroundTableTests.sharedAvailable, "needs ../shared/twse"))
    func theExchangesOwnFilesOpenAsTheirTables() async throws {
        let csv = try await open(
            Self.shared.appendingPathComponent("STOCK_DAY_2330_202107_big5.csv").path, options: ["encoding": "big5"])
        #expect(csv.screen.count == 12)
        #expect(csv.screen.columnNames.prefix(3) == ["日期", "成交股數", "成交金額"])
        #expect(csv.screen.headerLines.first == "110年07月 2330 台積電           各日成交資訊")
        #expect(csv.screen.headerLines.count == 5, "the title and four notes")
        #expect(csv.notes.isEmpty)
        let month = try await open(Self.shared.appendingPathComponent("STOCK_DAY_2330_202506.json").path)
        #expect(month.screen.count == 21)
        #expect(month.screen.columnNames.last == "註記")
        let tpex = try await open(Self.shared.appendingPathComponent("tpex_tradingStock_2926_202505.json").path)
        #expect(tpex.screen.count == 11)
        #expect(tpex.column("成交仟元")[2] == "1,330", "the source's own text")
    }
}
