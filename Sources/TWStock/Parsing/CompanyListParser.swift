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
    /// The columns read, each under the header names it has been seen with.
    enum Column: Int, CaseIterable {
        case reportDate, code, name, shortName, foreignRegistration, industry, address, taxID, chairman, generalManager,
            spokesperson, spokespersonTitle, deputySpokesperson, phone, founded, listing, parValue, capital,
            privatePlacement, preferred, reportType, transferAgent, transferAgentPhone, transferAgentAddress, auditFirm,
            auditor1, auditor2, englishShortName, englishAddress, fax, email, website, issuedShares

        var names: [String] {
            switch self {
            case .reportDate: return ["出表日期"]
            case .code: return ["公司代號"]
            case .name: return ["公司名稱"]
            case .shortName: return ["公司簡稱"]
            case .foreignRegistration: return ["外國企業註冊地國"]
            case .industry: return ["產業別"]
            case .address: return ["住址"]
            case .taxID: return ["營利事業統一編號"]
            case .chairman: return ["董事長"]
            case .generalManager: return ["總經理"]
            case .spokesperson: return ["發言人"]
            case .spokespersonTitle: return ["發言人職稱"]
            case .deputySpokesperson: return ["代理發言人"]
            case .phone: return ["總機電話"]
            case .founded: return ["成立日期"]
            case .listing: return ["上市日期", "上櫃日期", "登錄興櫃日期", "興櫃日期"]
            case .parValue: return ["普通股每股面額"]
            case .capital: return ["實收資本額"]
            case .privatePlacement: return ["私募股數"]
            case .preferred: return ["特別股"]
            case .reportType: return ["編制財務報表類型"]
            case .transferAgent: return ["股票過戶機構"]
            case .transferAgentPhone: return ["過戶電話"]
            case .transferAgentAddress: return ["過戶地址"]
            case .auditFirm: return ["簽證會計師事務所"]
            case .auditor1: return ["簽證會計師1"]
            case .auditor2: return ["簽證會計師2"]
            case .englishShortName: return ["英文簡稱"]
            case .englishAddress: return ["英文通訊地址"]
            case .fax: return ["傳真機號碼"]
            case .email: return ["電子郵件信箱"]
            case .website: return ["網址"]
            case .issuedShares: return ["已發行普通股數或TDR原股發行股數", "已發行普通股數"]
            }
        }
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
        guard columns.contains(Column.code.names) else {
            throw .wrongKind(format, line: header.line, found: header.fields.prefix(6).joined(separator: ","))
        }
        let missing = [("公司名稱", Column.name), ("公司簡稱", Column.shortName)].filter { !columns.contains($0.1.names) }
        guard missing.isEmpty else { throw .missingColumns(format, line: header.line, missing.map(\.0)) }

        // Column positions are found once, not once per row.
        let positions = Column.allCases.map { columns.index($0.names) }
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
            func value(_ column: Column) -> String { row.field(positions[column.rawValue]) }
            var fields = CompanyFields()
            fields.reportDate = value(.reportDate)
            fields.code = value(.code)
            fields.name = value(.name)
            fields.shortName = value(.shortName)
            fields.foreignRegistration = value(.foreignRegistration)
            fields.industryCode = value(.industry)
            fields.address = value(.address)
            fields.taxID = value(.taxID)
            fields.chairman = value(.chairman)
            fields.generalManager = value(.generalManager)
            fields.spokesperson = value(.spokesperson)
            fields.spokespersonTitle = value(.spokespersonTitle)
            fields.deputySpokesperson = value(.deputySpokesperson)
            fields.phone = value(.phone)
            fields.foundedDate = value(.founded)
            fields.listingDate = value(.listing)
            fields.parValue = value(.parValue)
            fields.paidInCapital = value(.capital)
            fields.privatePlacementShares = value(.privatePlacement)
            fields.preferredShares = value(.preferred)
            fields.financialReportType = value(.reportType)
            fields.transferAgent = value(.transferAgent)
            fields.transferAgentPhone = value(.transferAgentPhone)
            fields.transferAgentAddress = value(.transferAgentAddress)
            fields.auditFirm = value(.auditFirm)
            fields.auditor1 = value(.auditor1)
            fields.auditor2 = value(.auditor2)
            fields.englishShortName = value(.englishShortName)
            fields.englishAddress = value(.englishAddress)
            fields.fax = value(.fax)
            fields.email = value(.email)
            fields.website = value(.website)
            fields.issuedShares = value(.issuedShares)
            do throws(UnreadableRow) {
                companies.append(try fields.company(market: market))
            } catch {
                issues.append(ParseIssue(format: format, line: record.line, message: "skipped row: \(error.message)"))
            }
        }
        issues.sort { $0.line < $1.line }
        return ParseResult(records: companies, issues: issues)
    }
}
