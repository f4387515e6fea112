import BrowseSupport
import ListKit

/// A day's change in closing price against the previous close, as the exchange reports it.
///
/// TWSE writes it several ways: `+0.30`, `-3.50` and `" 0.00"` (old CSV and STOCK_DAY),
/// `"1.3000"` and `"-20.0000"` (new CSV and openapi, no `+`), and `X0.00` when the price is not
/// compared (不比價: the first day after an ex-dividend or ex-rights date, a new listing).
package enum PriceChange: Sendable, Hashable, CustomStringConvertible {
    /// The close rose by this amount (always positive, in the exchange's own decimals).
    case up(ExactDecimal)
    /// The close fell by this amount (always positive).
    case down(ExactDecimal)
    /// The close equals the previous close.
    case unchanged
    /// `X`: the exchange does not compare this day's price with the previous close.
    case notCompared
    /// No change is reported: the field is empty or `--`, or the security did not trade (the
    /// exchange then writes a zero change that means nothing).
    case absent

    /// Parses the exchange's text; returns `nil` for text that is not a change.
    ///
    /// An empty field or `--` is ``absent``; `X…` is ``notCompared``.
    ///
    /// - Complexity: O(n) in the length of `text`.
    package init?(exchangeText text: String) {
        guard let cleaned = FieldText.clean(text) else {
            self = .absent
            return
        }
        if cleaned.hasPrefix("X") || cleaned.hasPrefix("x") {
            let rest = cleaned.dropFirst()
            guard rest.isEmpty || ExactDecimal(rest) != nil else { return nil }
            self = .notCompared
            return
        }
        guard let value = ExactDecimal(cleaned) else { return nil }
        switch value.signum {
        case 1: self = .up(value)
        case -1: self = .down(ExactDecimal(units: -value.units, scale: value.scale))
        default: self = .unchanged
        }
    }

    /// The change with its sign (`-20.0000`), zero when unchanged, `nil` when not compared or absent.
    package var signedAmount: ExactDecimal? {
        switch self {
        case .up(let amount): return amount
        case .down(let amount): return ExactDecimal(units: -amount.units, scale: amount.scale)
        case .unchanged: return ExactDecimal(0)
        case .notCompared, .absent: return nil
        }
    }

    /// As the exchange's Chinese pages write it: `+0.30`, `-20.0000`, `0.00`, `X`, or empty.
    package var description: String {
        switch self {
        case .up(let amount): return "+" + amount.description
        case .down(let amount): return "-" + amount.description
        case .unchanged: return "0.00"
        case .notCompared: return "X"
        case .absent: return ""
        }
    }
}
