import BrowseSupport
import ListKit

/// One line of TWSE's detail of an ex-rights or ex-dividend day (TWT49UDetail): the value is
/// text with its unit inside (`0.46 元／股`, `0 股`); the number and the unit are read from it,
/// and the text is kept as sent.
package struct ExRightsDetailItem: Sendable, Hashable, Identifiable {
    /// Its place in the detail.
    package let id: Int
    /// The field's name, cleaned of padding (`(每股配發現金股利)除息`).
    package let name: String
    /// The value as sent.
    package let text: String
    /// The number it starts with, with its digits; `nil` when it starts with none (an empty value).
    package let amount: ExactDecimal?
    /// What follows the number (`元／股`, `股`); `nil` when nothing does.
    package let unit: String?

    /// Reads a value: the number at its start, then the unit.
    package init(id: Int, name: String, text: String) {
        self.id = id
        self.name = name
        self.text = text
        let trimmed = text.trimming(" \u{3000}")
        let number = trimmed.prefix { "0123456789.,-+".contains($0) }
        if !number.isEmpty, let amount = ExactDecimal(number) {
            self.amount = amount
            let rest = trimmed.dropFirst(number.count).trimming(" \u{3000}")
            unit = rest.isEmpty ? nil : rest
        } else {
            amount = nil
            unit = nil
        }
    }
}
