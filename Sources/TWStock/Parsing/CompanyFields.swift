import BrowseSupport
import ListKit

/// The text of one company record, whatever the source, and how to turn it into a ``Company``.
///
/// The t187ap03 CSV and TPEx's JSON carry the same data under different names; each parser
/// fills this from its own names, and ``company(market:)`` reads it once.
struct CompanyFields {
    /// The text of each field as the source wrote it, by ``CompanyField/rawValue``.
    private(set) var values = [String](repeating: "", count: CompanyField.allCases.count)

    /// A field's text as written.
    subscript(_ field: CompanyField) -> String {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    var reportDate: String { self[.reportDate] }
    var code: String { self[.code] }
    var name: String { self[.name] }
    var shortName: String { self[.shortName] }
    var foreignRegistration: String { self[.foreignRegistration] }
    var industryCode: String { self[.industryCode] }
    var address: String { self[.address] }
    var taxID: String { self[.taxID] }
    var chairman: String { self[.chairman] }
    var generalManager: String { self[.generalManager] }
    var spokesperson: String { self[.spokesperson] }
    var spokespersonTitle: String { self[.spokespersonTitle] }
    var deputySpokesperson: String { self[.deputySpokesperson] }
    var phone: String { self[.phone] }
    var foundedDate: String { self[.foundedDate] }
    var listingDate: String { self[.listingDate] }
    var parValue: String { self[.parValue] }
    var paidInCapital: String { self[.paidInCapital] }
    var privatePlacementShares: String { self[.privatePlacementShares] }
    var preferredShares: String { self[.preferredShares] }
    var financialReportType: String { self[.financialReportType] }
    var transferAgent: String { self[.transferAgent] }
    var transferAgentPhone: String { self[.transferAgentPhone] }
    var transferAgentAddress: String { self[.transferAgentAddress] }
    var auditFirm: String { self[.auditFirm] }
    var auditor1: String { self[.auditor1] }
    var auditor2: String { self[.auditor2] }
    var englishShortName: String { self[.englishShortName] }
    var englishAddress: String { self[.englishAddress] }
    var fax: String { self[.fax] }
    var email: String { self[.email] }
    var website: String { self[.website] }
    var issuedShares: String { self[.issuedShares] }

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
            // The numbers and dates are read now, so that a row with one that cannot be read is
            // skipped as before; the texts only a detail view shows are cleaned when first asked.
            let foundedDate = try FieldText.compactDate(self.foundedDate, column: "成立日期 (founded)")
            let privatePlacementShares = try FieldText.count(self.privatePlacementShares, column: "私募股數")
            let preferredShares = try FieldText.count(self.preferredShares, column: "特別股")
            let issuedShares = try FieldText.count(self.issuedShares, column: "已發行普通股數")
            let fields = self
            return Company(
                code: code, shortName: shortName, name: name, market: market,
                industryCode: FieldText.clean(industryCode),
                paidInCapital: try FieldText.count(paidInCapital, column: "實收資本額 (paid-in capital)"),
                listingDate: try FieldText.compactDate(listingDate, column: "上市日期 (listing date)"),
                reportDate: reportDate,
                details: DetailsBox(
                    sourceText: values, foundedDate: foundedDate, privatePlacementShares: privatePlacementShares,
                    preferredShares: preferredShares, issuedShares: issuedShares
                ) {
                    CompanyDetails(
                        chairman: FieldText.clean(fields.chairman),
                        generalManager: FieldText.clean(fields.generalManager),
                        spokesperson: FieldText.clean(fields.spokesperson),
                        spokespersonTitle: FieldText.clean(fields.spokespersonTitle),
                        deputySpokesperson: FieldText.clean(fields.deputySpokesperson),
                        phone: FieldText.clean(fields.phone),
                        fax: FieldText.clean(fields.fax),
                        address: FieldText.clean(fields.address),
                        englishAddress: FieldText.clean(fields.englishAddress),
                        englishShortName: FieldText.clean(fields.englishShortName),
                        foreignRegistration: FieldText.clean(fields.foreignRegistration),
                        taxID: FieldText.clean(fields.taxID),
                        parValue: FieldText.clean(fields.parValue),
                        financialReportType: FieldText.clean(fields.financialReportType),
                        transferAgent: FieldText.clean(fields.transferAgent),
                        transferAgentPhone: FieldText.clean(fields.transferAgentPhone),
                        transferAgentAddress: FieldText.clean(fields.transferAgentAddress),
                        auditFirm: FieldText.clean(fields.auditFirm),
                        auditors: [fields.auditor1, fields.auditor2].compactMap(FieldText.clean),
                        email: FieldText.clean(fields.email),
                        website: FieldText.clean(fields.website))
                })
        } catch {
            throw UnreadableRow("\(code): \(error.message)")
        }
    }
}
