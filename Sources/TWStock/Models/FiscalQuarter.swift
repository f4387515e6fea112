/// A quarter of a fiscal year, as the exchanges name a financial report's period (`111/3`,
/// `113Q3`: the third quarter of ROC 111, 2022).
package struct FiscalQuarter: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The Gregorian year.
    package let year: Int
    /// The quarter, 1–4.
    package let quarter: Int

    /// Creates a quarter, or returns `nil` when `quarter` is not 1–4 or `year` not 1–9999.
    package init?(year: Int, quarter: Int) {
        guard (1...9999).contains(year), (1...4).contains(quarter) else { return nil }
        self.year = year
        self.quarter = quarter
    }

    /// `2022Q3`.
    package var description: String { "\(year)Q\(quarter)" }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.quarter) < (rhs.year, rhs.quarter)
    }
}
