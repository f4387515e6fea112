import ListKit

/// What the quote service is asked for: a security's code (`2330`, `00632R`) or an index's
/// (`t00`, the TAIEX; `o00`, TPEx's), checked once where it is typed.
///
/// Security codes are upper-cased as ``StockCode`` spells them; an index code is a lower-case
/// letter and digits, as the service spells it in `ex_ch=tse_t00.tw`.
package struct QuoteCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The code as the service spells it.
    package let rawValue: String

    /// - Parameter text: A code as typed: `2330`, `00632r`, `t00`, `T00`.
    /// - Returns: `nil` for anything that is neither a security's code nor an index's.
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let stock = StockCode(trimmed) {
            rawValue = stock.rawValue
            return
        }
        let lower = trimmed.lowercased()
        let scalars = Array(lower.unicodeScalars)
        // An index: one letter then two to four digits (t00, o00, t011).
        guard (3...5).contains(scalars.count), let first = scalars.first, ("a"..."z").contains(first),
            scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) })
        else { return nil }
        rawValue = lower
    }

    /// True for an index (`t00`): it has no book, no limits and no lots.
    package var isIndex: Bool { rawValue.first?.isLowercase ?? false }

    /// The market an index code belongs to (`t00` TWSE, `o00` TPEx); `nil` for a security's
    /// code, whose market the company lists tell.
    package var indexMarket: Market? {
        guard isIndex else { return nil }
        return rawValue.hasPrefix("o") ? .otc : .listed
    }

    /// The security's code, when this is one.
    package var stockCode: StockCode? { isIndex ? nil : StockCode(rawValue) }

    package var description: String { rawValue }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
