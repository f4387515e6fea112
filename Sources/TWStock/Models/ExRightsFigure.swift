/// One figure of an ex-rights or ex-dividend day (除權除息), as TWSE's TWT49U and TPEx's
/// exDailyQ give it: prices and values in NT$ with the source's decimals, share counts whole.
///
/// TWSE gives the rights and the dividend together (權值+息值); TPEx gives each apart too, and
/// the cash dividend and subscription figures that TWSE keeps for the row's detail. A figure
/// the exchange does not give is missing, never zero.
package enum ExRightsFigure: String, Sendable, Hashable, CaseIterable {
    /// 除權息前收盤價: the close before the ex-date.
    case closeBefore = "close_before"
    /// 除權息參考價: the reference price on the ex-date.
    case reference
    /// 權值: the rights' value (TPEx).
    case rightsValue = "rights_value"
    /// 息值: the dividend's value (TPEx).
    case dividendValue = "dividend_value"
    /// 權值+息值: the two together, the close before less the reference.
    case value
    /// 漲停價格: the day's limit up.
    case limitUp = "limit_up"
    /// 跌停價格: the day's limit down.
    case limitDown = "limit_down"
    /// 開盤競價基準 (TWSE), 開始交易基準價 (TPEx): the opening auction's reference.
    case openingReference = "opening_reference"
    /// 減除股利參考價: the reference without the cash dividend.
    case referenceExDividend = "reference_ex_dividend"
    /// 現金股利: the cash dividend per share (TPEx).
    case cashDividend = "cash_dividend"
    /// 每仟股無償配股: shares given per thousand held (TPEx).
    case bonusPerThousand = "bonus_per_thousand"
    /// 現金增資股數: shares of a rights issue (TPEx).
    case rightsIssueShares = "rights_issue_shares"
    /// 現金增資認購價: the rights issue's price (TPEx).
    case subscriptionPrice = "subscription_price"
    /// 公開承銷股數: shares offered to the package (TPEx).
    case publicOfferingShares = "public_offering_shares"
    /// 員工認購股數: shares for employees (TPEx).
    case employeeShares = "employee_shares"
    /// 原股東認購股數: shares for shareholders (TPEx).
    case shareholderShares = "shareholder_shares"
    /// 按持股比例仟股認購: shares subscribed per thousand held (TPEx).
    case subscriptionPerThousand = "subscription_per_thousand"
    /// 最近一次申報每股 (單位)淨值: net asset value per share in the latest filing (TWSE).
    case navPerShare = "nav_per_share"
    /// 最近一次申報每股 (單位)盈餘: earnings per share in the latest filing (TWSE; `N/A` for an
    /// ETF is missing).
    case eps

    /// The column's name in tables and exports.
    package var column: String { rawValue }

    /// True for share counts, shown and exported as whole numbers.
    package var isShareCount: Bool {
        switch self {
        case .rightsIssueShares, .publicOfferingShares, .employeeShares, .shareholderShares: return true
        default: return false
        }
    }

    /// The exchanges' field names for it: TWSE's first, then TPEx's when it differs.
    package var fieldNames: [String] {
        switch self {
        case .closeBefore: return ["除權息前收盤價"]
        case .reference: return ["除權息參考價"]
        case .rightsValue: return ["權值"]
        case .dividendValue: return ["息值"]
        case .value: return ["權值+息值"]
        case .limitUp: return ["漲停價格", "漲停價"]
        case .limitDown: return ["跌停價格", "跌停價"]
        case .openingReference: return ["開盤競價基準", "開始交易基準價"]
        case .referenceExDividend: return ["減除股利參考價"]
        case .cashDividend: return ["現金股利"]
        case .bonusPerThousand: return ["每仟股無償配股"]
        case .rightsIssueShares: return ["現金增資股數"]
        case .subscriptionPrice: return ["現金增資認購價"]
        case .publicOfferingShares: return ["公開承銷股數"]
        case .employeeShares: return ["員工認購股數"]
        case .shareholderShares: return ["原股東認購股數"]
        case .subscriptionPerThousand: return ["按持股比例仟股認購"]
        case .navPerShare: return ["最近一次申報每股 (單位)淨值"]
        case .eps: return ["最近一次申報每股 (單位)盈餘"]
        }
    }

    /// Every field name of both exchanges, to the figure it is.
    static let byFieldName: [String: ExRightsFigure] = {
        var names: [String: ExRightsFigure] = [:]
        for figure in allCases {
            for name in figure.fieldNames { names[name] = figure }
        }
        return names
    }()
}
