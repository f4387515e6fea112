import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import TWStock

/// Every value as the source has it, on the screen too: the companies table and `info` keep
/// the lists' runs of spaces, U+3000 and empty fields; a change keeps the exchange's decimals
/// and sign; `import --code` never stores one security's prices as another's.
@MainActor
@Suite struct FidelityTests {
    /// The companies of a 上櫃 list of our own, with every kind of padding the real lists have.
    func companies() throws -> [Company] {
        try CompanyListParser.parse(Fixture.bytes("t187ap03_O_as_written.csv"), market: .otc).records
    }

    func cell(_ column: String, of company: Company) throws -> Cell {
        let found = try #require(CompanyPresentation.columns.first { $0.name == column }, "a column \(column)")
        return found.cell(company)
    }

    @Test func theCompaniesTableShowsTextFieldsAsTheListWroteThem() throws {
        let companies = try companies()
        let first = try #require(companies.first)
        for (column, written) in [
            ("par_value", "新台幣                 10.0000元"), ("english_name", "MORNSUN\u{3000}"),
            ("website", "https://www.example.com.tw/\u{3000}"), ("address", "台北市中山區民生東路三段  100號"),
            ("chairman", "王  大明"), ("phone", "02  22251688"), ("english_address", "\u{3000}\u{3000}\u{3000}\u{3000}"),
            ("registered_in", "－ "),
        ] {
            let shown = try cell(column, of: first)
            #expect(shown.text == written, "\(column) shows as written: \(shown.text.debugDescription)")
            #expect(shown.exportText == written, "\(column) exports as written")
        }
        #expect(try cell("name", of: first).text == "茂生農經", "a name shows as the company is named")
    }

    @Test func infoShowsEveryFieldEmptyOnesToo() throws {
        let companies = try companies()
        let first = try #require(companies.first)
        let second = try #require(companies.last)
        let fields = Dictionary(
            CompanyPresentation.detail(first).fields.map { ($0.name, $0.value) }
        ) { first, _ in first }
        #expect(fields["transfer agent phone"] == "", "an empty field is listed")
        #expect(fields["English address"] == "\u{3000}\u{3000}\u{3000}\u{3000}", "padding only, as written")
        #expect(fields["registered in"] == "－ ", "the placeholder as written")
        #expect(fields["par value"] == "新台幣                 10.0000元")
        #expect(fields["auditor 1"] == "甲\u{3000}")
        #expect(fields["paid-in capital"] == "NT$ 413,386,660", "a count read and grouped, as the README says")
        #expect(fields["founded"] == "1990-10-10", "a date read as yyyy-mm-dd, as the README says")
        let foreign = Dictionary(
            CompanyPresentation.detail(second).fields.map { ($0.name, $0.value) }
        ) { first, _ in first }
        #expect(foreign["registered in"] == "KY 開曼群島      ", "not trimmed")
        #expect(foreign["email"] == "", "listed though empty")
        #expect(CompanyPresentation.detail(first).fields.count == CompanyField.allCases.count + 1, "every field")
    }

    /// The change column of the ticks of `fixture`, as shown, as exported in CSV and in JSON.
    func changes(_ fixture: String) throws -> [(code: String, shown: String, csv: String, json: String)] {
        let day = try StockDayAllCSVParser.parse(
            Fixture.bytes(fixture), tradingDate: CalendarDate(year: 2025, month: 3, day: 4))
        let column = try #require(TickPresentation.columns(withSecurity: true).first { $0.name == "change" })
        return day.ticks.map { tick in
            let cell = column.cell(tick)
            return (tick.code.rawValue, cell.text, cell.exportText, (try? json(cell)) ?? "?")
        }
    }

    /// What a JSON export writes for `cell` as a `change`.
    func json(_ cell: Cell) throws -> String {
        final class Text { var value = "" }
        let written = Text()
        var exporter = TableExporter(format: .json, columns: ["change"]) { written.value += $0 }
        try exporter.begin()
        try exporter.row(cells: [cell])
        try exporter.end()
        let object = written.value.split(separator: "\n").first { $0.contains("\"change\"") } ?? ""
        return String(object.drop { $0 != ":" }.dropFirst(2).prefix { $0 != "}" })
    }

    @Test func aChangeKeepsTheExchangesDecimals() throws {
        let changes = try changes("STOCK_DAY_ALL_change_as_written.csv")
        let byCode = Dictionary(uniqueKeysWithValues: changes.map { ($0.code, $0) })
        #expect(byCode["00625K"]?.shown == "0.0000", "an unchanged close keeps four decimals, as ▼20.0000 does")
        #expect(byCode["00625K"]?.csv == "0.0000")
        #expect(byCode["2330"]?.shown == "▼20.0000")
        #expect(byCode["2330"]?.csv == "-20.0000")
        #expect(byCode["2317"]?.shown == "▲0.5000")
        #expect(byCode["00643K"]?.csv == "", "no trade: no change, the note says why")
    }

    @Test func theOldFormatsSignedChangeExportsAsWritten() throws {
        let changes = try changes("STOCK_DAY_ALL_oldformat_signs.csv")
        let byCode = Dictionary(uniqueKeysWithValues: changes.map { ($0.code, $0) })
        #expect(byCode["1101"]?.csv == "+0.25", "the old format's sign is kept")
        #expect(byCode["1101"]?.json == "0.25", "a number in JSON, which has no +")
        #expect(byCode["1101"]?.shown == "▲0.25")
        #expect(byCode["00632R"]?.csv == "0.00", "\" 0.00\" without its padding")
        #expect(byCode["00632R"]?.shown == "0.00")
        #expect(byCode["2330"]?.csv == "-3.50")
        #expect(byCode["006204"]?.csv == "", "not compared: empty, the note says X")
    }
}
