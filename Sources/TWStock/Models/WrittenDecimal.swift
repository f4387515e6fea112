import BrowseSupport
import ListKit

/// A decimal whose sign says more than its number: MOPS writes a change that rounds to
/// nothing as `-0.00`, which is 0 but fell. The text keeps that sign, and the source's digits,
/// without grouping (`1,163.99` is `1163.99`).
package struct WrittenDecimal: Sendable, Hashable, CustomStringConvertible {
    package let value: ExactDecimal
    /// The value as exported: its digits, and a `-` a zero was written with.
    package let text: String

    /// Reads `text`; `nil` when it is not a decimal.
    package init?(_ text: String) {
        guard let value = ExactDecimal(text) else { return nil }
        self.value = value
        let negativeZero = value.isZero && text.trimming(" ").hasPrefix("-")
        self.text = (negativeZero ? "-" : "") + value.description
    }

    package var description: String { text }

    /// The cell: the number for sorting and `where`, the source's text shown and exported.
    var cell: Cell { .source(.decimal(value), text: text) }
}
