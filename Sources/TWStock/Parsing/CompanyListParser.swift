import Tabular

/// Reads mopsfin's company basic data CSV (公司基本資料): `opendata/t187ap03_L.csv` (上市),
/// `t187ap03_O.csv` (上櫃) and `t187ap03_R.csv` (興櫃).
///
/// ```text
/// 出表日期,公司代號,公司名稱,公司簡稱,外國企業註冊地國,產業別,…,已發行普通股數或TDR原股發行股數
/// "1131029","2330","台灣積體電路製造股份有限公司","台積電","－ ","24",…
/// ```
///
/// UTF-8 with a byte order mark, LF or CRLF, 33 columns found by name (so added or moved
/// columns do not matter; ``CompanyField`` names them). Typed values are trimmed of padding,
/// including trailing U+3000, and the placeholder `"－ "` reads as no value; the text of every
/// field is also kept as written (``Company/sourceText(_:)``). The file does not name its
/// market: pass it in.
package enum CompanyListParser {
    /// Parses the file.
    ///
    /// - Parameters:
    ///   - bytes: The body (UTF-8 with or without a byte order mark; Big5 is accepted too).
    ///   - market: The market of the file: `.listed` for `_L`, `.otc` for `_O`, `.emerging` for `_R`.
    /// - Returns: The companies in file order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` for a block page, a file that is not a company list, or an
    ///   empty one.
    /// - Complexity: O(n) in the size of the file.
    package static func parse(_ bytes: [UInt8], market: Market) throws(TWSEParseError) -> ParseResult<Company> {
        let format = TWSEFormat.companyListCSV
        // The file is scanned as byte ranges; a record's strings are made as `CompanyFields`
        // needs them.
        let file = CompanySourceText.File(try SourceText.utf8(bytes, format: format))
        var scanner = CSVScanner(bytes: file.bytes)
        var row: [CSVField] = []
        guard let headerLine = scanner.nextRecord(fields: &row)?.line else { throw .empty(format) }
        let header = row.map(scanner.string(for:))
        let columns = ColumnMap(header: header)
        guard columns.contains(CompanyField.code.headers) else {
            throw .wrongKind(format, line: headerLine, found: header.prefix(6).joined(separator: ","))
        }
        let missing = [("公司名稱", CompanyField.name), ("公司簡稱", CompanyField.shortName)].filter {
            !columns.contains($0.1.headers)
        }
        guard missing.isEmpty else { throw .missingColumns(format, line: headerLine, missing.map(\.0)) }

        // Column positions are found once, not once per row.
        let positions = CompanyField.allCases.map { columns.index($0.headers) }
        let absent = CSVField(contentRange: 0..<0, isQuoted: false, needsUnescaping: false)
        var companies: [Company] = []
        var issues: [ParseIssue] = []
        while let span = scanner.nextRecord(fields: &row) {
            guard row.count >= columns.header.count else {
                issues.append(
                    ParseIssue(
                        format: format, line: span.line,
                        message: "skipped row: \(row.count) fields where the header has \(columns.header.count)"))
                continue
            }
            let fields = CompanyFields(file: file, fields: positions.map { $0.map { row[$0] } ?? absent })
            do throws(UnreadableRow) {
                companies.append(try fields.company(market: market))
            } catch {
                issues.append(ParseIssue(format: format, line: span.line, message: "skipped row: \(error.message)"))
            }
        }
        issues += SourceText.issues(scanner.issues, format: format)
        issues.sort { $0.line < $1.line }
        return ParseResult(records: companies, issues: issues)
    }
}
