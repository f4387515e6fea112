import BrowseSupport
import ListKit
import Tabular

/// Reads MOPS's monthly revenue page (t21sc03, 上市/上櫃公司營業收入統計表): Big5 HTML with a
/// table per industry, NT$ thousands.
///
/// ```text
/// <th class=tt align=left >產業別：水泥工業</th><th class=tt align=right >單位：千元</th>
/// <tr><th class=tt colspan=2>&nbsp;</th><th class=tt colspan=5 >營業收入</th>…<th rowspan=2 class=tt>備註</th></tr>
/// <tr><th class=tt>公司<br>代號</th><th class=tt>公司名稱</th><th class=tt>當月營收</th>…</tr>
/// <tr align=right><td align=center>1101</td><td align=left>台泥</td><td nowrap>   7,325,221</td>…
/// ```
///
/// Columns are found by their headers (line breaks and spaces ignored), 備註 by the header
/// above that spans two rows; each industry's 合計 is left out, the market's total kept. A page
/// without tables that says `查無資料` is a month not published yet.
package enum MonthlyRevenueParser {
    static let format = TWSEFormat.monthlyRevenueHTML

    /// What MOPS says on a month's page before the month is published.
    static let notPublished = "查無資料"

    /// Parses a market's page for `month`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, text that is neither UTF-8 nor Big5, a
    ///   page past the HTML reader's limits, a page for another month, or one without the
    ///   revenue table.
    /// - Complexity: O(n) in the size of the page.
    package static func parse(_ bytes: [UInt8], month: YearMonth, market: Market) throws(TWSEParseError)
        -> MonthlyRevenueReport
    {
        if SourceText.isBlockPage(bytes) { throw .blockPage(format) }
        let page = try text(bytes)
        // The title first: a page for another month is refused before its tables are read.
        if let said = Self.month(inTitle: page), said != month {
            throw .wrongMonth(format, requested: month, received: said)
        }
        let tables: [HTMLTable]
        do {
            tables = try HTMLTableReader.tables(in: page)
        } catch {
            throw .unreadablePage(format, detail: error.description)
        }
        var reading = Reading(month: month, market: market)
        for table in tables { reading.read(table) }
        guard reading.sawRevenueTable else {
            if page.contains(notPublished) {
                return MonthlyRevenueReport(
                    month: month, market: market, rows: [], noData: "\(notPublished): not published yet")
            }
            throw .wrongKind(format, line: 1, found: "no table with 當月營收")
        }
        var report = MonthlyRevenueReport(
            month: month, market: market, rows: reading.rows, total: reading.total, issuedOn: issued(page),
            issues: reading.issues)
        if report.rows.isEmpty { report.noData = "MOPS's page lists no company" }
        return report
    }

    /// The page as text: UTF-8 when it is, else Big5 (CP950), as MOPS sends it.
    static func text(_ bytes: [UInt8]) throws(TWSEParseError) -> String {
        if TextDecoding.isValidUTF8(bytes) { return String(decoding: bytes, as: UTF8.self) }
        do {
            return try TextDecoding.decodeBig5(bytes)
        } catch {
            throw .undecodable(format, detail: error.description)
        }
    }

    /// The month the title names: `上市公司112年1月份(累計與當月)營業收入統計表` is 2023-01.
    static func month(inTitle page: String) -> YearMonth? {
        guard let range = page.range(of: "月份") else { return nil }
        let before = page[..<range.lowerBound].suffix(12)
        guard let yearMark = before.lastIndex(of: "年") else { return nil }
        let monthText = before[before.index(after: yearMark)...]
        let yearText = before[..<yearMark].reversed().prefix { $0.isASCII && $0.isNumber }.reversed()
        guard let year = Int(String(yearText)), let number = Int(monthText) else { return nil }
        return YearMonth(year: year + ROCCalendar.yearOffset, month: number)
    }

    /// 出表日期：112/12/24.
    static func issued(_ page: String) -> CalendarDate? {
        guard let range = page.range(of: "出表日期：") else { return nil }
        return ROCCalendar.date(page[range.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == "/") })
    }

    /// The header without line breaks or spaces (`公司<br>代號` is `公司代號`).
    static func squeezed(_ text: String) -> String {
        String(
            text.unicodeScalars.filter { !MissingValueRule.isPadding($0) && $0 != "\n" && $0 != "\r" }.map(
                Character.init))
    }

    /// The tables read one after another: the industry each belongs to, its columns, its rows.
    private struct Reading {
        let month: YearMonth
        let market: Market
        var industry = ""
        var rows: [MonthlyRevenue] = []
        var issues: [ParseIssue] = []
        var total: (label: String, revenue: Int64, yearChange: WrittenDecimal?)?
        var sawRevenueTable = false
        var rowNumber = 0

        init(month: YearMonth, market: Market) {
            self.month = month
            self.market = market
        }

        mutating func read(_ table: HTMLTable) {
            // The title table of an industry: `產業別：水泥工業`.
            for row in table.rows {
                for cell in row where cell.text.contains("產業別：") {
                    if let range = cell.text.range(of: "產業別：") {
                        industry = FieldText.clean(String(cell.text[range.upperBound...])) ?? ""
                    }
                }
            }
            guard
                let headerIndex = table.rows.firstIndex(where: { row in
                    HTMLTable.columns(of: row).contains { squeezed($0) == "當月營收" }
                })
            else { return }
            sawRevenueTable = true
            let header = HTMLTable.columns(of: table.rows[headerIndex]).map(squeezed)
            var columns: [String: Int] = [:]
            for (index, name) in header.enumerated() where columns[name] == nil { columns[name] = index }
            // 備註 spans both header rows from the row above: it comes after the columns below it.
            if columns["備註"] == nil, headerIndex > 0,
                table.rows[..<headerIndex].contains(where: { row in
                    row.contains { squeezed($0.text) == "備註" && $0.rowSpan > 1 }
                })
            {
                columns["備註"] = header.count
            }
            for (offset, row) in table.rows[(headerIndex + 1)...].enumerated() {
                rowNumber = offset + 1
                read(row, columns: columns)
            }
        }

        mutating func read(_ row: [HTMLCell], columns: [String: Int]) {
            let fields = HTMLTable.columns(of: row)
            func field(_ name: String) -> String? {
                columns[name].flatMap { fields.indices.contains($0) ? fields[$0] : nil }
            }
            // A total is a header cell spanning the code and the name: the industry's 合計, or the market's.
            if row.first?.isHeader == true {
                let label = FieldText.clean(row.first?.text ?? "") ?? ""
                if label != "合計", label.hasSuffix("合計"),
                    let revenue = (try? FieldText.integer(field("當月營收") ?? "", column: "當月營收")) ?? nil
                {
                    let change = field("去年同月增減(%)").flatMap(FieldText.clean).flatMap { WrittenDecimal($0) }
                    total = (label, revenue, change)
                }
                return
            }
            do throws(UnreadableRow) {
                rows.append(try revenue(field))
            } catch {
                let code = field("公司代號").flatMap(FieldText.clean).map { " \($0)" } ?? ""
                let place = industry.isEmpty ? "" : " of \(industry)"
                issues.append(
                    ParseIssue(
                        format: format, line: 1, row: rowNumber, message: "skipped row\(code)\(place): \(error.message)"
                    ))
            }
        }

        func revenue(_ field: (String) -> String?) throws(UnreadableRow) -> MonthlyRevenue {
            func text(_ name: String) throws(UnreadableRow) -> String {
                guard let value = field(name) else { throw UnreadableRow("no \(name)") }
                return value
            }
            func integer(_ name: String) throws(UnreadableRow) -> Int64? {
                try FieldText.integer(try text(name), column: name)
            }
            func percent(_ name: String) throws(UnreadableRow) -> WrittenDecimal? {
                guard let cleaned = FieldText.clean(try text(name)) else { return nil }
                guard let value = WrittenDecimal(cleaned) else {
                    throw UnreadableRow("\(name) \"\(cleaned)\" is not a number")
                }
                return value
            }
            let codeText = try text("公司代號")
            guard let code = StockCode(FieldText.clean(codeText) ?? "") else {
                throw UnreadableRow("公司代號 \(TWSEParseError.quote(codeText)) is not a security code")
            }
            // The note as sent; MOPS's `-` says there is none.
            let note = field("備註").flatMap { FieldText.clean($0) == nil ? nil : $0 }
            return MonthlyRevenue(
                month: month, market: market, code: code, name: SecurityName(source: try text("公司名稱")),
                industry: industry, revenue: try integer("當月營收"), lastMonth: try integer("上月營收"),
                lastYear: try integer("去年當月營收"), monthChange: try percent("上月比較增減(%)"),
                yearChange: try percent("去年同月增減(%)"), cumulative: try integer("當月累計營收"),
                cumulativeLastYear: try integer("去年累計營收"), cumulativeChange: try percent("前期比較增減(%)"),
                note: note)
        }
    }
}
