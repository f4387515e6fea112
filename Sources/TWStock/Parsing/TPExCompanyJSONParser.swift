import Tabular

/// Reads TPEx's openapi company data (`www.tpex.org.tw/openapi/v1/mopsfin_t187ap03_O`): the
/// t187ap03 data as a JSON array of objects with English keys, some containing dots
/// (`Paidin.Capital.NTDollars`, `UnifiedBusinessNo.`).
///
/// Its keys map onto the same 33 fields as the CSV (``CompanyField/tpexKey``); its `Address`
/// holds the English correspondence address (the Chinese 住址 of the CSV is not in this API),
/// so it is read into ``Company/englishAddress``.
package enum TPExCompanyJSONParser {
    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - market: The market of the endpoint: `.otc` for `mopsfin_t187ap03_O` (the default).
    /// - Returns: The companies in array order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` for a block page, a body that is not JSON, or JSON of
    ///   another shape.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], market: Market = .otc) throws(TWSEParseError) -> ParseResult<Company> {
        let format = TWSEFormat.tpexCompanyJSON
        let root = try JSONValue.decode(bytes, format: format)
        guard let elements = root.array else {
            throw .wrongKind(format, line: 1, found: "a JSON object, not an array")
        }
        if let first = elements.first?.object, first["SecuritiesCompanyCode"] == nil {
            throw .wrongKind(format, line: 1, found: "keys " + first.keys.sorted().prefix(4).joined(separator: ", "))
        }
        var companies: [Company] = []
        var issues: [ParseIssue] = []
        for (offset, element) in elements.enumerated() {
            let line = element.line
            guard let object = element.object else {
                issues.append(
                    ParseIssue(format: format, line: line, row: offset + 1, message: "skipped row: not an object"))
                continue
            }
            if let key = element.firstNonStringKey {
                issues.append(
                    ParseIssue(
                        format: format, line: line, row: offset + 1, message: "skipped row: \(key) is not a string"))
                continue
            }
            var fields = CompanyFields()
            for field in CompanyField.allCases {
                if let key = field.tpexKey { fields[field] = object[key]?.string ?? "" }
            }
            do throws(UnreadableRow) {
                companies.append(try fields.company(market: market))
            } catch {
                issues.append(
                    ParseIssue(format: format, line: line, row: offset + 1, message: "skipped row: \(error.message)"))
            }
        }
        return ParseResult(records: companies, issues: issues)
    }
}
