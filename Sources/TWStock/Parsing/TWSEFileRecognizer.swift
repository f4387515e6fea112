import Tabular

/// Tells which TWSE or TPEx file a body is, by its content (and, for what the content does
/// not say, by its file name): used by `browse import` for files a user downloaded by hand.
package enum TWSEFileRecognizer {
    /// Recognises a file.
    ///
    /// TWSE's "FOR SECURITY REASONS" block page is recognised as ``TWSEFileKind/blockPage``,
    /// never as data. A t187ap03 CSV's market and a STOCK_DAY_ALL CSV's trading date come from
    /// the file name (`t187ap03_O.csv`, `STOCK_DAY_ALL_20250304.csv`), since the content does
    /// not hold them.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - fileName: The file's name or path.
    /// - Returns: The kind, or `nil` for a file that is none of the known kinds.
    /// - Complexity: O(n) in the size of the file.
    package static func recognize(data: [UInt8], fileName: String) -> TWSEFileKind? {
        if SourceText.isBlockPage(data) { return .blockPage }
        let body = Array(ByteOrderMark.dropping(from: data))
        guard let first = body.first(where: { !MissingValueRule.isPadding(Unicode.Scalar($0)) }) else {
            return nil
        }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return recognizeJSON(body)
        }
        return recognizeCSV(body, fileName: fileName)
    }

    private static func recognizeJSON(_ body: [UInt8]) -> TWSEFileKind? {
        // The format only names the kind in error messages; any is fine here.
        guard let root = try? JSONValue.decode(body, format: .stockDayJSON) else { return nil }
        if let object = root.object {
            if object["tables"]?.array != nil { return .tpexStockMonthJSON }
            return object["stat"] != nil || (object["fields"] != nil && object["data"] != nil) ? .stockDayJSON : nil
        }
        guard let first = root.array?.first?.object else { return nil }
        if first["SecuritiesCompanyCode"] != nil { return .tpexCompanyJSON }
        if first["Code"] != nil, first["TradeVolume"] != nil || first["ClosingPrice"] != nil { return .stockDayAllJSON }
        return nil
    }

    private static func recognizeCSV(_ body: [UInt8], fileName: String) -> TWSEFileKind? {
        let text: [UInt8]
        if TextDecoding.isValidUTF8(body) {
            text = body
        } else if let decoded = try? TextDecoding.decodeBig5(body) {
            text = Array(decoded.utf8)
        } else {
            return nil
        }
        var scanner = CSVScanner(bytes: text)
        var records: [[String]] = []
        while records.count < 3, let record = scanner.nextRecord() {
            records.append(record.fields.map(scanner.string(for:)))
        }
        guard let header = records.first else { return nil }
        for record in records.prefix(2) {
            let names = record.map { FieldText.clean($0) ?? "" }
            if names.first == "證券代號", names.contains("本益比") {
                return .valuationCSV(tradingDate: ValuationParser.csvDay(body))
            }
        }
        let columns = ColumnMap(header: header)
        if columns.contains(CompanyField.code.headers), columns.contains(CompanyField.shortName.headers) {
            return .companyListCSV(market: market(fromFileName: fileName))
        }
        if columns.contains(TickColumns.code), columns.contains(TickColumns.close) {
            return .stockDayAllCSV(tradingDate: TradingDateHint.date(fromFileName: fileName))
        }
        if columns.contains(["code"]), columns.contains(["ISIN"]), columns.contains(["type"]) {
            return .securityListCSV
        }
        for record in records where StockDayCSVParser.isHeader(record) {
            return FieldText.clean(record[0]) == "日期" ? .stockDayCSV(.chinese) : .stockDayCSV(.english)
        }
        return nil
    }

    /// The market named by a mopsfin file name: `t187ap03_L` 上市, `_O` 上櫃, `_R` 興櫃.
    ///
    /// - Returns: The market, or `nil` when the name does not say.
    package static func market(fromFileName fileName: String) -> Market? {
        let name = fileName.uppercased()
        guard let range = name.range(of: "T187AP03_") else { return nil }
        switch name[range.upperBound...].first {
        case "L": return .listed
        case "O": return .otc
        case "R": return .emerging
        default: return nil
        }
    }
}
