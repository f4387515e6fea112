import BrowseSupport
import ListKit
import Tabular

/// The text of one company record, whatever the source, and how to turn it into a ``Company``.
///
/// The t187ap03 CSV and TPEx's JSON carry the same data under different names; each parser
/// fills this from its own names, and ``company(market:)`` reads it once. A CSV record makes
/// the texts of ``CompanySourceText/readWithTheList`` and leaves the others in the file until
/// they are read.
struct CompanyFields {
    /// The fields' texts.
    private var sourceText: CompanySourceText

    /// Fields given one by one, as texts.
    init() {
        sourceText = CompanySourceText([String](repeating: "", count: CompanyField.allCases.count))
    }

    /// A record's fields in `file`, by ``CompanyField/rawValue``.
    init(file: CompanySourceText.File, fields: [CSVField]) {
        sourceText = CompanySourceText(reading: fields, in: file)
    }

    /// A field's text as written.
    subscript(_ field: CompanyField) -> String {
        get { sourceText[field] }
        set { sourceText[field] = newValue }
    }

    var reportDate: String { self[.reportDate] }
    var code: String { self[.code] }
    var name: String { self[.name] }
    var shortName: String { self[.shortName] }
    var industryCode: String { self[.industryCode] }
    var foundedDate: String { self[.foundedDate] }
    var listingDate: String { self[.listingDate] }
    var paidInCapital: String { self[.paidInCapital] }
    var privatePlacementShares: String { self[.privatePlacementShares] }
    var preferredShares: String { self[.preferredShares] }
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
            let text = sourceText
            return Company(
                code: code, shortName: shortName, name: name, market: market,
                industryCode: FieldText.clean(industryCode),
                paidInCapital: try FieldText.count(paidInCapital, column: "實收資本額 (paid-in capital)"),
                listingDate: try FieldText.compactDate(listingDate, column: "上市日期 (listing date)"),
                reportDate: reportDate,
                details: DetailsBox(
                    sourceText: text, foundedDate: foundedDate, privatePlacementShares: privatePlacementShares,
                    preferredShares: preferredShares, issuedShares: issuedShares
                ) {
                    let clean = { (field: CompanyField) in FieldText.clean(text[field]) }
                    return CompanyDetails(
                        chairman: clean(.chairman),
                        generalManager: clean(.generalManager),
                        spokesperson: clean(.spokesperson),
                        spokespersonTitle: clean(.spokespersonTitle),
                        deputySpokesperson: clean(.deputySpokesperson),
                        phone: clean(.phone),
                        fax: clean(.fax),
                        address: clean(.address),
                        englishAddress: clean(.englishAddress),
                        englishShortName: clean(.englishShortName),
                        foreignRegistration: clean(.foreignRegistration),
                        taxID: clean(.taxID),
                        parValue: clean(.parValue),
                        financialReportType: clean(.financialReportType),
                        transferAgent: clean(.transferAgent),
                        transferAgentPhone: clean(.transferAgentPhone),
                        transferAgentAddress: clean(.transferAgentAddress),
                        auditFirm: clean(.auditFirm),
                        auditors: [text[.auditor1], text[.auditor2]].compactMap(FieldText.clean),
                        email: clean(.email),
                        website: clean(.website))
                })
        } catch {
            throw UnreadableRow("\(code): \(error.message)")
        }
    }
}
