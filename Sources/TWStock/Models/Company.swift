import ListKit

/// A company's basic data (公司基本資料), from mopsfin's t187ap03 files or TPEx's openapi.
///
/// Text fields are trimmed of the padding the sources use (spaces, U+3000) and are `nil` where
/// the source writes a placeholder (`"－ "`, `-`, `--`) or nothing.
public struct Company: Sendable, Hashable, Identifiable {
    /// The stock code (公司代號).
    public let code: StockCode
    /// The short name (公司簡稱), as in price lists: `台積電`.
    public let shortName: String
    /// The full registered name (公司名稱): `台灣積體電路製造股份有限公司`.
    public let name: String
    /// The market the company is on; it comes from which file was read.
    public let market: Market
    /// The industry code (產業別), such as `24`; see ``industryName``.
    public let industryCode: String?
    /// Paid-in capital (實收資本額) in NT$.
    public let paidInCapital: Int64?
    /// The date of listing on ``market`` (上市日期; the OTC date in the 上櫃 file).
    public let listingDate: CalendarDate?
    /// The date the company was founded (成立日期).
    public let foundedDate: CalendarDate?
    /// The date the exchange produced the file (出表日期), when the source says.
    public let reportDate: CalendarDate?
    /// Chairman (董事長).
    public let chairman: String?
    /// General manager (總經理).
    public let generalManager: String?
    /// Spokesperson (發言人).
    public let spokesperson: String?
    /// The spokesperson's title (發言人職稱).
    public let spokespersonTitle: String?
    /// Deputy spokesperson (代理發言人).
    public let deputySpokesperson: String?
    /// Switchboard telephone (總機電話).
    public let phone: String?
    /// Fax (傳真機號碼).
    public let fax: String?
    /// Address (住址), in Chinese.
    public let address: String?
    /// Address for correspondence in English (英文通訊地址).
    public let englishAddress: String?
    /// English short name (英文簡稱): `TSMC`.
    public let englishShortName: String?
    /// Country of registration for a foreign company (外國企業註冊地國): `KY 開曼群島`;
    /// `nil` for a Taiwan company.
    public let foreignRegistration: String?
    /// Business registration number (營利事業統一編號).
    public let taxID: String?
    /// Par value per common share as written (普通股每股面額): `新台幣 10.0000元`, `美金0.05元`,
    /// `無面額`. Kept as text because the currency and form vary.
    public let parValue: String?
    /// Privately placed shares (私募股數).
    public let privatePlacementShares: Int64?
    /// Preferred shares (特別股).
    public let preferredShares: Int64?
    /// Common shares issued, or for a TDR the underlying shares (已發行普通股數或TDR原股發行股數).
    public let issuedShares: Int64?
    /// The kind of financial statements (編制財務報表類型) as the code the source writes (`1`, `2`).
    public let financialReportType: String?
    /// Stock transfer agent (股票過戶機構).
    public let transferAgent: String?
    /// The transfer agent's telephone (過戶電話).
    public let transferAgentPhone: String?
    /// The transfer agent's address (過戶地址).
    public let transferAgentAddress: String?
    /// Auditing firm (簽證會計師事務所).
    public let auditFirm: String?
    /// The certifying accountants (簽證會計師1, 簽證會計師2), those given.
    public let auditors: [String]
    /// E-mail (電子郵件信箱).
    public let email: String?
    /// Website (網址).
    public let website: String?

    /// Creates a company. Only the code, names and market are required.
    public init(
        code: StockCode, shortName: String, name: String, market: Market, industryCode: String? = nil,
        paidInCapital: Int64? = nil, listingDate: CalendarDate? = nil, foundedDate: CalendarDate? = nil,
        reportDate: CalendarDate? = nil, chairman: String? = nil, generalManager: String? = nil,
        spokesperson: String? = nil, spokespersonTitle: String? = nil, deputySpokesperson: String? = nil,
        phone: String? = nil, fax: String? = nil, address: String? = nil, englishAddress: String? = nil,
        englishShortName: String? = nil, foreignRegistration: String? = nil, taxID: String? = nil,
        parValue: String? = nil, privatePlacementShares: Int64? = nil, preferredShares: Int64? = nil,
        issuedShares: Int64? = nil, financialReportType: String? = nil, transferAgent: String? = nil,
        transferAgentPhone: String? = nil, transferAgentAddress: String? = nil, auditFirm: String? = nil,
        auditors: [String] = [], email: String? = nil, website: String? = nil
    ) {
        self.code = code
        self.shortName = shortName
        self.name = name
        self.market = market
        self.industryCode = industryCode
        self.paidInCapital = paidInCapital
        self.listingDate = listingDate
        self.foundedDate = foundedDate
        self.reportDate = reportDate
        self.chairman = chairman
        self.generalManager = generalManager
        self.spokesperson = spokesperson
        self.spokespersonTitle = spokespersonTitle
        self.deputySpokesperson = deputySpokesperson
        self.phone = phone
        self.fax = fax
        self.address = address
        self.englishAddress = englishAddress
        self.englishShortName = englishShortName
        self.foreignRegistration = foreignRegistration
        self.taxID = taxID
        self.parValue = parValue
        self.privatePlacementShares = privatePlacementShares
        self.preferredShares = preferredShares
        self.issuedShares = issuedShares
        self.financialReportType = financialReportType
        self.transferAgent = transferAgent
        self.transferAgentPhone = transferAgentPhone
        self.transferAgentAddress = transferAgentAddress
        self.auditFirm = auditFirm
        self.auditors = auditors
        self.email = email
        self.website = website
    }

    /// The stock code identifies the company.
    public var id: StockCode { code }

    /// The industry's Chinese name (`半導體業` for code `24`), from ``TWSEIndustry``;
    /// `nil` when the code is missing or not in the table.
    public var industryName: String? {
        industryCode.flatMap(TWSEIndustry.name(forCode:))
    }

    /// True for a company registered abroad (a `-KY` company, a TDR issuer).
    public var isForeign: Bool { foreignRegistration != nil }
}
