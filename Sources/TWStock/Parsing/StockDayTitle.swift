import ListKit

/// The title line of a STOCK_DAY report: `114年06月 2330 台積電           各日成交資訊`.
///
/// The English report's title is read the same way, with a Gregorian month (`2021/09`).
struct StockDayTitle: Sendable, Hashable {
    /// The title, padding collapsed.
    let text: String
    /// The month it names.
    let month: YearMonth?
    /// The security it names.
    let code: StockCode?
    /// The security's name, without the trailing 各日成交資訊 (or English "Daily …").
    let name: String?

    init(_ raw: String) {
        let text = FieldText.clean(raw) ?? ""
        self.text = text
        var tokens = text.split(separator: " ").map(String.init)
        guard let first = tokens.first else {
            self.month = nil
            self.code = nil
            self.name = nil
            return
        }
        self.month = Self.month(first)
        tokens.removeFirst()
        guard month != nil, let codeToken = tokens.first, let code = StockCode(codeToken) else {
            self.code = nil
            self.name = nil
            return
        }
        self.code = code
        tokens.removeFirst()
        if let suffix = tokens.firstIndex(where: { $0.lowercased() == "daily" }) {
            tokens.removeSubrange(suffix...)
        }
        var name = tokens.joined(separator: " ")
        for suffix in ["各日成交資訊"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count)).trimming(" ")
        }
        self.name = name.isEmpty ? nil : name
    }

    /// `114年06月` (ROC) or `2021/09`, `2021-09` (Gregorian, four-digit year).
    private static func month(_ token: String) -> YearMonth? {
        let parts = token.split { $0 == "/" || $0 == "-" }
        if parts.count == 2, parts[0].count == 4, let year = ROCCalendar.number(parts[0]),
            let month = ROCCalendar.number(parts[1])
        {
            return YearMonth(year: year, month: month)
        }
        return ROCCalendar.month(token)
    }
}
