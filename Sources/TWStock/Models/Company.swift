import BrowseSupport
import ListKit
import Synchronization

/// A company's basic data (公司基本資料), from mopsfin's t187ap03 files or TPEx's openapi.
///
/// Text fields are trimmed of the padding the sources use (spaces, U+3000) and are `nil` where
/// the source writes a placeholder (`"－ "`, `-`, `--`) or nothing; ``sourceText(_:)`` gives
/// each field as the source wrote it.
package struct Company: Sendable, Hashable, Identifiable {
    /// The fields only a detail view reads, kept behind one reference: a list of two thousand
    /// companies is merged, sorted and copied as small values (one retain each, not thirty).
    private let details: DetailsBox

    /// The stock code (公司代號).
    package let code: StockCode
    /// The short name (公司簡稱), as in price lists: `台積電`.
    package let shortName: String
    /// The full registered name (公司名稱): `台灣積體電路製造股份有限公司`.
    package let name: String
    /// The market the company is on; it comes from which file was read.
    package let market: Market
    /// The industry code (產業別), such as `24`; see ``industryName``.
    package let industryCode: String?
    /// Paid-in capital (實收資本額) in NT$.
    package let paidInCapital: Int64?
    /// The date of listing on ``market`` (上市日期; the OTC date in the 上櫃 file).
    package let listingDate: CalendarDate?
    /// The date the company was founded (成立日期).
    package var foundedDate: CalendarDate? { details.foundedDate }
    /// The date the exchange produced the file (出表日期), when the source says.
    package let reportDate: CalendarDate?
    /// Chairman (董事長).
    package var chairman: String? { details[\.chairman] }
    /// General manager (總經理).
    package var generalManager: String? { details[\.generalManager] }
    /// Spokesperson (發言人).
    package var spokesperson: String? { details[\.spokesperson] }
    /// The spokesperson's title (發言人職稱).
    package var spokespersonTitle: String? { details[\.spokespersonTitle] }
    /// Deputy spokesperson (代理發言人).
    package var deputySpokesperson: String? { details[\.deputySpokesperson] }
    /// Switchboard telephone (總機電話).
    package var phone: String? { details[\.phone] }
    /// Fax (傳真機號碼).
    package var fax: String? { details[\.fax] }
    /// Address (住址), in Chinese.
    package var address: String? { details[\.address] }
    /// Address for correspondence in English (英文通訊地址).
    package var englishAddress: String? { details[\.englishAddress] }
    /// English short name (英文簡稱): `TSMC`.
    package var englishShortName: String? { details[\.englishShortName] }
    /// Country of registration for a foreign company (外國企業註冊地國): `KY 開曼群島`;
    /// `nil` for a Taiwan company.
    package var foreignRegistration: String? { details[\.foreignRegistration] }
    /// Business registration number (營利事業統一編號).
    package var taxID: String? { details[\.taxID] }
    /// Par value per common share as written (普通股每股面額): `新台幣 10.0000元`, `美金0.05元`,
    /// `無面額`. Kept as text because the currency and form vary.
    package var parValue: String? { details[\.parValue] }
    /// Privately placed shares (私募股數).
    package var privatePlacementShares: Int64? { details.privatePlacementShares }
    /// Preferred shares (特別股).
    package var preferredShares: Int64? { details.preferredShares }
    /// Common shares issued, or for a TDR the underlying shares (已發行普通股數或TDR原股發行股數).
    package var issuedShares: Int64? { details.issuedShares }
    /// The kind of financial statements (編制財務報表類型) as the code the source writes (`1`, `2`).
    package var financialReportType: String? { details[\.financialReportType] }
    /// Stock transfer agent (股票過戶機構).
    package var transferAgent: String? { details[\.transferAgent] }
    /// The transfer agent's telephone (過戶電話).
    package var transferAgentPhone: String? { details[\.transferAgentPhone] }
    /// The transfer agent's address (過戶地址).
    package var transferAgentAddress: String? { details[\.transferAgentAddress] }
    /// Auditing firm (簽證會計師事務所).
    package var auditFirm: String? { details[\.auditFirm] }
    /// The certifying accountants (簽證會計師1, 簽證會計師2), those given.
    package var auditors: [String] { details[\.auditors] }
    /// E-mail (電子郵件信箱).
    package var email: String? { details[\.email] }
    /// Website (網址).
    package var website: String? { details[\.website] }

    /// Creates a company. Only the code, names and market are required.
    package init(
        code: StockCode, shortName: String, name: String, market: Market, industryCode: String? = nil,
        paidInCapital: Int64? = nil, listingDate: CalendarDate? = nil, foundedDate: CalendarDate? = nil,
        reportDate: CalendarDate? = nil, chairman: String? = nil, generalManager: String? = nil,
        spokesperson: String? = nil, spokespersonTitle: String? = nil, deputySpokesperson: String? = nil,
        phone: String? = nil, fax: String? = nil, address: String? = nil, englishAddress: String? = nil,
        englishShortName: String? = nil, foreignRegistration: String? = nil, taxID: String? = nil,
        parValue: String? = nil, privatePlacementShares: Int64? = nil, preferredShares: Int64? = nil,
        issuedShares: Int64? = nil, financialReportType: String? = nil, transferAgent: String? = nil,
        transferAgentPhone: String? = nil, transferAgentAddress: String? = nil, auditFirm: String? = nil,
        auditors: [String] = [], email: String? = nil, website: String? = nil, sourceText: [String] = []
    ) {
        self.code = code
        self.shortName = shortName
        self.name = name
        self.market = market
        self.industryCode = industryCode
        self.paidInCapital = paidInCapital
        self.listingDate = listingDate
        self.reportDate = reportDate
        self.details = DetailsBox(
            CompanyDetails(
                chairman: chairman,
                generalManager: generalManager,
                spokesperson: spokesperson,
                spokespersonTitle: spokespersonTitle,
                deputySpokesperson: deputySpokesperson,
                phone: phone,
                fax: fax,
                address: address,
                englishAddress: englishAddress,
                englishShortName: englishShortName,
                foreignRegistration: foreignRegistration,
                taxID: taxID,
                parValue: parValue,
                financialReportType: financialReportType,
                transferAgent: transferAgent,
                transferAgentPhone: transferAgentPhone,
                transferAgentAddress: transferAgentAddress,
                auditFirm: auditFirm,
                auditors: auditors,
                email: email,
                website: website),
            sourceText: CompanySourceText(sourceText), foundedDate: foundedDate,
            privatePlacementShares: privatePlacementShares, preferredShares: preferredShares, issuedShares: issuedShares
        )
    }

    /// A company read from a file: the list's fields now, the detail fields from `details`
    /// when a detail is first asked for.
    init(
        code: StockCode, shortName: String, name: String, market: Market, industryCode: String?,
        paidInCapital: Int64?, listingDate: CalendarDate?, reportDate: CalendarDate?, details: DetailsBox
    ) {
        self.code = code
        self.shortName = shortName
        self.name = name
        self.market = market
        self.industryCode = industryCode
        self.paidInCapital = paidInCapital
        self.listingDate = listingDate
        self.reportDate = reportDate
        self.details = details
    }

    /// A field's text exactly as the source wrote it — padding, U+3000 and placeholders such as
    /// `"－ "` or `-` kept — or `""` when the source has no such field (TPEx's JSON has no 住址)
    /// or the company was not read from a file.
    ///
    /// - Complexity: O(1) for the fields a list shows; O(n) in the text's length for the others,
    ///   which are made from the file's bytes when read.
    package func sourceText(_ field: CompanyField) -> String {
        details.sourceText[field]
    }

    /// The stock code identifies the company.
    package var id: StockCode { code }

    /// The industry's Chinese name (`半導體業` for code `24`), from ``TWSEIndustry``;
    /// `nil` when the code is missing or not in the table.
    package var industryName: String? {
        industryCode.flatMap(TWSEIndustry.name(forCode:))
    }

    /// True for a company registered abroad (a `-KY` company, a TDR issuer).
    package var isForeign: Bool { foreignRegistration != nil }
}

/// The detail fields of a ``Company``.
struct CompanyDetails: Sendable, Hashable {
    let chairman: String?
    let generalManager: String?
    let spokesperson: String?
    let spokespersonTitle: String?
    let deputySpokesperson: String?
    let phone: String?
    let fax: String?
    let address: String?
    let englishAddress: String?
    let englishShortName: String?
    let foreignRegistration: String?
    let taxID: String?
    let parValue: String?
    let financialReportType: String?
    let transferAgent: String?
    let transferAgentPhone: String?
    let transferAgentAddress: String?
    let auditFirm: String?
    let auditors: [String]
    let email: String?
    let website: String?

    /// No details at all.
    static let none = CompanyDetails(
        chairman: nil, generalManager: nil, spokesperson: nil, spokespersonTitle: nil,
        deputySpokesperson: nil, phone: nil, fax: nil, address: nil, englishAddress: nil, englishShortName: nil,
        foreignRegistration: nil, taxID: nil, parValue: nil,
        financialReportType: nil, transferAgent: nil, transferAgentPhone: nil,
        transferAgentAddress: nil, auditFirm: nil, auditors: [], email: nil, website: nil)
}

/// A reference to immutable details, compared and hashed by value, read from the source's
/// text when first asked for: a list of two thousand companies exported or shown by its
/// columns never cleans the twenty texts of each company only a detail view reads.
final class DetailsBox: Sendable, Hashable {
    /// Every field's text as written: known from the start, so an export reads it without the
    /// lock or a copy of the details.
    let sourceText: CompanySourceText
    /// The typed details, read with the list so that a row whose number or date cannot be read
    /// is skipped; an export reads them without making the texts.
    let foundedDate: CalendarDate?
    let privatePlacementShares: Int64?
    let preferredShares: Int64?
    let issuedShares: Int64?
    private let made: Mutex<CompanyDetails?>
    private let read: (@Sendable () -> CompanyDetails)?

    init(
        _ value: CompanyDetails, sourceText: CompanySourceText, foundedDate: CalendarDate?,
        privatePlacementShares: Int64?, preferredShares: Int64?, issuedShares: Int64?
    ) {
        self.sourceText = sourceText
        self.foundedDate = foundedDate
        self.privatePlacementShares = privatePlacementShares
        self.preferredShares = preferredShares
        self.issuedShares = issuedShares
        made = Mutex(value)
        read = nil
    }

    /// Details made by `read` on first use, once.
    init(
        sourceText: CompanySourceText, foundedDate: CalendarDate?, privatePlacementShares: Int64?,
        preferredShares: Int64?, issuedShares: Int64?, reading read: @escaping @Sendable () -> CompanyDetails
    ) {
        self.sourceText = sourceText
        self.foundedDate = foundedDate
        self.privatePlacementShares = privatePlacementShares
        self.preferredShares = preferredShares
        self.issuedShares = issuedShares
        made = Mutex(nil)
        self.read = read
    }

    /// One detail, read in place: copying the whole details to read one field retained and
    /// released its twenty-five texts each time.
    subscript<Value: Sendable>(_ field: KeyPath<CompanyDetails, Value> & Sendable) -> Value {
        made.withLock { made in
            if made == nil { made = read?() ?? CompanyDetails.none }
            return made![keyPath: field]
        }
    }

    private var value: CompanyDetails { self[\.self] }

    static func == (lhs: DetailsBox, rhs: DetailsBox) -> Bool {
        lhs === rhs
            || (lhs.sourceText.all == rhs.sourceText.all && lhs.foundedDate == rhs.foundedDate
                && lhs.privatePlacementShares == rhs.privatePlacementShares
                && lhs.preferredShares == rhs.preferredShares && lhs.issuedShares == rhs.issuedShares
                && lhs.value == rhs.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(sourceText.all)
        hasher.combine(foundedDate)
        hasher.combine(privatePlacementShares)
        hasher.combine(preferredShares)
        hasher.combine(issuedShares)
        hasher.combine(value)
    }
}
