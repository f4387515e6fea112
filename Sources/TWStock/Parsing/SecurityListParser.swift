import BrowseSupport
import ListKit

/// Reads a security code list in twstock's shape (`twstock/codes/tpex_equities.csv`, scraped
/// from TWSE's ISIN site): `type,code,name,ISIN,start,market,group,CFI`.
///
/// ```text
/// 股票,1240,茂生農經,TW0001240000,2018/08/08,上櫃,農業科技業,ESVUFR
/// ```
///
/// The list has codes, names and kinds but no company details (no full name, no capital), so
/// it becomes ``SecurityListing`` values rather than ``Company`` values.
package enum SecurityListParser {
    /// Parses the file.
    ///
    /// - Parameter bytes: The body, UTF-8 (LF or CRLF).
    /// - Returns: The listings in file order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` for a file without the `type,code,name` header.
    /// - Complexity: O(n) in the size of the file.
    package static func parse(_ bytes: [UInt8]) throws(TWSEParseError) -> ParseResult<SecurityListing> {
        let format = TWSEFormat.securityListCSV
        let (records, scanIssues) = try SourceText.csv(bytes, format: format)
        guard let header = records.first else { throw .empty(format) }
        let columns = ColumnMap(header: header.fields)
        guard columns.contains(["code"]), columns.contains(["name"]), columns.contains(["type"]) else {
            throw .wrongKind(format, line: header.line, found: header.fields.joined(separator: ","))
        }
        var listings: [SecurityListing] = []
        var issues = scanIssues
        for record in records.dropFirst() {
            let row = record.fields
            func value(_ name: String) -> String { row.field(columns.index([name])) }
            do throws(UnreadableRow) {
                guard row.count >= columns.header.count else {
                    throw UnreadableRow("\(row.count) fields where the header has \(columns.header.count)")
                }
                guard let code = StockCode(FieldText.clean(value("code")) ?? "") else {
                    throw UnreadableRow("the code \"\(value("code"))\" is not 4–6 letters or digits")
                }
                guard let name = FieldText.clean(value("name")), let type = FieldText.clean(value("type")) else {
                    throw UnreadableRow("\(code) has no name or type")
                }
                var listingDate: CalendarDate?
                if let start = FieldText.clean(value("start")) {
                    guard let date = CalendarDate(iso: start) else {
                        throw UnreadableRow("\(code): start \"\(start)\" is not a yyyy/MM/dd date")
                    }
                    listingDate = date
                }
                listings.append(
                    SecurityListing(
                        code: code, name: name, type: type, isin: FieldText.clean(value("ISIN")),
                        listingDate: listingDate, market: Market(title: value("market")),
                        industry: FieldText.clean(value("group")), cfi: FieldText.clean(value("CFI"))))
            } catch {
                issues.append(ParseIssue(format: format, line: record.line, message: "skipped row: \(error.message)"))
            }
        }
        issues.sort { $0.line < $1.line }
        return ParseResult(records: listings, issues: issues)
    }
}
