import ListKit

/// The text of one company record, whatever the source, and how to turn it into a ``Company``.
///
/// The t187ap03 CSV and TPEx's JSON carry the same data under different names; each parser
/// fills this from its own names, and ``company(market:)`` reads it once.
struct CompanyFields {
    var reportDate = ""
    var code = ""
    var name = ""
    var shortName = ""
    var foreignRegistration = ""
    var industryCode = ""
    var address = ""
    var taxID = ""
    var chairman = ""
    var generalManager = ""
    var spokesperson = ""
    var spokespersonTitle = ""
    var deputySpokesperson = ""
    var phone = ""
    var foundedDate = ""
    var listingDate = ""
    var parValue = ""
    var paidInCapital = ""
    var privatePlacementShares = ""
    var preferredShares = ""
    var financialReportType = ""
    var transferAgent = ""
    var transferAgentPhone = ""
    var transferAgentAddress = ""
    var auditFirm = ""
    var auditor1 = ""
    var auditor2 = ""
    var englishShortName = ""
    var englishAddress = ""
    var fax = ""
    var email = ""
    var website = ""
    var issuedShares = ""

    /// Reads the fields.
    ///
    /// - Throws: ``UnreadableRow`` for a missing code or name, or a number or date that cannot be read.
    func company(market: Market) throws(UnreadableRow) -> Company {
        guard let code = StockCode(FieldText.clean(code) ?? "") else {
            throw UnreadableRow("the code \"\(self.code)\" is not 4–6 letters or digits")
        }
        guard let name = FieldText.clean(name) else { throw UnreadableRow("\(code) has no 公司名稱 (name)") }
        guard let shortName = FieldText.clean(shortName) else {
            throw UnreadableRow("\(code) has no 公司簡稱 (short name)")
        }
        var reportDate: CalendarDate?
        if let raw = FieldText.clean(self.reportDate) {
            guard let parsed = ROCCalendar.date(raw) else {
                throw UnreadableRow("\(code): 出表日期 \"\(raw)\" is not an ROC yyyMMdd date")
            }
            reportDate = parsed
        }
        do throws(UnreadableRow) {
            return Company(
                code: code, shortName: shortName, name: name, market: market,
                industryCode: FieldText.clean(industryCode),
                paidInCapital: try FieldText.count(paidInCapital, column: "實收資本額 (paid-in capital)"),
                listingDate: try FieldText.compactDate(listingDate, column: "上市日期 (listing date)"),
                foundedDate: try FieldText.compactDate(foundedDate, column: "成立日期 (founded)"),
                reportDate: reportDate,
                chairman: FieldText.clean(chairman),
                generalManager: FieldText.clean(generalManager),
                spokesperson: FieldText.clean(spokesperson),
                spokespersonTitle: FieldText.clean(spokespersonTitle),
                deputySpokesperson: FieldText.clean(deputySpokesperson),
                phone: FieldText.clean(phone),
                fax: FieldText.clean(fax),
                address: FieldText.clean(address),
                englishAddress: FieldText.clean(englishAddress),
                englishShortName: FieldText.clean(englishShortName),
                foreignRegistration: FieldText.clean(foreignRegistration),
                taxID: FieldText.clean(taxID),
                parValue: FieldText.clean(parValue),
                privatePlacementShares: try FieldText.count(privatePlacementShares, column: "私募股數"),
                preferredShares: try FieldText.count(preferredShares, column: "特別股"),
                issuedShares: try FieldText.count(issuedShares, column: "已發行普通股數"),
                financialReportType: FieldText.clean(financialReportType),
                transferAgent: FieldText.clean(transferAgent),
                transferAgentPhone: FieldText.clean(transferAgentPhone),
                transferAgentAddress: FieldText.clean(transferAgentAddress),
                auditFirm: FieldText.clean(auditFirm),
                auditors: [auditor1, auditor2].compactMap(FieldText.clean),
                email: FieldText.clean(email),
                website: FieldText.clean(website))
        } catch {
            throw UnreadableRow("\(code): \(error.message)")
        }
    }
}
