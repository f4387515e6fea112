/// The 33 fields of a company's basic data (公司基本資料), in the order of mopsfin's t187ap03
/// files: each with the headers it has in those files, its key in TPEx's openapi JSON, the
/// name of its column in tables and exports, and its label in a detail view.
package enum CompanyField: Int, Sendable, Hashable, CaseIterable {
    case reportDate, code, name, shortName, foreignRegistration, industryCode, address, taxID, chairman,
        generalManager, spokesperson, spokespersonTitle, deputySpokesperson, phone, foundedDate, listingDate,
        parValue, paidInCapital, privatePlacementShares, preferredShares, financialReportType, transferAgent,
        transferAgentPhone, transferAgentAddress, auditFirm, auditor1, auditor2, englishShortName, englishAddress,
        fax, email, website, issuedShares

    /// The headers of the column in the t187ap03 CSV files; the first is the usual one.
    ///
    /// No real 興櫃 (`_R`) file was available; mopsfin documents the same 33 columns for all
    /// three, and its listing-date column may be headed 上櫃日期 or 登錄興櫃日期, accepted too.
    package var headers: [String] {
        switch self {
        case .reportDate: return ["出表日期"]
        case .code: return ["公司代號"]
        case .name: return ["公司名稱"]
        case .shortName: return ["公司簡稱"]
        case .foreignRegistration: return ["外國企業註冊地國"]
        case .industryCode: return ["產業別"]
        case .address: return ["住址"]
        case .taxID: return ["營利事業統一編號"]
        case .chairman: return ["董事長"]
        case .generalManager: return ["總經理"]
        case .spokesperson: return ["發言人"]
        case .spokespersonTitle: return ["發言人職稱"]
        case .deputySpokesperson: return ["代理發言人"]
        case .phone: return ["總機電話"]
        case .foundedDate: return ["成立日期"]
        case .listingDate: return ["上市日期", "上櫃日期", "登錄興櫃日期", "興櫃日期"]
        case .parValue: return ["普通股每股面額"]
        case .paidInCapital: return ["實收資本額"]
        case .privatePlacementShares: return ["私募股數"]
        case .preferredShares: return ["特別股"]
        case .financialReportType: return ["編制財務報表類型"]
        case .transferAgent: return ["股票過戶機構"]
        case .transferAgentPhone: return ["過戶電話"]
        case .transferAgentAddress: return ["過戶地址"]
        case .auditFirm: return ["簽證會計師事務所"]
        case .auditor1: return ["簽證會計師1"]
        case .auditor2: return ["簽證會計師2"]
        case .englishShortName: return ["英文簡稱"]
        case .englishAddress: return ["英文通訊地址"]
        case .fax: return ["傳真機號碼"]
        case .email: return ["電子郵件信箱"]
        case .website: return ["網址"]
        case .issuedShares: return ["已發行普通股數或TDR原股發行股數", "已發行普通股數"]
        }
    }

    /// The key in TPEx's `mopsfin_t187ap03_O` JSON, `nil` for the one field it lacks: 住址.
    /// Its `Address` is the English correspondence address (英文通訊地址), as its values show.
    package var tpexKey: String? {
        switch self {
        case .reportDate: return "Date"
        case .code: return "SecuritiesCompanyCode"
        case .name: return "CompanyName"
        case .shortName: return "CompanyAbbreviation"
        case .foreignRegistration: return "Registration"
        case .industryCode: return "SecuritiesIndustryCode"
        case .address: return nil
        case .taxID: return "UnifiedBusinessNo."
        case .chairman: return "Chairman"
        case .generalManager: return "GeneralManager"
        case .spokesperson: return "Spokesman"
        case .spokespersonTitle: return "TitleOfSpokesman"
        case .deputySpokesperson: return "DeputySpokesperson"
        case .phone: return "Telephone"
        case .foundedDate: return "DateOfIncorporation"
        case .listingDate: return "DateOfListing"
        case .parValue: return "ParValueOfCommonStock"
        case .paidInCapital: return "Paidin.Capital.NTDollars"
        case .privatePlacementShares: return "PrivateStock.shares"
        case .preferredShares: return "PreferredStock.shares"
        case .financialReportType: return "PreparationOfFinancialReportType"
        case .transferAgent: return "StockTransferAgent"
        case .transferAgentPhone: return "StockTransferAgentTelephone"
        case .transferAgentAddress: return "StockTransferAgentAddress"
        case .auditFirm: return "AccountingFirm"
        case .auditor1: return "CPA.CharteredPublicAccountant.First"
        case .auditor2: return "CPA.CharteredPublicAccountant.Second"
        case .englishShortName: return "Symbol"
        case .englishAddress: return "Address"
        case .fax: return "Fax"
        case .email: return "EmailAddress"
        case .website: return "WebAddress"
        case .issuedShares: return "IssueShares"
        }
    }

    /// The column's name in tables and exports: one lower-case word, or words joined by `_`.
    package var column: String {
        switch self {
        case .reportDate: return "report_date"
        case .code: return "code"
        case .name: return "company"
        case .shortName: return "name"
        case .foreignRegistration: return "registered_in"
        case .industryCode: return "industry_code"
        case .address: return "address"
        case .taxID: return "tax_id"
        case .chairman: return "chairman"
        case .generalManager: return "general_manager"
        case .spokesperson: return "spokesperson"
        case .spokespersonTitle: return "spokesperson_title"
        case .deputySpokesperson: return "deputy_spokesperson"
        case .phone: return "phone"
        case .foundedDate: return "founded"
        case .listingDate: return "listed"
        case .parValue: return "par_value"
        case .paidInCapital: return "capital"
        case .privatePlacementShares: return "private_placement_shares"
        case .preferredShares: return "preferred_shares"
        case .financialReportType: return "report_type"
        case .transferAgent: return "transfer_agent"
        case .transferAgentPhone: return "transfer_agent_phone"
        case .transferAgentAddress: return "transfer_agent_address"
        case .auditFirm: return "audit_firm"
        case .auditor1: return "auditor_1"
        case .auditor2: return "auditor_2"
        case .englishShortName: return "english_name"
        case .englishAddress: return "english_address"
        case .fax: return "fax"
        case .email: return "email"
        case .website: return "website"
        case .issuedShares: return "issued_shares"
        }
    }

    /// The label of the field in a company's detail view (`paid-in capital`).
    package var label: String {
        switch self {
        case .reportDate: return "data as of"
        case .name: return "company"
        case .shortName: return "name"
        case .foreignRegistration: return "registered in"
        case .industryCode: return "industry"
        case .taxID: return "tax ID"
        case .foundedDate: return "founded"
        case .listingDate: return "listed"
        case .paidInCapital: return "paid-in capital"
        case .privatePlacementShares: return "private placement"
        case .preferredShares: return "preferred shares"
        case .financialReportType: return "report type"
        case .auditor1: return "auditor 1"
        case .auditor2: return "auditor 2"
        case .englishShortName: return "English name"
        case .englishAddress: return "English address"
        default: return column.replacingOccurrences(of: "_", with: " ")
        }
    }

    /// What the field's values are.
    package var kind: Kind {
        switch self {
        case .reportDate: return .rocDate
        case .foundedDate, .listingDate: return .date
        case .paidInCapital, .privatePlacementShares, .preferredShares, .issuedShares: return .count
        case .code: return .code
        default: return .text
        }
    }

    /// How a field's text is read.
    package enum Kind: Sendable, Hashable {
        /// Text, kept as written.
        case text
        /// The security code.
        case code
        /// A whole number that cannot be negative (NT$, shares).
        case count
        /// A Gregorian `yyyyMMdd` date.
        case date
        /// An ROC `yyyMMdd` date (出表日期).
        case rocDate
    }
}
