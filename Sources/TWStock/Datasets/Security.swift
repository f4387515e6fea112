/// What is known of a security: its code, and perhaps its name, its company and the market
/// whose exchange publishes its prices. A screen opens with what its maker knew and learns the
/// rest from what its loads bring.
struct Security: Sendable {
    var code: StockCode
    var name: String?
    var company: Company?
    /// `nil` until found: from the cached lists, or by asking TWSE and then TPEx.
    var market: Market?

    /// `2330 台積電`, or the code alone until the name is known.
    var title: String { name.map { "\(code) \($0)" } ?? code.rawValue }

    /// What `days` showed, added where it was not known.
    mutating func learn(_ days: SecurityDays) {
        if let company = days.company, self.company == nil {
            self.company = company
            name = name ?? company.shortName
            market = market ?? company.market
        }
        if name == nil { name = days.name }
        if market == nil { market = days.market }
    }
}
