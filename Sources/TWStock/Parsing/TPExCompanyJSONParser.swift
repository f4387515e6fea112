import Tabular

/// Reads TPEx's openapi company data (`www.tpex.org.tw/openapi/v1/mopsfin_t187ap03_O`): the
/// t187ap03 data as a JSON array of objects with English keys, some containing dots
/// (`Paidin.Capital.NTDollars`, `UnifiedBusinessNo.`).
///
/// Its `Address` holds the English correspondence address (the Chinese 住址 of the CSV is not
/// in this API), so it is read into ``Company/englishAddress``.
public enum TPExCompanyJSONParser {
    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - market: The market of the endpoint: `.otc` for `mopsfin_t187ap03_O` (the default).
    /// - Returns: The companies in array order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` for a block page, a body that is not JSON, or JSON of
    ///   another shape.
    /// - Complexity: O(n) in the size of the body.
    public static func parse(_ bytes: [UInt8], market: Market = .otc) throws(TWSEParseError) -> ParseResult<Company> {
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
            func value(_ key: String) -> String { object[key]?.string ?? "" }
            var fields = CompanyFields()
            fields.reportDate = value("Date")
            fields.code = value("SecuritiesCompanyCode")
            fields.name = value("CompanyName")
            fields.shortName = value("CompanyAbbreviation")
            fields.foreignRegistration = value("Registration")
            fields.industryCode = value("SecuritiesIndustryCode")
            fields.englishAddress = value("Address")
            fields.taxID = value("UnifiedBusinessNo.")
            fields.chairman = value("Chairman")
            fields.generalManager = value("GeneralManager")
            fields.spokesperson = value("Spokesman")
            fields.spokespersonTitle = value("TitleOfSpokesman")
            fields.deputySpokesperson = value("DeputySpokesperson")
            fields.phone = value("Telephone")
            fields.foundedDate = value("DateOfIncorporation")
            fields.listingDate = value("DateOfListing")
            fields.parValue = value("ParValueOfCommonStock")
            fields.paidInCapital = value("Paidin.Capital.NTDollars")
            fields.privatePlacementShares = value("PrivateStock.shares")
            fields.preferredShares = value("PreferredStock.shares")
            fields.financialReportType = value("PreparationOfFinancialReportType")
            fields.transferAgent = value("StockTransferAgent")
            fields.transferAgentPhone = value("StockTransferAgentTelephone")
            fields.transferAgentAddress = value("StockTransferAgentAddress")
            fields.auditFirm = value("AccountingFirm")
            fields.auditor1 = value("CPA.CharteredPublicAccountant.First")
            fields.auditor2 = value("CPA.CharteredPublicAccountant.Second")
            fields.englishShortName = value("Symbol")
            fields.fax = value("Fax")
            fields.email = value("EmailAddress")
            fields.website = value("WebAddress")
            fields.issuedShares = value("IssueShares")
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
