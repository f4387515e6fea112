/// One figure of a security's day of institutional trading (三大法人), in shares: who traded
/// (foreign investors, foreign dealers, investment trusts, dealers on their own account or
/// hedging) and what (bought, sold, net).
///
/// Each field layout of the exchanges maps onto these; a figure a layout lacks is missing,
/// never zero: T86 before December 2014 does not split dealers into own account and
/// hedging, and before 2018 has no foreign dealers; T86 since 2014 gives the dealers' net
/// only, TPEx their bought and sold too.
package enum InstitutionalFigure: String, Sendable, Hashable, CaseIterable {
    case foreignBuy = "foreign_buy"
    case foreignSell = "foreign_sell"
    case foreignNet = "foreign_net"
    case foreignDealerBuy = "foreign_dealer_buy"
    case foreignDealerSell = "foreign_dealer_sell"
    case foreignDealerNet = "foreign_dealer_net"
    /// TPEx's foreign investors and foreign dealers together (外資及陸資合計).
    case foreignAllBuy = "foreign_all_buy"
    case foreignAllSell = "foreign_all_sell"
    case foreignAllNet = "foreign_all_net"
    case trustBuy = "trust_buy"
    case trustSell = "trust_sell"
    case trustNet = "trust_net"
    /// Dealers, own account and hedging together.
    case dealerBuy = "dealer_buy"
    case dealerSell = "dealer_sell"
    case dealerNet = "dealer_net"
    case dealerOwnBuy = "dealer_own_buy"
    case dealerOwnSell = "dealer_own_sell"
    case dealerOwnNet = "dealer_own_net"
    case dealerHedgeBuy = "dealer_hedge_buy"
    case dealerHedgeSell = "dealer_hedge_sell"
    case dealerHedgeNet = "dealer_hedge_net"
    /// The three together, net.
    case totalNet = "total_net"

    /// The column's name in tables and exports.
    package var column: String { rawValue }

    /// The exchange's words for it, for the detail.
    package var chinese: String {
        switch self {
        case .foreignBuy: return "外陸資買進股數(不含外資自營商)"
        case .foreignSell: return "外陸資賣出股數(不含外資自營商)"
        case .foreignNet: return "外陸資買賣超股數(不含外資自營商)"
        case .foreignDealerBuy: return "外資自營商買進股數"
        case .foreignDealerSell: return "外資自營商賣出股數"
        case .foreignDealerNet: return "外資自營商買賣超股數"
        case .foreignAllBuy: return "外資及陸資合計買進股數"
        case .foreignAllSell: return "外資及陸資合計賣出股數"
        case .foreignAllNet: return "外資及陸資合計買賣超股數"
        case .trustBuy: return "投信買進股數"
        case .trustSell: return "投信賣出股數"
        case .trustNet: return "投信買賣超股數"
        case .dealerBuy: return "自營商買進股數"
        case .dealerSell: return "自營商賣出股數"
        case .dealerNet: return "自營商買賣超股數"
        case .dealerOwnBuy: return "自營商買進股數(自行買賣)"
        case .dealerOwnSell: return "自營商賣出股數(自行買賣)"
        case .dealerOwnNet: return "自營商買賣超股數(自行買賣)"
        case .dealerHedgeBuy: return "自營商買進股數(避險)"
        case .dealerHedgeSell: return "自營商賣出股數(避險)"
        case .dealerHedgeNet: return "自營商買賣超股數(避險)"
        case .totalNet: return "三大法人買賣超股數"
        }
    }

    /// T86's field names in every layout, to the figure each stands for: the 2012 layout's
    /// 外資 (all foreign investors, before foreign dealers were counted apart) reads as the
    /// foreign figures, as the exchange's own series continues them.
    static let t86Fields: [String: InstitutionalFigure] = {
        var names: [String: InstitutionalFigure] = [:]
        for figure in allCases { names[figure.chinese] = figure }
        names["外資買進股數"] = .foreignBuy
        names["外資賣出股數"] = .foreignSell
        names["外資買賣超股數"] = .foreignNet
        return names
    }()

    /// TPEx insti/dailyTrade's figures by position: its field names repeat
    /// (`買進股數`, `賣出股數`, `買賣超股數` seven times), so only the order says which is which.
    static let tpexPositions: [InstitutionalFigure] = [
        .foreignBuy, .foreignSell, .foreignNet, .foreignDealerBuy, .foreignDealerSell, .foreignDealerNet,
        .foreignAllBuy, .foreignAllSell, .foreignAllNet, .trustBuy, .trustSell, .trustNet,
        .dealerOwnBuy, .dealerOwnSell, .dealerOwnNet, .dealerHedgeBuy, .dealerHedgeSell, .dealerHedgeNet,
        .dealerBuy, .dealerSell, .dealerNet, .totalNet,
    ]
}
