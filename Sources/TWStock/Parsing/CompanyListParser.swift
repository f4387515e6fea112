/// Reads mopsfin's company basic data CSV (公司基本資料): `opendata/t187ap03_L.csv` (上市),
/// `t187ap03_O.csv` (上櫃) and `t187ap03_R.csv` (興櫃).
///
/// ```text
/// 出表日期,公司代號,公司名稱,公司簡稱,外國企業註冊地國,產業別,…,已發行普通股數或TDR原股發行股數
/// "1131029","2330","台灣積體電路製造股份有限公司","台積電","－ ","24",…
/// ```
///
/// UTF-8 with a byte order mark, LF or CRLF, 33 columns found by name (so added or moved
/// columns do not matter). Values are trimmed of padding, including trailing U+3000, and the
/// placeholder `"－ "` reads as no value. The file does not name its market: pass it in.
///
/// No real `_R` (興櫃) file was available; it is read as the same 33 columns, which is what
/// mopsfin documents for all three. Its listing-date column may be headed 上櫃日期 or
/// 登錄興櫃日期 instead of 上市日期; those names are accepted too.
public enum CompanyListParser {
    /// Column names, with the alternatives accepted for each.
    enum Column {
        static let reportDate = ["出表日期"]
        static let code = ["公司代號"]
        static let name = ["公司名稱"]
        static let shortName = ["公司簡稱"]
        static let foreignRegistration = ["外國企業註冊地國"]
        static let industry = ["產業別"]
        static let address = ["住址"]
        static let taxID = ["營利事業統一編號"]
        static let chairman = ["董事長"]
        static let generalManager = ["總經理"]
        static let spokesperson = ["發言人"]
        static let spokespersonTitle = ["發言人職稱"]
        static let deputySpokesperson = ["代理發言人"]
        static let phone = ["總機電話"]
        static let founded = ["成立日期"]
        static let listing = ["上市日期", "上櫃日期", "登錄興櫃日期", "興櫃日期"]
        static let parValue = ["普通股每股面額"]
        static let capital = ["實收資本額"]
        static let privatePlacement = ["私募股數"]
        static let preferred = ["特別股"]
        static let reportType = ["編制財務報表類型"]
        static let transferAgent = ["股票過戶機構"]
        static let transferAgentPhone = ["過戶電話"]
        static let transferAgentAddress = ["過戶地址"]
        static let auditFirm = ["簽證會計師事務所"]
        static let auditor1 = ["簽證會計師1"]
        static let auditor2 = ["簽證會計師2"]
        static let englishShortName = ["英文簡稱"]
        static let englishAddress = ["英文通訊地址"]
        static let fax = ["傳真機號碼"]
        static let email = ["電子郵件信箱"]
        static let website = ["網址"]
        static let issuedShares = ["已發行普通股數或TDR原股發行股數", "已發行普通股數"]
    }

    /// Parses the file.
    ///
    /// - Parameters:
    ///   - bytes: The body (UTF-8 with or without a byte order mark; Big5 is accepted too).
    ///   - market: The market of the file: `.listed` for `_L`, `.otc` for `_O`, `.emerging` for `_R`.
    /// - Returns: The companies in file order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` for a block page, a file that is not a company list, or an
    ///   empty one.
    /// - Complexity: O(n) in the size of the file.
    public static func parse(_ bytes: [UInt8], market: Market) throws(TWSEParseError) -> ParseResult<Company> {
        let format = TWSEFormat.companyListCSV
        let (records, scanIssues) = try SourceText.csv(bytes, format: format)
        guard let header = records.first else { throw .empty(format) }
        let columns = ColumnMap(header: header.fields)
        guard columns.contains(Column.code) else {
            throw .wrongKind(format, line: header.line, found: header.fields.prefix(6).joined(separator: ","))
        }
        let missing = [("公司名稱", Column.name), ("公司簡稱", Column.shortName)].filter { !columns.contains($0.1) }
        guard missing.isEmpty else { throw .missingColumns(format, line: header.line, missing.map(\.0)) }

        var companies: [Company] = []
        var issues = scanIssues
        for record in records.dropFirst() {
            let row = record.fields
            guard row.count >= columns.header.count else {
                issues.append(
                    ParseIssue(
                        format: format, line: record.line,
                        message: "skipped row: \(row.count) fields where the header has \(columns.header.count)"))
                continue
            }
            func value(_ names: [String]) -> String { row.field(columns.index(names)) }
            var fields = CompanyFields()
            fields.reportDate = value(Column.reportDate)
            fields.code = value(Column.code)
            fields.name = value(Column.name)
            fields.shortName = value(Column.shortName)
            fields.foreignRegistration = value(Column.foreignRegistration)
            fields.industryCode = value(Column.industry)
            fields.address = value(Column.address)
            fields.taxID = value(Column.taxID)
            fields.chairman = value(Column.chairman)
            fields.generalManager = value(Column.generalManager)
            fields.spokesperson = value(Column.spokesperson)
            fields.spokespersonTitle = value(Column.spokespersonTitle)
            fields.deputySpokesperson = value(Column.deputySpokesperson)
            fields.phone = value(Column.phone)
            fields.foundedDate = value(Column.founded)
            fields.listingDate = value(Column.listing)
            fields.parValue = value(Column.parValue)
            fields.paidInCapital = value(Column.capital)
            fields.privatePlacementShares = value(Column.privatePlacement)
            fields.preferredShares = value(Column.preferred)
            fields.financialReportType = value(Column.reportType)
            fields.transferAgent = value(Column.transferAgent)
            fields.transferAgentPhone = value(Column.transferAgentPhone)
            fields.transferAgentAddress = value(Column.transferAgentAddress)
            fields.auditFirm = value(Column.auditFirm)
            fields.auditor1 = value(Column.auditor1)
            fields.auditor2 = value(Column.auditor2)
            fields.englishShortName = value(Column.englishShortName)
            fields.englishAddress = value(Column.englishAddress)
            fields.fax = value(Column.fax)
            fields.email = value(Column.email)
            fields.website = value(Column.website)
            fields.issuedShares = value(Column.issuedShares)
            do throws(RowProblem) {
                companies.append(try fields.company(market: market))
            } catch {
                issues.append(ParseIssue(format: format, line: record.line, message: "skipped row: \(error.message)"))
            }
        }
        issues.sort { $0.line < $1.line }
        return ParseResult(records: companies, issues: issues)
    }
}
